// Map fusion and fission: M(f) o M(g) <-> M(f o g), for M the same map primitive; and the fusion of
// an elementwise map over a zip with a join of per-element results (zip-join-fusion).
#include "ir/builders.hpp"
#include "rewrite/ir_helpers.hpp"
#include "rewrite/rules.hpp"

namespace liftcl::rewrite {

using namespace ir;
using namespace ir::build;

namespace {
bool sameMap(const FunP& a, const FunP& b) {
    return isPrimWhere(a, isMapLike) && isPrimWhere(b, isMapLike) && a->prim == b->prim &&
           (!isParallelMap(a->prim) || dimension(*a) == dimension(*b));
}
// M(\y. body)(x) with one parameter: the pieces, or nothing.
struct MapOfLambda {
    ExprP call;
    FunP map;
    FunP lambda;
    const Expr* param;
};
std::optional<MapOfLambda> matchMapOfLambda(const Node& n) {
    auto e = asCall(n);
    if (!e || e->args.size() != 1 || !isPrimWhere(e->fun, isMapLike) || e->fun->funs.empty())
        return std::nullopt;
    const FunP& f = e->fun->funs[0];
    if (f->kind != Fun::Kind::Lambda || f->params.size() != 1) return std::nullopt;
    return MapOfLambda{e, e->fun, f, f->params[0].get()};
}
// \y. e, written g when e is g(y) with g not using y (eta).
FunP lambdaOrEta(const ExprP& param, const ExprP& e) {
    if (e->kind == Expr::Kind::Call && e->args.size() == 1 && e->args[0] == param &&
        !mentions(e->fun, param.get()))
        return e->fun;
    return makeLambda({param}, e);
}
}  // namespace

Rule mapFusion() {
    return makeRule("map-fusion", "M(f)(M(g)(x)) -> M(f o g)(x)", onCall([](const ExprP& e) -> std::optional<Node> {
                        if (e->args.size() != 1 || !isPrimWhere(e->fun, isMapLike)) return std::nullopt;
                        auto inner = e->args[0];
                        if (inner->kind != Expr::Kind::Call || inner->args.size() != 1 || !sameMap(e->fun, inner->fun))
                            return std::nullopt;
                        auto fused = withFuns(e->fun, {compose(e->fun->funs[0], inner->fun->funs[0])});
                        return Node(makeCall(fused, {inner->args[0]}, e->loc));
                    }));
}

Rule mapFission() {
    return makeRule("map-fission", "M(\\y. h(e))(x) -> M(h)(M(\\y. e)(x)), h not using y",
                    [](const Node& n, const Context&) -> std::optional<Node> {
                        auto m = matchMapOfLambda(n);
                        if (!m) return std::nullopt;
                        const ExprP& body = m->lambda->body;
                        if (body->kind != Expr::Kind::Call || body->args.size() != 1 || mentions(body->fun, m->param))
                            return std::nullopt;
                        const ExprP& rest = body->args[0];
                        if (rest == m->lambda->params[0] || !mentions(rest, m->param)) return std::nullopt;
                        auto first =
                            call(withFuns(m->map, {lambdaOrEta(m->lambda->params[0], rest)}), {m->call->args[0]});
                        return Node(makeCall(withFuns(m->map, {body->fun}), {first}, m->call->loc));
                    });
}

// The maximal chain g1(g2(...gk(y))) of one-argument calls around the only occurrence of y in
// the body (not under a nested lambda), excluding the whole body: it is computed by a first map.
Rule mapFissionInner() {
    return makeRule("map-fission-inner", "M(\\y. E[g(y)])(x) -> M(\\w. E[w])(M(g)(x)), y used once, in g(y)",
                    [](const Node& n, const Context&) -> std::optional<Node> {
                        auto m = matchMapOfLambda(n);
                        if (!m || occurrences(m->lambda->body, m->param) != 1) return std::nullopt;
                        // Path from the body down to y, through calls only.
                        std::vector<ExprP> chain{m->lambda->body};
                        std::vector<int> argIndex;
                        while (chain.back()->kind == Expr::Kind::Call) {
                            const ExprP& c = chain.back();
                            if (mentions(c->fun, m->param)) return std::nullopt;  // y under a nested function
                            int found = -1;
                            for (std::size_t k = 0; k < c->args.size(); ++k)
                                if (mentions(c->args[k], m->param)) found = static_cast<int>(k);
                            argIndex.push_back(found);
                            chain.push_back(c->args[found]);
                        }
                        if (chain.back().get() != m->param || chain.size() < 2) return std::nullopt;
                        // Walk up from y while the parent is a one-argument call.
                        std::size_t top = chain.size() - 1;  // index in chain of the extracted subterm
                        while (top > 0 && chain[top - 1]->args.size() == 1) --top;
                        if (top == 0 || top == chain.size() - 1) return std::nullopt;  // whole body, or y alone
                        auto w = freshParam("w");
                        // Rebuild the body with chain[top] replaced by w.
                        ExprP rebuilt = w;
                        for (std::size_t k = top; k-- > 0;) {
                            auto args = chain[k]->args;
                            args[argIndex[k]] = rebuilt;
                            rebuilt = makeCall(chain[k]->fun, args, chain[k]->loc);
                        }
                        auto first =
                            call(withFuns(m->map, {lambdaOrEta(m->lambda->params[0], chain[top])}), {m->call->args[0]});
                        return Node(makeCall(withFuns(m->map, {lambdaOrEta(w, rebuilt)}), {first}, m->call->loc));
                    });
}

// map(h)(zip(.., join(map(g)(b)), ..)) where each g(b_i) is [U]1 (a reduction per element: GEMV's
// row dot products, GESUMMV's two): the elementwise map moves into the per-element functions, so one
// parallel map (one work-group per row) computes every g and applies h; no kernel of its own for h.
Rule zipJoinFusion() {
    return makeRule(
        "zip-join-fusion",
        "map(h)(zip(a, join(map(g)(b)))) -> join(map(\\p => map(h)(zip(p.1, g(p.0))))(zip(b, split(1)(a)))), "
        "g(b_i) of length 1; any zip argument, and several of them",
        onCall([](const ExprP& e) -> std::optional<Node> {
            if (!isPrim(e->fun, Prim::Map) || e->args.size() != 1) return std::nullopt;
            const ExprP zipped = e->args[0];
            if (!isCallOf(zipped, Prim::Zip) || zipped->args.size() < 2) return std::nullopt;
            // The joined arguments (their per-element function and rows), the others plain arrays.
            std::vector<FunP> perRow(zipped->args.size());
            std::vector<ExprP> outer;  // zip components of the new outer map: rows first, then split(1) arrays
            for (std::size_t k = 0; k < zipped->args.size(); ++k) {
                const ExprP& joined = zipped->args[k];
                if (!isCallOf(joined, Prim::Join, 1) || !isCallOf(joined->args[0], Prim::Map, 1)) continue;
                const ExprP rows = joined->args[0];
                const TypeP result = rows->type && rows->type->isArray() ? rows->type->element : nullptr;
                if (!result || !result->isArray() || result->length.tryConstant() != 1) continue;
                perRow[k] = rows->fun->funs.at(0);
                outer.push_back(rows->args[0]);
            }
            if (outer.empty()) return std::nullopt;
            const std::size_t rowsCount = outer.size();
            for (std::size_t k = 0; k < zipped->args.size(); ++k)
                if (!perRow[k]) outer.push_back(split(1, zipped->args[k]));
            const ExprP p = freshParam("p");
            auto component = [&p](std::size_t c) { return get(static_cast<int>(c), p); };
            std::vector<ExprP> inner;
            std::size_t nextRow = 0, nextPlain = 0;
            for (std::size_t k = 0; k < zipped->args.size(); ++k)
                inner.push_back(perRow[k] ? call(perRow[k], {component(nextRow++)})
                                          : component(rowsCount + nextPlain++));
            const ExprP body = call(e->fun, {zip(std::move(inner))});
            return Node(join(map(makeLambda({p}, body), zip(std::move(outer))), e->loc));
        }));
}

}  // namespace liftcl::rewrite
