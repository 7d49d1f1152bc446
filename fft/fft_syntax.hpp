// Shorthands for building the FFT programs' .lift syntax (ir/syntax_builders.hpp): the layout
// primitives with constant sizes and the complex user functions of prelude.lift, so that a pass
// reads close to its .lift form, e.g. compose({split(m), map(lambda("e", cmul(e(0), e(1)))), join()}).
#pragma once

#include <cstdint>
#include <string>

#include "ir/syntax_builders.hpp"

namespace liftcl::fft::syntax {

using ir::SyntaxP;
using namespace ir::syn;

inline SyntaxP join() { return name("join"); }
inline SyntaxP split(std::int64_t n) { return call("split", {nat(n)}); }
inline SyntaxP take(std::int64_t n) { return call("take", {nat(n)}); }
inline SyntaxP map(SyntaxP f) { return call("map", {std::move(f)}); }
// pad(left, right, mode) as a function, or applied to `xs`
inline SyntaxP pad(std::int64_t left, std::int64_t right, const char* mode) {
    return call("pad", {nat(left), nat(right), name(mode)});
}
inline SyntaxP pad(std::int64_t left, std::int64_t right, const char* mode, SyntaxP xs) {
    return call("pad", {nat(left), nat(right), name(mode), std::move(xs)});
}

// e.k and e.k.l of the lambda parameter e
inline SyntaxP e(int k) { return get(name("e"), k); }
inline SyntaxP e(int k, int l) { return get(e(k), l); }

inline SyntaxP cmul(SyntaxP a, SyntaxP b) { return call("cmul", {std::move(a), std::move(b)}); }
inline SyntaxP cadd(SyntaxP a, SyntaxP b) { return call("cadd", {std::move(a), std::move(b)}); }
inline SyntaxP csub(SyntaxP a, SyntaxP b) { return call("csub", {std::move(a), std::move(b)}); }
inline SyntaxP cscale(SyntaxP a, SyntaxP b) { return call("cscale", {std::move(a), std::move(b)}); }
inline SyntaxP cconj(SyntaxP a) { return call("cconj", {std::move(a)}); }

// The last step of an inverse transform (DFT^-1 x = conj(DFT conj(x)) / points), as a lambda of
// `param`: \param => cscale(1/points, cconj(param)), or \param => cconj(param) unscaled.
inline SyntaxP inverseOutput(const std::string& param, bool scale, std::int64_t points) {
    const SyntaxP conjugate = cconj(name(param));
    return lambda(param, scale ? cscale(real(1.0 / static_cast<double>(points)), conjugate) : conjugate);
}

// [[element]length]b: the batch of b arrays a pass takes.
inline ir::SyntaxTypeP batchOf(const std::string& element, SyntaxP length) {
    return arrayType(arrayType(namedType(element), std::move(length)), name("b"));
}

}  // namespace liftcl::fft::syntax
