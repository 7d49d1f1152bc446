// lower-local-fft (see local_fft_lowering.hpp): rules and combinators only.
#include "fft/local_fft_lowering.hpp"

#include "rewrite/ir_helpers.hpp"
#include "rewrite/lowering.hpp"
#include "rewrite/rules.hpp"

namespace liftcl::rewrite {

using namespace ir;

Strategy lowerLocalFft() {
    auto batchMap = [](const Node& n, const Context& c) {
        return isComputingHighLevelMap(n) && !c.insideParallelMap() && !c.inside(Prim::Map) &&
               containsComputingMap(asFun(n)->funs.at(0));
    };
    auto butterflyMap = [](const Node& n, const Context& c) {
        return isComputingHighLevelMap(n) && c.inside(Prim::MapWrg);
    };
    auto innerMap = [](const Node& n, const Context&) { return isComputingHighLevelMap(n); };
    return normalize(rule(iterateUnroll())) >>
           allTopDown(where("the map over the batch", batchMap, rule(mapToMapWrg(0)))) >>
           allTopDown(where("a pass's butterfly map", butterflyMap, rule(mapToMapLcl(0)))) >>
           normalize(rule(reduceToReduceSeq())) >>
           normalize(where("a map inside a butterfly", innerMap, rule(mapToMapSeq()))) >>
           memoryPlacement(true) >> unrollSequential();
}

Strategy factorDftProducts() {
    return normalize(rule(dftFactor(4))) >> normalize(rule(dftFactor(2))) >> normalize(rule(dftPairs()));
}

Strategy lowerGroupedLocalFft() {
    return lowerWrgLcl1Lcl0({"the map over the groups of transforms", "a pass's map over the group's transforms",
                             "a pass's butterfly map", "a map inside a butterfly"});
}

Strategy lowerWrgLcl1Lcl0(const WrgLcl1Lcl0Labels& labels) {
    auto outerMap = [](const Node& n, const Context& c) {
        return isComputingHighLevelMap(n) && !c.insideParallelMap() && !c.inside(Prim::Map) &&
               containsComputingMap(asFun(n)->funs.at(0));
    };
    auto lcl1Map = [](const Node& n, const Context& c) {
        return isComputingHighLevelMap(n) && c.inside(Prim::MapWrg) && !c.inside(Prim::MapLcl);
    };
    auto lcl0Map = [](const Node& n, const Context& c) {
        return isComputingHighLevelMap(n) && c.inside(Prim::MapLcl, 1) && !c.inside(Prim::MapLcl, 0);
    };
    auto innerMap = [](const Node& n, const Context&) { return isComputingHighLevelMap(n); };
    return normalize(rule(iterateUnroll())) >>
           allTopDown(where(labels.wrg0, outerMap, rule(mapToMapWrg(0)))) >>
           allTopDown(where(labels.lcl1, lcl1Map, rule(mapToMapLcl(1)))) >>
           allTopDown(where(labels.lcl0, lcl0Map, rule(mapToMapLcl(0)))) >>
           normalize(rule(reduceToReduceSeq())) >>
           normalize(where(labels.seq, innerMap, rule(mapToMapSeq()))) >>
           memoryPlacement(true) >> unrollSequential();
}

}  // namespace liftcl::rewrite
