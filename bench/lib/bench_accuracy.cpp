#include "bench/lib/bench_accuracy.hpp"

#include <complex>

#include "fft/fft_planner.hpp"
#include "fft/fft_request.hpp"
#include "fft/radix_factorization.hpp"
#include "ir/error.hpp"

namespace liftcl::bench {

namespace {

template <typename Real>
AccuracyRow measureIn(rt::ProgramCache& cache, const rt::Context& context, const rt::Queue& queue,
                      const AccuracyOptions& options, std::int64_t n, bool isDouble) {
    AccuracyRow row;
    row.isDouble = isDouble;
    row.n = n;

    fft::FftRequest request;
    request.n = n;
    request.batch = options.batch;
    request.precision = isDouble ? ir::ScalarKind::Double : ir::ScalarKind::Float;
    if (!options.method.empty()) request.method = options.method;
    request.direction = rt::FftDirection::Forward;
    rt::FftPlan forward(cache, context, fft::planFft(request));
    request.direction = rt::FftDirection::Inverse;
    rt::FftPlan inverse(cache, context, fft::planFft(request));
    row.method = forward.description().method;
    row.radices = fft::radicesText(forward.description().radices, "x");

    const TransformFunction<Real> transform = [&](const std::vector<std::complex<Real>>& input,
                                                  TransformDirection direction) {
        return (direction == TransformDirection::Forward ? forward : inverse).execute(queue, input);
    };
    const TransformErrors errors = measureTransformErrors(n, options.batch, transform);
    row.forward = errors.forward;
    row.inverse = errors.inverse;
    row.roundTrip = errors.roundTrip;
    return row;
}

}  // namespace

std::vector<std::int64_t> accuracySizes(const AccuracyOptions& options) {
    if (!options.sizes.empty()) return options.sizes;
    return accuracySizes(options.maxLog2, options.mixed);
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
