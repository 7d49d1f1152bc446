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
    return makeRule("id-after", "f -> map(id) o f, at a call producing an array",
                    onCall([](const ExprP& e) -> std::optional<Node> {
                        if (isMapOfId(e) || !e->type || !e->type->isArray()) return std::nullopt;
                        return Node(call(mapId(), {e}));
                    }));
}

Rule idBefore() {
    return makeRule("id-before", "f -> f o map(id), at a call of one array argument",
                    onCall([](const ExprP& e) -> std::optional<Node> {
                        if (e->args.size() != 1 || isMapOfId(e) || isMapOfId(e->args[0]) || !e->args[0]->type ||
                            !e->args[0]->type->isArray())
                            return std::nullopt;
                        return Node(makeCall(e->fun, {call(mapId(), {e->args[0]})}, e->loc));
                    }));
}

}  // namespace liftcl::rewrite
