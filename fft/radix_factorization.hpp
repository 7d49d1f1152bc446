// Radix choice of FFT plans: n = 2^a 3^b 5^c 7^d 11^e 13^f as a product of radices from {2, 3, 4,
// 5, 7, 8, 11, 13, 16}, with as few passes as possible (powers of two in passes of 16, balanced:
// 2^13 = 16*8*8*8 rather than 16*16*16*2), the largest radices first. The odd prime radices are one
// list (radixPrimes), so a radix added there is used by every method and by the tuner. Sizes with
// other prime factors are planned by Bluestein or Rader (fft/bluestein_method.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace liftcl::fft {

const std::vector<std::int64_t>& supportedRadices();  // {2, 3, 4, 5, 7, 8, 11, 13, 16}
std::string supportedRadicesText();                  // "2, 3, 4, 5, 7, 8, 11, 13, 16"
// The primes of the radices, largest first: {13, 11, 7, 5, 3, 2}.
const std::vector<std::int64_t>& radixPrimes();

// The prime factors of n that are no radix (empty when n = 2^a 3^b 5^c 7^d 11^e 13^f).
std::vector<std::int64_t> unsupportedFactors(std::int64_t n);
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
