#include "runtime/fft/fft_tables.hpp"

#include <algorithm>
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


// a * b mod p for p < 2^31 (n <= 2^30), so that the product fits 64 bits.
std::int64_t mulMod(std::int64_t a, std::int64_t b, std::int64_t p) {
    return static_cast<std::int64_t>((static_cast<std::uint64_t>(a) * static_cast<std::uint64_t>(b)) %
                                     static_cast<std::uint64_t>(p));
}

std::int64_t powMod(std::int64_t a, std::int64_t e, std::int64_t p) {
    std::int64_t r = 1 % p;
    for (a %= p; e > 0; e >>= 1, a = mulMod(a, a, p))
        if (e & 1) r = mulMod(r, a, p);
    return r;
}


}  // namespace

std::int64_t raderGenerator(std::int64_t p) {
    const std::int64_t L = p - 1;
    std::vector<std::int64_t> factors;
    for (std::int64_t m = L, f = 2; m > 1; ++f) {
        if (f * f > m) f = m;
        if (m % f == 0) {
            factors.push_back(f);
            while (m % f == 0) m /= f;
        }
    }
    for (std::int64_t g = 2; g < p; ++g) {
        bool generates = true;
        for (std::int64_t f : factors) generates = generates && powMod(g, L / f, p) != 1;
        if (generates) return g;
    }
    return 1;  // p = 2 (and 3 below: 2)
}

namespace {

// The values of Rader's tables (fft/lift/rader.lift) for n = p prime, L = p - 1, a batch of b.
std::vector<Complex> raderTable(const FftPlanDescription& plan, const FftPlanTable& table, long double sign) {
    const std::int64_t p = plan.n, L = p - 1, b = plan.batch;
    if (p < 3 || smallestPrimeFactor(p) != p)
        throw Error("FFT plan (n=" + std::to_string(p) + "): table '" + table.name + "' of kind '" + table.kind +
                    "' needs an odd prime n");
    const std::int64_t g = raderGenerator(p);
    const std::int64_t gInverse = powMod(g, L - 1, p);
    const long double scale = plan.scaled ? 1.0L / static_cast<long double>(p) : 1.0L;
    // B = DFT_L(w^(g^-k)) / L in long double.
    auto spectrum = [&] {
        std::vector<Complex> bk(static_cast<std::size_t>(L));
        std::int64_t e = 1;
        for (std::int64_t k = 0; k < L; ++k, e = mulMod(e, gInverse, p))
            bk[static_cast<std::size_t>(k)] = unitRoot(2 * sign, e, p);
        bk = dftLongDouble(std::move(bk));
        for (auto& v : bk) v /= static_cast<long double>(L);
        return bk;
    };
    auto entry = [](std::int64_t index, long double weight) {
        return Complex(static_cast<long double>(index), weight);
    };
    // The one-kernel form's tables, one transform's (rader.lift raderOneKernel).
    if (table.kind == "rader-row-input-index" || table.kind == "rader-row-spectrum") {
        if (table.length != L) badLength(plan, table, "n-1 = " + std::to_string(L));
        if (table.kind == "rader-row-spectrum") return spectrum();
        std::vector<Complex> values(static_cast<std::size_t>(L));
        std::int64_t gk = 1;
        for (std::int64_t k = 0; k < L; ++k, gk = mulMod(gk, g, p)) values[static_cast<std::size_t>(k)] = entry(gk, scale);
        return values;
    }
    if (table.kind == "rader-row-output-index") {  // {q, 0} at j = g^-q, {0, 1} at j = 0
        if (table.length != p) badLength(plan, table, "n = " + std::to_string(p));
        std::vector<Complex> values(static_cast<std::size_t>(p));
        values[0] = entry(0, 1);
        std::int64_t j = 1;
        for (std::int64_t q = 0; q < L; ++q, j = mulMod(j, gInverse, p)) values[static_cast<std::size_t>(j)] = entry(q, 0);
        return values;
    }
    const bool output = table.kind == "rader-output-index";
    const std::int64_t expected = output ? b * p : 2 * b * L;
    if (table.length != expected)
        badLength(plan, table, output ? "n * batch = " + std::to_string(expected)
                                      : "2 (n-1) * batch = " + std::to_string(expected));
    std::vector<Complex> values(static_cast<std::size_t>(expected), Complex(0));
    auto at = [&](std::int64_t i) -> Complex& { return values[static_cast<std::size_t>(i)]; };
    if (table.kind == "rader-input-index") {  // {index into x, weight}: x[r][g^k], then the carry rows' x[r][0]
        for (std::int64_t r = 0; r < b; ++r) {
            std::int64_t gk = 1;
            for (std::int64_t k = 0; k < L; ++k, gk = mulMod(gk, g, p)) at(r * L + k) = entry(r * p + gk, 1);
            at((b + r) * L) = entry(r * p, 1);
        }
        return values;
    }
    if (table.kind == "rader-spectrum") {  // B = DFT_L(w^(g^-k)) / L, then 1/L on the carry rows
        const std::vector<Complex> bk = spectrum();
        for (std::int64_t r = 0; r < b; ++r)
            for (std::int64_t k = 0; k < L; ++k) {
                at(r * L + k) = bk[static_cast<std::size_t>(k)];
                at((b + r) * L + k) = 1.0L / static_cast<long double>(L);
            }
        return values;
    }
    if (table.kind == "rader-spectrum-index") {  // x[0] (carry row) into frequency 0; A[0] / L into the carry rows
        for (std::int64_t r = 0; r < b; ++r) {
            for (std::int64_t k = 0; k < L; ++k) {
                at(r * L + k) = entry(r * L + k, 0);
                at((b + r) * L + k) = entry(r * L, 1.0L / static_cast<long double>(L));
            }
            at(r * L) = entry((b + r) * L, 1);
        }
        return values;
    }
    // rader-output-index: X[r][0] from the carry row, X[r][g^-q] the convolution's value q; 1/n scaled.
    for (std::int64_t r = 0; r < b; ++r) {
        at(r * p) = entry((b + r) * L, scale);
        std::int64_t j = 1;
        for (std::int64_t q = 0; q < L; ++q, j = mulMod(j, gInverse, p)) at(r * p + j) = entry(r * L + q, scale);
    }
    return values;
}
}  // namespace

std::int64_t bluesteinMinimumPadding(std::int64_t n) { return std::max<std::int64_t>(2 * n - 2, 1); }

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

std::vector<Complex> fftTableValues(const FftPlanDescription& whole, const FftPlanTable& table) {
    // A table of the 1D plan over the rows of a multidimensional or real plan: that plan's transform.
    FftPlanDescription rows;
    if (table.transform) {
        rows.n = table.transform->n;
        rows.batch = table.transform->batch;
        rows.scaled = table.transform->scaled;
        rows.direction = whole.direction;
        rows.precision = whole.precision;
    }
    const FftPlanDescription& plan = table.transform ? rows : whole;
    const std::int64_t n = plan.n, length = table.length;
    const long double sign = plan.direction == FftDirection::Inverse ? 1.0L : -1.0L;
    if (table.kind == "bluestein-chirp-padded" || table.kind == "bluestein-spectrum") {
        const std::int64_t least = bluesteinMinimumPadding(n);
        if (length < least) badLength(plan, table, "at least 2n-2 = " + std::to_string(least));
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
    for (const char* kind : {"rader-input-index", "rader-spectrum", "rader-spectrum-index", "rader-output-index",
                             "rader-row-input-index", "rader-row-spectrum", "rader-row-output-index"})
        if (table.kind == kind) return raderTable(plan, table, sign);
    throw Error("FFT plan (n=" + std::to_string(n) + "): table '" + table.name + "' has the unknown kind '" +
                table.kind +
                "' (known: bluestein-chirp-padded, bluestein-spectrum, bluestein-chirp-post, rader-input-index, "
                "rader-spectrum, rader-spectrum-index, rader-output-index, rader-row-input-index, rader-row-spectrum, "
                "rader-row-output-index)");
}

}  // namespace liftcl::rt
