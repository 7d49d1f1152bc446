// The registry of rule families: names as the CLI spells them, default instances for listing,
// soundness checking and exploration.
#include <sstream>

#include "rewrite/rules.hpp"

namespace liftcl::rewrite {

namespace {
using Params = std::vector<std::int64_t>;

RuleFamily plain(std::string category, Rule (*make)()) {
    Rule sample = make();
    return RuleFamily{sample.name, std::move(category), 0, {{}},
                      [make](const Params&) { return make(); }};
}
// Adds the parameterless families of one category, in order.
void addPlain(std::vector<RuleFamily>& families, const std::string& category,
              std::initializer_list<Rule (*)()> makes) {
    for (auto make : makes) families.push_back(plain(category, make));
}
// An algorithmic family of one parameter, e.g. split-join(k).
RuleFamily withOne(std::string name, Rule (*make)(std::int64_t), Params defaults) {
    std::vector<Params> instances;
    for (auto p : defaults) instances.push_back({p});
    return RuleFamily{std::move(name), "algorithmic", 1, std::move(instances),
                      [make](const Params& p) { return make(p[0]); }};
}
RuleFamily withDim(std::string name, Rule (*make)(int)) {
    return RuleFamily{std::move(name), "lowering", 1, {{0}, {1}},
                      [make](const Params& p) {
                          if (p[0] < 0 || p[0] > 2)
                              throw Error("the dimension of a parallel map is 0, 1 or 2, not " +
                                          std::to_string(p[0]));
                          return make(static_cast<int>(p[0]));
                      }};
}
}  // namespace

const std::vector<RuleFamily>& ruleFamilies() {
    static const std::vector<RuleFamily> families = [] {
        std::vector<RuleFamily> f;
        f.push_back(withDim("map-to-mapGlb", mapToMapGlb));
        f.push_back(withDim("map-to-mapWrg", mapToMapWrg));
        f.push_back(withDim("map-to-mapLcl", mapToMapLcl));
        addPlain(f, "lowering", {mapToMapSeq, reduceToReduceSeq, mapSeqToUnroll, reduceSeqToUnroll});
        addPlain(f, "memory", {mapLclToLocal, mapLclToGlobal, mapSeqToPrivate, mapSeqToGlobal, mapLclMapSeqToLocal});
        addPlain(f, "identity", {idAfter, idBefore});
        addPlain(f, "algorithmic", {dimensionalityChange});
        f.push_back(withOne("split-join", splitJoin, {2, 4}));
        addPlain(f, "algorithmic", {mapFusion, mapFission, mapFissionInner, zipJoinFusion, mapInterchange, iterateUnroll});
        f.push_back(withOne("dft-factor", dftFactor, {2, 4}));
        addPlain(f, "algorithmic", {dftPairs});
        f.push_back(RuleFamily{"tile", "algorithmic", 2, {{2, 2}},
                               [](const Params& p) { return tile2D(p[0], p[1]); }});
        f.push_back(withOne("partial-reduction", partialReduction, {2, 4}));
        f.push_back(withOne("reorder-stride", reorderStride, {2, 4}));
        addPlain(f, "algorithmic", {splitMap, transposeMap, reduceSeqMapFusion, treeReduction});
        f.push_back(withOne("vectorize", vectorize, {4, 2}));
        addPlain(f, "simplification",
                 {joinSplitElim, splitJoinElim, transposeTransposeElim, mapIdElim, betaReduction, etaReduction});
        return f;
    }();
    return families;
}

std::string instanceName(const std::string& family, const std::vector<std::int64_t>& params) {
    if (params.empty()) return family;
    std::string s = family + "(";
    for (std::size_t k = 0; k < params.size(); ++k) s += (k ? "," : "") + std::to_string(params[k]);
    return s + ")";
}

Rule ruleByName(const std::string& name) {
    std::string family = name;
    Params params;
    if (auto open = name.find('('); open != std::string::npos) {
        if (name.back() != ')') throw Error("bad rule name '" + name + "': expected NAME(k, ...)");
        family = name.substr(0, open);
        std::stringstream in(name.substr(open + 1, name.size() - open - 2));
        std::string item;
        while (std::getline(in, item, ',')) {
            try {
                std::size_t used = 0;
                params.push_back(std::stoll(item, &used));
                if (item.find_first_not_of(' ', used) != std::string::npos) throw Error("");
            } catch (...) {
                throw Error("bad parameter '" + item + "' in rule name '" + name + "'");
            }
        }
    }
    for (const auto& f : ruleFamilies()) {
        if (f.name != family) continue;
        if (static_cast<int>(params.size()) != f.parameterCount)
            throw Error("rule " + family + " takes " + std::to_string(f.parameterCount) +
                        " parameter(s), e.g. " + instanceName(family, f.defaultInstances.front()));
        return f.make(params);
    }
    std::string known;
    for (const auto& f : ruleFamilies()) known += (known.empty() ? "" : ", ") + f.name;
    throw Error("unknown rule '" + name + "'; rules: " + known);
}

std::vector<Rule> defaultRules() {
    std::vector<Rule> out;
    for (const auto& f : ruleFamilies())
        for (const auto& p : f.defaultInstances) out.push_back(f.make(p));
    return out;
}

}  // namespace liftcl::rewrite
