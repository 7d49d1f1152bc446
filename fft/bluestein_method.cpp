#include "fft/bluestein_method.hpp"

#include <optional>
#include <span>

#include "fft/bluestein_one_kernel.hpp"
#include "fft/butterfly_pass.hpp"
#include "fft/embedded_sources.hpp"
#include "fft/hierarchical_method.hpp"
#include "fft/hierarchical_passes.hpp"
#include "fft/local_fft_slots.hpp"
#include "fft/radix_factorization.hpp"
#include "ir/elaborate.hpp"
#include "ir/error.hpp"
#include "runtime/fft/fft_tables.hpp"

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
    const auto shape = bluesteinOneKernelShape(m, request.precision, radices, request.localMemoryBytes);
    PassProgram pass;
    pass.name = "bluestein_local";
    pass.program = std::move(*composeBluesteinOneKernel(request.n, m, request.batch, request.precision, radices));
    pass.options = localFftCodegenOptions(*shape, request.precision, localKernelTwiddles(request.twiddles, *shape));
    pass.options.kernelName = pass.name;
    pass.options.sourceFile = pass.name + ".cl";
    pass.radix = shape->radices.front();
    pass.radices = shape->radices;
    pass.tables = {{"chirpPadded", kChirpPaddedTable}, {"spectrum", kSpectrumTable}, {"chirp", kChirpPostTable}};
    return pass;
}

// The limits of Bluestein's local FFTs of m: its arrays padded whatever m (bluesteinPadsLocalArrays),
// in the device's local memory (plannedLocalMemoryBytes).
LocalFftLimits bluesteinFftLimits(std::int64_t deviceLocalMemoryBytes) {
    LocalFftLimits limits;
    limits.localMemoryBytes = plannedLocalMemoryBytes(deviceLocalMemoryBytes);
    limits.padLocalArrays = bluesteinPadsLocalArrays;
    return limits;
}

// The local FFT's shape of the two kernels (with room for its twiddle tables where the request's
// twiddles take them), or nullopt when m is not one local kernel.
std::optional<LocalFftShape> twoKernelShape(const FftRequest& request, std::int64_t m,
                                            const std::vector<std::int64_t>& radices) {
    LocalFftLimits limits = bluesteinFftLimits(request.localMemoryBytes);
    limits.twiddleTables = request.twiddles == codegen::TwiddleMode::Table || request.twiddles == codegen::TwiddleMode::Local;
    return localFftShape(m, request.precision, radices, limits);
}

// One of the two kernels (bluestein_one_kernel.hpp's composeBluesteinHalfKernel), already lowered.
PassProgram halfKernelPass(const FftRequest& request, std::int64_t m, const std::vector<std::int64_t>& radices,
                           const LocalFftShape& shape, BluesteinHalf half) {
    PassProgram pass;
    pass.name = half == BluesteinHalf::Forward ? "bluestein_local_forward" : "bluestein_local_inverse";
    pass.program = std::move(*composeBluesteinHalfKernel(half, request.n, m, request.batch, request.precision, radices));
    pass.options = localFftCodegenOptions(shape, request.precision, localKernelTwiddles(request.twiddles, shape));
    pass.options.kernelName = pass.name;
    pass.options.sourceFile = pass.name + ".cl";
    pass.radix = shape.radices.front();
    pass.radices = shape.radices;
    if (half == BluesteinHalf::Forward) pass.tables = {{"chirpPadded", kChirpPaddedTable}, {"spectrum", kSpectrumTable}};
    else pass.tables = {{"chirp", kChirpPostTable}};
    return pass;
}

// Padded sizes of two-kernel Bluestein plans: the local method's FFT of m, measured as the median
// ms of a 512 MiB batch (2^26 fp32 or 2^25 fp64 points) on an H100
// (bench/results/h100-2026-11-27-wave8/run3, run4). A transform of m then costs about m * ms, and
// the local FFT's speed varies 2x between neighbouring sizes (4116 = 4 3 7^3 fp32 0.563 ms, 4608 =
// 2^9 3^2 0.462; above 8232 fp32 it falls off: 8400 1.958, 8505 2.261, left out). The default until
// --tune records a measured choice for the device in the wisdom.
struct MeasuredPadding {
    std::int64_t m;
    double ms;
};
constexpr MeasuredPadding kFloatPaddings[] = {
    {2058, 0.639}, {2100, 0.630}, {2160, 0.618}, {2240, 0.523}, {2304, 0.493}, {2352, 0.576}, {2400, 0.542},
    {2450, 0.664}, {2520, 0.609}, {2560, 0.442}, {2744, 0.610}, {3000, 0.586}, {3072, 0.438}, {3136, 0.452},
    {3456, 0.505}, {3528, 0.529}, {3584, 0.401}, {3600, 0.648}, {3840, 0.453}, {3920, 0.548}, {4000, 0.569},
    {4096, 0.393}, {4116, 0.563}, {4200, 0.631}, {4320, 0.579}, {4500, 0.736}, {4608, 0.462}, {4704, 0.515},
    {4800, 0.579}, {4900, 0.624}, {5040, 0.613}, {5120, 0.478}, {5488, 0.851}, {6000, 0.744}, {6144, 0.769},
    {6272, 0.750}, {6912, 0.678}, {7056, 0.693}, {7168, 0.554}, {7200, 0.887}, {7680, 0.584}, {7840, 0.646},
    {8000, 0.887}, {8192, 0.452}, {8232, 0.646}};
constexpr MeasuredPadding kDoublePaddings[] = {
    {1029, 0.680}, {1050, 0.600}, {1080, 0.503}, {1120, 0.488}, {1152, 0.477}, {1176, 0.555}, {1200, 0.604},
    {1225, 0.539}, {1260, 0.535}, {1280, 0.460}, {1344, 0.711}, {1372, 0.623}, {1400, 0.462}, {1440, 0.477},
    {1470, 0.591}, {1500, 0.515}, {1536, 0.409}, {1568, 0.578}, {1600, 0.387}, {1680, 0.474}, {1715, 0.640},
    {1728, 0.463}, {1764, 0.572}, {1792, 0.419}, {1800, 0.458}, {1890, 0.596}, {1920, 0.407}, {1960, 0.549},
    {2000, 0.509}, {2016, 0.470}, {2048, 0.372}, {2058, 0.749}, {2100, 0.512}, {2160, 0.508}, {2240, 0.486},
    {2304, 0.452}, {2352, 0.543}, {2400, 0.548}, {2450, 0.868}, {2520, 0.614}, {2560, 0.643}, {2744, 0.755},
    {3000, 0.980}, {3072, 1.030}, {3136, 0.586}, {3456, 0.660}, {3528, 0.623}, {3584, 0.454}, {3600, 0.646},
    {3840, 0.525}, {3920, 0.925}, {4000, 0.730}, {4096, 0.445}, {4116, 0.798}, {4200, 1.195}};

std::span<const MeasuredPadding> measuredPaddings(ir::ScalarKind precision) {
    if (precision == ir::ScalarKind::Double) return kDoublePaddings;
    return kFloatPaddings;
}

// Whether m is within the measured sizes: above them the local FFT falls off (fp32 8400 and up), and
// the five steps around hierarchical FFTs are faster (4199 fp32, m = 8400: 5.86 ms in five steps,
// 8.33 in two kernels; run1, run2).
bool withinMeasuredPaddings(std::int64_t m, ir::ScalarKind precision) {
    return m <= measuredPaddings(precision).back().m;
}

// The measured padded size >= 2n-2 of least m * ms whose FFT is one local kernel, if any.
std::optional<std::int64_t> measuredTwoKernelPadding(std::int64_t n, ir::ScalarKind precision,
                                                     std::int64_t deviceLocalMemoryBytes) {
    std::optional<std::int64_t> best;
    double bestCost = 0;
    for (const MeasuredPadding& p : measuredPaddings(precision)) {
        const double cost = static_cast<double>(p.m) * p.ms;
        if (p.m < rt::bluesteinMinimumPadding(n) || (best && cost >= bestCost) ||
            !localFftShape(p.m, precision, {}, bluesteinFftLimits(deviceLocalMemoryBytes)))
            continue;
        best = p.m;
        bestCost = cost;
    }
    return best;
}

}  // namespace

std::int64_t smallestSmoothPadding(std::int64_t n) {
    std::int64_t m = rt::bluesteinMinimumPadding(n);
    while (!isSmooth(m, {7, 5, 3, 2})) ++m;
    return m;
}

std::int64_t bluesteinPaddedSize(std::int64_t n, ir::ScalarKind precision, std::int64_t deviceLocalMemoryBytes) {
    std::int64_t power = 1;
    while (power < rt::bluesteinMinimumPadding(n)) power *= 2;
    if (bluesteinOneKernelShape(power, precision, {}, deviceLocalMemoryBytes)) return power;  // one kernel, the local FFT's best size
    const std::int64_t smooth = smallestSmoothPadding(n);
    if (bluesteinOneKernelShape(smooth, precision, {}, deviceLocalMemoryBytes)) return smooth;
    if (auto measured = measuredTwoKernelPadding(n, precision, deviceLocalMemoryBytes)) return *measured;  // two kernels
    if (power > kMaxElements) return smooth;
    // Several kernels: the size whose FFT moves the fewest values through global memory (size times
    // kernels of its auto plan), a pass over a size with odd factors counted 1.25 times. H100, same
    // job (bench/results/h100-2026-11-27-wave9/run1-padding), Bluestein ms with the smooth size vs
    // the power of two: 1000003 fp32 17.5 (2000376 = 126^3) vs 8.0 (2^21, 3 passes each), but 4201
    // fp32 6.05 (8505 = 105 81) vs 9.56 (2^14), 10007 fp64 7.25 (20160 = 36 28 20) vs 7.71 (2^15,
    // 2 passes), 100003 fp64 7.37 (200004, 3 passes) vs 7.88 (2^18, 3 passes): the weight between
    // 1.05 and 1.31 those bound, 1.25 the nearest to where 10007 fp64 nearly ties.
    // fp32 hierarchical passes count by the width of their tiles (hierarchicalPlanCost): over the ten
    // fp32 primes whose padded size that changes, 1.17x faster in geometric mean (24007 7.97 -> 3.45 ms
    // as 2^16 rather than 245 x 196, 131101 9.35 -> 6.80; 9001 4.01 -> 4.54, 300007 6.50 -> 6.90). Not
    // fp64, whose mixed passes of radices 100 and 84 outran 128 x 128 (4201 3.14 vs 4.80 ms; 11 primes
    // 0.96x in all; H200, bench/results/h200-2026-11-29-wave20/run4).
    auto traffic = [&](std::int64_t m) {
        FftRequest inner;
        inner.n = m;
        inner.precision = precision;
        inner.localMemoryBytes = deviceLocalMemoryBytes;
        const Method& method = findMethod("auto").resolve(inner);
        const std::vector<std::int64_t> radices = method.radices(inner);
        std::optional<std::vector<HierarchicalPassShape>> shapes;
        if (&method == &hierarchicalMethod() && precision == ir::ScalarKind::Float)
            shapes = hierarchicalShapes(m, precision, radices, hierarchicalLimitsFor(inner));
        const double passes = shapes ? hierarchicalPlanCost(*shapes, precision)
                                     : static_cast<double>(method.passCount(inner, radices));
        return static_cast<double>(m) * passes * (isPowerOfTwo(m) ? 1.0 : 1.25);
    };
    return traffic(power) <= traffic(smooth) ? power : smooth;
}

bool bluesteinFitsOneKernel(const FftRequest& request) {
    return bluesteinOneKernelShape(bluesteinPaddedSize(request), request.precision, request.radices,
                                   request.localMemoryBytes)
        .has_value();
}

std::int64_t bluesteinPaddedSize(const FftRequest& request) {
    std::int64_t m = request.paddedN > 0 ? request.paddedN
                                         : bluesteinPaddedSize(request.n, request.precision, request.localMemoryBytes);
    if (request.paddedN == 0 && m > kMaxElements / request.batch) m = smallestSmoothPadding(request.n);  // the batch fits
    if (m < rt::bluesteinMinimumPadding(request.n))
        throw Error("Bluestein FFT n=" + std::to_string(request.n) + ": the padded size " + std::to_string(m) +
                    " is below 2n-2 = " + std::to_string(rt::bluesteinMinimumPadding(request.n)));
    if (!unsupportedFactors(m).empty())
        throw Error("Bluestein FFT n=" + std::to_string(request.n) + ": the padded size " + std::to_string(m) +
                    " has the prime factor " + std::to_string(unsupportedFactors(m).front()) +
                    " (its prime factors must be radices: at most 23)");
    if (m > kMaxElements / request.batch)
        throw Error("FFT n=" + std::to_string(request.n) + " with batch=" + std::to_string(request.batch) +
                    " is too large for Bluestein: its padded size m=" + std::to_string(m) +
                    " times the batch must be at most " + std::to_string(kMaxElements));
    return m;
}

namespace {
std::string bluesteinName(BluesteinForm form) {
    switch (form) {
        case BluesteinForm::Fewest: return "bluestein";
        case BluesteinForm::TwoKernels: return "bluestein-two-kernels";
        case BluesteinForm::Steps: return "bluestein-steps";
    }
    return "bluestein";
}

std::string bluesteinDescription(BluesteinForm form) {
    switch (form) {
        case BluesteinForm::Steps:
            return "any n: Bluestein's five steps (chirp, FFT of padded size m, spectrum product, inverse FFT, chirp) as "
                   "separate kernels even where fewer fit";
        case BluesteinForm::TwoKernels:
            return "any n whose padded size m fits the local method: Bluestein in two kernels (chirp, FFT_m, spectrum "
                   "product; FFT_m, chirp) even where one fits";
        case BluesteinForm::Fewest: break;
    }
    return "any n: chirp, FFT of padded size m >= 2n-2, spectrum product, inverse FFT, chirp; one kernel when m fits "
           "one work-group with two arrays of m, two kernels when the FFT of m is one local kernel, else 5 steps around "
           "the FFTs' passes (the default for prime factors above 23)";
}
}  // namespace

BluesteinMethod::BluesteinMethod(BluesteinForm form)
    : Method(bluesteinName(form), bluesteinDescription(form)), form_(form) {}

std::vector<std::int64_t> BluesteinMethod::radices(const FftRequest& request) const { return request.radices; }

void BluesteinMethod::validateRadices(const FftRequest& request) const {
    checkRadices(bluesteinPaddedSize(request), request.radices);
}

std::vector<PassProgram> BluesteinMethod::passes(const FftRequest& request,
                                                 const std::vector<std::int64_t>& radices) const {
    const std::int64_t m = bluesteinPaddedSize(request);
    if (inOneKernel(request)) return {oneKernelPass(request, m, radices)};
    const bool twoKernels = form_ == BluesteinForm::TwoKernels ||
                            (form_ == BluesteinForm::Fewest && withinMeasuredPaddings(m, request.precision));
    const auto shape = twoKernels ? twoKernelShape(request, m, radices) : std::nullopt;
    if (shape)
        return {halfKernelPass(request, m, radices, *shape, BluesteinHalf::Forward),
                halfKernelPass(request, m, radices, *shape, BluesteinHalf::Inverse)};
    if (form_ == BluesteinForm::TwoKernels)
        throw Error("FFT method 'bluestein-two-kernels' cannot do n=" + std::to_string(request.n) +
                    ": its padded size m=" + std::to_string(m) +
                    " is not one local kernel (use --method bluestein)");
    FftRequest forward = nestedFftRequest(request, m, request.batch, rt::FftDirection::Forward);
    forward.radices = radices;
    FftRequest inverse = nestedFftRequest(request, m, request.batch, rt::FftDirection::Inverse);
    inverse.radices = radices;
    // Hierarchical FFTs take the chirp into the forward's first pass's reads, and the spectrum
    // product into the inverse's first pass's reads (65537 fp32 on an H100: 0.59 and 0.74 of 5.0 ms;
    // bench/results/h100-2026-11-27-wave9/run1-padding) or, where the forward's last pass and the
    // inverse's first can be one kernel, into that kernel (hierarchicalConvolutionPasses); the chirp
    // and the truncation into the inverse's last pass's store (FftOutputProduct), which writes n
    // values per transform, not m. Each a kernel fewer than the five steps.
    const bool fused = form_ != BluesteinForm::Steps && findMethod("auto").resolve(forward).name() == "hierarchical";
    const bool fusedOutput = fused && findMethod("auto").resolve(inverse).name() == "hierarchical";
    if (fused) forward.inputProduct = FftInputProduct{"chirpPadded", kChirpPaddedTable, request.n};
    if (fusedOutput) inverse.outputProduct = FftOutputProduct{"chirp", kChirpPostTable, request.n};
    std::vector<PassProgram> out;
    auto convolution = fused ? hierarchicalConvolutionPasses(forward, inverse, FftInputProduct{"spectrum", kSpectrumTable, m},
                                                             "bluestein_")
                             : std::nullopt;
    if (convolution) {
        out = std::move(*convolution);
    } else {
        if (!fused)
            out.push_back(elementwisePass(request, m, "bluesteinChirpPad", "bluestein_chirp_pad", "chirpPadded",
                                          kChirpPaddedTable));
        appendNestedFftPasses(forward, "bluestein_fwd_", out);
        if (fused)
            inverse.inputProduct = FftInputProduct{"spectrum", kSpectrumTable, m};
        else
            out.push_back(elementwisePass(request, m, "bluesteinSpectrumProduct", "bluestein_spectrum_product",
                                          "spectrum", kSpectrumTable));
        appendNestedFftPasses(inverse, "bluestein_inv_", out);
    }
    if (!fusedOutput)
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
