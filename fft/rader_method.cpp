#include "fft/rader_method.hpp"

#include "fft/embedded_sources.hpp"
#include "fft/local_fft_slots.hpp"
#include "fft/radix_factorization.hpp"
#include "fft/rader_one_kernel.hpp"
#include "ir/elaborate.hpp"
#include "ir/error.hpp"

namespace liftcl::fft {

namespace {

const ir::Module& raderLibrary() {
    static const ir::Module module = embeddedModule({"rader.lift"});
    return module;
}

// The plan's table names (also the kernel arguments, as named in rader.lift).
constexpr const char* kInputIndex = "inputIndex";
constexpr const char* kSpectrum = "spectrum";
constexpr const char* kSpectrumIndex = "spectrumIndex";
constexpr const char* kOutputIndex = "outputIndex";
// The one kernel's tables (one transform's): the plan's names; its arguments are the names above.
constexpr const char* kRowInputIndex = "rowInputIndex";
constexpr const char* kRowSpectrum = "rowSpectrum";
constexpr const char* kRowOutputIndex = "rowOutputIndex";

// One gather step of rader.lift: a single mapGlb over the batch.
PassProgram gatherPass(const FftRequest& request, const std::string& definition, const std::string& name,
                       const std::vector<std::string>& tables) {
    PassProgram pass = globalStepPass(request, raderLibrary(), definition, name,
                                      {{"n", ir::Arith(request.n)}, {"L", ir::Arith(request.n - 1)}, {"b", ir::Arith(request.batch)}});
    for (const auto& t : tables) pass.tables[t] = t;
    return pass;
}

}  // namespace

void checkRaderSize(const FftRequest& request) {
    const std::int64_t n = request.n;
    const std::string what = "Rader FFT n=" + std::to_string(n) + ": ";
    if (n < 3 || !isPrime(n)) throw Error(what + "n must be an odd prime (use bluestein or auto for other sizes)");
    if (!unsupportedFactors(n - 1).empty())
        throw Error(what + "n-1 = " + std::to_string(n - 1) + " has the prime factor " +
                    std::to_string(unsupportedFactors(n - 1).front()) +
                    " (its prime factors must be radices: at most 23; use bluestein)");
}

bool isRaderSize(std::int64_t n) { return n >= 3 && isPrime(n) && unsupportedFactors(n - 1).empty(); }

namespace {

// The five steps' limits: their intermediates (2 rows of n-1 per transform) and, in fp32, their
// index tables' exact integers (the one kernel's tables hold one transform's indices).
void checkStepsBatch(const FftRequest& request) {
    const std::int64_t n = request.n;
    const std::string what = "Rader FFT n=" + std::to_string(n) + ": ";
    if (2 * (n - 1) > kMaxElements / request.batch)
        throw Error(what + "batch=" + std::to_string(request.batch) + " is too large: 2(n-1) times the batch must be at most " +
                    std::to_string(kMaxElements));
    if (request.precision == ir::ScalarKind::Float && 2 * (n - 1) * request.batch >= (std::int64_t{1} << 24))
        throw Error(what + "batch=" + std::to_string(request.batch) +
                    " is too large for fp32 index tables: 2(n-1) times the batch must be below 2^24 (use bluestein)");
}

std::string raderDescription(RaderForm form) {
    if (form == RaderForm::Steps)
        return "prime n whose n-1 has prime factors up to 23: permutation, FFT of size n-1, spectrum product, inverse "
               "FFT, inverse permutation as separate kernels";
    return "prime n whose n-1 has prime factors up to 23: one kernel when the FFT of size n-1 fits one work-group "
           "three times over (twice, written in place), else permutation, FFT of size n-1, spectrum product, inverse FFT, inverse permutation as "
           "separate kernels";
}
}  // namespace

RaderMethod::RaderMethod(RaderForm form)
    : Method(form == RaderForm::Steps ? "rader-steps" : "rader", raderDescription(form)), form_(form) {}

bool RaderMethod::inOneKernel(const FftRequest& request) const {
    return form_ == RaderForm::Fewest &&
           raderOneKernelShape(request.n, request.precision, request.radices, request.localMemoryBytes).has_value();
}

std::vector<std::int64_t> RaderMethod::radices(const FftRequest& request) const { return request.radices; }

void RaderMethod::validateRadices(const FftRequest& request) const {
    checkRaderSize(request);
    checkRadices(request.n - 1, request.radices);
}

std::vector<PassProgram> RaderMethod::passes(const FftRequest& request, const std::vector<std::int64_t>& radices) const {
    checkRaderSize(request);
    if (inOneKernel(request)) {
        const auto shape = raderOneKernelShape(request.n, request.precision, radices, request.localMemoryBytes);
        PassProgram pass;
        pass.name = "rader_local";
        pass.program =
            std::move(*composeRaderOneKernel(request.n, request.batch, request.precision, radices, request.localMemoryBytes));
        pass.options = localFftCodegenOptions(*shape, request.precision, localKernelTwiddles(request.twiddles, *shape));
        pass.options.kernelName = pass.name;
        pass.options.sourceFile = pass.name + ".cl";
        pass.radix = shape->radices.front();
        pass.radices = shape->radices;
        pass.tables = {{kInputIndex, kRowInputIndex}, {kSpectrum, kRowSpectrum}, {kOutputIndex, kRowOutputIndex}};
        return {pass};
    }
    checkStepsBatch(request);
    std::vector<PassProgram> out;
    out.push_back(gatherPass(request, "raderPermute", "rader_permute", {kInputIndex}));
    // The FFTs of size p - 1 run over 2*batch rows: each transform's row and its carry row (x[0], X[0]).
    FftRequest forward = nestedFftRequest(request, request.n - 1, 2 * request.batch, rt::FftDirection::Forward);
    forward.radices = radices;
    appendNestedFftPasses(forward, "rader_fwd_", out);
    out.push_back(gatherPass(request, "raderSpectrumProduct", "rader_spectrum_product", {kSpectrum, kSpectrumIndex}));
    FftRequest inverse = nestedFftRequest(request, request.n - 1, 2 * request.batch, rt::FftDirection::Inverse);
    inverse.radices = radices;
    appendNestedFftPasses(inverse, "rader_inv_", out);
    out.push_back(gatherPass(request, "raderUnpermute", "rader_unpermute", {kOutputIndex}));
    return out;
}

PlanResources RaderMethod::resources(const FftRequest& request) const {
    checkRaderSize(request);
    if (inOneKernel(request)) {
        PlanResources r;
        r.tables = {{kRowInputIndex, "rader-row-input-index", request.n - 1},
                    {kRowSpectrum, "rader-row-spectrum", request.n - 1},
                    {kRowOutputIndex, "rader-row-output-index", request.n}};
        return r;
    }
    checkStepsBatch(request);
    const std::int64_t rows = 2 * (request.n - 1) * request.batch;
    PlanResources r;
    r.workN = 2 * (request.n - 1);
    r.tables = {{kInputIndex, "rader-input-index", rows},
                {kSpectrum, "rader-spectrum", rows},
                {kSpectrumIndex, "rader-spectrum-index", rows},
                {kOutputIndex, "rader-output-index", request.n * request.batch}};
    return r;
}

}  // namespace liftcl::fft
