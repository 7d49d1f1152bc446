// Split-join (the rule that creates a level of nesting): map(f) = join o map(map(f)) o split(k)
// when k divides the length. It lets one map become mapWrg o mapLcl, or mapGlb o mapSeq.
#include "ir/builders.hpp"
#include "rewrite/ir_helpers.hpp"
#include "rewrite/rules.hpp"

namespace liftcl::rewrite {

using namespace ir;
using namespace ir::build;

Rule splitJoin(std::int64_t k) {
    return makeRule(
        "split-join(" + std::to_string(k) + ")",
        "map(f)(x) -> join(map(map(f))(split(" + std::to_string(k) + ")(x))), the length divisible by " +
            std::to_string(k),
        [k](const Node& n, const Context&) {
            auto e = asCall(n);
            if (!e || e->args.size() != 1 || !e->args[0]->type) return false;
            auto len = lengthOf(e->args[0]->type);
            return k > 1 && len && len->provablyDivisibleBy(Arith(k)) &&
                   *len != Arith(k);  // splitting into one chunk only adds nesting
        },
        onCall([k](const ExprP& e) -> std::optional<Node> {
            if (!isPrim(e->fun, Prim::Map)) return std::nullopt;
            return Node(join(map(e->fun, split(k, e->args[0])), e->loc));
        }));
}

}  // namespace liftcl::rewrite
