#include "fft/local_fft_method.hpp"

#include "fft/local_method.hpp"
#include "ir/error.hpp"

namespace liftcl::fft {

namespace {

// The request's limits: its work-items per transform (checked here, so the error names them) and
// its exchange and padding.
LocalFftLimits limitsFor(const FftRequest& request) {
    LocalFftLimits limits = localMethodLimits(request.localByComponents, request.localPadding, request.localMemoryBytes);
    if (request.localItemsPerTransform < 0 || request.localItemsPerTransform > limits.maxWorkGroupSize)
        throw Error("FFT method 'local': " + std::to_string(request.localItemsPerTransform) +
                    " work-items per transform (items=) is outside 1.." + std::to_string(limits.maxWorkGroupSize));
    limits.itemsPerTransform = request.localItemsPerTransform;
    return limits;
}

class LocalFftMethod final : public Method {
public:
    LocalFftMethod()
        : Method("local", "one kernel, a work-group per transform (or several small ones), all passes in local memory (n = 2^k up to 16384 fp32, "
           "8192 fp64, the largest in registers exchanged through local memory in rounds; mixed sizes of radix primes up to 23 while one array of n points, or of their real and imaginary parts, fits)") {}
    // --radices, else the shape's choice.
    std::vector<std::int64_t> radices(const FftRequest& request) const override;
    std::vector<PassProgram> passes(const FftRequest& request, const std::vector<std::int64_t>& radices) const override;
    std::size_t passCount(const FftRequest&, const std::vector<std::int64_t>&) const override { return 1; }
};

std::vector<std::int64_t> LocalFftMethod::radices(const FftRequest& request) const {
    if (!request.radices.empty()) return request.radices;
    // The shape's choice (fewer passes where the points are exchanged a component at a time).
    const auto shape = localFftShape(request.n, request.precision, {}, limitsFor(request), request.batch,
                                     request.direction == rt::FftDirection::Inverse);
    return shape ? shape->radices : chooseLocalRadices(request.n);
}

std::vector<PassProgram> LocalFftMethod::passes(const FftRequest& request,
                                                const std::vector<std::int64_t>& radices) const {
    const bool inverse = request.direction == rt::FftDirection::Inverse;
    // `table` (the default) means the method's own choice: the __local twiddle tables (H100: fp32
    // 2^7..2^11 0.71-0.92 -> 0.75-0.99 of cuFFT; 1680 with radices 16,3,5,7 0.89 -> 0.77 ms;
    // bench/results/h100-2026-11-24-perf2).
    const codegen::TwiddleMode twiddles =
        request.twiddles == codegen::TwiddleMode::Table ? codegen::TwiddleMode::Local : request.twiddles;
    LocalFftLimits limits = limitsFor(request);
    limits.twiddleTables = twiddles == codegen::TwiddleMode::Local;
    // fp64 reads every pass's table in global memory too, as fp32 does: copied to __local by every
    // work-group they took up to 18 KiB beside the points, one work-group of 64 work-items per
    // 37 KiB at 1024 (H200, ms: 256 0.286 -> 0.270, 512 0.292 -> 0.273, 1024 0.319 -> 0.272, 2048
    // 0.306 -> 0.271; bench/results/h200-2026-11-28-wave16/run2-tune; on an H100 with wave 10's
    // kernels 1024 had lost, 0.384 -> 0.403).
    limits.fp64TablesInGlobal = true;
    auto shape = localFftShape(request.n, request.precision, radices, limits, request.batch, inverse);
    if (!shape && request.localItemsPerTransform > 0) {
        // The size fits with the method's own work-items: name the items as what does not.
        LocalFftLimits own = limits;
        own.itemsPerTransform = 0;
        if (localFftShape(request.n, request.precision, radices, own, request.batch, inverse))
            throw Error("FFT method 'local' cannot do n=" + std::to_string(request.n) + " on " +
                        std::to_string(request.localItemsPerTransform) +
                        " work-items per transform (items=): each would hold more points of a pass than "
                        "its private memory or local memory allows; use more work-items or leave out --items");
    }
    if (!shape)
        throw Error("FFT method 'local' cannot do n=" + std::to_string(request.n) +
                    (request.radices.empty() ? "" : " with these radices") +
                    ": it needs a size of radix primes (up to 23) whose transform fits one work-group (" +
                    std::to_string(LocalFftLimits{}.localMemoryBytes / 1024) + " KiB of local memory, " +
                    std::to_string(LocalFftLimits{}.maxWorkGroupSize) +
                    " work-items); use --method auto or stockham");
    auto program = composeLocalMemoryFft(request.n, request.batch, request.precision, inverse, shape->radices, limits,
                                         request.scale);
    PassProgram pass;
    pass.name = "local_fft";
    pass.program = std::move(*program);  // already lowered by lower-local-fft
    pass.options = localFftCodegenOptions(*shape, request.precision, twiddles);
    pass.options.kernelName = pass.name;
    pass.options.sourceFile = pass.name + ".cl";
    pass.radix = shape->radices.front();
    pass.radices = shape->radices;
    // A work-group holds its transforms' points (local or private memory) from its first pass,
    // which reads them, to its last, which writes them, after a barrier: an in-place plan runs it
    // in place.
    pass.options.inputsMayAliasOutput = request.inPlace;
    return {pass};
}

}  // namespace

const Method& localFftMethod() {
    static const LocalFftMethod method;
    return method;
}

}  // namespace liftcl::fft
