#include "rewrite/random_lowering.hpp"

#include <algorithm>
#include <random>
#include <vector>

#include "ir/error.hpp"
#include "rewrite/explore.hpp"
#include "rewrite/legality.hpp"
#include "rewrite/lowering.hpp"

namespace liftcl::rewrite {

namespace {

constexpr const char* kExplore = "explore";

std::vector<std::string> candidates(std::mt19937_64& rng) {
    std::vector<std::string> list = {
        "lower-global",
        "lower-global-2d",
        "lower-workgroup",
        "topDown(split-join(2)) ; lower-global",
        "topDown(split-join(4)) ; lower-workgroup",
        "simplify ; lower-global",
        "fuse ; lower-global",
        "fuse ; lower-workgroup",
        "lower-global ; unroll",
        kExplore,
    };
    std::shuffle(list.begin(), list.end(), rng);
    return list;
}

}  // namespace

std::vector<RandomLowering> randomLowerings(const ir::Program& program, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<RandomLowering> legal;
    std::string tried;
    int rejected = 0;
    for (const auto& candidate : candidates(rng)) {
        try {
            if (candidate == kExplore) {
                ExploreOptions options;
                options.budget = 32;
                const ExploreReport report = explore(program, options);
                if (report.variants.empty()) throw Error("no legal variant");
                const auto& v = report.variants[rng() % report.variants.size()];
                legal.push_back({v.program, std::string(kExplore) + ": " + v.choices, rejected});
                continue;
            }
            ir::Program lowered = applyStrategy(program, candidate);
            const auto violations = checkLegality(lowered);
            if (violations.empty()) {
                legal.push_back({std::move(lowered), candidate, rejected});
                continue;
            }
            tried += "\n  " + candidate + ": illegal, " + violations.front().toString();
        } catch (const Error& e) {
            tried += "\n  " + candidate + ": " + e.what();
        }
        ++rejected;
    }
    if (legal.empty()) throw Error("no lowering strategy gives a legal program for " + program.name + ":" + tried);
    return legal;
}

}  // namespace liftcl::rewrite
