// Radix choice of FFT plans: n with prime factors up to 23 as a product of radices from {2, 3, 4,
// 5, 7, 8, 11, 13, 16, 17, 19, 23}, with as few passes as possible (powers of two in passes of 16, balanced:
// 2^13 = 16*8*8*8 rather than 16*16*16*2), the largest radices first. The odd prime radices are one
// list (radixPrimes), so a radix added there is used by every method and by the tuner. Sizes with
// other prime factors are planned by Bluestein or Rader (fft/bluestein_method.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace liftcl::fft {

const std::vector<std::int64_t>& supportedRadices();  // {2, 3, 4, 5, 7, 8, 11, 13, 16, 17, 19, 23}
std::string supportedRadicesText();                  // "2, 3, 4, 5, 7, 8, 11, 13, 16, 17, 19, 23"
// The primes of the radices, largest first: {23, 19, 17, 13, 11, 7, 5, 3, 2}. 17, 19 and 23 measured
// 2.6-3.6x faster than Bluestein in the local and hierarchical methods, whose butterflies take the
// symmetric-pair form (H100, fp32: 2431 = 11 13 17 0.68 ms vs 2.90, 4199 = 13 17 19 0.69 vs 8.36,
// 17408 = 17 2^10 0.88 vs 14.66; bench/results/h100-2026-11-27-wave8/run5-prime-radices).
const std::vector<std::int64_t>& radixPrimes();

// The prime factors of n that are no radix (empty when every prime factor is at most 23).
std::vector<std::int64_t> unsupportedFactors(std::int64_t n);
// The odd radix primes dividing n, with multiplicity, largest first (2431 -> {17, 13, 11}).
std::vector<std::int64_t> oddRadixFactors(std::int64_t n);
// Whether n >= 1 has no prime factor other than `primes`.
bool isSmooth(std::int64_t n, const std::vector<std::int64_t>& primes);
bool isPrime(std::int64_t n);  // by trial division
bool isPowerOfTwo(std::int64_t n);

// Radices for n (n >= 2 without unsupported factors, or {n} for isDirectDftSize(n); throws
// liftcl::Error otherwise).
std::vector<std::int64_t> chooseRadices(std::int64_t n);

// A prime n above the radices but at most kMaxDirectDft is also its own radix: one pass of one
// dense DFT_n per transform (its n^2 constants folded), cheaper than Bluestein or Rader there
// (H100, batched: 17 fp32 1.74 ms, Bluestein 9.62; fp64 0.99, 6.31) but not above, where a
// work-item's n inputs and n^2 products spill (31 fp32 6.99 ms, Bluestein 5.36; 61 fp32 6.85, 3.42;
// bench/results/h100-2026-11-25-wave3).
constexpr std::int64_t kMaxDirectDft = 23;
bool isDirectDftSize(std::int64_t n);

// Throws liftcl::Error unless every radix is supported (or radices = {n} for isDirectDftSize(n))
// and their product is n.
void checkRadices(std::int64_t n, const std::vector<std::int64_t>& radices);

// "16,8,2" -> {16, 8, 2}; throws liftcl::Error naming the bad item.
std::vector<std::int64_t> parseRadices(const std::string& text);
// {16, 8, 2} -> "16,8,2" (with separator "x": "16x8x2").
std::string radicesText(const std::vector<std::int64_t>& radices, const std::string& separator = ",");

}  // namespace liftcl::fft
