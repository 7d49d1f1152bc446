// Single bins of a DFT computed naively in long double, for checking benchmark outputs without a
// full reference transform: X_k = sum_j x_j exp(sign 2 pi i j k / n). Any n; the twiddle
// exp(sign 2 pi i m / n), m = j k mod n, is the product of two table entries (m = h L + l with
// L ~ sqrt(n)), so the tables stay small for n = 2^24 and every factor is accurate to long double.
#pragma once

#include <complex>
#include <cstdint>
#include <vector>

namespace liftcl::bench {

class NaiveDft {
public:
    NaiveDft(std::int64_t n, int sign);  // sign -1: forward, +1: inverse (unnormalised)

    std::int64_t size() const { return n_; }
    // Bin k of the transform of x (x.size() == n).
    std::complex<double> bin(const std::vector<std::complex<double>>& x, std::int64_t k) const;

private:
    std::int64_t n_;
    std::int64_t low_;  // L
    std::vector<std::complex<long double>> lowTable_, highTable_;
};

}  // namespace liftcl::bench
