// The accuracy reference for FFT programs: a naive DFT in long double, and the relative L2 error
// of a computed transform against it. Header-only so that the test suites and `liftcl eval
// --check-dft` share one implementation.
#pragma once

#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <numbers>
#include <string>
#include <vector>

#include "ir/error.hpp"
#include "ir/value.hpp"

namespace liftcl::reference {

using ComplexL = std::complex<long double>;

// omega(l, n) = exp(-2 pi i l / n) in long double; l is reduced mod n first so large products
// j*k lose no precision.
inline ComplexL omegaL(std::int64_t l, std::int64_t n) {
    const std::int64_t r = ((l % n) + n) % n;
    const long double angle = -2.0L * std::numbers::pi_v<long double> * static_cast<long double>(r) /
                              static_cast<long double>(n);
    return {std::cos(angle), std::sin(angle)};
}

// y_k = sum_j x_j omega(j k, n).
inline std::vector<ComplexL> naiveDft(const std::vector<ComplexL>& x) {
    const auto n = static_cast<std::int64_t>(x.size());
    std::vector<ComplexL> table(x.size());
    for (std::int64_t l = 0; l < n; ++l) table[static_cast<std::size_t>(l)] = omegaL(l, n);
    std::vector<ComplexL> y(x.size());
    for (std::int64_t k = 0; k < n; ++k) {
        ComplexL sum = 0;
        for (std::int64_t j = 0; j < n; ++j)
            sum += x[static_cast<std::size_t>(j)] * table[static_cast<std::size_t>((j * k) % n)];
        y[static_cast<std::size_t>(k)] = sum;
    }
    return y;
}

// ||got - ref||_2 / ||ref||_2 (ref must not be zero: tests never use all-zero data).
inline long double relativeL2Error(const std::vector<ComplexL>& got,
                                   const std::vector<ComplexL>& ref) {
    if (got.size() != ref.size())
        throw Error("relative error: " + std::to_string(got.size()) + " values against " +
                    std::to_string(ref.size()) + " reference values");
    long double diff = 0, norm = 0;
    for (std::size_t k = 0; k < ref.size(); ++k) {
        diff += std::norm(got[k] - ref[k]);
        norm += std::norm(ref[k]);
    }
    if (norm == 0) throw Error("relative error against an all-zero reference");
    return std::sqrt(diff / norm);
}

// A value of type [complex]n (an array of {re, im} tuples) as complex numbers.
inline std::vector<ComplexL> complexVector(const ir::Value& v, const std::string& what) {
    auto bad = [&] { return Error(what + " is not an array of complex numbers"); };
    if (v.kind != ir::Value::Kind::Array) throw bad();
    std::vector<ComplexL> out;
    out.reserve(v.size());
    for (const auto& item : v.items) {
        if (item.kind != ir::Value::Kind::Tuple || item.size() != 2 ||
            item[0].kind != ir::Value::Kind::Real || item[1].kind != ir::Value::Kind::Real)
            throw bad();
        out.emplace_back(item[0].r, item[1].r);
    }
    return out;
}

inline ir::Value complexValue(const std::vector<ComplexL>& xs) {
    std::vector<ir::Value> items;
    items.reserve(xs.size());
    for (const auto& x : xs)
        items.push_back(ir::Value::complex(static_cast<double>(x.real()), static_cast<double>(x.imag())));
    return ir::Value::array(std::move(items));
}

}  // namespace liftcl::reference
