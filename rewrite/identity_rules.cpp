// Identity insertion (thesis rule 4): f -> map(id) o f | f o map(id). Used to copy a result into
// another memory (mapSeq(toGlobal(id)) o reduceSeq(...)) once the map(id) is lowered.
#include "ir/builders.hpp"
#include "rewrite/ir_helpers.hpp"
#include "rewrite/rules.hpp"

namespace liftcl::rewrite {

using namespace ir;
using namespace ir::build;

namespace {
bool isMapOfId(const ExprP& e) {
    return e && e->kind == Expr::Kind::Call && isPrimWhere(e->fun, isMapLike) &&
           !e->fun->funs.empty() && isPrim(e->fun->funs[0], Prim::Id);
}
FunP mapId() { return map(id()); }
}  // namespace

Rule idAfter() {
    Rule r;
    r.name = "id-after";
    r.description = "f -> map(id) o f, at a call producing an array";
    r.transform = [](const Node& n, const Context&) -> std::optional<Node> {
        auto e = asCall(n);
        if (!e || isMapOfId(e) || !e->type || !e->type->isArray()) return std::nullopt;
        return Node(call(mapId(), {e}));
    };
    return r;
}

Rule idBefore() {
    Rule r;
    r.name = "id-before";
    r.description = "f -> f o map(id), at a call of one array argument";
    r.transform = [](const Node& n, const Context&) -> std::optional<Node> {
        auto e = asCall(n);
        if (!e || e->args.size() != 1 || isMapOfId(e) || isMapOfId(e->args[0]) ||
            !e->args[0]->type || !e->args[0]->type->isArray())
            return std::nullopt;
        return Node(makeCall(e->fun, {call(mapId(), {e->args[0]})}, e->loc));
    };
    return r;
}

}  // namespace liftcl::rewrite
