// The plan variants `liftcl fft --tune` measures for a request: every concrete method of the
// planner's registry (methods(); choosing methods such as auto are left out, they pick among the
// others), each with its own radix choice first and then the other factorizations of n over the
// supported radices (largest radix first, at most one pass more than the fewest), and each twiddle
// variant; ordered radix choice, then twiddles, then method, so every method is tried early. Whether a method can do a variant is its planner's decision: a refused plan is skipped
// when measured. Work-group sizes are a second axis (localSizeCandidates), tried on the fastest
// variants of the first.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "fft/fft_request.hpp"
#include "fft/fft_variant.hpp"

namespace liftcl::fft {

// Products of supported radices equal to n, non-increasing, with at most maxPasses factors.
std::vector<std::vector<std::int64_t>> radixFactorizations(std::int64_t n, std::size_t maxPasses);

// Bluestein's padded sizes to try for n: the default (bluesteinPaddedSize) first, the next power of
// two (one kernel where it fits), the smallest 2^a 3^b 5^c 7^d >= 2n-2, the smallest with 11 and 13,
// and a few more 7-smooth sizes up to 1.25x the smallest (the default for a device of that local memory).
std::vector<std::int64_t> bluesteinPaddedCandidates(std::int64_t n, ir::ScalarKind precision,
                                                    std::int64_t deviceLocalMemoryBytes = 0);

// The structural variants (local size left to the implementation), in the order they are measured;
// for a size without a radix factorization, method bluestein at each padded size candidate, its
// two kernels and five steps, and for a prime with smooth p-1 Rader in one kernel (first, where it
// fits, then in up to four other radix lists of p-1) and in five steps.
std::vector<FftVariant> structuralVariants(const FftRequest& request);

// Work-group sizes to try: powers of two from 16 up to the device's limit (at most 1024).
std::vector<std::size_t> localSizeCandidates(std::size_t deviceMaxWorkGroupSize);

}  // namespace liftcl::fft
