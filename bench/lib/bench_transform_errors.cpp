#include "bench/lib/bench_transform_errors.hpp"

#include <fftw3.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <mutex>
#include <thread>

#include "bench/lib/bench_input.hpp"
#include "bench/lib/bench_sweep.hpp"
#include "ir/error.hpp"
#include "ir/number_format.hpp"

namespace liftcl::bench {

namespace {

using LongComplex = std::complex<long double>;

// Threads for a long-double transform of `total` values: one below 2^15 (threads cost more than
// they save there), else every core, at most 16. fftwl at 2^22 takes ~2 s on one core.
int referenceThreads(std::int64_t total) {
    if (total < (std::int64_t{1} << 15)) return 1;
    return static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 16u));
}

template <typename Real>
ErrorPair errorsOf(const std::vector<std::complex<Real>>& y, const std::vector<LongComplex>& reference,
                   long double scale) {
    if (y.size() != reference.size())
        throw Error("accuracy: the transform returned " + std::to_string(y.size()) + " values, expected " +
                    std::to_string(reference.size()));
    long double diff2 = 0, ref2 = 0, diffMax = 0, refMax = 0;
    bool nan = false;
    for (std::size_t i = 0; i < y.size(); ++i) {
        const LongComplex value(static_cast<long double>(y[i].real()) * scale,
                                static_cast<long double>(y[i].imag()) * scale);
        const long double d = std::abs(value - reference[i]), r = std::abs(reference[i]);
        nan = nan || std::isnan(d);
        diff2 += d * d;
        ref2 += r * r;
        diffMax = std::max(diffMax, d);
        refMax = std::max(refMax, r);
    }
    if (nan) diff2 = diffMax = std::numeric_limits<long double>::infinity();
    auto ratio = [](long double a, long double b) {
        return a == 0 ? 0.0 : b == 0 ? std::numeric_limits<double>::infinity() : static_cast<double>(a / b);
    };
    return {ratio(std::sqrt(diff2), std::sqrt(ref2)), ratio(diffMax, refMax)};
}

template <typename Real>
TransformErrors measureIn(std::int64_t n, std::int64_t batch, const TransformFunction<Real>& transform) {
    if (n < 1 || batch < 1)
        throw Error("accuracy: size " + std::to_string(n) + " and batch " + std::to_string(batch) +
                    " must be positive");
    const std::size_t count = static_cast<std::size_t>(n * batch);
    std::vector<std::complex<Real>> x(count);
    fillInput(x.data(), count);
    std::vector<LongComplex> exact(count);
    for (std::size_t i = 0; i < count; ++i) exact[i] = {x[i].real(), x[i].imag()};

    TransformErrors errors;
    const std::vector<std::complex<Real>> y = transform(x, TransformDirection::Forward);
    errors.forward = errorsOf(y, fftwLongDouble(exact, n, batch, FFTW_FORWARD), 1);
    errors.inverse = errorsOf(transform(x, TransformDirection::Inverse), fftwLongDouble(exact, n, batch, FFTW_BACKWARD), 1);
    // The forward output in the working precision goes back through the inverse; only the 1/N is
    // applied here (in long double), as the transforms are unnormalised.
    errors.roundTrip = errorsOf(transform(y, TransformDirection::Inverse), exact, 1.0L / static_cast<long double>(n));
    return errors;
}

std::string sci6(double value) {
    if (std::isinf(value)) return "inf";
    if (std::isnan(value)) return "nan";
    return ir::formatNumber(value, "%.6e");
}

}  // namespace

std::vector<LongComplex> fftwLongDouble(const std::vector<LongComplex>& x, std::int64_t n, std::int64_t batch,
                                        int sign) {
    static_assert(sizeof(LongComplex) == sizeof(fftwl_complex));
    if (n < 1 || batch < 1 || static_cast<std::int64_t>(x.size()) != n * batch)
        throw Error("FFTW (long double): " + std::to_string(x.size()) + " values are not " + std::to_string(batch) +
                    " transforms of size " + std::to_string(n));
    static std::once_flag threadsReady;
    static bool haveThreads = false;
    std::call_once(threadsReady, [] { haveThreads = fftwl_init_threads() != 0; });
    if (haveThreads) fftwl_plan_with_nthreads(referenceThreads(n * batch));

    std::vector<LongComplex> in = x, out(x.size());
    const int size = static_cast<int>(n);
    fftwl_plan plan = fftwl_plan_many_dft(1, &size, static_cast<int>(batch), reinterpret_cast<fftwl_complex*>(in.data()),
                                          nullptr, 1, size, reinterpret_cast<fftwl_complex*>(out.data()), nullptr, 1,
                                          size, sign, FFTW_ESTIMATE);
    if (!plan) throw Error("FFTW (long double) could not plan a transform of size " + std::to_string(n));
    fftwl_execute(plan);
    fftwl_destroy_plan(plan);
    return out;
}

ErrorPair relativeErrors(const std::vector<std::complex<float>>& y, const std::vector<LongComplex>& reference,
                         long double scale) {
    return errorsOf(y, reference, scale);
}

ErrorPair relativeErrors(const std::vector<std::complex<double>>& y, const std::vector<LongComplex>& reference,
                         long double scale) {
    return errorsOf(y, reference, scale);
}

TransformErrors measureTransformErrors(std::int64_t n, std::int64_t batch, const TransformFunction<float>& transform) {
    return measureIn(n, batch, transform);
}

TransformErrors measureTransformErrors(std::int64_t n, std::int64_t batch, const TransformFunction<double>& transform) {
    return measureIn(n, batch, transform);
}

std::vector<std::int64_t> accuracySizes(int maxLog2, bool mixed) {
    if (maxLog2 < 1 || maxLog2 > 26)
        throw Error("accuracy table: --max-log2 " + std::to_string(maxLog2) + " is out of range (1..26)");
    std::vector<std::int64_t> sizes;
    for (int k = 1; k <= maxLog2; ++k) sizes.push_back(std::int64_t{1} << k);
    if (mixed)
        for (std::int64_t n : mixedRadixSizes())
            if (n <= (std::int64_t{1} << maxLog2)) sizes.push_back(n);
    return sizes;
}

std::string accuracyCsvLines(const std::string& library, bool isDouble, std::int64_t n, const TransformErrors& errors) {
    std::string lines;
    const std::pair<const char*, const ErrorPair*> directions[] = {
        {"forward", &errors.forward}, {"inverse", &errors.inverse}, {"roundtrip", &errors.roundTrip}};
    for (const auto& [name, e] : directions)
        lines += library + "," + (isDouble ? "fp64" : "fp32") + "," + std::to_string(n) + "," + name + "," +
                 sci6(e->relL2) + "," + sci6(e->relMax) + "\n";
    return lines;
}

}  // namespace liftcl::bench
