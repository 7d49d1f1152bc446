// Map-map interchange through transposition: M1(M2(f)) = transpose o M1(M2(f)) o transpose.
// Applying a function to every element of a matrix is the same row by row or column by column.
#include "ir/builders.hpp"
#include "rewrite/ir_helpers.hpp"
#include "rewrite/rules.hpp"

namespace liftcl::rewrite {

using namespace ir;
using namespace ir::build;

Rule mapInterchange() {
    return makeRule(
        "map-interchange", "M1(M2(f))(x) -> transpose(M1(M2(f))(transpose(x)))",
        onCall([](const ExprP& e) -> std::optional<Node> {
            if (e->args.size() != 1 || !isPrimWhere(e->fun, isMapLike) || !isPrimWhere(e->fun->funs.at(0), isMapLike))
                return std::nullopt;
            return Node(transpose(call(e->fun, {transpose(e->args[0])}), e->loc));
        }));
}

}  // namespace liftcl::rewrite
