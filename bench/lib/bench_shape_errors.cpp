#include "bench/lib/bench_shape_errors.hpp"

#include <fftw3.h>

#include <complex>

#include "bench/lib/bench_input.hpp"
#include "ir/error.hpp"
#include "ir/number_format.hpp"

namespace liftcl::bench {

namespace {

using LongComplex = std::complex<long double>;

std::int64_t pointsOf(const std::vector<std::int64_t>& shape) {
    std::int64_t p = 1;
    for (std::int64_t e : shape) p *= e;
    return p;
}

// FFTW in long double of one array: the complex forward transform, or the R2C of the real parts.
std::vector<LongComplex> referenceOf(const AccuracyShape& s, const std::vector<LongComplex>& x) {
    std::vector<int> n(s.shape.begin(), s.shape.end());
    const int rank = static_cast<int>(n.size());
    const std::int64_t points = pointsOf(s.shape);
    if (!s.real) {
        std::vector<LongComplex> in = x, out(x.size());
        fftwl_plan plan = fftwl_plan_many_dft(rank, n.data(), 1, reinterpret_cast<fftwl_complex*>(in.data()), nullptr, 1,
                                              0, reinterpret_cast<fftwl_complex*>(out.data()), nullptr, 1, 0,
                                              FFTW_FORWARD, FFTW_ESTIMATE);
        if (!plan) throw Error("FFTW (long double) could not plan " + accuracyShapeText(s));
        fftwl_execute(plan);
        fftwl_destroy_plan(plan);
        return out;
    }
    std::vector<long double> in(static_cast<std::size_t>(points));
    for (std::size_t i = 0; i < in.size(); ++i) in[i] = x[i].real();
    std::vector<LongComplex> out(static_cast<std::size_t>(points / s.shape.back() * (s.shape.back() / 2 + 1)));
    fftwl_plan plan = fftwl_plan_many_dft_r2c(rank, n.data(), 1, in.data(), nullptr, 1, 0,
                                              reinterpret_cast<fftwl_complex*>(out.data()), nullptr, 1, 0, FFTW_ESTIMATE);
    if (!plan) throw Error("FFTW (long double) could not plan " + accuracyShapeText(s));
    fftwl_execute(plan);
    fftwl_destroy_plan(plan);
    return out;
}

template <typename Real>
ErrorPair measureIn(const AccuracyShape& s, const TransformFunction<Real>& transform) {
    const std::size_t count = static_cast<std::size_t>(pointsOf(s.shape));
    std::vector<std::complex<Real>> x(count);
    if (s.real) {
        for (std::size_t i = 0; i < count; ++i) x[i] = {static_cast<Real>(inputScalar(i)), Real(0)};
    } else {
        fillInput(x.data(), count);
    }
    std::vector<LongComplex> exact(count);
    for (std::size_t i = 0; i < count; ++i) exact[i] = {x[i].real(), x[i].imag()};
    return relativeErrors(transform(x, TransformDirection::Forward), referenceOf(s, exact));
}

}  // namespace

std::vector<AccuracyShape> accuracyShapes(int maxLog2) {
    const std::vector<AccuracyShape> all = {
        {{32, 32}, false},   {{64, 64}, false},      {{128, 128}, false}, {{512, 512}, false},
        {{16, 16, 16}, false}, {{32, 32, 32}, false}, {{64, 64, 64}, false}, {{100, 100, 100}, false},
        {{1024}, true},      {{4096}, true},         {{16384}, true},     {{32, 32}, true},
        {{128, 128}, true},  {{512, 512}, true},     {{16, 16, 16}, true}, {{32, 32, 32}, true},
    };
    std::vector<AccuracyShape> out;
    for (const AccuracyShape& s : all)
        if (maxLog2 <= 0 || pointsOf(s.shape) <= (std::int64_t{1} << maxLog2)) out.push_back(s);
    return out;
}

std::string accuracyShapeText(const AccuracyShape& s) {
    std::string text = s.real ? "r2c " : "";
    for (std::size_t k = 0; k < s.shape.size(); ++k) {
        if (k > 0) text += 'x';
        text += std::to_string(s.shape[k]);
    }
    return text;
}

std::string accuracyShapeFamily(const AccuracyShape& s) {
    const std::size_t rank = s.shape.size();
    if (rank == 1) return s.real ? "r2c" : "c2c";
    return (s.real ? "r2c" : "") + std::to_string(rank) + "d";
}

ErrorPair measureShapeErrors(const AccuracyShape& s, const TransformFunction<float>& transform) {
    return measureIn(s, transform);
}

ErrorPair measureShapeErrors(const AccuracyShape& s, const TransformFunction<double>& transform) {
    return measureIn(s, transform);
}

std::string shapeAccuracyCsvLine(const std::string& library, bool isDouble, const AccuracyShape& s, const ErrorPair& e) {
    return library + "," + (isDouble ? "fp64" : "fp32") + "," + accuracyShapeText(s) + "," +
           ir::formatNumber(e.relL2, "%.6e") + "," + ir::formatNumber(e.relMax, "%.6e") + "\n";
}

}  // namespace liftcl::bench
