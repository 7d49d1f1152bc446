// Reductions by rewriting (the partial-reduction rules of the Lift papers):
//   partial-reduction(k)  reduce(f, z)(x) -> reduce(f, z)(join(map(reduce(f, z))(split(k)(x))))
//                         (z the identity of f, as Lift requires of a reduce's initial value)
//   reorder-stride(s)     reduce(f, z)(x) -> reduce(f, z)(join(transpose(split(s)(x)))) when f is
//                         commutative: the partial reductions then read x with stride s, so
//                         neighbouring work-items read neighbouring elements (coalescing)
//   split-map             split(k)(map(g)(y)) -> map(map(g))(split(k)(y))
//   transpose-map         transpose(map(map(g))(y)) -> map(map(g))(transpose(y))
//   reduceSeq-map-fusion  reduceSeq(f, z)(mapSeq(g)(x)) -> reduceSeq(\(a, y) => f(a, g(y)), z)(x)
//   tree-reduction        reduce(f, z)(x), |x| = 2^k -> k halving steps, each a map of reduce(f, z)
//                         over pairs: (x[i], x[i + m/2]) when f is commutative (neighbouring
//                         work-items read neighbouring elements: no bank conflicts in local
//                         memory), else (x[2i], x[2i+1]); the last step leaves [T]1 as reduce does
#include "ir/scalar_fun.hpp"
#include "ir/builders.hpp"
#include "rewrite/ir_helpers.hpp"
#include "rewrite/rules.hpp"

namespace liftcl::rewrite {

using namespace ir;
using namespace ir::build;

namespace {

bool isVarSlot(const ScalarExprP& e, int slot) { return e && e->kind == ScalarExpr::Kind::Var && e->slot == slot; }

// A user function of two parameters whose body is `a op b` or `b op a`, op commutative.
bool commutativeUserFun(const UserFun& u) {
    if (!u.scalarBody || u.scalarBody->paramCount != 2) return false;
    const ScalarExprP& r = u.scalarBody->result;
    const bool binary = r->kind == ScalarExpr::Kind::Binary && (r->op == "+" || r->op == "*");
    const bool math = r->kind == ScalarExpr::Kind::Math &&
                      (r->op == "fmin" || r->op == "fmax" || r->op == "min" || r->op == "max");
    if ((!binary && !math) || r->items.size() != 2) return false;
    return (isVarSlot(r->items[0], 0) && isVarSlot(r->items[1], 1)) ||
           (isVarSlot(r->items[0], 1) && isVarSlot(r->items[1], 0));
}

}  // namespace

// Commutative operators are recognized by their form: a user function (or a lambda calling one
// on its two parameters) whose body is a + b, a * b, min, max, fmin or fmax of its parameters.
bool isCommutativeOperator(const FunP& f) {
    if (f->kind == Fun::Kind::UserFun) return f->staticArgs.empty() && commutativeUserFun(*f->userFun);
    if (f->kind != Fun::Kind::Lambda || f->params.size() != 2) return false;
    const ExprP& b = f->body;
    if (b->kind != Expr::Kind::Call || b->fun->kind != Fun::Kind::UserFun || b->args.size() != 2) return false;
    const bool inOrder = b->args[0] == f->params[0] && b->args[1] == f->params[1];
    const bool swapped = b->args[0] == f->params[1] && b->args[1] == f->params[0];
    return (inOrder || swapped) && isCommutativeOperator(b->fun);
}

namespace {

// A call of the high-level reduce whose argument's length k divides (and is not k itself).
bool reduceDivisibleBy(const Node& n, std::int64_t k) {
    auto e = asCall(n);
    if (!e || !isPrim(e->fun, Prim::Reduce) || e->args.size() != 1 || !e->args[0]->type) return false;
    auto len = lengthOf(e->args[0]->type);
    return k > 1 && len && len->provablyDivisibleBy(Arith(k)) && *len != Arith(k);
}

}  // namespace

Rule partialReduction(std::int64_t k) {
    return makeRule(
        "partial-reduction(" + std::to_string(k) + ")",
        "reduce(f, z)(x) -> reduce(f, z)(join(map(reduce(f, z))(split(" + std::to_string(k) + ")(x))))",
        [k](const Node& n, const Context&) { return reduceDivisibleBy(n, k); },
        onCall([k](const ExprP& e) -> std::optional<Node> {
            return Node(makeCall(e->fun, {join(map(e->fun, split(k, e->args[0])))}, e->loc));
        }));
}

Rule reorderStride(std::int64_t s) {
    return makeRule(
        "reorder-stride(" + std::to_string(s) + ")",
        "reduce(f, z)(x) -> reduce(f, z)(join(transpose(split(" + std::to_string(s) + ")(x)))), f commutative",
        [s](const Node& n, const Context&) {
            return reduceDivisibleBy(n, s) && isCommutativeOperator(asCall(n)->fun->funs.at(0));
        },
        onCall([s](const ExprP& e) -> std::optional<Node> {
            return Node(makeCall(e->fun, {join(transpose(split(s, e->args[0])))}, e->loc));
        }));
}

Rule treeReduction() {
    return makeRule(
        "tree-reduction",
        "reduce(f, z)(x), |x| = 2^k -> k steps join(map(reduce(f, z))(pairs(x))), "
        "pairs by transpose(split(m/2)) when f is commutative, else split(2)",
        [](const Node& n, const Context&) {
            auto e = asCall(n);
            if (!e || !isPrim(e->fun, Prim::Reduce) || e->args.size() != 1 || !e->args[0]->type) return false;
            auto len = lengthOf(e->args[0]->type);
            auto m = len ? len->tryConstant() : std::nullopt;
            return m && *m >= 2 && (*m & (*m - 1)) == 0;
        },
        onCall([](const ExprP& e) -> std::optional<Node> {
            const FunP reduction = e->fun;
            const bool commutative = isCommutativeOperator(reduction->funs.at(0));
            std::int64_t m = *lengthOf(e->args[0]->type)->tryConstant();
            ExprP level = e->args[0];
            for (; m >= 2; m /= 2) {
                ExprP pairs = commutative ? transpose(split(m / 2, level)) : split(2, level);
                level = join(map(reduction, pairs));
            }
            return Node(level);
        }));
}

Rule splitMap() {
    return makeRule("split-map", "split(k)(map(g)(y)) -> map(map(g))(split(k)(y))",
                    onCall([](const ExprP& e) -> std::optional<Node> {
                        if (!isPrim(e->fun, Prim::Split) || e->args.size() != 1) return std::nullopt;
                        auto inner = e->args[0];
                        if (!isCallOf(inner, Prim::Map, 1)) return std::nullopt;
                        auto chunks = makeCall(e->fun, {inner->args[0]}, e->loc);
                        return Node(map(map(inner->fun->funs.at(0)), chunks));
                    }));
}

Rule transposeMap() {
    return makeRule("transpose-map", "transpose(map(map(g))(y)) -> map(map(g))(transpose(y))",
                    onCall([](const ExprP& e) -> std::optional<Node> {
                        if (!isCallOf(e, Prim::Transpose, 1)) return std::nullopt;
                        auto inner = e->args[0];
                        if (!isCallOf(inner, Prim::Map, 1) || !isPrim(inner->fun->funs.at(0), Prim::Map))
                            return std::nullopt;
                        return Node(call(inner->fun, {makeCall(e->fun, {inner->args[0]}, e->loc)}));
                    }));
}

Rule reduceSeqMapFusion() {
    return makeRule(
        "reduceSeq-map-fusion", "reduceSeq(f, z)(mapSeq(g)(x)) -> reduceSeq(\\(a, y) => f(a, g(y)), z)(x)",
        onCall([](const ExprP& e) -> std::optional<Node> {
            if (!isCallOf(e, Prim::ReduceSeq, 1)) return std::nullopt;
            auto inner = e->args[0];
            if (!isCallOf(inner, Prim::MapSeq, 1)) return std::nullopt;
            auto acc = freshParam("acc");
            auto y = freshParam("y");
            auto op = makeLambda({acc, y}, call(e->fun->funs.at(0), {acc, call(inner->fun->funs.at(0), {y})}));
            auto fused = reduceSeq(op, e->fun->exprs.at(0), e->fun->loc);
            return Node(makeCall(fused, {inner->args[0]}, e->loc));
        }));
}

}  // namespace liftcl::rewrite
