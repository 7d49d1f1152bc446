// Lowering rules (thesis rules 1 and 2): high-level map and reduce become OpenCL-specific
// primitives; sequential ones may be unrolled when their length is a constant.
#include "rewrite/ir_helpers.hpp"
#include "rewrite/rules.hpp"

namespace liftcl::rewrite {

using namespace ir;

namespace {

std::string dimName(const char* prim, int dim) {
    return std::string(prim) + "(" + std::to_string(dim) + ")";
}

// prim `from` -> prim `to` (same function and arguments), under a guard on the context.
Rule replacePrim(std::string name, std::string description, Prim from, Prim to, int dim,
                 std::function<bool(const Node&, const Context&)> guard) {
    return makeRule(std::move(name), std::move(description), std::move(guard),
                    [from, to, dim](const Node& n, const Context&) -> std::optional<Node> {
                        auto f = asFun(n);
                        if (!isPrim(f, from)) return std::nullopt;
                        return Node(withPrim(f, to, dim));
                    });
}

// Unrolled loops longer than this would only bloat the kernel (a reduction over a whole input).
constexpr std::int64_t kMaxUnrolledLength = 256;

bool constantLength(const Node& n, const Context& ctx) {
    auto f = asFun(n);
    if (!f) return false;
    auto len = lengthOf(argTypeAt(f, ctx, 0));
    return len && len->isConstant() && len->constant() <= kMaxUnrolledLength;
}

}  // namespace

Rule mapToMapGlb(int dim) {
    return replacePrim("map-to-mapGlb(" + std::to_string(dim) + ")",
                       "map -> " + dimName("mapGlb", dim) +
                           "; not inside mapWrg/mapLcl or another mapGlb of that dimension",
                       Prim::Map, Prim::MapGlb, dim, [dim](const Node&, const Context& c) {
                           return !c.inside(Prim::MapWrg) && !c.inside(Prim::MapLcl) &&
                                  !c.inside(Prim::MapGlb, dim);
                       });
}

Rule mapToMapWrg(int dim) {
    return replacePrim("map-to-mapWrg(" + std::to_string(dim) + ")",
                       "map -> " + dimName("mapWrg", dim) +
                           "; not inside mapGlb/mapLcl or another mapWrg of that dimension",
                       Prim::Map, Prim::MapWrg, dim, [dim](const Node&, const Context& c) {
                           return !c.inside(Prim::MapGlb) && !c.inside(Prim::MapLcl) &&
                                  !c.inside(Prim::MapWrg, dim);
                       });
}

Rule mapToMapLcl(int dim) {
    return replacePrim("map-to-mapLcl(" + std::to_string(dim) + ")",
                       "map -> " + dimName("mapLcl", dim) +
                           "; only inside a mapWrg, not inside another mapLcl of that dimension",
                       Prim::Map, Prim::MapLcl, dim, [dim](const Node&, const Context& c) {
                           return c.inside(Prim::MapWrg) && !c.inside(Prim::MapLcl, dim);
                       });
}

Rule mapToMapSeq() {
    return replacePrim("map-to-mapSeq", "map -> mapSeq", Prim::Map, Prim::MapSeq, 0, nullptr);
}

Rule reduceToReduceSeq() {
    return replacePrim("reduce-to-reduceSeq", "reduce(f, z) -> reduceSeq(f, z)", Prim::Reduce,
                       Prim::ReduceSeq, 0, nullptr);
}

Rule mapSeqToUnroll() {
    return replacePrim("mapSeq-to-unroll", "mapSeq -> mapSeqUnroll; the length is a constant <= 256",
                       Prim::MapSeq, Prim::MapSeqUnroll, 0, constantLength);
}

Rule reduceSeqToUnroll() {
    return replacePrim("reduceSeq-to-unroll",
                       "reduceSeq -> reduceSeqUnroll; the length is a constant <= 256", Prim::ReduceSeq,
                       Prim::ReduceSeqUnroll, 0, constantLength);
}

}  // namespace liftcl::rewrite
