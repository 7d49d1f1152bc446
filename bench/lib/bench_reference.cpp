#include "bench/lib/bench_reference.hpp"

#include <cmath>

#include "ir/error.hpp"

namespace liftcl::bench {

namespace {

std::complex<long double> unitRoot(std::int64_t m, std::int64_t n, int sign) {
    const long double twoPi = 6.283185307179586476925286766559005768L;
    const long double angle = sign * twoPi * static_cast<long double>(m) / static_cast<long double>(n);
    return {cosl(angle), sinl(angle)};
}

}  // namespace

NaiveDft::NaiveDft(std::int64_t n, int sign) : n_(n) {
    if (n < 1) throw Error("naive DFT: size " + std::to_string(n) + " is not positive");
    low_ = static_cast<std::int64_t>(std::ceil(std::sqrt(static_cast<double>(n))));
    const std::int64_t high = (n + low_ - 1) / low_;
    lowTable_.reserve(static_cast<std::size_t>(low_));
    for (std::int64_t l = 0; l < low_; ++l) lowTable_.push_back(unitRoot(l, n, sign));
    highTable_.reserve(static_cast<std::size_t>(high));
    for (std::int64_t h = 0; h < high; ++h) highTable_.push_back(unitRoot(h * low_, n, sign));
}

std::complex<double> NaiveDft::bin(const std::vector<std::complex<double>>& x, std::int64_t k) const {
    if (static_cast<std::int64_t>(x.size()) != n_)
        throw Error("naive DFT: input of " + std::to_string(x.size()) + " values for size " + std::to_string(n_));
    k %= n_;
    if (k < 0) k += n_;
    long double re = 0, im = 0;
    std::int64_t m = 0;  // j k mod n
    for (const std::complex<double>& value : x) {
        const std::complex<long double>& a = highTable_[static_cast<std::size_t>(m / low_)];
        const std::complex<long double>& b = lowTable_[static_cast<std::size_t>(m % low_)];
        const long double wr = a.real() * b.real() - a.imag() * b.imag();
        const long double wi = a.real() * b.imag() + a.imag() * b.real();
        const long double xr = value.real(), xi = value.imag();
        re += xr * wr - xi * wi;
        im += xr * wi + xi * wr;
        m += k;
        if (m >= n_) m -= n_;
    }
    return {static_cast<double>(re), static_cast<double>(im)};
}

}  // namespace liftcl::bench
