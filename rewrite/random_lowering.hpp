// A random legal lowering of a high-level program, chosen by a seed: the randomized end-to-end
// suite and `liftcl random-program` use it to reach the code generator by many routes. Candidates
// are named strategies (lower-global, lower-global-2d, lower-workgroup), the same after
// split-join, simplify or map fusion, or unrolling, and one variant of rewrite/explore; they are
// tried in a seed-shuffled order; those that apply and are legal (rewrite/legality.hpp) are kept.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ir/expr.hpp"

namespace liftcl::rewrite {

struct RandomLowering {
    ir::Program program;   // low-level, type-checked and legal
    std::string strategy;  // the strategy expression, or "explore: <choices>" for a variant
    int rejected = 0;      // candidates before it that failed or were illegal
};

// Every legal lowering in the seed's order (so a caller can move on when the code generator refuses
// one). Throws liftcl::Error listing what each candidate did when none gives a legal program.
std::vector<RandomLowering> randomLowerings(const ir::Program& program, std::uint64_t seed);

}  // namespace liftcl::rewrite
