// Random well-typed programs, for the soundness suite (tests/rewrite), the randomized end-to-end
// suite (tests/e2e/random_programs_test.cpp) and `liftcl random-program --seed S`.
//
// A program is a lambda over one input array (real or complex elements, one or two dimensions of
// small random sizes) and possibly further arrays that zips consume. Its body is a pipeline of
// stages; each stage rewrites the sub-arrays at a random map depth with one of: map of a user
// function or lambda (add, mul, sub, cadd, cmul, cneg, cconj, cscale, real<->complex conversions),
// split, join, transpose, pad (clamp/wrap), slide, reduce, a data round trip (map(id), split o join,
// transpose o transpose), a zip with a mapped copy of itself, or
// the rule-5 pattern map(\row => map(f) $ zip(y, row)). Sizes stay small (at most maxElements
// elements at every stage) and every split/slide divides exactly, so the result is well typed by
// construction; generation is deterministic in the seed.
#pragma once

#include <cstdint>
#include <string>

#include "ir/expr.hpp"
#include "ir/type.hpp"

namespace liftcl::ir {

struct RandomProgramOptions {
    ScalarKind precision = ScalarKind::Double;  // of `real` in user functions and literals
    int minStages = 2;
    int maxStages = 6;
    std::int64_t maxElements = 512;  // scalar elements of any intermediate array, at most
    bool allowReal = true;           // real-valued pipelines (complex ones always)
};

// Throws only on an internal error (the programs are well typed by construction).
Program randomProgram(std::uint64_t seed, const std::string& name, const RandomProgramOptions& options = {});

}  // namespace liftcl::ir
