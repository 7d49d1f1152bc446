#include "compiler/fft/local_fft_method.hpp"

#include "compiler/fft/local_method.hpp"
#include "ir/error.hpp"

namespace liftcl::fft {

std::string LocalFftMethod::name() const { return "local"; }

std::string LocalFftMethod::description() const {
    return "one kernel, a work-group per transform (or several small ones), all passes in local memory (n = 2^k up to 2048 fp32, "
           "1024 fp64)";
}

std::vector<std::int64_t> LocalFftMethod::radices(const FftRequest& request) const {
    return request.radices.empty() ? chooseLocalRadices(request.n) : request.radices;
}

bool LocalFftMethod::fits(const FftRequest& request) {
    return localFftShape(request.n, request.precision, request.radices).has_value();
}

std::vector<PassProgram> LocalFftMethod::passes(const FftRequest& request,
                                                const std::vector<std::int64_t>& radices) const {
    const bool inverse = request.direction == rt::FftDirection::Inverse;
    const auto shape = localFftShape(request.n, request.precision, radices, {}, request.batch, inverse);
    if (!shape)
        throw Error("FFT method 'local' cannot do n=" + std::to_string(request.n) +
                    (request.radices.empty() ? "" : " with these radices") +
                    ": it needs a power of two whose transform fits one work-group (" +
                    std::to_string(LocalFftLimits{}.localMemoryBytes / 1024) + " KiB of local memory, " +
                    std::to_string(LocalFftLimits{}.maxWorkGroupSize) +
                    " work-items); use --method auto or stockham");
    auto program = composeLocalMemoryFft(request.n, request.batch, request.precision, inverse, shape->radices, {},
                                         request.scale);
    PassProgram pass;
    pass.name = "local_fft";
    pass.program = std::move(*program);  // already lowered by lower-local-fft
    pass.options = localFftCodegenOptions(*shape, request.precision);
    if (request.twiddles != codegen::TwiddleMode::Table) pass.options.twiddles = request.twiddles;
    pass.options.kernelName = pass.name;
    pass.options.sourceFile = pass.name + ".cl";
    pass.radix = shape->radices.front();
    pass.radices = shape->radices;
    return {pass};
}

}  // namespace liftcl::fft
