// The reference `liftcl fft --verify` compares with: FFTW in double precision over the batch
// (fp32 inputs are exact in double, so this measures the plan's own error), and the relative L2
// error between two batches of transforms computed in long double.
#pragma once

#include <cmath>
#include <complex>
#include <cstdint>
#include <vector>

#include "runtime/fft/fft_plan_description.hpp"

namespace liftcl::fft {

// batch transforms of size n, one after the other in `x`; an inverse is unnormalized unless scaled.
std::vector<std::complex<double>> fftwReference(const std::vector<std::complex<double>>& x, std::int64_t n,
                                                std::int64_t batch, rt::FftDirection direction, bool scaled);

// ||a - b|| / ||b|| (infinity for NaN or a size mismatch; 0 when both are zero).
template <typename Real>
double relativeL2Error(const std::vector<std::complex<Real>>& a, const std::vector<std::complex<double>>& b) {
    if (a.size() != b.size()) return INFINITY;
    long double num = 0, den = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const long double dr = static_cast<long double>(a[i].real()) - b[i].real();
        const long double di = static_cast<long double>(a[i].imag()) - b[i].imag();
        num += dr * dr + di * di;
        den += static_cast<long double>(b[i].real()) * b[i].real() + static_cast<long double>(b[i].imag()) * b[i].imag();
    }
    if (num == 0) return 0;
    const double e = static_cast<double>(std::sqrt(num / den));
    return e == e ? e : INFINITY;
}

}  // namespace liftcl::fft
