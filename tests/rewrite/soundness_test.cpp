// Soundness by execution: every rule, applied at every applicable position (bounded) of a corpus
// (every runnable definition under examples/, random well-typed programs, and their lowered
// forms), keeps the program's type and the interpreter's result on random inputs.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <iostream>

#include "ir/random_program.hpp"
#include "rewrite/lowering.hpp"
#include "rewrite/rules.hpp"
#include "rewrite_support.hpp"
#include "support/quick_mode.hpp"

using namespace liftcl;
using namespace liftcl::testing;

namespace {

std::vector<NamedProgram> exampleCorpus() {
    std::vector<NamedProgram> out;
    for (const auto& file : liftSourceFiles()) {
        const ir::Module& module = moduleAt(sourcePath(file));
        for (const auto& def : module.definitions) {
            try {
                ir::Program p = loadDefinition(file, def.name);
                if (runnable(p)) out.push_back({file + ":" + def.name, p});
            } catch (const Error&) {
                // not a runnable program at these sizes (a building block, a missing nat)
            }
        }
    }
    return out;
}

std::vector<NamedProgram> soundnessCorpus() {
    std::vector<NamedProgram> base = exampleCorpus();
    for (std::uint64_t seed = 1; seed <= 24; ++seed) {
        ir::Program p = ir::randomProgram(seed, "generated" + std::to_string(seed));
        if (runnable(p)) base.push_back({"generated#" + std::to_string(seed), p});
    }
    // Lowered forms give the low-level rules (memory, unrolling, mapLcl) something to match; beta
    // normal forms the rules whose patterns a composition hides (zip-join-fusion).
    std::vector<NamedProgram> corpus = base;
    for (const auto& np : base) {
        for (const char* strategy : {"lower-global", "lower-workgroup", "lower-global-2d",
                                     "topDown(split-join(2)) ; lower-workgroup", "normalize(beta)"}) {
            try {
                corpus.push_back({np.label + " after " + strategy, rewrite::applyStrategy(np.program, strategy)});
            } catch (const Error&) {
                // the strategy does not fit this program
            }
        }
    }
    return corpus;
}

// At most `limit` positions, spread over the list.
std::vector<ir::Path> spread(const std::vector<ir::Path>& all, std::size_t limit) {
    if (all.size() <= limit) return all;
    if (limit == 1) return {all.front()};
    std::vector<ir::Path> out;
    for (std::size_t k = 0; k < limit; ++k) out.push_back(all[k * (all.size() - 1) / (limit - 1)]);
    return out;
}

}  // namespace

TEST_CASE("every rule keeps the type and the interpreter's result wherever it applies") {
    const auto corpus = soundnessCorpus();
    REQUIRE(corpus.size() >= 30);
    std::vector<rewrite::Rule> rules = rewrite::defaultRules();
    rules.push_back(rewrite::mapToMapGlb(2));
    rules.push_back(rewrite::splitJoin(8));
    rules.push_back(rewrite::tile2D(2, 4));
    std::map<std::string, int> applied;
    // Quick mode (the sanitizer pass, where the interpreter runs ~18x slower: 329 s here) also caps
    // each rule at this many applications, its first matches in the corpus's order.
    const int quickCap = 12;
    for (const auto& rule : rules) {
        for (const auto& np : corpus) {
            if (quickMode() && applied[rule.name] >= quickCap) break;
            rewrite::typecheckTree(np.program.body);
            // Quick mode: one position per rule and program (its first), else three spread over all.
            for (const auto& path : spread(rewrite::applicablePositions(np.program.body, rule), fullOrQuick<std::size_t>(3, 1))) {
                std::string where = rule.name + " at '" + ir::pathToString(path) + "' of " + np.label;
                std::string problem;
                try {
                    auto after = rewrite::applyRuleAt(np.program.body, rule, path);
                    problem = compareMeaning(np.program.body, std::get<ir::FunP>(after));
                } catch (const Error& e) {
                    problem = std::string("error: ") + e.what();
                }
                INFO(where);
                CHECK_MESSAGE(problem.empty(), problem);
                ++applied[rule.name];
            }
        }
    }
    // Every rule was exercised somewhere, so no rule passes by never matching.
    for (const auto& rule : rules) {
        INFO(rule.name);
        CHECK(applied[rule.name] > 0);
    }
}
