// lower-local-fft (see local_fft_lowering.hpp): rules and combinators only.
#include "rewrite/local_fft_lowering.hpp"

#include "rewrite/ir_helpers.hpp"
#include "rewrite/lowering.hpp"
#include "rewrite/rules.hpp"

namespace liftcl::rewrite {

using namespace ir;

namespace {

bool computingMap(const Node& n) {
    auto f = asFun(n);
    return isPrim(f, Prim::Map) && isComputing(f->funs.at(0));
}

bool containsComputingMap(const Node& n) {
    if (auto f = asFun(n); isPrimWhere(f, isMapLike) && isComputing(f->funs.at(0))) return true;
    for (const auto& c : children(n))
        if (containsComputingMap(c)) return true;
    return false;
}

}  // namespace

Strategy lowerLocalFft() {
    auto batchMap = [](const Node& n, const Context& c) {
        return computingMap(n) && !c.insideParallelMap() && !c.inside(Prim::Map) &&
               containsComputingMap(asFun(n)->funs.at(0));
    };
    auto butterflyMap = [](const Node& n, const Context& c) {
        return computingMap(n) && c.inside(Prim::MapWrg);
    };
    auto innerMap = [](const Node& n, const Context&) { return computingMap(n); };
    return normalize(rule(iterateUnroll())) >>
           allTopDown(where("the map over the batch", batchMap, rule(mapToMapWrg(0)))) >>
           allTopDown(where("a pass's butterfly map", butterflyMap, rule(mapToMapLcl(0)))) >>
           normalize(rule(reduceToReduceSeq())) >>
           normalize(where("a map inside a butterfly", innerMap, rule(mapToMapSeq()))) >>
           memoryPlacement(true) >> unrollSequential();
}

Strategy lowerGroupedLocalFft() {
    auto groupMap = [](const Node& n, const Context& c) {
        return computingMap(n) && !c.insideParallelMap() && !c.inside(Prim::Map) &&
               containsComputingMap(asFun(n)->funs.at(0));
    };
    auto transformsMap = [](const Node& n, const Context& c) {
        return computingMap(n) && c.inside(Prim::MapWrg) && !c.inside(Prim::MapLcl);
    };
    auto butterflyMap = [](const Node& n, const Context& c) {
        return computingMap(n) && c.inside(Prim::MapLcl, 1) && !c.inside(Prim::MapLcl, 0);
    };
    auto innerMap = [](const Node& n, const Context&) { return computingMap(n); };
    return normalize(rule(iterateUnroll())) >>
           allTopDown(where("the map over the groups of transforms", groupMap, rule(mapToMapWrg(0)))) >>
           allTopDown(where("a pass's map over the group's transforms", transformsMap, rule(mapToMapLcl(1)))) >>
           allTopDown(where("a pass's butterfly map", butterflyMap, rule(mapToMapLcl(0)))) >>
           normalize(rule(reduceToReduceSeq())) >>
           normalize(where("a map inside a butterfly", innerMap, rule(mapToMapSeq()))) >>
           memoryPlacement(true) >> unrollSequential();
}

}  // namespace liftcl::rewrite
