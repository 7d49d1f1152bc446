#include "fft/auto_method.hpp"

#include "fft/hierarchical_method.hpp"
#include "fft/local_method.hpp"
#include "fft/rader_method.hpp"
#include "fft/rader_one_kernel.hpp"
#include "fft/radix_factorization.hpp"

namespace liftcl::fft {

namespace {

bool raderTakesRadices(const FftRequest& request);

class AutoMethod final : public Method {
public:
    AutoMethod()
        : Method("auto", "local when the transform fits one work-group's local memory, else hierarchical (2 or 3 "
           "large-radix passes), else stockham; a prime n from 17 to 23 as one dense DFT pass (stockham); "
           "rader in one kernel for a prime above 128 whose n-1 fits one work-group, bluestein for other prime "
           "factors above 23") {}
    const Method& resolve(const FftRequest& request) const override;
    // A prime that auto gives to Rader takes the radices of its FFTs of n-1, as --method rader.
    void validateRadices(const FftRequest& request) const override {
        if (raderTakesRadices(request)) return findMethod("rader").validateRadices(request);
        Method::validateRadices(request);
    }
    std::vector<std::int64_t> radices(const FftRequest& request) const override {
        return resolve(request).radices(request);
    }
    std::vector<PassProgram> passes(const FftRequest& request, const std::vector<std::int64_t>& radices) const override {
        return resolve(request).passes(request, radices);
    }
    std::size_t passCount(const FftRequest& request, const std::vector<std::int64_t>& radices) const override {
        return resolve(request).passCount(request, radices);
    }
};

bool raderTakesRadices(const FftRequest& request) { return request.n > 128 && isRaderSize(request.n); }

const Method& AutoMethod::resolve(const FftRequest& request) const {
    // A small prime: one pass of one dense DFT_n per transform.
    if (isDirectDftSize(request.n) && request.radices.empty()) return findMethod("stockham");
    // A prime above 128 whose p-1 is a local size: Rader in one kernel, FFTs of p-1 points rather
    // than Bluestein's 2p-2 or more (H100, ms, Rader vs Bluestein's one or two kernels: fp32 257 1.09
    // vs 1.52, 641 1.47 vs 3.15, 1009 1.60 vs 2.03, 1601 1.67 vs 2.27; fp64 257 1.42 vs 1.70, 769 1.61
    // vs 2.11). Not below: 97 fp32 ran 2.04 vs 1.88 and its error was 1.12x cuFFT's (fp64 1.15x;
    // bench/results/h100-2026-11-27-wave9 run4-run6).
    // Given radices (of n-1) also choose Rader: its five steps where they do not fit one kernel.
    if (raderTakesRadices(request) &&
        (!request.radices.empty() || raderOneKernelShape(request.n, request.precision, request.radices, request.localMemoryBytes)))
        return findMethod("rader");
    if (!unsupportedFactors(request.n).empty()) return findMethod("bluestein");
    const auto local =
        localFftShape(request.n, request.precision, request.radices, localMethodLimits(request.localByComponents, request.localPadding, request.localMemoryBytes));
    // --radices of one-pass kernels (2..16) keep their meaning: Stockham passes of those radices.
    // Hierarchical measured 1.6-6.7x faster than Stockham on an H200 in fp64 too, 1.8x at 2^12
    // (bench/results/hierarchical_notes.md).
    const bool hierarchical = request.radices.empty() && hierarchicalMethodFits(request);
    // A local kernel whose first pass is shared out over fewer work-items than butterflies (n/p0 >
    // 256) ran slower than two hierarchical passes on an H100: 3000/5040/6000 fp32 1.56-1.60 ms
    // local, hierarchical 5040/6000 fp64 1.05-1.08 ms, 10080 fp32 1.14 ms
    // (bench/results/h100-2026-11-25-wave2).
    // Kernels exchanging a component at a time are the one-kernel form of powers of two whose
    // hierarchical passes ran slower (H100: 8192 fp32 0.59 ms local, 0.82 hierarchical; 4096 fp64
    // 0.65, 0.78); for mixed sizes they ran far slower (5040 fp64 3.95 ms, 1.05; 7000 fp32 2.41,
    // 1.34: many shares of small butterflies per work-item; bench/results/h100-2026-11-25-wave3).
    // Since its kernels take one transform per work-group without a loop (CodegenOptions::
    // workGroupPerIteration: 3000 fp32 228 -> 56 registers), the local form of fp32 mixed sizes in
    // one array beats the two hierarchical passes (H100, ms: 3000 0.612 vs 1.033, 5040 0.742 vs
    // 0.986, 6000 0.890 vs 0.994), not yet in fp64 (3000 1.10 vs 1.00, 5040 2.15 vs 0.93;
    // bench/results/h100-2026-11-26-wave6/run8-one-trip). fp64 mixed sizes by components (7000 in
    // two rounds) now beat them (3000 0.901 -> 0.483 ms, 5040 0.892 -> 0.677, 7000 1.095 -> 0.895;
    // localFftShape; bench/results/h100-2026-11-28-wave14/run4-mixed-exchange, run6), and so do fp32
    // mixed sizes by components in one round since every share is written out (7000 1.151 -> 0.741,
    // 10080 1.061 -> 0.661; in two rounds slower: 0.964, 2.045; run8-fp32-large-mixed; 6300 1.835
    // -> 0.750, 8000 1.017 -> 0.747, 9000 1.125 -> 0.768; not odd sizes: 11025 1.063 -> 1.683,
    // run9-fp32-components-final).
    // Odd fp64 sizes too, now that their hierarchical tiles take up to 16 columns, while the kernel
    // has at most 5 passes (H200, ms, local vs hierarchical: 4199 0.796 vs 1.050, 3315 0.838 vs 4.551,
    // 5005 0.716 vs 0.752, 6435 1.086 vs 1.306; 6561 = 3^8 in eight passes 1.870 vs 1.073;
    // bench/results/h200-2026-11-29-wave20/run2, run3).
    const bool oddDoubleLocal = request.n % 2 == 1 && request.precision == ir::ScalarKind::Double && local &&
                                local->radices.size() <= 5;
    // fp64 even mixed sizes in one array, even where their first pass is shared out, rather than
    // two hierarchical passes (H200, us: 1500 379 vs 711, 2520 355 vs 686;
    // bench/results/h200-2026-12-01-wave23/run2, --tune).
    const bool preferLocal =
        local && (local->splitExchange ? isPowerOfTwo(request.n) ||
                                             (request.n % 2 == 0 && (request.precision == ir::ScalarKind::Double ||
                                                                     local->exchangeRanges == 1)) ||
                                             oddDoubleLocal
                                       : local->firstPassShares == 1 || request.precision == ir::ScalarKind::Float ||
                                             (request.n % 2 == 0 && !isPowerOfTwo(request.n)));
    if (local && (preferLocal || !hierarchical)) return findMethod("local");
    return findMethod(hierarchical ? "hierarchical" : "stockham");
}

}  // namespace

const Method& autoMethod() {
    static const AutoMethod method;
    return method;
}

}  // namespace liftcl::fft
