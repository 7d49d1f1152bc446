#include "fft/bluestein_method.hpp"

#include "fft/bluestein_one_kernel.hpp"
#include "fft/butterfly_pass.hpp"
#include "fft/embedded_sources.hpp"
#include "fft/radix_factorization.hpp"
#include "ir/elaborate.hpp"
#include "ir/error.hpp"

namespace liftcl::fft {

namespace {

const ir::Module& bluesteinLibrary() {
    static const ir::Module module = embeddedModule({"bluestein.lift"});
    return module;
}

// Kernel arguments of the tables, as named in bluestein.lift, and the plan's table names.
constexpr const char* kChirpPaddedTable = "chirp_padded";
constexpr const char* kSpectrumTable = "spectrum";
constexpr const char* kChirpPostTable = "chirp_post";

// One element-wise step of bluestein.lift: a single mapGlb over the batch.
PassProgram elementwisePass(const FftRequest& request, std::int64_t m, const std::string& definition,
                            const std::string& name, const std::string& tableArg, const std::string& table) {
    PassProgram pass = globalStepPass(request, bluesteinLibrary(), definition, name,
                                      {{"n", ir::Arith(request.n)}, {"m", ir::Arith(m)}, {"b", ir::Arith(request.batch)}});
    pass.tables = {{tableArg, table}};
    return pass;
}

// The whole method as one kernel (bluestein_one_kernel.hpp), already lowered.
PassProgram oneKernelPass(const FftRequest& request, std::int64_t m, const std::vector<std::int64_t>& radices) {
    const auto shape = bluesteinOneKernelShape(m, request.precision, radices);
    PassProgram pass;
    pass.name = "bluestein_local";
    pass.program = std::move(*composeBluesteinOneKernel(request.n, m, request.batch, request.precision, radices));
    pass.options = localFftCodegenOptions(*shape, request.precision);  // twiddles on the fly (no local tables)
    if (request.twiddles != codegen::TwiddleMode::Table) pass.options.twiddles = request.twiddles;
    pass.options.kernelName = pass.name;
    pass.options.sourceFile = pass.name + ".cl";
    pass.radix = shape->radices.front();
    pass.radices = shape->radices;
    pass.tables = {{"chirpPadded", kChirpPaddedTable}, {"spectrum", kSpectrumTable}, {"chirp", kChirpPostTable}};
    return pass;
}

// The smallest 2^a 3^b 5^c 7^d >= 2n-1.
std::int64_t smallestSmoothPadding(std::int64_t n) {
    std::int64_t m = 2 * n - 1;
    while (!isSmooth(m, {7, 5, 3, 2})) ++m;
    return m;
}

}  // namespace

std::int64_t bluesteinPaddedSize(std::int64_t n, ir::ScalarKind precision) {
    std::int64_t power = 1;
    while (power < 2 * n - 1) power *= 2;
    if (bluesteinOneKernelShape(power, precision)) return power;  // one kernel, the local FFT's best size
    const std::int64_t smooth = smallestSmoothPadding(n);
    if (bluesteinOneKernelShape(smooth, precision) || power > kMaxElements) return smooth;
    // Several kernels: the size whose FFT moves the fewest values through global memory (size times
    // kernels of its auto plan). Powers of two take 2-3 hierarchical kernels where 7-smooth sizes
    // take a Stockham pass per factor, so they mostly win despite the larger size.
    auto traffic = [&](std::int64_t m) {
        FftRequest inner;
        inner.n = m;
        inner.precision = precision;
        const Method& method = findMethod("auto").resolve(inner);
        return m * static_cast<std::int64_t>(method.passes(inner, method.radices(inner)).size());
    };
    return traffic(power) < traffic(smooth) ? power : smooth;
}

bool bluesteinFitsOneKernel(const FftRequest& request) {
    return bluesteinOneKernelShape(bluesteinPaddedSize(request), request.precision, request.radices).has_value();
}

std::int64_t bluesteinPaddedSize(const FftRequest& request) {
    std::int64_t m = request.paddedN > 0 ? request.paddedN : bluesteinPaddedSize(request.n, request.precision);
    if (request.paddedN == 0 && m > kMaxElements / request.batch) m = smallestSmoothPadding(request.n);  // the batch fits
    if (m < 2 * request.n - 1)
        throw Error("Bluestein FFT n=" + std::to_string(request.n) + ": the padded size " + std::to_string(m) +
                    " is below 2n-1 = " + std::to_string(2 * request.n - 1));
    if (!unsupportedFactors(m).empty())
        throw Error("Bluestein FFT n=" + std::to_string(request.n) + ": the padded size " + std::to_string(m) +
                    " has the prime factor " + std::to_string(unsupportedFactors(m).front()) +
                    " (it must be 2^a * 3^b * 5^c * 7^d * 11^e * 13^f)");
    if (m > kMaxElements / request.batch)
        throw Error("FFT n=" + std::to_string(request.n) + " with batch=" + std::to_string(request.batch) +
                    " is too large for Bluestein: its padded size m=" + std::to_string(m) +
                    " times the batch must be at most " + std::to_string(kMaxElements));
    return m;
}

std::string BluesteinMethod::name() const { return oneKernel_ ? "bluestein" : "bluestein-steps"; }

std::string BluesteinMethod::description() const {
    if (!oneKernel_)
        return "any n: Bluestein's five steps (chirp, FFT of padded size m, spectrum product, inverse FFT, chirp) as "
               "separate kernels even where one kernel fits";
    return "any n: chirp, FFT of padded size m >= 2n-1, spectrum product, inverse FFT, chirp; one kernel when m fits "
           "one work-group, else 5 steps around the FFTs' passes (the default for prime factors above 13)";
}

std::vector<std::int64_t> BluesteinMethod::radices(const FftRequest& request) const { return request.radices; }

void BluesteinMethod::validateRadices(const FftRequest& request) const {
    checkRadices(bluesteinPaddedSize(request), request.radices);
}

std::vector<PassProgram> BluesteinMethod::passes(const FftRequest& request,
                                                 const std::vector<std::int64_t>& radices) const {
    const std::int64_t m = bluesteinPaddedSize(request);
    if (inOneKernel(request)) return {oneKernelPass(request, m, radices)};
    std::vector<PassProgram> out;
    out.push_back(elementwisePass(request, m, "bluesteinChirpPad", "bluestein_chirp_pad", "chirpPadded",
                                  kChirpPaddedTable));
    FftRequest forward = nestedFftRequest(request, m, request.batch, rt::FftDirection::Forward);
    forward.radices = radices;
    appendNestedFftPasses(forward, "bluestein_fwd_", out);
    out.push_back(elementwisePass(request, m, "bluesteinSpectrumProduct", "bluestein_spectrum_product", "spectrum",
                                  kSpectrumTable));
    FftRequest inverse = nestedFftRequest(request, m, request.batch, rt::FftDirection::Inverse);
    inverse.radices = radices;
    appendNestedFftPasses(inverse, "bluestein_inv_", out);
    out.push_back(elementwisePass(request, m, "bluesteinChirpTruncate", "bluestein_chirp_truncate", "chirp",
                                  kChirpPostTable));
    return out;
}

PlanResources BluesteinMethod::resources(const FftRequest& request) const {
    const std::int64_t m = bluesteinPaddedSize(request);
    PlanResources r;
    r.workN = inOneKernel(request) ? 0 : m;  // one kernel: the padded values stay in local memory
    r.tables = {{kChirpPaddedTable, "bluestein-chirp-padded", m},
                {kSpectrumTable, "bluestein-spectrum", m},
                {kChirpPostTable, "bluestein-chirp-post", request.n}};
    return r;
}

}  // namespace liftcl::fft
