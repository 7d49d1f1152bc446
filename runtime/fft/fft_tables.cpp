#include "runtime/fft/fft_tables.hpp"

#include <cmath>
#include <numbers>

#include "runtime/error.hpp"

namespace liftcl::rt {

namespace {

using Complex = std::complex<long double>;

std::int64_t smallestPrimeFactor(std::int64_t n) {
    for (std::int64_t p = 2; p * p <= n; ++p)
        if (n % p == 0) return p;
    return n;
}

// exp(sign * i pi * numerator / denominator) in long double.
Complex unitRoot(long double sign, std::int64_t numerator, std::int64_t denominator) {
    const long double angle = sign * std::numbers::pi_v<long double> * static_cast<long double>(numerator) /
                              static_cast<long double>(denominator);
    return {std::cos(angle), std::sin(angle)};
}

// The DFT of x[0], x[stride], ... (count values) into out[0..count), roots[k] = exp(-2 pi i k/m)
// with m = count * rootStep.
void dftRecursive(const Complex* x, std::size_t stride, std::size_t count, Complex* out,
                  const std::vector<Complex>& roots, std::size_t rootStep) {
    if (count == 1) {
        out[0] = x[0];
        return;
    }
    const std::size_t p = static_cast<std::size_t>(smallestPrimeFactor(static_cast<std::int64_t>(count)));
    const std::size_t q = count / p;
    for (std::size_t r = 0; r < p; ++r) dftRecursive(x + r * stride, stride * p, q, out + r * q, roots, rootStep * p);
    // X[k + q s] = sum_r W^(r (k + q s)) Y_r[k], W = exp(-2 pi i / count): the p inputs of k are
    // the p outputs of k, so each k combines in place.
    const std::size_t m = roots.size();
    std::vector<Complex> t(p);
    for (std::size_t k = 0; k < q; ++k) {
        for (std::size_t r = 0; r < p; ++r) t[r] = out[r * q + k] * roots[(r * k * rootStep) % m];
        for (std::size_t s = 0; s < p; ++s) {
            Complex sum = 0;
            for (std::size_t r = 0; r < p; ++r) sum += t[r] * roots[(r * s * q * rootStep) % m];
            out[s * q + k] = sum;
        }
    }
}

// w_k = exp(sign i pi k^2 / n), k^2 reduced mod 2n exactly (k < 2^31, so k^2 fits 64 bits).
Complex chirp(long double sign, std::int64_t k, std::int64_t n) {
    const auto twoN = static_cast<std::uint64_t>(2 * n);
    const auto kk = static_cast<std::uint64_t>(k) % twoN;
    return unitRoot(sign, static_cast<std::int64_t>((kk * kk) % twoN), n);
}

[[noreturn]] void badLength(const FftPlanDescription& plan, const FftPlanTable& table, const std::string& expected) {
    throw Error("FFT plan (n=" + std::to_string(plan.n) + "): table '" + table.name + "' of kind '" + table.kind +
                "' has length " + std::to_string(table.length) + " but needs " + expected);
}

}  // namespace

std::vector<Complex> dftLongDouble(std::vector<Complex> x) {
    const std::size_t m = x.size();
    if (m == 0) return x;
    std::vector<Complex> roots(m);
    for (std::size_t k = 0; k < m; ++k)
        roots[k] = unitRoot(-2.0L, static_cast<std::int64_t>(k), static_cast<std::int64_t>(m));
    std::vector<Complex> out(m);
    dftRecursive(x.data(), 1, m, out.data(), roots, 1);
    return out;
}

std::vector<Complex> fftTableValues(const FftPlanDescription& plan, const FftPlanTable& table) {
    const std::int64_t n = plan.n, length = table.length;
    const long double sign = plan.direction == FftDirection::Inverse ? 1.0L : -1.0L;
    if (table.kind == "bluestein-chirp-padded" || table.kind == "bluestein-spectrum") {
        if (length < 2 * n - 1) badLength(plan, table, "at least 2n-1 = " + std::to_string(2 * n - 1));
        std::vector<Complex> values(static_cast<std::size_t>(length), Complex(0));
        if (table.kind == "bluestein-chirp-padded") {
            for (std::int64_t k = 0; k < n; ++k) values[static_cast<std::size_t>(k)] = chirp(sign, k, n);
            return values;
        }
        for (std::int64_t k = 0; k < n; ++k) {
            const Complex b = std::conj(chirp(sign, k, n));
            values[static_cast<std::size_t>(k)] = b;
            if (k > 0) values[static_cast<std::size_t>(length - k)] = b;
        }
        values = dftLongDouble(std::move(values));
        for (auto& v : values) v /= static_cast<long double>(length);
        return values;
    }
    if (table.kind == "bluestein-chirp-post") {
        if (length != n) badLength(plan, table, "n = " + std::to_string(n));
        const long double scale = plan.scaled ? 1.0L / static_cast<long double>(n) : 1.0L;
        std::vector<Complex> values(static_cast<std::size_t>(n));
        for (std::int64_t k = 0; k < n; ++k) values[static_cast<std::size_t>(k)] = chirp(sign, k, n) * scale;
        return values;
    }
    throw Error("FFT plan (n=" + std::to_string(n) + "): table '" + table.name + "' has the unknown kind '" +
                table.kind + "' (known: bluestein-chirp-padded, bluestein-spectrum, bluestein-chirp-post)");
}

}  // namespace liftcl::rt
