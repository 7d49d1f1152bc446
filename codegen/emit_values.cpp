// The walk over expressions: parameters (bound lazily), lambdas, data-layout primitives as views,
// and layout changes after a computation turned into output views (thesis 4.2, Lift views).
#include "codegen/kernel_builder.hpp"
#include "ir/builders.hpp"
#include "ir/computing.hpp"
#include "ir/interpreter.hpp"
#include "ir/typecheck.hpp"
#include "ir/userfun.hpp"

namespace liftcl::codegen {

using ir::Expr;
using ir::ExprP;
using ir::Fun;
using ir::FunP;
using ir::Prim;

std::string describeFun(const FunP& f) {
    switch (f->kind) {
        case Fun::Kind::Lambda: return "lambda";
        case Fun::Kind::UserFun: return f->userFun ? f->userFun->name : "user function";
        case Fun::Kind::Prim: break;
    }
    std::string s = ir::primName(f->prim);
    if (ir::isParallelMap(f->prim)) s += "(" + std::to_string(ir::build::dimension(*f)) + ")";
    return s;
}

bool KernelBuilder::writesValues(const ExprP& e, const Env& env) const {
    switch (e->kind) {
        case Expr::Kind::Literal: return false;
        case Expr::Kind::Param: {
            auto it = env.find(e.get());
            if (it == env.end()) return false;
            const Binding& b = *it->second;
            if (b.capture) return true;
            if (b.pending) return writesValues(b.pending, *b.pendingEnv);
            return false;
        }
        case Expr::Kind::Call: break;
    }
    if (ir::writesValues(e->fun)) return true;
    for (const auto& a : e->args)
        if (writesValues(a, env)) return true;
    return false;
}

ir::TypeP KernelBuilder::exprType(const ExprP& e, const Env& env) const {
    if (e->kind == Expr::Kind::Param) {
        auto it = env.find(e.get());
        if (it != env.end()) {
            if (it->second->view) return it->second->view->type;
            if (it->second->pending) return exprType(it->second->pending, *it->second->pendingEnv);
        }
    }
    if (e->type) return e->type;
    fail(*e, "has no type (was the program type-checked?)");
}

Binding* KernelBuilder::newBinding() { return &bindings_.emplace_back(); }

void KernelBuilder::forcePending(const Env& env) {
    for (const auto& [param, b] : env) {
        if (!b->pending) continue;
        ExprP p = b->pending;
        b->pending = nullptr;
        b->view = value(p, *b->pendingEnv, nullptr);
    }
}

ViewP KernelBuilder::value(const ExprP& e, const Env& env, const ViewP& dest) {
    switch (e->kind) {
        case Expr::Kind::Literal: return finish(literal(*e), dest, *e);
        case Expr::Kind::Param: {
            auto it = env.find(e.get());
            if (it == env.end()) fail(*e, "parameter " + e->name + " is not bound in the kernel");
            Binding& b = *it->second;
            if (b.capture) {
                if (!dest) fail(*e, "a layout function used for its output is read");
                b.captured = dest;
                return dest;
            }
            if (b.pending) {
                ExprP p = b.pending;
                b.pending = nullptr;
                b.view = value(p, *b.pendingEnv, dest);
                return b.view;
            }
            return finish(b.view, dest, *e);
        }
        case Expr::Kind::Call: break;
    }
    const FunP& f = e->fun;
    if (f->kind == Fun::Kind::Lambda) {
        if (f->params.size() != e->args.size())
            fail(*e, "lambda applied to " + std::to_string(e->args.size()) + " arguments, expects " +
                         std::to_string(f->params.size()));
        auto shared = std::make_shared<const Env>(env);
        Env inner = env;
        for (std::size_t k = 0; k < f->params.size(); ++k) {
            Binding* b = newBinding();
            b->pending = e->args[k];
            b->pendingEnv = shared;
            inner[f->params[k].get()] = b;
        }
        return value(f->body, inner, dest);
    }
    // A layout change of a computed value: write the computation through the inverse layout.
    if (dest && !ir::writesValues(f) && f->kind == Fun::Kind::Prim) {
        if (f->prim == Prim::Zip) {
            bool any = false;
            for (const auto& a : e->args) any = any || writesValues(a, env);
            if (any) {
                for (std::size_t k = 0; k < e->args.size(); ++k) {
                    if (!writesValues(e->args[k], env))
                        fail(*e, "zip of a computed and a not computed array cannot be written "
                                 "into its destination; compute both");
                    const int comp = static_cast<int>(k);
                    value(e->args[k], env, componentsView(dest, comp));
                }
                return dest;
            }
        } else if (e->args.size() == 1 && writesValues(e->args[0], env)) {
            const ViewP through = outputThrough(f, exprType(e->args[0], env), dest, env, *e);
            value(e->args[0], env, through);
            return dest;
        }
    }
    std::vector<ViewP> args;
    args.reserve(e->args.size());
    for (const auto& a : e->args) args.push_back(value(a, env, nullptr));
    return apply(f, args, env, dest, *e);
}

ViewP KernelBuilder::outputThrough(const FunP& f, const ir::TypeP& inputType, const ViewP& dest,
                                   const Env& env, const Expr& node) {
    if (f->kind == Fun::Kind::Lambda && f->params.size() == 1) {
        Binding* b = newBinding();
        b->capture = true;
        Env inner = env;
        inner[f->params[0].get()] = b;
        value(f->body, inner, dest);
        if (!b->captured)
            fail(node, "the layout function's result is not a layout of its parameter; its "
                       "output cannot be written in place");
        return b->captured;
    }
    if (f->kind == Fun::Kind::Prim) {
        switch (f->prim) {
            case Prim::Split: return joinView(dest);
            case Prim::Join:
                if (!inputType->isArray() || !inputType->element->isArray())
                    fail(node, "join of " + ir::typeToString(inputType));
                return splitView(dest, inputType->element->length);
            case Prim::Transpose: return transposeView(dest);
            case Prim::Scatter: return scatterView(f, inputType, dest, node);
            // The producer's vectors are written as the destination's scalars, and back.
            case Prim::AsScalar: return asVectorView(dest, static_cast<std::int64_t>(inputType->element->elements.size()));
            case Prim::AsVector: return asScalarView(dest);
            case Prim::Id: return dest;
            // The first m elements of a computed array: the others are computed but not written.
            case Prim::Take: {
                if (!inputType->isArray()) fail(node, "take of " + ir::typeToString(inputType));
                const ir::Arith m = f->nats.at(0);
                return computedView(inputType, "through " + viewLabel(f), {dest},
                                    [=](const ir::Arith& i) { return guardedView(elementAt(dest, i), i, m); });
            }
            case Prim::Map: {
                if (!inputType->isArray()) fail(node, "map of " + ir::typeToString(inputType));
                const FunP g = f->funs.at(0);
                const ir::TypeP elem = inputType->element;
                return computedView(inputType, "through " + viewLabel(f), {dest}, [=, this, &node](const ir::Arith& i) {
                    return outputThrough(g, elem, elementAt(dest, i), env, node);
                });
            }
            default: break;
        }
    }
    fail(node, describeFun(f) + " after a computation cannot be written in place (only split, "
                                "join, transpose, take, scatter, asVector, asScalar, zip and maps of them can); compute after it "
                                "instead");
}

// Scatters of at most this many elements have their index function checked at compile time.
constexpr std::int64_t kScatterCheckLimit = std::int64_t{1} << 20;

// The destination of scatter(g) $ xs: element j of xs is written at dest's element g(j, n), g a
// user function printed as a call (a permutation, as the interpreter checks).
ViewP KernelBuilder::scatterView(const FunP& scatter, const ir::TypeP& inputType, const ViewP& dest, const Expr& node) {
    const FunP g = scatter->funs.at(0);
    if (g->kind != Fun::Kind::UserFun) fail(node, "scatter's index function must be a user function of (j, n)");
    if (!inputType->isArray()) fail(node, "scatter of " + ir::typeToString(inputType));
    const ir::Arith n = inputType->length;
    // Colliding writes would be a silent race: a constant length is checked here (as the interpreter
    // does), a symbolic one when the program is interpreted (`run --check`).
    if (auto count = n.tryConstant(); count && *count <= kScatterCheckLimit) {
        try {
            ir::scatterDestinations(g, *count, node.loc);
        } catch (const Error& e) {
            const std::string prefix = "scatter: ";  // fail names the scatter already
            const std::string& m = e.message();
            fail(node, m.rfind(prefix, 0) == 0 ? m.substr(prefix.size()) : m);
        }
    }
    return computedView(inputType, viewLabel(scatter), {dest}, [=, this](const ir::Arith& j) -> ViewP {
        // The destination index is a variable of the index arithmetic named by its call (the
        // call names only the index arithmetic's own variables: nothing a pass renames).
        return elementAt(dest, ir::Arith::var(c::print(userFunCall(g, {c::index(j), c::index(n)})), 0, n));
    });
}

ViewP KernelBuilder::apply(const FunP& f, const std::vector<ViewP>& args, const Env& env,
                           const ViewP& dest, const Expr& node) {
    if (f->kind == Fun::Kind::UserFun) return applyUserFun(f, args, dest);
    if (f->kind == Fun::Kind::Lambda) {
        if (f->params.size() != args.size())
            fail(node, "lambda applied to " + std::to_string(args.size()) + " arguments");
        Env inner = env;
        for (std::size_t k = 0; k < args.size(); ++k) {
            Binding* b = newBinding();
            b->view = args[k];
            inner[f->params[k].get()] = b;
        }
        return value(f->body, inner, dest);
    }
    auto arg = [&](std::size_t k) -> const ViewP& {
        if (k >= args.size()) fail(node, describeFun(f) + " is missing an argument");
        return args[k];
    };
    switch (f->prim) {
        case Prim::MapGlb:
        case Prim::MapWrg:
        case Prim::MapLcl:
        case Prim::MapSeq:
        case Prim::MapSeqUnroll: return emitMap(f, arg(0), env, dest, node);
        case Prim::ReduceSeq:
        case Prim::ReduceSeqUnroll: return emitReduce(f, arg(0), env, dest, node);
        case Prim::Map: {
            const FunP g = f->funs.at(0);
            if (ir::writesValues(g))
                fail(node, "map(...) computes something and must be lowered (mapGlb, mapWrg, "
                           "mapLcl, mapSeq) before code generation");
            const ViewP xs = arg(0);
            return finish(computedView(ir::inferCallType(f, {xs->type}), viewLabel(f), {xs},
                                       [=, this, &node](const ir::Arith& i) {
                                           return apply(g, {elementAt(xs, i)}, env, nullptr, node);
                                       }),
                          dest, node);
        }
        case Prim::Reduce:
            fail(node, "reduce must be lowered to reduceSeq before code generation");
        case Prim::ToGlobal:
        case Prim::ToLocal:
        case Prim::ToPrivate: {
            const auto saved = spaceContext_;
            spaceContext_ = f->prim == Prim::ToGlobal  ? AddressSpace::Global
                            : f->prim == Prim::ToLocal ? AddressSpace::Local
                                                       : AddressSpace::Private;
            ViewP r = apply(f->funs.at(0), args, env, dest, node);
            spaceContext_ = saved;
            return r;
        }
        case Prim::Id: return finish(arg(0), dest, node);
        case Prim::Split: return finish(splitView(arg(0), f->nats.at(0)), dest, node);
        case Prim::Join: return finish(joinView(arg(0)), dest, node);
        case Prim::Transpose: return finish(transposeView(arg(0)), dest, node);
        case Prim::Zip: return finish(zipView(args), dest, node);
        case Prim::Pad:
            return finish(padView(arg(0), f->nats.at(0), f->nats.at(1),
                                  ir::build::padMode(*f)),
                          dest, node);
        case Prim::Slide: return finish(slideView(arg(0), f->nats.at(0), f->nats.at(1)), dest, node);
        case Prim::Take: return finish(takeView(arg(0), f->nats.at(0)), dest, node);
        case Prim::AsVector: return finish(asVectorView(arg(0), *f->nats.at(0).tryConstant()), dest, node);
        case Prim::AsScalar: return finish(asScalarView(arg(0)), dest, node);
        case Prim::Scatter:
            fail(node, "reorders where a map stores its result (scatter(f) o map(g) as a result), but here "
                       "its array is read afterwards: read it in a kernel of its own, or gather instead "
                       "(at over array_1(n, f) with the inverse index function)");
        case Prim::At: {
            // A literal index inside a constant length needs no clamp: the element itself (unrolled
            // butterflies read their private arrays at such indices, which keeps them in registers).
            // (`node` is the call of this `at` only when applied directly: then its index node is args[1].)
            const bool direct = node.kind == Expr::Kind::Call && node.fun == f && node.args.size() == 2;
            const ir::ExprP* indexNode = direct ? &node.args[1] : nullptr;
            const auto length = lengthOf(arg(0)).tryConstant();
            if (indexNode && (*indexNode)->kind == Expr::Kind::Literal && (*indexNode)->literal.size() == 1 && length) {
                const auto k = static_cast<std::int64_t>((*indexNode)->literal[0]);
                if (k >= 0 && k < *length) return finish(elementAt(arg(0), ir::Arith(k)), dest, node);
            }
            const ViewP& index = arg(1);
            if (index->kind != View::Kind::Leaf) fail(node, "at: the index must be an int value");
            return finish(atView(arg(0), index), dest, node);
        }
        case Prim::Get: return finish(componentAt(arg(0), ir::build::component(*f)), dest, node);
        case Prim::Tuple: return finish(tupleView(args), dest, node);
        case Prim::Array:
        case Prim::CArray: return finish(generatorView(f, node), dest, node);
        case Prim::Iterate:
            fail(node, "iterate inside a kernel is not supported: generate one kernel per "
                       "iteration (the runtime ping-pongs their buffers)");
    }
    fail(node, "cannot generate code for " + describeFun(f));
}

}  // namespace liftcl::codegen
