// Variant enumeration (see explore.hpp).
#include "rewrite/explore.hpp"

#include <unordered_map>

#include "rewrite/ir_helpers.hpp"
#include "rewrite/legality.hpp"
#include "rewrite/lowering.hpp"
#include "rewrite/rules.hpp"

namespace liftcl::rewrite {

using namespace ir;

namespace {

struct Choice {
    std::string label;
    Strategy strategy;
};

// split-join(k) at the outermost computing maps (not yet inside a parallel map).
Strategy splitOutermost(std::int64_t k) {
    auto outermostComputing = [](const Node& n, const Context& c) {
        auto e = asCall(n);
        return e && isPrim(e->fun, Prim::Map) && computes(e->fun->funs.at(0)) &&
               !c.insideParallelMap() && !c.inside(Prim::Map);
    };
    return topDown(where("outermost computing map", outermostComputing, rule(splitJoin(k))));
}

std::vector<std::vector<Choice>> axes(const ExploreOptions& o) {
    // Most parallel first: a measuring budget (`liftcl explore --budget-s`) then reaches the
    // variants that can be fast before the sequential ones (a plain `reduce` lowers to one
    // work-item reducing everything: 278 ms for a 2^24-element dot on an H100).
    std::vector<Choice> restructure;
    for (auto [p, q] : o.twoLevelReductions)
        restructure.push_back({"partial-reductions(" + std::to_string(p) + "," + std::to_string(q) + ")",
                               partialReductions(p) >> partialReductions(q)});
    // A tree only pays in local memory: distributed over work-groups here (the distribute axis then
    // finds nothing left and its variants are duplicates), not a kernel per level.
    for (auto p : o.treeReductions)
        restructure.push_back({"tree-reduction(" + std::to_string(p) + ")",
                               fuseElementwiseIntoReductions() >> partialReductions(p, true) >> treeOfPartials() >>
                                   distributeWorkgroup()});
    for (auto it = o.partialReductions.rbegin(); it != o.partialReductions.rend(); ++it)
        restructure.push_back({"partial-reductions(" + std::to_string(*it) + ")", partialReductions(*it)});
    restructure.push_back({"plain", idStrategy()});
    for (auto k : o.vectorWidths)
        restructure.push_back({"vectorize(" + std::to_string(k) + ")", topDown(rule(vectorize(k)))});
    restructure.push_back({"rule5", normalize(rule(betaReduction())) >> dimensionalityChangeWithFission()});
    for (auto k : o.splitFactors)
        restructure.push_back({"split-join(" + std::to_string(k) + ")", splitOutermost(k)});
    std::vector<Choice> distribute = {{"glb1d", distributeGlobal(false)},
                                      {"glb2d", distributeGlobal(true)},
                                      {"wrg", distributeWorkgroup()}};
    std::vector<Choice> memory = {{"private", memoryPlacement(true)},
                                  {"global", memoryPlacement(false)}};
    std::vector<Choice> unroll = {{"unroll-none", idStrategy()},
                                  {"unroll-maps", normalize(rule(mapSeqToUnroll()))},
                                  {"unroll-all", unrollSequential()}};
    Strategy sequential = sequentialRemainder() >> normalize(rule(reduceSeqMapFusion()));
    return {restructure, distribute, {{"seq", sequential}}, memory, unroll};
}

}  // namespace

ExploreReport explore(const Program& program, const ExploreOptions& options) {
    ExploreReport report;
    typecheckTree(program.body);
    auto all = axes(options);
    std::unordered_map<std::size_t, std::vector<std::size_t>> byHash;  // hash -> variant indices
    std::vector<std::size_t> index(all.size(), 0);
    while (report.variants.size() < options.budget) {
        // The combination of the current indices.
        Strategy s = idStrategy();
        std::string label;
        for (std::size_t a = 0; a < all.size(); ++a) {
            const Choice& c = all[a][index[a]];
            s = a == 0 ? c.strategy : (s >> c.strategy);
            if (c.label != "seq") label += (label.empty() ? "" : " / ") + c.label;
        }
        ++report.tried;
        std::optional<Outcome> result;
        try {
            result = s(program.body);
        } catch (const Error&) {
            result.reset();
        }
        if (!result || result->steps.empty()) {
            ++report.failed;
        } else if (!isLegal(result->root)) {
            ++report.illegal;
        } else {
            std::size_t h = structuralHash(result->root);
            bool duplicate = false;
            for (std::size_t k : byHash[h])
                duplicate = duplicate || alphaEqual(report.variants[k].program.body, result->root);
            if (duplicate) {
                ++report.duplicates;
            } else {
                byHash[h].push_back(report.variants.size());
                Program p = program;
                p.body = asFun(result->root);
                report.variants.push_back({label, p, result->steps});
            }
        }
        // Next combination (odometer, last axis fastest).
        std::size_t a = all.size();
        while (a > 0) {
            --a;
            if (++index[a] < all[a].size()) break;
            index[a] = 0;
            if (a == 0) return report;
        }
    }
    return report;
}

}  // namespace liftcl::rewrite
