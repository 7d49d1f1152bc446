// The constant tables of FFT plans for sizes without a radix factorization (FftPlanTable), computed
// on the host when a plan is loaded, from the table's kind, its length and the plan's transform:
//
//   bluestein-chirp-padded  length m: w_k for k < n, 0 up to m, with w_k = exp(s i pi k^2 / n)
//                           (s = -1 forward, +1 inverse; k^2 reduced mod 2n in exact integers)
//   bluestein-spectrum      length m: DFT_m(b) / m of b_k = conj(w_|k|) for -n < k < n (mod m), 0
//                           elsewhere, computed in long double (m >= bluesteinMinimumPadding(n))
//   bluestein-chirp-post    length n: w_k, times 1/n for a scaled plan
//
// Rader's tables (n = p prime, L = p - 1, batch b, g = raderGenerator(p); fft/lift/rader.lift): the
// index tables hold {index, weight} as complex values (the index an exact integer, below 2^24 in fp32)
//   rader-input-index       length 2bL: x[r][g^k] for the b convolution rows, x[r][0] at the start
//                           of the b carry rows (weight 0 elsewhere)
//   rader-spectrum          length 2bL: DFT_L(w^(g^-k)) / L (w = exp(-+2 pi i/p)) per convolution
//                           row, in long double; 1/L on the carry rows
//   rader-spectrum-index    length 2bL: the carry row's x[0] into frequency 0 of its convolution
//                           row; A[0] / L (the convolution row's frequency 0) into the carry row
//   rader-output-index      length bn: X[r][0] from carry row r, X[r][g^-q] from value q of
//                           convolution row r, weight 1/n for a scaled plan
// and those of the one-kernel form (one transform's, every work-group reads them):
//   rader-row-input-index   length L: {g^k, s}, s = 1/n for a scaled plan, else 1
//   rader-row-spectrum      length L: DFT_L(w^(g^-k)) / L
//   rader-row-output-index  length n: {q, 0} at j = g^-q, {0, 1} at j = 0
//
// Every table is computed in long double and rounded once to the plan's precision, so that the
// accuracy of large sizes is that of the device's FFTs.
#pragma once

#include <complex>
#include <cstdint>
#include <vector>

#include "runtime/fft/fft_plan_description.hpp"

namespace liftcl::rt {

// The table's values (throws rt::Error for an unknown kind or a length that does not fit it).
std::vector<std::complex<long double>> fftTableValues(const FftPlanDescription& plan, const FftPlanTable& table);

// The DFT (exp(-2 pi i jk/m)) of any length in long double: mixed radix over the prime factors
// of m, O(m * sum of its prime factors); twiddles from one table of exp(-2 pi i k/m).
std::vector<std::complex<long double>> dftLongDouble(std::vector<std::complex<long double>> x);

// The least padded size of Bluestein's cyclic convolution: 2n-2. The convolution reads the chirp
// b at k - j for -n < k - j < n, 2n-1 distances, but b is even (b_-k = b_k), so the two that
// alias when m = 2n-2 (n-1 and -(n-1)) need the same value: a Fermat prime 2^k+1 pads to 2^(k+1).
std::int64_t bluesteinMinimumPadding(std::int64_t n);

// The smallest generator of the multiplicative group mod the prime p (Rader's g).
std::int64_t raderGenerator(std::int64_t p);

}  // namespace liftcl::rt
