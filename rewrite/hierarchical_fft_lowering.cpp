// lower-hierarchical-fft (see hierarchical_fft_lowering.hpp): rules and combinators only.
#include "rewrite/hierarchical_fft_lowering.hpp"

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

Strategy lowerHierarchicalFftPass() {
    auto tileMap = [](const Node& n, const Context& c) {
        return computingMap(n) && !c.insideParallelMap() && !c.inside(Prim::Map) &&
               containsComputingMap(asFun(n)->funs.at(0));
    };
    auto rowMap = [](const Node& n, const Context& c) {
        return computingMap(n) && c.inside(Prim::MapWrg) && !c.inside(Prim::MapLcl);
    };
    auto columnMap = [](const Node& n, const Context& c) {
        return computingMap(n) && c.inside(Prim::MapLcl, 1) && !c.inside(Prim::MapLcl, 0);
    };
    auto innerMap = [](const Node& n, const Context&) { return computingMap(n); };
    return normalize(rule(iterateUnroll())) >>
           allTopDown(where("the map over the tiles", tileMap, rule(mapToMapWrg(0)))) >>
           allTopDown(where("a map over the rows or butterflies of a tile", rowMap, rule(mapToMapLcl(1)))) >>
           allTopDown(where("the map over a tile's columns", columnMap, rule(mapToMapLcl(0)))) >>
           normalize(rule(reduceToReduceSeq())) >>
           normalize(where("a map inside a column's butterfly", innerMap, rule(mapToMapSeq()))) >>
           memoryPlacement(true) >> unrollSequential();
}

}  // namespace liftcl::rewrite
