#include "compiler/bench_accuracy.hpp"

#include <fftw3.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <memory>

#include "compiler/bench_input.hpp"
#include "compiler/bench_sweep.hpp"
#include "compiler/fft/fft_planner.hpp"
#include "compiler/fft/fft_request.hpp"
#include "ir/error.hpp"

namespace liftcl::bench {

namespace {

using LongComplex = std::complex<long double>;

// batch transforms of size n in long double with FFTW (sign -1 forward, +1 inverse, unnormalised).
std::vector<LongComplex> fftwLongDouble(const std::vector<LongComplex>& x, std::int64_t n, std::int64_t batch,
                                        int sign) {
    static_assert(sizeof(LongComplex) == sizeof(fftwl_complex));
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

template <typename Real>
ErrorPair errorsOf(const std::vector<std::complex<Real>>& y, const std::vector<LongComplex>& reference,
                   long double scale = 1) {
    long double diff2 = 0, ref2 = 0, diffMax = 0, refMax = 0;
    for (std::size_t i = 0; i < y.size(); ++i) {
        const LongComplex value(static_cast<long double>(y[i].real()) * scale,
                                static_cast<long double>(y[i].imag()) * scale);
        const long double d = std::abs(value - reference[i]), r = std::abs(reference[i]);
        diff2 += d * d;
        ref2 += r * r;
        diffMax = std::max(diffMax, d);
        refMax = std::max(refMax, r);
        if (std::isnan(d)) diff2 = diffMax = std::numeric_limits<long double>::infinity();
    }
    auto ratio = [](long double a, long double b) {
        return a == 0 ? 0.0 : b == 0 ? std::numeric_limits<double>::infinity() : static_cast<double>(a / b);
    };
    return {ratio(std::sqrt(diff2), std::sqrt(ref2)), ratio(diffMax, refMax)};
}

std::string radicesText(const std::vector<std::int64_t>& radices) {
    std::string text;
    for (std::int64_t r : radices) text += (text.empty() ? "" : "x") + std::to_string(r);
    return text;
}

template <typename Real>
AccuracyRow measureIn(rt::ProgramCache& cache, const rt::Context& context, const rt::Queue& queue,
                      const AccuracyOptions& options, std::int64_t n, bool isDouble) {
    AccuracyRow row;
    row.isDouble = isDouble;
    row.n = n;
    const std::int64_t batch = options.batch;
    const std::size_t count = static_cast<std::size_t>(n * batch);

    std::vector<std::complex<Real>> x(count);
    fillInput(x.data(), count);
    std::vector<LongComplex> exact(count);
    for (std::size_t i = 0; i < count; ++i) exact[i] = {x[i].real(), x[i].imag()};

    fft::FftRequest request;
    request.n = n;
    request.batch = batch;
    request.precision = isDouble ? ir::ScalarKind::Double : ir::ScalarKind::Float;
    if (!options.method.empty()) request.method = options.method;
    request.direction = rt::FftDirection::Forward;
    rt::FftPlan forward(cache, context, fft::planFft(request));
    request.direction = rt::FftDirection::Inverse;
    rt::FftPlan inverse(cache, context, fft::planFft(request));
    row.method = forward.description().method;
    row.radices = radicesText(forward.description().radices);

    const std::vector<std::complex<Real>> y = forward.execute(queue, x);
    row.forward = errorsOf(y, fftwLongDouble(exact, n, batch, FFTW_FORWARD));
    row.inverse = errorsOf(inverse.execute(queue, x), fftwLongDouble(exact, n, batch, FFTW_BACKWARD));
    // The round trip stays on the device in the working precision; only the 1/N is applied on
    // the host (in long double), as the plans are asked for unscaled inverses.
    row.roundTrip = errorsOf(inverse.execute(queue, y), exact, 1.0L / static_cast<long double>(n));
    return row;
}

}  // namespace

std::vector<std::int64_t> accuracySizes(const AccuracyOptions& options) {
    if (options.maxLog2 < 1 || options.maxLog2 > 26)
        throw Error("bench --accuracy: --max-log2 " + std::to_string(options.maxLog2) + " is out of range (1..26)");
    std::vector<std::int64_t> sizes;
    for (int k = 1; k <= options.maxLog2; ++k) sizes.push_back(std::int64_t{1} << k);
    if (options.mixed)
        for (std::int64_t n : mixedRadixSizes())
            if (n <= (std::int64_t{1} << options.maxLog2)) sizes.push_back(n);
    return sizes;
}

AccuracyRunner::AccuracyRunner(const rt::Device& device, AccuracyOptions options)
    : context_(device), queue_(context_), options_(std::move(options)) {
    if (options_.batch < 1) throw Error("bench --accuracy: the batch must be at least 1");
}

AccuracyRow AccuracyRunner::measure(std::int64_t n, bool isDouble) {
    try {
        if (isDouble && !context_.device().supportsFp64()) {
            AccuracyRow row;
            row.isDouble = true;
            row.n = n;
            row.error = "the device has no fp64";
            return row;
        }
        return isDouble ? measureIn<double>(cache_, context_, queue_, options_, n, true)
                        : measureIn<float>(cache_, context_, queue_, options_, n, false);
    } catch (const std::exception& e) {
        AccuracyRow row;
        row.isDouble = isDouble;
        row.n = n;
        row.error = e.what();
        return row;
    }
}

}  // namespace liftcl::bench
