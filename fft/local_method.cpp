// The local-memory FFT method (see local_method.hpp): composition in the language, lowering by
// the lower-local-fft strategy.
#include "fft/local_method.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>

#include "ir/elaborate.hpp"
#include "ir/error.hpp"
#include "fft/fft_syntax.hpp"
#include "fft/embedded_sources.hpp"
#include "fft/local_fft_lowering.hpp"
#include "fft/radix_factorization.hpp"
#include "rewrite/rule.hpp"
#include "ir/precision.hpp"

namespace liftcl::fft {

namespace {

// stockhamTwPassAdjusted (fft/lift/local.lift) and what it uses (prelude.lift), parsed once.
const ir::Module& localFftLibrary() {
    static const ir::Module module = embeddedModule({"prelude.lift", "local.lift"});
    return module;
}

// iterate groups of equal consecutive radices: p^(i+1) after the product of the earlier ones; each
// pass applied to one transform, or with `overGroup` mapped over a group's transforms.
ir::SyntaxP localPasses(std::int64_t n, const std::vector<std::int64_t>& radices, bool overGroup) {
    using namespace syntax;
    std::vector<ir::SyntaxP> groups;  // the last pass group first (composition order)
    std::int64_t done = 1;
    for (std::size_t k = 0; k < radices.size();) {
        const std::int64_t p = radices[k];
        std::size_t count = 0;
        while (k + count < radices.size() && radices[k + count] == p) ++count;
        // stockhamTwPassAdjusted(n, done * p^(i+1), p)
        const ir::SyntaxP L = binary(nat(done), "*", binary(nat(p), "^", binary(name("i"), "+", nat(1))));
        ir::SyntaxP pass = call("stockhamTwPassAdjusted", {nat(n), L, nat(p)});
        if (overGroup) pass = map(pass);
        groups.insert(groups.begin(), iterate("i", nat(static_cast<std::int64_t>(count)), pass));
        for (std::size_t c = 0; c < count; ++c) done *= p;
        k += count;
    }
    return compose(std::move(groups));
}

}  // namespace

std::vector<std::int64_t> chooseLocalRadices(std::int64_t n) {
    if (n < 2) return {};
    if (!isPowerOfTwo(n)) {
        // Mixed sizes: the power of two's radices, then one pass per odd prime factor (the radix
        // primes, smallest first).
        if (!unsupportedFactors(n).empty()) return {};
        std::int64_t twos = 1;
        while (n % (2 * twos) == 0) twos *= 2;
        const std::vector<std::int64_t> largestFirst = oddRadixFactors(n);
        const std::vector<std::int64_t> odd(largestFirst.rbegin(), largestFirst.rend());
        // Up to 16 the power of two is one radix (H100, 1680 fp32: 16,3,5,7 0.77 ms, 4,4,3,5,7 0.96 ms).
        std::vector<std::int64_t> radices = twos > 16 ? chooseLocalRadices(twos)
                                            : twos > 1 ? std::vector<std::int64_t>{twos}
                                                       : std::vector<std::int64_t>{};
        radices.insert(radices.end(), odd.begin(), odd.end());
        return radices;
    }
    int bits = 0;
    while ((std::int64_t{1} << bits) < n) ++bits;
    if (bits >= 10) {
        // A radix-16 first pass, then 8s (a 16 last for one bit more): one pass fewer than 8s and 4s
        // (H100, 1024 fp32: 16,8,8 0.37 ms, 8,8,4,4 0.47 ms; 2048: 16,8,16 0.40 ms, 8,8,8,4 0.44 ms).
        std::vector<std::int64_t> radices{16};
        int rest = bits - 4;
        while (rest >= 3) radices.push_back(8), rest -= 3;
        if (rest == 1) radices.back() = 16;
        if (rest == 2) radices.push_back(4);
        return radices;
    }
    std::vector<std::int64_t> radices(static_cast<std::size_t>(bits / 3), 8);
    if (bits % 3 == 2) radices.push_back(4);
    if (bits % 3 == 1) {
        if (radices.empty()) {
            radices.push_back(2);
        } else {
            radices.back() = 4;
            radices.push_back(4);
        }
    }
    return radices;
}

std::vector<std::int64_t> exchangeRangesRadices(std::int64_t n) {
    std::vector<std::int64_t> radices;
    std::int64_t rest = n;
    while (rest % 16 == 0 && rest > 16) radices.push_back(16), rest /= 16;
    if (rest == 2 && !radices.empty()) radices.back() = 8, rest = 4;  // one bit left: 4, 8 for a 16
    radices.push_back(rest);
    std::reverse(radices.begin(), radices.end());
    return radices;
}

bool padsLocalArraysByDefault(std::int64_t n, ir::ScalarKind precision) {
    return precision == ir::ScalarKind::Double || isPowerOfTwo(n) || (n & -n) >= 64;
}

std::int64_t plannedLocalMemoryBytes(std::int64_t deviceLocalMemoryBytes) {
    const std::int64_t measured = LocalFftLimits{}.localMemoryBytes;
    return deviceLocalMemoryBytes > 0 ? std::min(measured, deviceLocalMemoryBytes) : measured;
}

LocalFftLimits localMethodLimits(std::optional<bool> byComponents, std::optional<bool> padding,
                                 std::int64_t deviceLocalMemoryBytes) {
    LocalFftLimits limits;
    limits.localMemoryBytes = plannedLocalMemoryBytes(deviceLocalMemoryBytes);
    limits.maxExchangeRanges = 2;
    limits.fp64MixedByComponents = true;
    limits.preferInPlace = true;
    limits.byComponents = byComponents;
    limits.padLocalArrays = padding;
    return limits;
}

std::optional<LocalFftShape> localFftShape(std::int64_t n, ir::ScalarKind precision,
                                           std::vector<std::int64_t> radices,
                                           const LocalFftLimits& limits, std::int64_t batch, bool inverse) {
    const bool defaultRadices = radices.empty();
    if (defaultRadices) radices = chooseLocalRadices(n);
    if (radices.empty()) return std::nullopt;
    if (defaultRadices && precision == ir::ScalarKind::Float && radices.size() > 1 && radices.front() == 16 &&
        !isPowerOfTwo(n)) {
        // The first pass sets the work-items (one per butterfly): n/16 first leaves 1680 105 of
        // them; the odd radices first give 256 and the radix-16 pass last (H100, fp32 ms: 1680
        // 0.626 -> 0.544, 5040 0.618 -> 0.605, 6000 0.800 -> 0.734; in fp64 slower, 1680 0.527
        // -> 1.049; a radix 8 stays first, 3000 0.580 vs 0.638-0.668;
        // bench/results/h100-2026-11-27-wave7/run6-radix-order).
        std::rotate(radices.begin(), radices.begin() + 1, radices.end());
        // The odd radices largest first (H100, fp32 us: 720 3,3,5,16 499 -> 5,3,3,16 429, 1200 567
        // -> 469, 1680 515 -> 431, 6000 427 -> 404; but 5040 525 -> 540, whose best measured was
        // 16,7,5,3,3 at 484; bench/results/h100-2026-11-27-wave12/run3-radix-orders, run4).
        std::vector<std::int64_t> odd;
        for (const auto p : radices)
            if (p % 2 == 1) odd.push_back(p);
        std::sort(odd.begin(), odd.end(), std::greater<>());
        auto next = odd.begin();
        for (auto& p : radices)
            if (p % 2 == 1) p = *next++;
    } else if (defaultRadices && precision == ir::ScalarKind::Float && radices.size() > 1 && !isPowerOfTwo(n) &&
               n % 2 == 0 && !padsLocalArraysByDefault(n, precision) && !limits.byComponents.value_or(false) &&
               n * ir::complexBytes(precision) <= limits.localMemoryBytes) {
        // Unpadded even fp32 mixed sizes whose power of two is not a 16 and whose points fit one array:
        // the odd radices first, largest first, the power of two last (one radix, or the bits over
        // 16 then a 16), as the 16 above (H200, fp32 ms: 3000 8,3,5,5,5 0.412 -> 5,5,5,3,8 0.358,
        // 2520 0.422 -> 0.339, 2016 8,4,3,3,7 0.440 -> 7,3,3,2,16 0.375, 1500 0.354 -> 0.335, 4000
        // 0.442 -> 0.405; bench/results/h200-2026-11-28-wave15/run8-orders, run9-odd-first). Not
        // sizes exchanged by components: 7000 0.502 -> 0.555, 10080 0.512 -> 0.920 (9000 0.547 -> 0.516).
        const std::int64_t twos = n & -n;
        radices = oddRadixFactors(n);
        if (twos > 16) radices.push_back(twos / 16);
        radices.push_back(std::min<std::int64_t>(twos, 16));
    }
    std::int64_t product = 1;
    for (auto p : radices) {
        if (p < 2) return std::nullopt;
        product *= p;
    }
    if (product != n) return std::nullopt;
    LocalFftShape shape;
    shape.n = n;
    shape.radices = radices;
    // A work-item per butterfly of the first pass, at most maxItemsPerTransform of them: the
    // passes after it (smaller radices, more butterflies) take several shares each, and the most
    // work-items shorten them most (H100, ms: 3000 fp32 188 items 0.612, 256 0.582; 5040 fp32 158
    // 0.741, 256 0.618; 6000 fp32 188 0.890, 256 0.803; 5040 fp64 158 2.15, 256 1.21;
    // bench/results/h100-2026-11-27-wave7/run3-items).
    const std::int64_t firstButterflies = n / radices.front();
    auto setItems = [&](std::int64_t items) {
        shape.workGroupSize = std::min(firstButterflies, items);
        shape.firstPassShares = (firstButterflies + shape.workGroupSize - 1) / shape.workGroupSize;
    };
    setItems(limits.itemsPerTransform > 0 ? limits.itemsPerTransform : limits.maxItemsPerTransform);
    // Every pass between the first (reading global memory) and the last (writing it) reads its
    // input into private memory first, so codegen can write it in place (CodegenOptions::localInPlace):
    // one __local array, when a work-item's share of each pass (ceil(n / p / work-items)
    // butterflies) stays within the copies codegen allows: where two ping-pong arrays do not fit, and
    // where they do with preferInPlace.
    std::int64_t copies = 1;
    for (auto p : radices) copies = std::max(copies, (n / p + shape.workGroupSize - 1) / shape.workGroupSize);
    const bool canWriteInPlace = limits.inPlace && copies <= codegen::CodegenOptions{}.localInPlaceMaxCopies;
    auto arraysFor = [&](bool inPlace) -> std::int64_t {
        return radices.size() >= 3 ? (inPlace ? 1 : 2) : radices.size() == 2 ? 1 : 0;
    };
    std::int64_t arrays = arraysFor(false);
    // 128-byte rows of 32 banks: strides of 1, 2, 4, 8 elements hit different banks once padded.
    const bool padArrays = limits.padLocalArrays.value_or(padsLocalArraysByDefault(n, precision));
    const std::int64_t padding = padArrays ? 128 / ir::complexBytes(precision) : 0;
    shape.localPaddingEvery = padding;
    std::int64_t bytesPerPoint = ir::complexBytes(precision);
    auto localBytes = [&](std::int64_t transforms) {
        const std::int64_t elements = transforms * n;
        const std::int64_t padded = shape.localPaddingEvery ? elements + (elements - 1) / shape.localPaddingEvery : elements;
        return arrays * ((padded + shape.exchangeRanges - 1) / shape.exchangeRanges) * bytesPerPoint;
    };
    shape.localBytes = localBytes(1);
    if ((limits.preferInPlace || shape.localBytes > limits.localMemoryBytes) && canWriteInPlace &&
        arraysFor(true) < arrays) {
        shape.inPlace = true;
        arrays = arraysFor(true);
        shape.localBytes = localBytes(1);
    }
    if (shape.localBytes > limits.localMemoryBytes && shape.localPaddingEvery) {
        // Unpadded arrays still fit (3000 fp32: 2 x 24000 B of 48 KiB): bank conflicts beat passes
        // through global memory.
        shape.localPaddingEvery = 0;
        shape.localBytes = localBytes(1);
    }
    // (An inverse transform's conjugations are nests of n / work-items shares.)
    const std::int64_t splitShares = std::max(copies, (n + shape.workGroupSize - 1) / shape.workGroupSize);
    // fp64 even mixed sizes by components, their points private, only where their one array fits
    // only unpadded (3000: 48000 bytes): in one padded array of complex points they ran faster
    // everywhere it fits (H200, us, by components -> one array: 720 403 -> 331, 1008 359 -> 331, 1200
    // 420 -> 327, 1500 444 -> 379, 1680 361 -> 333, 2016 409 -> 342, 2400 457 -> 341, 2520 437 -> 358;
    // 3000 395 -> 438; bench/results/h200-2026-12-01-wave23/run3). (On an H100, before the fp64
    // twiddle tables left local memory, components had won: 720 520 -> 415, 1200 599 -> 448;
    // bench/results/h100-2026-11-28-wave14.) Beyond one array they go by components as any size.
    const bool componentsPreferred =
        limits.byComponents ? *limits.byComponents
                            : limits.fp64MixedByComponents && precision == ir::ScalarKind::Double && !isPowerOfTwo(n) &&
                                  n % 2 == 0 && padding && !shape.localPaddingEvery;
    if ((shape.localBytes > limits.localMemoryBytes || componentsPreferred) && limits.splitExchange && arraysFor(true) > 0 &&
        splitShares <= codegen::CodegenOptions{}.localSplitExchangeMaxShares) {
        // One array of the points' components (codegen/local_split_exchange.cpp), padded again.
        shape.inPlace = false;
        shape.splitExchange = true;
        shape.localPaddingEvery = padding;
        arrays = 1;
        bytesPerPoint = ir::complexBytes(precision) / 2;
        shape.localBytes = localBytes(1);
        if (shape.localBytes > limits.localMemoryBytes) {
            shape.localPaddingEvery = 0;
            shape.localBytes = localBytes(1);
        }
        // Register boost: the components in rounds of index ranges, the points private meanwhile
        // (padded again; one work-item per first-pass butterfly up to the limit, never halved).
        const bool privateFits = splitShares * ir::complexBytes(precision) <= limits.maxExchangePrivateBytes;
        for (std::int64_t ranges = 2; shape.localBytes > limits.localMemoryBytes && privateFits &&
                                      ranges <= limits.maxExchangeRanges && radices.size() > 1;
             ranges *= 2) {
            shape.exchangeRanges = ranges;
            shape.localPaddingEvery = padding;
            shape.localBytes = localBytes(1);
        }
    }
    if (shape.localBytes > limits.localMemoryBytes) return std::nullopt;
    if (shape.splitExchange && shape.exchangeRanges == 1 && precision == ir::ScalarKind::Double &&
        limits.itemsPerTransform == 0 && !isPowerOfTwo(n)) {
        // fp64 mixed sizes by components hold many registers per work-item: at most 128 work-items
        // and whole warps of 32, so more work-groups share a multiprocessor and one computes while
        // another waits at a barrier (H200, us: 2016 410 -> 398, 2520 482 -> 432, 3000 445 -> 391,
        // 5040 652 -> 592, 6000 702 -> 659; 1200's 75 first-pass butterflies on 64 work-items 435 ->
        // 417, 1680's 105 on 96 391 -> 358; not below 64: 1008 on 32 355 -> 390;
        // bench/results/h200-2026-11-28-wave16/run4-items). Powers of two keep one per butterfly
        // (4096: 256 work-items 297 us, 128 306, 64 441; run6-15120; the H100's wave-7 kernels had
        // gained by halving them, 0.531 -> 0.460 ms).
        const std::int64_t fewer = std::min<std::int64_t>(shape.workGroupSize, 128) / 32 * 32;
        if (fewer >= 64 && (n + fewer - 1) / fewer <= codegen::CodegenOptions{}.localSplitExchangeMaxShares)
            setItems(fewer);
    }
    if (shape.splitExchange && defaultRadices && isPowerOfTwo(n)) {
        // Each exchange costs four barriers: the fewest passes, radix 16 with the bits left as one
        // last pass (H100, 4096 fp64: 16,16,16 0.567 ms, 16,8,8,4 0.651; 8192 fp32 since the tables
        // are copied from the host: 16,16,16,2 0.447, 16,8,8,8 0.529, 16,16,2,16 0.490;
        // bench/results/h100-2026-11-27-wave7/run11-next).
        std::vector<std::int64_t> fewest;
        std::int64_t rest = n;
        while (rest % 16 == 0) fewest.push_back(16), rest /= 16;
        if (rest > 1) fewest.push_back(rest);
        if (fewest != radices) {
            auto fewer = localFftShape(n, precision, fewest, limits, batch, inverse);
            if (fewer && fewer->exchangeRanges > 1) {
                // In rounds of ranges the bits left go first, as a 4 or 8 (two bits left: 4; three: 8;
                // one: 4, 8 for a 16) before the 16s (H100, us: 8192 fp64 16,16,16,2 479, 4,8,16,16
                // 431, 8,8,8,16 434; 16384 fp32 16,16,16,4 476, 4,16,16,16 467;
                // bench/results/h100-2026-11-28-wave14/run2-unrolled-shares).
                if (auto boosted = localFftShape(n, precision, exchangeRangesRadices(n), limits, batch, inverse);
                    boosted && boosted->exchangeRanges > 1)
                    return boosted;
            }
            if (fewer && fewer->splitExchange) return fewer;
        }
    }
    // Tables read in global memory (localFftCodegenOptions): every pass has its table, none takes
    // __local memory.
    shape.tablesInGlobal =
        limits.twiddleTables && (precision == ir::ScalarKind::Float || limits.fp64TablesInGlobal);
    std::int64_t L = radices.front();
    for (std::size_t k = 1; limits.twiddleTables && k < radices.size(); ++k) {
        L *= radices[k];
        const std::int64_t bytes = L * complexBytes(precision);
        if (!shape.tablesInGlobal && shape.localBytes + shape.tableBytes + bytes > limits.localMemoryBytes) break;
        shape.tableBytes += bytes;
    }
    const std::int64_t localTableBytes = shape.tablesInGlobal ? 0 : shape.tableBytes;
    if (shape.workGroupSize > limits.maxWorkGroupSize) return std::nullopt;
    // Small transforms leave work-groups (and the GPU's cores) nearly empty: group them.
    const std::int64_t itemsPerTransform = inverse ? n : shape.workGroupSize;
    auto fits = [&](std::int64_t t) {
        return batch % t == 0 && t * itemsPerTransform <= limits.targetWorkGroupSize &&
               t * itemsPerTransform <= limits.maxWorkGroupSize &&
               localBytes(t) + localTableBytes <= limits.localMemoryBytes;
    };
    while (fits(2 * shape.transformsPerGroup)) shape.transformsPerGroup *= 2;
    // A batch with few factors of two (odd: 1864135 transforms of 8 points ran one work-item per
    // work-group, 1126 us for 0.24 GB, H200 wave 21 exp1) takes its largest divisor that fits where
    // the powers of two leave the work-group under half the target.
    if (2 * shape.transformsPerGroup * itemsPerTransform < limits.targetWorkGroupSize)
        for (std::int64_t t = limits.targetWorkGroupSize / itemsPerTransform; t > shape.transformsPerGroup; --t)
            if (fits(t)) {
                shape.transformsPerGroup = t;
                break;
            }
    shape.workGroupSize *= shape.transformsPerGroup;
    shape.localBytes = localBytes(shape.transformsPerGroup) + localTableBytes;
    return shape;
}

std::optional<ir::Program> composeLocalMemoryFftHighLevel(std::int64_t n, std::int64_t batch,
                                                          ir::ScalarKind precision, bool inverse,
                                                          std::vector<std::int64_t> radices,
                                                          const LocalFftLimits& limits, bool scale) {
    if (scale && !inverse) throw Error("local-memory FFT: only an inverse transform can be scaled");
    if (batch < 1) throw Error("local-memory FFT: the batch must be positive");
    auto shape = localFftShape(n, precision, std::move(radices), limits, batch, inverse);
    if (!shape) return std::nullopt;
    using namespace syntax;
    const bool grouped = shape->transformsPerGroup > 1;
    auto overGroup = [&](ir::SyntaxP f) { return grouped ? map(std::move(f)) : f; };
    ir::SyntaxP fft = localPasses(n, shape->radices, grouped);
    if (inverse) {
        // DFT^-1 x = conj(DFT conj(x)) (/ n)
        const ir::SyntaxP post = map(scale ? inverseOutput("e", true, n) : name("cconj"));
        fft = compose({overGroup(post), fft, overGroup(map(name("cconj")))});
    }
    const std::string defName = fmt::format("localFft{}{}{}", inverse ? "Inv" : "", scale ? "Scaled" : "", n);
    const ir::SyntaxP batchMap =
        grouped ? apply(compose({join(), map(fft), split(shape->transformsPerGroup)}), name("xs"))
                : apply(map(fft), name("xs"));
    ir::Module module = localFftLibrary();
    module.definitions.push_back(definition(defName, {"n", "b"}, lambda("xs", batchOf("complex", name("n")), batchMap)));
    ir::ElaborateOptions options;
    options.precision = precision;
    options.natValues = {{"n", ir::Arith(n)}, {"b", ir::Arith(batch)}};
    return ir::elaborateDefinition(module, defName, options);
}

std::optional<ir::Program> composeLocalMemoryFft(std::int64_t n, std::int64_t batch,
                                                 ir::ScalarKind precision, bool inverse,
                                                 std::vector<std::int64_t> radices,
                                                 const LocalFftLimits& limits, bool scale) {
    auto program = composeLocalMemoryFftHighLevel(n, batch, precision, inverse, radices, limits, scale);
    if (!program) return std::nullopt;
    rewrite::typecheckTree(program->body);
    const auto shape = localFftShape(n, precision, radices, limits, batch, inverse);
    // The butterflies' dense DFT_p products become radix-4/2 layers before the lowering unrolls them.
    auto factored = rewrite::factorDftProducts()(program->body);
    if (!factored) throw Error("factor-dft failed on " + program->name);
    rewrite::typecheckTree(factored->root);
    auto lowered = (shape->transformsPerGroup > 1 ? rewrite::lowerGroupedLocalFft() : rewrite::lowerLocalFft())(factored->root);
    if (!lowered) throw Error("lower-local-fft failed on " + program->name);
    rewrite::typecheckTree(lowered->root);
    program->body = std::get<ir::FunP>(lowered->root);
    return program;
}

bool keepShareTests(bool components, ir::ScalarKind precision, const std::vector<std::int64_t>& radices) {
    const std::int64_t largest = radices.empty() ? 0 : *std::max_element(radices.begin(), radices.end());
    return largest >= 16 && (components || precision == ir::ScalarKind::Double);
}

codegen::CodegenOptions localFftCodegenOptions(const LocalFftShape& shape, ir::ScalarKind precision,
                                               codegen::TwiddleMode twiddles) {
    codegen::CodegenOptions options;
    options.precision = precision;
    options.twiddles = twiddles;
    options.localGeneratorTableBytes = twiddles == codegen::TwiddleMode::Local ? shape.tableBytes : 0;
    // The tables copied from host-computed table arguments, not computed by each work-group (H100,
    // ms: 4096 fp32 0.415 -> 0.393, 8192 fp32 0.582 -> 0.534, 4096 fp64 0.452 -> 0.440;
    // bench/results/h100-2026-11-27-wave7/run8-host-tables).
    options.localTablesFromHost = true;
    options.generatorTablesInGlobal = shape.tablesInGlobal;
    // DFT_p (constant indices after unrolling) folded; the twiddles between passes, indexed by the
    // work-item, computed with sincos rather than read from __constant (serialized on NVIDIA).
    options.tablesAtConstantIndicesOnly = true;
    options.maxLocalSize = shape.workGroupSize;
    options.localPaddingEvery = shape.localPaddingEvery;
    options.localInPlace = shape.inPlace;
    options.localSplitExchange = shape.splitExchange;
    options.localSplitExchangeRanges = shape.exchangeRanges;
    // (Not with rounds of ranges: 8192 fp64 0.929 -> 0.591 ms, 16384 fp32 1.238 -> 0.655;
    // bench/results/h100-2026-11-28-wave14/run1-register-boost.)
    options.localShareTests = keepShareTests(shape.splitExchange, precision, shape.radices) && shape.exchangeRanges == 1;
    options.workGroupPerIteration = true;  // no __local addresses held across transforms
    return options;
}

}  // namespace liftcl::fft
