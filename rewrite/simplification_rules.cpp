// Simplification rules: cancel layout primitives that undo each other, drop identity maps, and
// beta/eta-reduce the lambdas other rules create.
#include "rewrite/ir_helpers.hpp"
#include "rewrite/rules.hpp"

namespace liftcl::rewrite {

using namespace ir;

namespace {
// outer(inner(x)) -> x under a check on the types.
Rule cancel(std::string name, std::string description, Prim outer, Prim inner,
            std::function<bool(const ExprP& outerCall, const ExprP& innerCall)> check) {
    return makeRule(std::move(name), std::move(description),
                    onCall([outer, inner, check](const ExprP& e) -> std::optional<Node> {
                        if (!isCallOf(e, outer, 1) || !isCallOf(e->args[0], inner, 1)) return std::nullopt;
                        if (check && !check(e, e->args[0])) return std::nullopt;
                        return Node(e->args[0]->args[0]);
                    }));
}
}  // namespace

Rule joinSplitElim() {
    return cancel("join-split-elim", "join(split(k)(x)) -> x", Prim::Join, Prim::Split, nullptr);
}

Rule splitJoinElim() {
    return cancel("split-join-elim", "split(k)(join(x)) -> x, x : [[T]k]m", Prim::Split,
                  Prim::Join, [](const ExprP& splitCall, const ExprP& joinCall) {
                      auto x = joinCall->args[0]->type;
                      return x && x->isArray() && x->element->isArray() &&
                             x->element->length == splitCall->fun->nats.at(0);
                  });
}

Rule transposeTransposeElim() {
    return cancel("transpose-transpose-elim", "transpose(transpose(x)) -> x", Prim::Transpose,
                  Prim::Transpose, nullptr);
}

Rule mapIdElim() {
    return makeRule("map-id-elim", "map(id)(x) -> x", onCall([](const ExprP& e) -> std::optional<Node> {
                        if (!isCallOf(e, Prim::Map, 1) || !isPrim(e->fun->funs.at(0), Prim::Id)) return std::nullopt;
                        return Node(e->args[0]);
                    }));
}

Rule betaReduction() {
    return makeRule("beta", "(\\x. e)(a) -> e[x := a], x used at most once or a a name",
                    onCall([](const ExprP& e) -> std::optional<Node> {
                        if (e->fun->kind != Fun::Kind::Lambda || e->fun->params.size() != e->args.size())
                            return std::nullopt;
                        Node body = e->fun->body;
                        for (std::size_t k = 0; k < e->args.size(); ++k) {
                            const auto& a = e->args[k];
                            const Expr* p = e->fun->params[k].get();
                            // Substituting a computation for a parameter used twice would compute it twice.
                            if (a->kind == Expr::Kind::Call && occurrences(body, p) > 1) return std::nullopt;
                            body = substitute(body, p, a);
                        }
                        return body;
                    }));
}

Rule etaReduction() {
    return makeRule("eta", "\\x. f(x) -> f, f not using x, x not annotated (the type would be lost)",
                    [](const Node& n, const Context&) -> std::optional<Node> {
                        auto f = asFun(n);
                        if (!f || f->kind != Fun::Kind::Lambda || f->body->kind != Expr::Kind::Call)
                            return std::nullopt;
                        const auto& b = f->body;
                        if (b->args.size() != f->params.size()) return std::nullopt;
                        for (std::size_t k = 0; k < b->args.size(); ++k)
                            if (b->args[k] != f->params[k]) return std::nullopt;
                        for (const auto& p : f->params)
                            if (p->declaredType || mentions(b->fun, p.get())) return std::nullopt;
                        return Node(b->fun);
                    });
}

}  // namespace liftcl::rewrite
