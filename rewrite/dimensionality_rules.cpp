// The dimensionality change (thesis rule 5): for x : [[T]n]m and y : [U]n,
//   map(map(f) o zip(y))(x) -> split(n) o map(f) o zip(pad(0, (m-1)n, wrap, y), join(x))
// Instead of zipping the same y with every row of x, y is repeated m times (pad with wrap) and
// zipped once with the flattened x, so one map over m*n elements replaces the nested maps. The
// zip may take the row first (zip(r, y)); the inner map keeps its primitive (map, mapGlb, ...).
#include "ir/builders.hpp"
#include "rewrite/ir_helpers.hpp"
#include "rewrite/rules.hpp"

namespace liftcl::rewrite {

using namespace ir;
using namespace ir::build;

Rule dimensionalityChange() {
    return makeRule(
        "dimensionality-change", "map(map(f) o zip(y))(x) -> split(n) o map(f) o zip(pad(0,(m-1)n,wrap,y), join(x))",
        onCall([](const ExprP& e) -> std::optional<Node> {
            if (e->args.size() != 1 || !isPrim(e->fun, Prim::Map)) return std::nullopt;
            const FunP& lambda = e->fun->funs.at(0);
            if (lambda->kind != Fun::Kind::Lambda || lambda->params.size() != 1) return std::nullopt;
            const Expr* row = lambda->params[0].get();
            const ExprP& body = lambda->body;
            // body = M(f)(zip(y, row)) or M(f)(zip(row, y))
            if (body->kind != Expr::Kind::Call || body->args.size() != 1 || !isPrimWhere(body->fun, isMapLike))
                return std::nullopt;
            const FunP& innerMap = body->fun;
            if (mentions(innerMap, row)) return std::nullopt;
            const ExprP& zipped = body->args[0];
            if (!isCallOf(zipped, Prim::Zip, 2)) return std::nullopt;
            int rowPos = -1;
            for (int k = 0; k < 2; ++k)
                if (zipped->args[k]->kind == Expr::Kind::Param && zipped->args[k].get() == row) rowPos = k;
            if (rowPos < 0) return std::nullopt;
            const ExprP& y = zipped->args[1 - rowPos];
            if (mentions(y, row)) return std::nullopt;
            auto xType = typeOf(e->args[0]);
            auto yType = y->type;
            if (!xType->isArray() || !xType->element->isArray() || !yType || !yType->isArray()) return std::nullopt;
            Arith m = xType->length;
            Arith rowLength = xType->element->length;
            if (rowLength != yType->length) return std::nullopt;
            auto padded = pad(0, (m - 1) * rowLength, PadMode::Wrap, y);
            auto flat = join(e->args[0]);
            auto zipAll = zip(rowPos == 0 ? std::vector<ExprP>{flat, padded} : std::vector<ExprP>{padded, flat});
            return Node(split(rowLength, call(innerMap, {zipAll}), e->loc));
        }));
}

}  // namespace liftcl::rewrite
