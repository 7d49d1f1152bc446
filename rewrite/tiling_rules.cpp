// 2D tiling (thesis 4.4): map(map(f))(M) on [[T]n]m -> untile o map(map(map(map(f)))) o
// tile(a, b) (M), a | m and b | n, with
//   tile(a, b) = map(map(transpose) o split(b) o transpose) o split(a)
//   untile     = join o map(map(join) o transpose)
// Each tile (a rows of b elements) is then a unit of work, e.g. for a work-group.
#include "ir/builders.hpp"
#include "rewrite/ir_helpers.hpp"
#include "rewrite/rules.hpp"

namespace liftcl::rewrite {

using namespace ir;
using namespace ir::build;

namespace {
ExprP tileOf(const ExprP& m, std::int64_t a, std::int64_t b) {
    auto rows = freshParam("rows");
    auto body = map(transpose(), split(b, transpose(rows)));
    return map(makeLambda({rows}, body), split(a, m));
}

ExprP untileOf(const ExprP& tiles) {
    auto row = freshParam("tilerow");
    auto body = map(join(), transpose(row));
    return join(map(makeLambda({row}, body), tiles));
}
}  // namespace

Rule tile2D(std::int64_t a, std::int64_t b) {
    return makeRule(
        "tile(" + std::to_string(a) + "," + std::to_string(b) + ")",
        "map(map(f)) -> untile o map(map(map(map(f)))) o tile(" + std::to_string(a) + "," + std::to_string(b) + ")",
        [a, b](const Node& n, const Context&) {
            auto e = asCall(n);
            if (!e || e->args.size() != 1 || !e->args[0]->type) return false;
            auto t = e->args[0]->type;
            if (!t->isArray() || !t->element->isArray()) return false;
            return t->length.provablyDivisibleBy(Arith(a)) && t->element->length.provablyDivisibleBy(Arith(b)) &&
                   (t->length != Arith(a) || t->element->length != Arith(b));
        },
        onCall([a, b](const ExprP& e) -> std::optional<Node> {
            if (!isCallOf(e, Prim::Map, 1) || !isPrim(e->fun->funs.at(0), Prim::Map)) return std::nullopt;
            auto tiles = tileOf(e->args[0], a, b);
            auto work = map(map(e->fun), tiles);
            return Node(untileOf(work));
        }));
}

}  // namespace liftcl::rewrite
