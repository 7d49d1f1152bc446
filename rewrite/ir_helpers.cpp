// Pattern-matching and building helpers shared by the rule families.
#include "rewrite/ir_helpers.hpp"

#include <atomic>

#include "ir/builders.hpp"
#include "ir/printer.hpp"
#include "ir/userfun.hpp"
#include "rewrite/rule.hpp"

namespace liftcl::rewrite {

using namespace ir;

ExprP asExpr(const Node& n) {
    if (const auto* e = std::get_if<ExprP>(&n)) return *e;
    return nullptr;
}
FunP asFun(const Node& n) {
    if (const auto* f = std::get_if<FunP>(&n)) return *f;
    return nullptr;
}
ExprP asCall(const Node& n) {
    auto e = asExpr(n);
    return e && e->kind == Expr::Kind::Call ? e : nullptr;
}
Transform onCall(std::function<std::optional<Node>(const ExprP& call)> rewrite) {
    return [rewrite = std::move(rewrite)](const Node& n, const Context&) -> std::optional<Node> {
        auto e = asCall(n);
        if (!e) return std::nullopt;
        return rewrite(e);
    };
}
bool isPrim(const FunP& f, Prim p) { return f && f->kind == Fun::Kind::Prim && f->prim == p; }
bool isPrimWhere(const FunP& f, bool (*predicate)(Prim)) {
    return f && f->kind == Fun::Kind::Prim && predicate(f->prim);
}
bool isCallOf(const ExprP& e, Prim p, int arity) {
    return e && e->kind == Expr::Kind::Call && isPrim(e->fun, p) &&
           (arity < 0 || static_cast<int>(e->args.size()) == arity);
}

TypeP typeOf(const ExprP& e) {
    if (!e->type) throw Error("internal: untyped expression in a rewrite: " + describe(e), e->loc);
    return e->type;
}
TypeP paramTypeOf(const FunP& f, std::size_t k) {
    if (!f || !f->type || !f->type->isFunction() || k >= f->type->elements.size()) return nullptr;
    return f->type->elements[k];
}
TypeP argTypeAt(const FunP& f, const Context& ctx, std::size_t k) {
    if (!f) return nullptr;
    if (auto t = paramTypeOf(f, k)) return t;
    if (ctx.path.empty() || ctx.path.back() != 0) return nullptr;
    auto parent = asCall(ctx.ancestors().back());
    if (!parent || k >= parent->args.size()) return nullptr;
    return parent->args[k]->type;
}
std::optional<Arith> lengthOf(const TypeP& t) {
    if (!t || !t->isArray()) return std::nullopt;
    return t->length;
}
bool isClosedType(const TypeP& t) {
    if (!t) return false;
    switch (t->kind) {
        case Type::Kind::Var: return false;
        case Type::Kind::Scalar: return true;
        case Type::Kind::Array: return isClosedType(t->element);
        case Type::Kind::Tuple:
        case Type::Kind::Function:
            for (const auto& c : t->elements)
                if (!isClosedType(c)) return false;
            return t->kind == Type::Kind::Tuple || isClosedType(t->element);
    }
    return false;
}

ExprP freshParam(const std::string& hint) {
    static std::atomic<int> counter{0};
    return makeParam(hint + "_r" + std::to_string(++counter));
}
ExprP call(FunP f, std::vector<ExprP> args) { return makeCall(std::move(f), std::move(args)); }
FunP compose(const FunP& f, const FunP& g) {
    auto x = freshParam();
    return makeLambda({x}, call(f, {call(g, {x})}));
}

int occurrences(const Node& n, const Expr* param) {
    if (auto e = asExpr(n); e && e->kind == Expr::Kind::Param) return e.get() == param ? 1 : 0;
    int count = 0;
    for (const auto& c : children(n)) count += occurrences(c, param);
    return count;
}
bool mentions(const Node& n, const Expr* param) {
    if (auto e = asExpr(n); e && e->kind == Expr::Kind::Param) return e.get() == param;
    for (const auto& c : children(n))
        if (mentions(c, param)) return true;
    return false;
}
Node substitute(const Node& n, const Expr* param, const ExprP& by) {
    if (auto e = asExpr(n); e && e->kind == Expr::Kind::Param) return e.get() == param ? by : n;
    if (!mentions(n, param)) return n;
    auto kids = children(n);
    for (auto& c : kids) c = substitute(c, param, by);
    return withChildren(n, kids);
}

bool isComputingMap(const FunP& f) {
    return isPrimWhere(f, isMapLike) && !f->funs.empty() && computes(f->funs[0]);
}

bool isComputingHighLevelMap(const Node& n) {
    auto f = asFun(n);
    return isPrim(f, Prim::Map) && computes(f->funs.at(0));
}

bool containsComputingMap(const Node& n) {
    if (isComputingMap(asFun(n))) return true;
    for (const auto& c : children(n))
        if (containsComputingMap(c)) return true;
    return false;
}

// ---- a compact one-line printer for messages ----
namespace {
void print(const Node& n, std::string& out, int depth);
void printArgs(const std::vector<Node>& parts, std::string& out, int depth) {
    out += '(';
    for (std::size_t k = 0; k < parts.size(); ++k) {
        if (k) out += ", ";
        print(parts[k], out, depth + 1);
    }
    out += ')';
}
void print(const Node& n, std::string& out, int depth) {
    if (out.size() > 400) return;
    if (depth > 12) {
        out += "...";
        return;
    }
    if (auto e = asExpr(n)) {
        switch (e->kind) {
            case Expr::Kind::Param: out += e->name; return;
            case Expr::Kind::Literal: {
                if (e->literal.size() == 1) {
                    out += std::to_string(e->literal[0]);
                } else {
                    out += '{';
                    for (std::size_t k = 0; k < e->literal.size(); ++k)
                        out += (k ? ", " : "") + std::to_string(e->literal[k]);
                    out += '}';
                }
                return;
            }
            case Expr::Kind::Call: {
                print(e->fun, out, depth + 1);
                std::vector<Node> args(e->args.begin(), e->args.end());
                printArgs(args, out, depth);
                return;
            }
        }
    }
    auto f = asFun(n);
    switch (f->kind) {
        case Fun::Kind::Lambda:
            out += "\\(";
            for (std::size_t k = 0; k < f->params.size(); ++k)
                out += (k ? ", " : "") + f->params[k]->name;
            out += ") => ";
            print(f->body, out, depth + 1);
            return;
        case Fun::Kind::UserFun:
            out += f->userFun->name;
            if (!f->staticArgs.empty()) {
                out += '(';
                for (std::size_t k = 0; k < f->staticArgs.size(); ++k)
                    out += (k ? ", " : "") + f->staticArgs[k].toString();
                out += ')';
            }
            return;
        case Fun::Kind::Prim: {
            out += primName(f->prim);
            if (isParallelMap(f->prim)) out += "(" + std::to_string(build::dimension(*f)) + ")";
            if (f->prim == Prim::Get) out += "(" + std::to_string(build::component(*f)) + ")";
            std::vector<Node> parts;
            std::string nats;
            for (std::size_t k = 0; k < f->nats.size(); ++k)
                nats += (k ? ", " : "") + f->nats[k].toString();
            if (f->prim == Prim::Pad) nats += std::string(", ") + padModeName(build::padMode(*f));
            for (const auto& g : f->funs) parts.emplace_back(g);
            for (const auto& x : f->exprs) parts.emplace_back(x);
            if (!nats.empty() || !parts.empty()) {
                out += '(';
                out += nats;
                for (std::size_t k = 0; k < parts.size(); ++k) {
                    if (k || !nats.empty()) out += ", ";
                    print(parts[k], out, depth + 1);
                }
                out += ')';
            }
            return;
        }
    }
}
}  // namespace

std::string describe(const Node& n) {
    std::string out;
    try {
        std::string printed = asFun(n) ? printFun(asFun(n)) : printExpr(asExpr(n));
        for (char c : printed) {  // one line
            if (c == '\n' || c == '\t') c = ' ';
            if (c == ' ' && !out.empty() && out.back() == ' ') continue;
            out += c;
        }
    } catch (const Error&) {
        out.clear();
        print(n, out, 0);  // the compact form, for nodes the core printer rejects
    }
    if (out.size() > 400) out = out.substr(0, 397) + "...";
    return out;
}

}  // namespace liftcl::rewrite
