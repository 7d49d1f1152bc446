// Type inference with symbolic lengths: one rule per primitive, unification for the unknowns.
#include "ir/typecheck.hpp"

#include <cmath>
#include <optional>
#include <map>
#include <sstream>

#include "ir/builders.hpp"
#include "ir/typecheck_unifier.hpp"
#include "ir/userfun.hpp"

namespace liftcl::ir {

namespace {

// Scalar literals adapt to their context: 0 may stand for the zero of any scalar or tuple type
// (reduce(cadd, 0.0)); any other number for any scalar type (mul(x, 2)), an int only when integral.
bool isScalarLiteral(const Expr& e) {
    return e.literal.size() == 1 && e.literalType && e.literalType->isScalar();
}

void checkLiteralUse(const Expr& e, const TypeP& t) {
    const double v = e.literal[0];
    const bool ok = v == 0.0 ? (t->isScalar() || t->isTuple())
                             : t->isScalar() && (t->scalar != ScalarKind::Int || v == std::floor(v));
    if (!ok) {
        std::ostringstream text;
        text << v;
        throw Error("the literal " + text.str() + " cannot be used as a value of type " +
                        typeToString(t),
                    e.loc);
    }
}

class TypeChecker {
public:
    TypeP inferExpr(const ExprP& e) {
        TypeP t = inferExprRaw(e);
        exprTypes_.emplace_back(e.get(), t);
        return t;
    }

    // Type of the result of applying f to arguments of the given types.
    TypeP apply(const FunP& f, const std::vector<TypeP>& args, const SourceLoc& callLoc) {
        TypeP result = applyRaw(f, args, callLoc);
        funTypes_.emplace_back(f.get(), Type::functionOf(args, result));
        return result;
    }

    // Fresh argument types for a function used on its own.
    std::vector<TypeP> freshArgs(const FunP& f) {
        std::vector<TypeP> args;
        int n = primArity(*f);
        for (int k = 0; k < n; ++k) {
            if (f->kind == Fun::Kind::Lambda && f->params[k]->declaredType)
                args.push_back(f->params[k]->declaredType);
            else args.push_back(u_.freshType());
        }
        return args;
    }

    // Default unconstrained literals to their written type, then fill every node's type.
    TypeP finish(const TypeP& t) {
        for (const auto& [e, var] : flexibleLiterals_) {
            if (u_.isFreeVar(var)) u_.bind(var->varId, e->literalType);
            checkLiteralUse(*e, u_.resolve(var));
        }
        for (const auto& [e, ty] : exprTypes_) e->type = u_.resolve(ty);
        for (const auto& [f, ty] : funTypes_) f->type = u_.resolve(ty);
        return u_.resolve(t);
    }

    std::map<const Expr*, TypeP> env;

private:
    static const SourceLoc& at(const Fun& f, const SourceLoc& callLoc) {
        return f.loc.known() ? f.loc : callLoc;
    }

    std::string show(const TypeP& t) const { return typeToString(u_.resolve(t)); }

    TypeP inferExprRaw(const ExprP& e) {
        switch (e->kind) {
            case Expr::Kind::Param: {
                auto it = env.find(e.get());
                if (it != env.end()) return it->second;
                if (e->declaredType) return e->declaredType;
                // A parameter bound outside the checked function (codegen infers the type of an
                // inner map whose body reads an enclosing lambda's parameter) keeps the type the
                // check of the whole program gave it.
                if (e->type) return e->type;
                throw Error("parameter '" + e->name + "' is not bound and has no type", e->loc);
            }
            case Expr::Kind::Literal: {
                if (!e->literalType) throw Error("literal without a type", e->loc);
                if (isScalarLiteral(*e)) {
                    TypeP v = u_.freshType();
                    flexibleLiterals_.emplace_back(e.get(), v);
                    return v;
                }
                return e->literalType;
            }
            case Expr::Kind::Call: {
                std::vector<TypeP> args;
                for (const auto& a : e->args) args.push_back(inferExpr(a));
                return apply(e->fun, args, e->loc);
            }
        }
        throw Error("unknown expression kind", e->loc);
    }

    TypeP applyRaw(const FunP& f, const std::vector<TypeP>& args, const SourceLoc& callLoc) {
        switch (f->kind) {
            case Fun::Kind::Lambda: return applyLambda(*f, args, callLoc);
            case Fun::Kind::UserFun: return applyUserFun(*f, args, callLoc);
            case Fun::Kind::Prim: return applyPrim(*f, args, callLoc);
        }
        throw Error("unknown function kind", f->loc);
    }

    TypeP applyLambda(const Fun& f, const std::vector<TypeP>& args, const SourceLoc& callLoc) {
        if (args.size() != f.params.size())
            throw Error("lambda expects " + std::to_string(f.params.size()) +
                            " argument(s), found " + std::to_string(args.size()),
                        at(f, callLoc));
        for (std::size_t k = 0; k < args.size(); ++k) {
            const ExprP& p = f.params[k];
            if (p->declaredType && !u_.unify(p->declaredType, args[k]))
                throw Error("parameter '" + p->name + "' is declared " +
                                typeToString(p->declaredType) + " but receives " + show(args[k]),
                            p->loc.known() ? p->loc : at(f, callLoc));
            env[p.get()] = args[k];
            exprTypes_.emplace_back(p.get(), args[k]);
        }
        return inferExpr(f.body);
    }

    TypeP applyUserFun(const Fun& f, const std::vector<TypeP>& args, const SourceLoc& callLoc) {
        const UserFun& uf = *f.userFun;
        const SourceLoc& loc = callLoc.known() ? callLoc : f.loc;
        if (args.size() != uf.paramTypes.size())
            throw Error(uf.name + " expects " + std::to_string(uf.paramTypes.size()) +
                            " arguments, found " + std::to_string(args.size()),
                        loc);
        std::map<std::string, Arith> statics;
        for (std::size_t k = 0; k < uf.staticParamNames.size() && k < f.staticArgs.size(); ++k)
            statics[uf.staticParamNames[k]] = f.staticArgs[k];
        for (std::size_t k = 0; k < args.size(); ++k) {
            // The static arguments stand for lengths in the declared parameter types.
            TypeP expected = substituteLengths(uf.paramTypes[k], statics);
            if (!u_.unify(expected, args[k]))
                throw Error(uf.name + " expects " + typeToString(expected) + ", found " +
                                show(args[k]),
                            loc);
        }
        return uf.returnType;
    }

    // The argument as an array [elem]len, binding a type variable to a fresh array if needed.
    std::pair<TypeP, Arith> expectArray(const TypeP& t, const std::string& who, const Fun& f,
                                        const SourceLoc& callLoc) {
        TypeP r = u_.resolve(t);
        if (r->kind == Type::Kind::Var) {
            TypeP fresh = Type::arrayOf(u_.freshType(), u_.freshLength());
            u_.unify(r, fresh);
            r = fresh;
        }
        if (!r->isArray())
            throw Error(who + " expects an array, found " + typeToString(r), at(f, callLoc));
        return {r->element, r->length};
    }

    void expectArgCount(const Fun& f, const std::vector<TypeP>& args, std::size_t n,
                        const SourceLoc& callLoc) {
        if (args.size() != n)
            throw Error(primName(f.prim) + " expects " + std::to_string(n) +
                            " argument(s), found " + std::to_string(args.size()),
                        at(f, callLoc));
    }

    void expectNats(const Fun& f, std::size_t n, const SourceLoc& callLoc) {
        if (f.nats.size() != n)
            throw Error(primName(f.prim) + " needs " + std::to_string(n) + " nat argument(s)",
                        at(f, callLoc));
    }

    const FunP& funArg(const Fun& f, const SourceLoc& callLoc) {
        if (f.funs.size() != 1)
            throw Error(primName(f.prim) + " needs one function argument", at(f, callLoc));
        return f.funs[0];
    }

    std::string natCall(const Fun& f) const {
        std::string s = primName(f.prim) + "(";
        for (std::size_t k = 0; k < f.nats.size(); ++k)
            s += (k ? ", " : "") + f.nats[k].toString();
        return s + ")";
    }

    TypeP applyPrim(const Fun& f, const std::vector<TypeP>& args, const SourceLoc& callLoc) {
        const std::string name = primName(f.prim);
        const SourceLoc& loc = at(f, callLoc);
        if (isMapLike(f.prim)) {
            expectArgCount(f, args, 1, callLoc);
            auto [elem, n] = expectArray(args[0], name, f, callLoc);
            return Type::arrayOf(apply(funArg(f, callLoc), {elem}, loc), n);
        }
        if (isReduceLike(f.prim)) {
            expectArgCount(f, args, 1, callLoc);
            if (f.exprs.size() != 1) throw Error(name + " needs an initial value", loc);
            TypeP init = inferExpr(f.exprs[0]);
            auto [elem, n] = expectArray(args[0], name, f, callLoc);
            TypeP r = apply(funArg(f, callLoc), {init, elem}, loc);
            if (!u_.unify(r, init))
                throw Error(name + " needs an operator returning the type of its initial value " +
                                show(init) + ", found " + show(r),
                            loc);
            return Type::arrayOf(init, 1);
        }
        if (isMemoryPrim(f.prim)) return apply(funArg(f, callLoc), args, loc);
        switch (f.prim) {
            case Prim::Id: expectArgCount(f, args, 1, callLoc); return args[0];
            case Prim::Zip: {
                if (build::arity(f) > 0) expectArgCount(f, args, static_cast<std::size_t>(build::arity(f)), callLoc);
                if (args.empty()) throw Error("zip needs at least one array", loc);
                std::vector<TypeP> elems;
                Arith n;
                for (std::size_t k = 0; k < args.size(); ++k) {
                    auto [elem, len] = expectArray(args[k], name, f, callLoc);
                    elems.push_back(elem);
                    if (k == 0) n = len;
                    else if (!u_.unifyLengths(n, len))
                        throw Error("zip needs arrays of equal length, found " + show(args[0]) +
                                        " and " + show(args[k]),
                                    loc);
                }
                return Type::arrayOf(Type::tupleOf(std::move(elems)), n);
            }
            case Prim::Take: {
                expectArgCount(f, args, 1, callLoc);
                expectNats(f, 1, callLoc);
                auto [elem, n] = expectArray(args[0], name, f, callLoc);
                const Arith m = f.nats[0];
                const auto length = u_.resolve(n).tryConstant();
                if (const auto count = m.tryConstant(); length && count && *count > *length)
                    throw Error(natCall(f) + " needs at least " + m.toString() + " elements, found " +
                                    show(args[0]),
                                loc);
                return Type::arrayOf(elem, m);
            }
            case Prim::Split: {
                expectArgCount(f, args, 1, callLoc);
                expectNats(f, 1, callLoc);
                auto [elem, n] = expectArray(args[0], name, f, callLoc);
                const Arith m = f.nats[0];
                const Arith len = u_.resolve(n);
                if (len.provablyNotDivisibleBy(m))
                    throw Error(natCall(f) + " needs a length divisible by " + m.toString() +
                                    ", found " + show(args[0]),
                                loc);
                return Type::arrayOf(Type::arrayOf(elem, m), exactDiv(len, m));
            }
            case Prim::AsVector: {
                expectArgCount(f, args, 1, callLoc);
                expectNats(f, 1, callLoc);
                auto [elem, n] = expectArray(args[0], name, f, callLoc);
                const TypeP scalar = u_.resolve(elem);
                if (!scalar->isScalar() || scalar->scalar == ScalarKind::Int)
                    throw Error(natCall(f) + " needs an array of float or double values, found " + show(args[0]), loc);
                const Arith k = f.nats[0];
                const Arith len = u_.resolve(n);
                if (len.provablyNotDivisibleBy(k))
                    throw Error(natCall(f) + " needs a length divisible by " + k.toString() + ", found " + show(args[0]), loc);
                const auto width = k.tryConstant();
                if (!width) throw Error(natCall(f) + " needs a constant width", loc);
                return Type::arrayOf(Type::vectorOf(scalar->scalar, static_cast<int>(*width)), exactDiv(len, k));
            }
            case Prim::AsScalar: {
                expectArgCount(f, args, 1, callLoc);
                auto [elem, n] = expectArray(args[0], name, f, callLoc);
                const TypeP vector = u_.resolve(elem);
                if (!vector->isVector())
                    throw Error("asScalar needs an array of vectors (made by asVector), found " + show(args[0]), loc);
                return Type::arrayOf(vector->elements[0], u_.resolve(n) * Arith(static_cast<std::int64_t>(vector->elements.size())));
            }
            case Prim::Join: {
                expectArgCount(f, args, 1, callLoc);
                auto [row, n] = expectArray(args[0], name, f, callLoc);
                auto [elem, m] = expectArray(row, name, f, callLoc);
                return Type::arrayOf(elem, u_.resolve(m) * u_.resolve(n));
            }
            case Prim::Transpose: {
                expectArgCount(f, args, 1, callLoc);
                auto [row, n] = expectArray(args[0], name, f, callLoc);
                auto [elem, m] = expectArray(row, name, f, callLoc);
                return Type::arrayOf(Type::arrayOf(elem, n), m);
            }
            case Prim::Pad: {
                expectArgCount(f, args, 1, callLoc);
                expectNats(f, 2, callLoc);
                auto [elem, n] = expectArray(args[0], name, f, callLoc);
                const Arith length = f.nats[0] + u_.resolve(n) + f.nats[1];
                if (auto c = length.tryConstant(); c && *c < 0)
                    throw Error(natCall(f) + " drops more elements than " + show(args[0]) + " has", callLoc);
                return Type::arrayOf(elem, length);
            }
            case Prim::Slide: {
                expectArgCount(f, args, 1, callLoc);
                expectNats(f, 2, callLoc);
                auto [elem, n] = expectArray(args[0], name, f, callLoc);
                const Arith size = f.nats[0], step = f.nats[1];
                const Arith span = u_.resolve(n) - size;
                if (span.provablyNotDivisibleBy(step))
                    throw Error(natCall(f) + " needs (length - " + size.toString() +
                                    ") divisible by " + step.toString() + ", found " +
                                    show(args[0]),
                                loc);
                return Type::arrayOf(Type::arrayOf(elem, size), exactDiv(span, step) + 1);
            }
            case Prim::At: {
                // at(xs, i): the element of xs at the int value i (a gather by data).
                expectArgCount(f, args, 2, callLoc);
                auto [elem, n] = expectArray(args[0], name, f, callLoc);
                (void)n;
                TypeP index = u_.resolve(args[1]);
                if (!u_.unify(index, Type::scalarOf(ScalarKind::Int)))
                    throw Error("at's index must be an int, found " + show(args[1]), loc);
                return elem;
            }
            case Prim::Scatter: {
                // scatter(f) $ xs: element j of xs goes to position f(j, n) (f an int function of
                // (j, n), a permutation of 0..n-1): a reordering of where a computation writes.
                expectArgCount(f, args, 1, callLoc);
                expectArray(args[0], name, f, callLoc);
                const TypeP index = apply(funArg(f, callLoc),
                                          {Type::scalarOf(ScalarKind::Int), Type::scalarOf(ScalarKind::Int)}, loc);
                if (!u_.unify(index, Type::scalarOf(ScalarKind::Int)))
                    throw Error("scatter's index function must return an int, found " + show(index), loc);
                return u_.resolve(args[0]);
            }
            case Prim::Array:
            case Prim::CArray: return generator(f, args, callLoc);
            case Prim::Get: {
                expectArgCount(f, args, 1, callLoc);
                TypeP t = u_.resolve(args[0]);
                const int k = build::component(f);
                if (!t->isTuple()) throw Error("get(" + std::to_string(k) + ") expects a tuple, found " + typeToString(t), loc);
                if (k < 0 || static_cast<std::size_t>(k) >= t->elements.size())
                    throw Error("get(" + std::to_string(k) + ") is out of range for " + typeToString(t), loc);
                return t->elements[k];
            }
            case Prim::Tuple:
                if (build::arity(f) > 0) expectArgCount(f, args, static_cast<std::size_t>(build::arity(f)), callLoc);
                return Type::tupleOf(args);
            case Prim::Iterate: {
                expectArgCount(f, args, 1, callLoc);
                expectNats(f, 1, callLoc);
                if (auto changing = iterateChangingLengths(f, args[0], callLoc)) return *changing;
                TypeP r = apply(funArg(f, callLoc), {args[0]}, loc);
                if (!u_.unify(r, args[0]))
                    throw Error("iterate needs a function from a type to the same type, found " +
                                    show(args[0]) + " -> " + show(r),
                                loc);
                return args[0];
            }
            default: break;
        }
        throw Error("the type checker does not know primitive " + name, loc);
    }

    // Lift's Iterate: a function whose result has the shape of its argument but other lengths
    // ([T]m -> [T](m/2): a halving reduction) iterated a constant k times. Its lambda (parameter
    // without a declared type) is typed once on fresh lengths, giving each length of the result as a
    // function of the argument's; the k steps are then taken on the lengths (the iteration index
    // replaced by 0 .. k-1). nullopt: not such an iterate (the general rule below applies).
    std::optional<TypeP> iterateChangingLengths(const Fun& f, const TypeP& arg, const SourceLoc& callLoc) {
        const FunP& g = funArg(f, callLoc);
        const auto count = u_.resolve(f.nats[0]).tryConstant();
        if (!count || *count < 1 || *count > 64 || g->kind != Fun::Kind::Lambda || g->params.size() != 1 ||
            g->params[0]->declaredType)
            return std::nullopt;
        // The argument as nested arrays of these lengths (outermost first) around `element`.
        std::vector<Arith> lengths;
        TypeP element = u_.resolve(arg);
        for (; element->isArray(); element = element->element) lengths.push_back(element->length);
        if (lengths.empty()) return std::nullopt;
        auto nest = [](TypeP inner, const std::vector<Arith>& ls) {
            for (auto it = ls.rbegin(); it != ls.rend(); ++it) inner = Type::arrayOf(inner, *it);
            return inner;
        };
        std::vector<Arith> fresh;
        for (std::size_t d = 0; d < lengths.size(); ++d) fresh.push_back(u_.freshLength());
        const TypeP given = nest(element, lengths);
        const TypeP generic = nest(element, fresh);
        const TypeP result = u_.resolve(apply(g, {generic}, at(f, callLoc)));
        // The same shape (array depth and element type), lengths as functions of the fresh ones.
        std::vector<Arith> step;
        TypeP a = generic, b = result;
        while (a->isArray() && b->isArray()) {
            step.push_back(b->length);
            a = a->element, b = b->element;
        }
        if (a->isArray() || b->isArray() || step.size() != fresh.size() || !typesEqual(a, b))
            throw Error("iterate needs a function from a type to the same type (lengths may change), found " +
                            show(generic) + " -> " + show(result),
                        at(f, callLoc));
        bool same = true;
        for (std::size_t d = 0; d < step.size(); ++d) same = same && step[d] == fresh[d];
        if (same) {  // lengths kept: the general rule's result
            if (!u_.unify(generic, given))
                throw Error("iterate: cannot apply its function to " + show(given), at(f, callLoc));
            return given;
        }
        for (std::int64_t j = 0; j < *count; ++j) {
            std::map<std::string, Arith> values;
            for (std::size_t d = 0; d < fresh.size(); ++d) values[fresh[d].toString()] = lengths[d];
            if (!f.binder.empty()) values[f.binder] = Arith(j);
            for (std::size_t d = 0; d < step.size(); ++d) lengths[d] = step[d].substitute(values);
        }
        return nest(a, lengths);
    }

    // array_m(n1..nm, g): g takes (j1..jm, n1..nm) as ints; carray_m passes its table first.
    TypeP generator(const Fun& f, const std::vector<TypeP>& args, const SourceLoc& callLoc) {
        const std::string name = primName(f.prim) + "_" + std::to_string(f.nats.size());
        const SourceLoc& loc = at(f, callLoc);
        expectArgCount(f, args, 0, callLoc);
        if (f.nats.empty()) throw Error(name + " needs at least one size", loc);
        std::vector<TypeP> gargs;
        if (f.prim == Prim::CArray) {
            if (f.exprs.size() != 1) throw Error(name + " needs a table", loc);
            gargs.push_back(inferExpr(f.exprs[0]));
        }
        for (std::size_t k = 0; k < 2 * f.nats.size(); ++k)
            gargs.push_back(Type::scalarOf(ScalarKind::Int));
        TypeP t = apply(funArg(f, callLoc), gargs, loc);
        for (auto it = f.nats.rbegin(); it != f.nats.rend(); ++it) t = Type::arrayOf(t, *it);
        return t;
    }

    Unifier u_;
    std::vector<std::pair<const Expr*, TypeP>> exprTypes_;
    std::vector<std::pair<const Fun*, TypeP>> funTypes_;
    std::vector<std::pair<const Expr*, TypeP>> flexibleLiterals_;  // scalar literals
};

}  // namespace

TypeP inferCallType(const FunP& f, const std::vector<TypeP>& argTypes) {
    TypeChecker tc;
    TypeP r = tc.apply(f, argTypes, f->loc);
    return tc.finish(r);
}

TypeP inferFunType(const FunP& f) {
    TypeChecker tc;
    std::vector<TypeP> args = tc.freshArgs(f);
    TypeP r = tc.apply(f, args, f->loc);
    return tc.finish(Type::functionOf(args, r));
}

TypeP inferExprType(const ExprP& e) {
    TypeChecker tc;
    TypeP t = tc.inferExpr(e);
    return tc.finish(t);
}

}  // namespace liftcl::ir
