#include "fft/fft_variant_space.hpp"

#include <algorithm>
#include <initializer_list>
#include <optional>
#include <utility>

#include "fft/bluestein_method.hpp"
#include "fft/fft_method.hpp"
#include "fft/hierarchical_passes.hpp"
#include "fft/local_method.hpp"
#include "fft/nd_planner.hpp"
#include "fft/rader_method.hpp"
#include "fft/rader_one_kernel.hpp"
#include "fft/radix_factorization.hpp"
#include "runtime/fft/fft_tables.hpp"

namespace liftcl::fft {

namespace {

void factorize(std::int64_t rest, std::size_t maxPasses, std::int64_t largest, std::vector<std::int64_t>& prefix,
               std::vector<std::vector<std::int64_t>>& out) {
    if (rest == 1) {
        if (!prefix.empty()) out.push_back(prefix);
        return;
    }
    if (prefix.size() == maxPasses) return;
    const auto& radices = supportedRadices();
    for (auto it = radices.rbegin(); it != radices.rend(); ++it) {
        const std::int64_t r = *it;
        if (r > largest || rest % r != 0) continue;
        prefix.push_back(r);
        factorize(rest / r, maxPasses, r, prefix, out);
        prefix.pop_back();
    }
}

// The hierarchical method's own radices in other tiles: 32, 24 or 16 KiB, 8 or 16 columns, widths any
// divisor of the columns or powers of two only (a larger tile allows larger radices and fewer passes,
// a wider one longer rows of consecutive addresses, a power of two rows of whole 32-byte sectors:
// H200, fp32 20000 = 200 x 100's first pass 568 us in tiles 5 wide, 387 in tiles 4 wide; 15120's
// radix 108 460 us 7 wide, 496 4 wide; bench/results/h200-2026-11-29-wave22/exp1; which wins depends on
// the size and precision: fft/hierarchical_passes.cpp), each where its radices and tile widths differ
// from the default's and from the earlier ones.
std::vector<FftVariant> hierarchicalTileVariants(const FftRequest& request) {
    using Signature = std::pair<std::vector<std::int64_t>, std::vector<std::int64_t>>;  // radices, widths
    auto signature = [&](const HierarchicalLimits& limits) -> std::optional<Signature> {
        const auto radices = chooseHierarchicalRadices(request.n, request.precision, limits);
        const auto shapes = hierarchicalShapes(request.n, request.precision, radices, limits);
        if (radices.empty() || !shapes) return std::nullopt;
        Signature s{radices, {}};
        for (const auto& shape : *shapes) s.second.push_back(shape.T);
        return s;
    };
    std::vector<Signature> seen;
    if (auto own = signature(hierarchicalLimitsFor(request))) seen.push_back(*own);
    std::vector<FftVariant> out;
    for (const bool powerOfTwo : {false, true})
        for (const std::int64_t width : {std::int64_t{0}, std::int64_t{8}, std::int64_t{16}})
            for (const std::int64_t tile : {std::int64_t{0}, std::int64_t{32 * 1024}, std::int64_t{24 * 1024}, std::int64_t{16 * 1024}}) {
                FftRequest r = request;
                r.hierarchicalTileBytes = tile;
                r.hierarchicalMaxTileWidth = width;
                r.hierarchicalPowerOfTwoTiles = powerOfTwo;
                const auto s = signature(hierarchicalLimitsFor(r));
                if (!s || std::find(seen.begin(), seen.end(), *s) != seen.end()) continue;
                seen.push_back(*s);
                FftVariant v{"hierarchical", {}, codegen::TwiddleMode::Table, std::nullopt};
                v.tileBytes = tile;
                v.tileWidth = width;
                v.powerOfTwoTiles = powerOfTwo;
                out.push_back(v);
            }
    return out;
}

// The hierarchical method's own radices smallest first, where that is another order: a first pass of
// a smaller radix may have tiles wide enough to stage its store (stagesStore; 2^17 fp32 as 256 x 512
// rather than 512 x 256), the larger radix then in a later pass.
std::vector<FftVariant> hierarchicalAscendingVariants(const FftRequest& request) {
    const HierarchicalLimits limits = hierarchicalLimitsFor(request);
    auto radices = chooseHierarchicalRadices(request.n, request.precision, limits);
    if (radices.size() < 2 || std::is_sorted(radices.begin(), radices.end())) return {};
    std::sort(radices.begin(), radices.end());
    if (!hierarchicalShapes(request.n, request.precision, radices, limits)) return {};
    return {FftVariant{"hierarchical", radices, codegen::TwiddleMode::Table, std::nullopt}};
}

// The hierarchical method's default shape with its pass kernels compiled at the register limits other
// than its rule's (hierarchicalRegisterLimit): the driver's own choice, 64, 96 and 128 (H200: a pass
// took 288 us at 96 registers, 296 at 128, 344 at the driver's 58; bench/results/h200-2026-11-29-wave19/exp2).
// Only a driver that takes a limit (NVIDIA) tells them apart; elsewhere they plan the same kernels.
std::vector<FftVariant> hierarchicalRegisterVariants(const FftRequest& request) {
    const std::int64_t rule = hierarchicalRegisterLimit(request);
    std::vector<FftVariant> out;
    for (const std::int64_t registers : {std::int64_t{0}, std::int64_t{64}, std::int64_t{96}, std::int64_t{128}}) {
        if (registers == rule) continue;
        FftVariant v{"hierarchical", {}, codegen::TwiddleMode::Table, std::nullopt};
        v.registers = registers;
        out.push_back(v);
    }
    return out;
}

// The local method's own limits for the request's device (its defaults otherwise: the variants below
// change one setting each).
LocalFftLimits deviceLocalLimits(const FftRequest& request) {
    return localMethodLimits(std::nullopt, std::nullopt, request.localMemoryBytes);
}

// The local method with fewer work-items per transform than its default (each a different work-group
// size): fewer items take more shares each but let more work-groups share a multiprocessor (H100:
// 3000 fp32 256 items 0.582 ms, 128 0.566; bench/results/h100-2026-11-27-wave7/run3-items).
std::vector<FftVariant> localItemVariants(const FftRequest& request) {
    LocalFftLimits limits = deviceLocalLimits(request);
    const bool inverse = request.direction == rt::FftDirection::Inverse;
    const auto own = localFftShape(request.n, request.precision, {}, limits, request.batch, inverse);
    if (!own) return {};
    std::vector<std::int64_t> seen = {own->workGroupSize};
    std::vector<FftVariant> out;
    for (const std::int64_t items : {256, 192, 128, 64}) {
        limits.itemsPerTransform = items;
        const auto shape = localFftShape(request.n, request.precision, {}, limits, request.batch, inverse);
        if (!shape || std::find(seen.begin(), seen.end(), shape->workGroupSize) != seen.end()) continue;
        seen.push_back(shape->workGroupSize);
        FftVariant v{"local", {}, codegen::TwiddleMode::Table, std::nullopt};
        v.items = items;
        out.push_back(v);
    }
    return out;
}

// The local method with one of its yes/no settings the other way round where that changes its kernel:
// the limits' field asks for it, the shape shows it (`shown`), the variant's field records it.
std::vector<FftVariant> localOtherWayVariants(const FftRequest& request, std::optional<bool> LocalFftLimits::*limit,
                                              bool (*shown)(const LocalFftShape&),
                                              std::optional<bool> FftVariant::*setting) {
    const bool inverse = request.direction == rt::FftDirection::Inverse;
    auto shapeWith = [&](const LocalFftLimits& limits) {
        return localFftShape(request.n, request.precision, {}, limits, request.batch, inverse);
    };
    LocalFftLimits limits = deviceLocalLimits(request);
    const auto own = shapeWith(limits);
    if (!own) return {};
    const bool otherWay = !shown(*own);
    limits.*limit = otherWay;
    const auto other = shapeWith(limits);
    if (!other || shown(*other) == shown(*own)) return {};
    FftVariant v{"local", {}, codegen::TwiddleMode::Table, std::nullopt};
    v.*setting = otherWay;
    return {v};
}

// The local method handing its points on the other way where that fits: by components (private)
// where its default uses arrays of complex values, or arrays where it goes by components (H100:
// which is faster depends on the precision and size, bench/results/h100-2026-11-28-wave14/run4).
std::vector<FftVariant> localExchangeVariants(const FftRequest& request) {
    return localOtherWayVariants(
        request, &LocalFftLimits::byComponents, [](const LocalFftShape& s) { return s.splitExchange; },
        &FftVariant::byComponents);
}

// The local method with its __local arrays padded where its default leaves them unpadded, or the
// other way round, where that changes the kernel (padsLocalArraysByDefault is a measured rule).
std::vector<FftVariant> localPaddingVariants(const FftRequest& request) {
    return localOtherWayVariants(
        request, &LocalFftLimits::padLocalArrays, [](const LocalFftShape& s) { return s.localPaddingEvery != 0; },
        &FftVariant::padding);
}

// Rader's one kernel with its default radices of p-1, then up to four other factorizations of p-1
// that fit, those of the smallest largest radix first, each led by its radix that leaves the most
// butterflies within raderMostWorkItems (a work-group holds one transform and has a work-item per
// butterfly of the first pass: raderOneKernelRadices).
std::vector<FftVariant> raderOneKernelVariants(const FftRequest& request) {
    const auto own = raderOneKernelShape(request.n, request.precision, {}, request.localMemoryBytes);
    if (!own) return {};
    const std::int64_t L = request.n - 1;
    std::vector<FftVariant> out = {FftVariant{"rader", {}, codegen::TwiddleMode::Table, std::nullopt}};
    auto others = radixFactorizations(L, own->radices.size() + 1);
    std::stable_sort(others.begin(), others.end(), [](const auto& a, const auto& b) { return a.front() < b.front(); });
    for (auto& radices : others) {
        if (out.size() == 5) break;
        // non-increasing: the last radix leaving at most that many butterflies is the smallest such
        const std::int64_t most = raderMostWorkItems(request.precision);
        auto lead = std::find_if(radices.rbegin(), radices.rend(), [&](std::int64_t r) { return L / r <= most; });
        if (lead != radices.rend()) std::rotate(radices.begin(), std::prev(lead.base()), lead.base());
        if (radices == own->radices || !raderOneKernelShape(request.n, request.precision, radices, request.localMemoryBytes)) continue;
        out.push_back(FftVariant{"rader", radices, codegen::TwiddleMode::Table, std::nullopt});
    }
    return out;
}

}  // namespace

std::vector<std::vector<std::int64_t>> radixFactorizations(std::int64_t n, std::size_t maxPasses) {
    std::vector<std::vector<std::int64_t>> out;
    std::vector<std::int64_t> prefix;
    if (n >= 2) factorize(n, maxPasses, supportedRadices().back(), prefix, out);
    return out;
}

std::vector<std::int64_t> bluesteinPaddedCandidates(std::int64_t n, ir::ScalarKind precision,
                                                    std::int64_t deviceLocalMemoryBytes) {
    const std::int64_t least = rt::bluesteinMinimumPadding(n);
    std::vector<std::int64_t> out = {bluesteinPaddedSize(n, precision, deviceLocalMemoryBytes)};
    auto add = [&](std::int64_t m) {
        if (std::find(out.begin(), out.end(), m) == out.end()) out.push_back(m);
    };
    std::int64_t power = 2;
    while (power < least) power *= 2;
    add(power);  // the fastest FFTs (local, hierarchical)
    const std::int64_t smooth = smallestSmoothPadding(n);
    add(smooth);  // the smallest 7-smooth (the default where the power of two is not one kernel)
    std::int64_t m = least;
    while (!isSmooth(m, radixPrimes())) ++m;
    add(m);  // the smallest with radices 11 and 13
    // The next 7-smooth sizes above the smallest, up to 1.25 times it.
    for (std::int64_t next = smooth + 1; next <= smooth + smooth / 4 && out.size() < 6; ++next)
        if (isSmooth(next, {7, 5, 3, 2})) add(next);
    return out;
}

std::vector<FftVariant> structuralVariants(const FftRequest& request) {
    if (isNdRequest(request)) {  // the planner's choice, then its alternatives (fft/nd_planner.hpp)
        std::vector<FftVariant> out = {FftVariant{"auto", {}, codegen::TwiddleMode::Table, std::nullopt}};
        for (const std::string& method : ndPlanMethods())
            out.push_back(FftVariant{method, {}, codegen::TwiddleMode::Table, std::nullopt});
        return out;
    }
    const codegen::TwiddleMode bluesteinTwiddles[] = {codegen::TwiddleMode::Table, codegen::TwiddleMode::Digits};
    if (!unsupportedFactors(request.n).empty()) {  // no radix factorization: Bluestein's padded sizes
        std::vector<FftVariant> out;
        for (std::int64_t m : bluesteinPaddedCandidates(request.n, request.precision, request.localMemoryBytes))
            for (const auto twiddles : bluesteinTwiddles) {
                FftVariant v{"bluestein", {}, twiddles, std::nullopt};
                v.padded = m;
                out.push_back(v);
            }
        // The two kernels (where one fits) and the five separate steps beside the fewest kernels at
        // the default padded size.
        FftVariant two{"bluestein-two-kernels", {}, codegen::TwiddleMode::Table, std::nullopt};
        two.padded = out.front().padded;
        FftRequest twoRequest = request;
        twoRequest.paddedN = two.padded;
        if (bluesteinFitsOneKernel(twoRequest)) out.push_back(two);
        FftVariant steps{"bluestein-steps", {}, codegen::TwiddleMode::Table, std::nullopt};
        steps.padded = out.front().padded;
        out.push_back(steps);
        // A small prime's one dense DFT pass (auto's choice there) first.
        if (isDirectDftSize(request.n))
            out.insert(out.begin(), FftVariant{"stockham", {request.n}, codegen::TwiddleMode::Table, std::nullopt});
        // A prime whose p-1 has a radix factorization: Rader in one kernel (auto's choice where it
        // fits) and in other radices first, its five steps last.
        if (isRaderSize(request.n)) {
            const auto rader = raderOneKernelVariants(request);
            out.insert(out.begin(), rader.begin(), rader.end());
            out.push_back(FftVariant{"rader-steps", {}, codegen::TwiddleMode::Table, std::nullopt});
        }
        return out;
    }
    const std::size_t maxPasses = chooseRadices(request.n).size() + 1;
    const auto factorizations = radixFactorizations(request.n, maxPasses);
    const codegen::TwiddleMode twiddleModes[] = {codegen::TwiddleMode::Table, codegen::TwiddleMode::Digits,
                                                 codegen::TwiddleMode::Sincos, codegen::TwiddleMode::Local};
    std::vector<const Method*> concrete;
    for (const Method* method : methods())
        if (&method->resolve(request) == method) concrete.push_back(method);  // a choosing method picks among these
    std::vector<std::vector<std::int64_t>> radixChoices;
    radixChoices.emplace_back();  // empty: each method's own choice, first
    for (const auto& f : factorizations) radixChoices.push_back(f);
    // Methods innermost, so that a budget that ends the enumeration early has seen every method.
    std::vector<FftVariant> out;
    auto concreteHas = [&](const char* name) {
        return std::any_of(concrete.begin(), concrete.end(), [&](const Method* m) { return m->name() == name; });
    };
    for (const auto& radices : radixChoices) {
        for (const auto twiddles : twiddleModes) {
            for (const Method* method : concrete) out.push_back({method->name(), radices, twiddles, std::nullopt});
            if (!radices.empty() || twiddles != codegen::TwiddleMode::Table) continue;
            // The methods' own shapes in other tiles and work-group sizes right after their
            // defaults: they are the likeliest winners, ahead of other twiddle variants.
            using Variants = std::vector<FftVariant> (*)(const FftRequest&);
            auto append = [&](std::initializer_list<Variants> families) {
                for (const Variants family : families)
                    for (const auto& v : family(request)) out.push_back(v);
            };
            if (concreteHas("hierarchical"))
                append({hierarchicalTileVariants, hierarchicalRegisterVariants, hierarchicalAscendingVariants});
            if (concreteHas("local")) append({localItemVariants, localExchangeVariants, localPaddingVariants});
        }
    }
    // The planner's own method first, then its other shapes, then the other methods' defaults, then
    // the rest: a budget that ends early has measured the likeliest winners (on an H200 a 20 s budget
    // built stockham, cooley-tukey and bluestein at 1680 fp64 and never reached local's work-group
    // sizes; bench/results/h200-2026-11-29-wave22/exp1).
    const std::string chosen = findMethod("auto").resolve(request).name();
    auto rank = [&](const FftVariant& v) {
        // A method's plain default: no setting of its own (radices, twiddles, tiles, items...).
        const bool plain = v.text() == FftVariant{v.method, {}, codegen::TwiddleMode::Table, std::nullopt}.text();
        const bool ownShape = v.method == chosen && v.radices.empty() && v.twiddles == codegen::TwiddleMode::Table;
        return ownShape ? (plain ? 0 : 1) : (plain ? 2 : 3);
    };
    std::vector<std::pair<int, FftVariant>> ranked;
    for (auto& v : out) ranked.emplace_back(rank(v), std::move(v));
    std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    out.clear();
    for (auto& [r, v] : ranked) out.push_back(std::move(v));
    return out;
}

std::vector<std::size_t> localSizeCandidates(std::size_t deviceMaxWorkGroupSize) {
    std::vector<std::size_t> out;
    for (std::size_t l = 16; l <= std::min<std::size_t>(deviceMaxWorkGroupSize, 1024); l *= 2) out.push_back(l);
    return out;
}

}  // namespace liftcl::fft
