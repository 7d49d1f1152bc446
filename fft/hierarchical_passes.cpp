// The large-radix passes of the hierarchical method (see hierarchical_passes.hpp): shapes, the
// .lift text of a pass composed from fft/lift/fft_passes.lift, and its codegen options.
#include "fft/hierarchical_passes.hpp"

#include <algorithm>
#include <limits>

#include "fft/butterfly_pass.hpp"
#include "fft/fft_syntax.hpp"
#include "fft/local_method.hpp"
#include "fft/radix_factorization.hpp"
#include "ir/elaborate.hpp"
#include "ir/error.hpp"
#include "ir/precision.hpp"

namespace liftcl::fft {

namespace {

int log2Of(std::int64_t n) {
    int bits = 0;
    while ((std::int64_t{1} << bits) < n) ++bits;
    return bits;
}

}  // namespace

// __local bytes for twiddle tables beside a pass's tile (tiles take 16-32 KiB of 48).
constexpr std::int64_t kHierarchicalTwiddleTableBytes = 8192;
// A column tile's work-items: at most this many a group, and this many points each where the
// smallest radix is 2 (hierarchicalShapes).
constexpr std::int64_t kHierarchicalPointsPerItem = 4;
constexpr std::int64_t kHierarchicalItemsPerGroup = 256;

HierarchicalLimits hierarchicalLimitsFor(const FftRequest& request) {
    HierarchicalLimits limits;
    // Powers of two: 32 KiB tiles (written in place) make 2^17, 2^18 fp32 and 2^15, 2^16 fp64 two
    // passes instead of three (H100: 1.16 -> 0.80, 1.13 -> 0.79, 1.16 -> 0.85, 1.16 -> 0.81 ms;
    // the other sizes unchanged; bench/results/h100-2026-11-25-wave3). Mixed sizes keep 16 KiB: 32
    // KiB won and lost by size (H100, ms: 15120 fp64 1.56 -> 1.00, 100000 fp32 1.69 -> 1.04, 30000
    // fp32 2.57 -> 1.74, 50000 fp64 1.60 -> 1.18; 30000 fp64 1.48 -> 2.83, 50000 fp32 2.70 -> 3.18;
    // bench/results/h100-2026-11-26-wave6; 16-column tiles: fp64 5040-10080 4-7% faster, fp32
    // slower), so `--tune` measures them (fft/fft_variant_space.cpp).
    if (isPowerOfTwo(request.n)) {
        limits.tileBytes = 32 * 1024;
        // Tiles four columns wide (rows of 32 bytes fp32, 64 fp64) where eight do not fit: radix
        // 1024 fp32 and 512 fp64 as complex values, so 2^19 and 2^20 fp32, 2^18 fp64 are two passes
        // (H100, ms: 2^20 fp32 three passes 1.328 -> 1.016, 2^19 fp32 with a 1024 tile of components
        // 1.103 -> 0.993, 2^18 fp64 three passes 1.129 -> 0.993). Two columns (16 or 32 bytes) and one
        // ran 1.3-3x slower (bench/results/h100-2026-11-28-wave13/run1-tile-widths).
        limits.minTileWidth = 4;
        limits.componentTiles = true;
        // fp32 tiles up to 16 columns (rows of 128 bytes) with the first pass's store staged
        // (stagesStore): H200, us, 2^16 fp32 695 -> 596, 2^24 1119 -> 951; the later passes alone
        // 339 -> 284 (2^16), 360 -> 294 and 385 -> 332 (2^24). fp64 keeps 8 (2^22 staged: 882 us
        // with 8, 906 with 16; bench/results/h200-2026-11-29-wave19/exp3).
        if (request.precision == ir::ScalarKind::Float) limits.maxTileWidth = 16;
    }
    // Odd sizes: every tile width is an odd divisor of n/R, so a pass of 8 columns at most often
    // has 1 (12155 = 143 x 85: 13 fits 16, nothing but 1 fits 8): tiles up to 16 columns, and in fp64
    // of 32 KiB, so that two passes fit (H200, ms, fp64: 12155 in Stockham passes 8.51, 143 x 85 1.13;
    // 9261 3.75 -> 0.79, 15015 5.27 -> 0.72, 45045 4.26 -> 1.66, 59049 3.95 -> 1.23; fp32 12155 1.81 ->
    // 1.06). fp32 takes 32 KiB only where 16 KiB leaves no plan: its 32 KiB radices 343 and 289 took
    // 2.33 ms at 117649 (343 x 343), 1.20 as 49 x 49 x 49 in 16 KiB; 16807 1.48 -> 1.08, 83521 1.91 ->
    // 1.63 (bench/results/h200-2026-11-29-wave22); 59049 = 243 x 243 ran 1.21 in 16 KiB tiles, 4.45 in
    // 32 KiB tiles 9 wide (bench/results/h200-2026-11-29-wave20/run2).
    // Even mixed sizes: the same wide tiles in fp64 (H200, us, 16 KiB and 8 columns -> 32 KiB and 16:
    // 10080 826 -> 692, 15120 853 -> 743, 20000 863 -> 638 and 30000 914 -> 709 (three passes ->
    // two), 50000 933 -> 675; 100000 887 -> 893), in fp32 only where they save a pass (100000 1136 ->
    // 1036; 71680 1232 -> 708, 100352 1215 -> 672, 205800 1536 -> 1021, 216090 1222 -> 1034: every
    // such size of 60 drawn at random ran faster, run5); with as many passes fp32 won and lost (50000
    // 1172 -> 990, 20000 960 -> 921; 15120 843 -> 901, 30000 904 -> 934, 1000000 1278 -> 1356;
    // bench/results/h200-2026-12-02-wave27/run1).
    if (!isPowerOfTwo(request.n)) {
        const auto passesWith = [&](const HierarchicalLimits& l) {
            const auto radices = chooseHierarchicalRadices(request.n, request.precision, l);
            return radices.empty() ? std::numeric_limits<std::size_t>::max() : radices.size();
        };
        HierarchicalLimits wide = limits;
        wide.maxTileWidth = 16;
        wide.tileBytes = 32 * 1024;
        const bool odd = request.n % 2 == 1;
        if (odd) limits.maxTileWidth = 16;
        if (request.precision == ir::ScalarKind::Double)
            limits = wide;
        else if (odd ? passesWith(limits) == std::numeric_limits<std::size_t>::max()
                     : passesWith(wide) < passesWith(limits))
            limits = wide;
    }
    // A device with less local memory than a tile and its tables gets smaller tiles, halved until they fit.
    while (limits.tileBytes > 4096 &&
           limits.tileBytes + kHierarchicalTwiddleTableBytes > plannedLocalMemoryBytes(request.localMemoryBytes))
        limits.tileBytes /= 2;
    if (request.hierarchicalTileBytes > 0) limits.tileBytes = request.hierarchicalTileBytes;
    limits.powerOfTwoWidths = request.hierarchicalPowerOfTwoTiles;
    if (request.hierarchicalMaxTileWidth > 0) {
        limits.maxTileWidth = request.hierarchicalMaxTileWidth;
        limits.minTileWidth = std::min(limits.minTileWidth, limits.maxTileWidth);
    }
    return limits;
}

std::vector<std::int64_t> chooseHierarchicalRadices(std::int64_t n, ir::ScalarKind precision,
                                                    const HierarchicalLimits& limits) {
    if (n < 16 || chooseLocalRadices(n).empty()) return {};
    const std::int64_t maxR = limits.tileBytes / (ir::complexBytes(precision) * limits.minTileWidth);
    if (isPowerOfTwo(n)) {
        const int bits = log2Of(n);
        auto passesWith = [&](std::int64_t largest) { return std::max(2, (bits + log2Of(largest) - 1) / log2Of(largest)); };
        int passes = passesWith(maxR);
        // Tiles of components hold twice the points: two passes with one radix of 2 maxR (the
        // other tile complex) where three would be needed.
        // With tiles 4 columns wide (H100, ms: 2^21 fp32 as 2048 x 1024 1.221, three passes 1.364; 2^19
        // fp64 as 1024 x 512 1.025, three 1.156). Both radices by components pay in fp64 (2^20 as 1024
        // x 1024 1.122, three 1.255), not in fp32 (2^22 as 2048 x 2048 1.578, three 1.309;
        // bench/results/h100-2026-11-28-wave13, runs 2 and 4).
        const bool oneByComponents = bits <= log2Of(2 * maxR) + log2Of(maxR);
        const bool bothByComponents = precision == ir::ScalarKind::Double && bits <= 2 * log2Of(2 * maxR);
        if (limits.componentTiles && passes > 2 && (oneByComponents || bothByComponents)) passes = 2;
        auto balanced = [bits](int count) {
            std::vector<std::int64_t> radices;
            for (int q = 0; q < count; ++q) radices.push_back(std::int64_t{1} << (bits / count + (q < bits % count ? 1 : 0)));
            return radices;
        };
        // One pass more where its wider tiles cost less than the narrow ones (hierarchicalPassCost).
        std::vector<std::int64_t> radices = balanced(passes);
        const auto shapes = hierarchicalShapes(n, precision, radices, limits);
        const auto wider = hierarchicalShapes(n, precision, balanced(passes + 1), limits);
        if (shapes && wider && hierarchicalPlanCost(*wider, precision) < hierarchicalPlanCost(*shapes, precision))
            radices = balanced(passes + 1);
        return radices;
    }
    // Mixed sizes: the twos spread evenly over the passes (every tile then has as many
    // columns as n/R allows: 10080 = 120 x 84 reads rows of 4 and 8), the odd primes, largest
    // first, each to the pass whose radix is smallest; as few passes as keep every radix <= maxR.
    // Two passes when a pair of radices fits: the pair whose tiles are widest (the power of two
    // left in n/R of each pass, up to 8), then the most balanced.
    auto widthOf = [](std::int64_t columns) { return std::min<std::int64_t>(8, columns & -columns); };
    std::int64_t best = 0, bestWidth = 0;
    for (std::int64_t r = 2; r <= maxR; ++r) {
        if (n % r != 0 || n / r > maxR || n / r < 2) continue;
        if (!hierarchicalShapes(n, precision, {std::max(r, n / r), std::min(r, n / r)}, limits)) continue;
        const std::int64_t width = std::min(widthOf(n / r), widthOf(r));
        if (width > bestWidth || (width == bestWidth && std::min(r, n / r) > std::min(best, n / best)))
            best = r, bestWidth = width;
    }
    if (best) return {std::max(best, n / best), std::min(best, n / best)};
    std::int64_t twos = 0;
    while (n % (std::int64_t{2} << twos) == 0) ++twos;
    const std::vector<std::int64_t> odd = oddRadixFactors(n);  // largest first
    // Per pass count, the splits of the twos from the most even (a large odd factor may need a pass
    // with fewer twos: 17408 = 17 2^10 fp64 as 68,16,16 rather than 68,8,8,4, H100 1.49 ms vs 3.51;
    // bench/results/h100-2026-11-27-wave8/run11-three-passes).
    for (std::int64_t passes = 2; passes <= twos + static_cast<std::int64_t>(odd.size()); ++passes) {
        std::vector<std::vector<std::int64_t>> splits;  // exponents of two per pass, non-increasing
        std::vector<std::int64_t> split;
        auto enumerate = [&](auto&& self, std::int64_t left, std::int64_t largest) -> void {
            if (static_cast<std::int64_t>(split.size()) == passes) {
                if (left == 0) splits.push_back(split);
                return;
            }
            for (std::int64_t e = std::min(left, largest); e >= 0; --e) {
                split.push_back(e);
                self(self, left - e, e);
                split.pop_back();
            }
        };
        enumerate(enumerate, twos, twos);
        std::stable_sort(splits.begin(), splits.end(),
                         [](const auto& a, const auto& b) { return a.front() - a.back() < b.front() - b.back(); });
        for (const auto& exponents : splits) {
            std::vector<std::int64_t> radices;
            for (std::int64_t e : exponents) radices.push_back(std::int64_t{1} << e);
            for (std::int64_t f : odd) *std::min_element(radices.begin(), radices.end()) *= f;
            std::sort(radices.rbegin(), radices.rend());
            if (radices.front() <= maxR && radices.back() >= 2 && hierarchicalShapes(n, precision, radices, limits)) return radices;
        }
    }
    return {};
}

std::optional<std::vector<HierarchicalPassShape>> hierarchicalShapes(std::int64_t n, ir::ScalarKind precision,
                                                                     const std::vector<std::int64_t>& radices,
                                                                     const HierarchicalLimits& limits) {
    std::vector<HierarchicalPassShape> shapes;
    std::int64_t L = 1;
    for (std::int64_t R : radices) {
        if (R < 2 || n % R != 0 || chooseLocalRadices(R).empty()) return std::nullopt;
        L *= R;
        HierarchicalPassShape shape;
        shape.R = R;
        shape.L = L;
        const std::int64_t evenColumns = (n / R) & -(n / R);  // the power of two dividing n/R
        // The widest tile that divides the n/R columns (a power of two n: min(maxTileWidth, n/R)),
        // of complex values, or else (componentTiles) of components.
        auto tileWidth = [&](std::int64_t bytesPerPoint) {
            std::int64_t T = std::min({limits.maxTileWidth, limits.tileBytes / (bytesPerPoint * R), n / R});
            while (T > 1 && ((n / R) % T != 0 || (limits.powerOfTwoWidths && !isPowerOfTwo(T)))) --T;
            return T >= std::min({limits.minTileWidth, n / R, evenColumns}) && T >= 1 ? T : 0;
        };
        shape.T = tileWidth(ir::complexBytes(precision));
        if (shape.T == 0 && limits.componentTiles) {
            shape.T = tileWidth(ir::complexBytes(precision) / 2);
            shape.components = true;
        }
        if (shape.T == 0 && limits.componentTiles) {
            shape.T = tileWidth(ir::complexBytes(precision) / 4);
            shape.ranges = 2;
        }
        if (shape.T == 0) return std::nullopt;
        shape.innerRadices = shape.ranges > 1 ? exchangeRangesRadices(R) : chooseLocalRadices(R);
        std::int64_t itemsPerColumn = R / *std::min_element(shape.innerRadices.begin(), shape.innerRadices.end());
        // A tile of complex values: at most 256 work-items a group, each taking several butterflies of
        // a stage where one per butterfly would be more, and 4 points or more where the smallest
        // radix is 2. One per butterfly of the smallest radix gave up to 1000 work-items (radix 250
        // over 8 columns) and radix-2 stages 2 points an item (50 = 2,5,5: 200 work-items for 8
        // columns). H200, us: 30000 fp32's radix-150 pass 1788 -> 497, 50000 fp32's radix 250
        // 1752 -> 517, fp64 15120's radix 126 833 -> 407; 4 points an item where the smallest
        // radix is 3 was slower (59049 fp32 as 243 x 243, 81 rather than 243 work-items: 1.21 -> 1.65
        // ms; bench/results/h200-2026-11-29-wave22).
        if (shape.ranges == 1 && !shape.components) {
            std::int64_t points = R / itemsPerColumn;
            if (points == 2) points = std::min(kHierarchicalPointsPerItem, R);
            while (points < R && (R % points != 0 || shape.T * (R / points) > kHierarchicalItemsPerGroup)) ++points;
            itemsPerColumn = R / points;
        }
        // A small radix over few columns leaves the work-group less than two warps (the radix-7 pass
        // of 16807 fp64: 7 work-items, 7 columns): wider tiles, up to 128 work-items, while the tile
        // fits its bytes (more columns also make longer rows).
        if (shape.ranges == 1 && !shape.components && shape.T * itemsPerColumn < 64)
            for (std::int64_t T = 128 / itemsPerColumn; T > shape.T; --T)
                if ((n / R) % T == 0 && T * R * ir::complexBytes(precision) <= limits.tileBytes) {
                    shape.T = T;
                    break;
                }
        shape.itemsPerColumn = itemsPerColumn;
        shape.workGroupSize = shape.T * itemsPerColumn;
        // (Tiles in rounds run by shares of at most 256 work-items, as the pass's options say.)
        if (shape.workGroupSize > limits.maxWorkGroupSize && shape.ranges == 1) return std::nullopt;
        shapes.push_back(shape);
    }
    if (L != n) return std::nullopt;
    return shapes;
}

double columnTileCost(std::int64_t rowBytes, ir::ScalarKind precision) {
    // Relative to a pass whose tile rows are 128 bytes or more (H200, 2^26 fp32 / 2^25 fp64 points,
    // one pass 260-325 us): rows of 64 bytes cost fp32 1.16-1.17 (2^18, 2^19: 348, 352 us), fp64
    // 1.46-2.2 (2^17..2^20: 423-640 us); rows of 32 bytes fp32 1.5-1.8 (453-541 us at radix 1024);
    // fewer bytes ran 1.3-3x slower than 32 (H100, bench/results/h100-2026-11-28-wave13/run1-tile-widths).
    // bench/results/h200-2026-11-29-wave20/exp1.
    const bool doubles = precision == ir::ScalarKind::Double;
    if (rowBytes >= 128) return 1.0;
    if (rowBytes >= 64) return doubles ? 1.6 : 1.2;
    if (rowBytes >= 32) return doubles ? 2.5 : 1.6;
    return 3.0;
}

double hierarchicalPassCost(const HierarchicalPassShape& shape, ir::ScalarKind precision) {
    return columnTileCost(shape.T * ir::complexBytes(precision), precision);
}

double hierarchicalPlanCost(const std::vector<HierarchicalPassShape>& shapes, ir::ScalarKind precision) {
    double cost = 0;
    for (const auto& shape : shapes) cost += hierarchicalPassCost(shape, precision);
    return cost;
}

constexpr std::int64_t kLargestTwoDigitL = std::int64_t{1} << 19;

bool usesDigitTwiddles(const FftRequest& request, const HierarchicalPassShape& shape) {
    if (request.twiddles == codegen::TwiddleMode::Sincos) return false;
    if (shape.L <= kLargestTwoDigitL) return true;
    // Three digits measured faster only with tiles of 8 columns and from these L on (H200, run5).
    const std::int64_t smallestThreeDigitL = std::int64_t{1} << (request.precision == ir::ScalarKind::Double ? 21 : 23);
    return shape.T >= 8 && shape.L >= smallestThreeDigitL;
}

std::int64_t twiddleDigitCount(std::int64_t L) {
    std::int64_t digits = 2;
    for (std::int64_t reach = kLargestTwoDigitL; reach < L; reach *= 512) ++digits;
    return digits;
}

std::int64_t twiddleDigitBase(std::int64_t L) {
    const std::int64_t digits = twiddleDigitCount(L);
    auto power = [digits](std::int64_t base) {
        std::int64_t p = 1;
        for (std::int64_t k = 0; k < digits; ++k) p *= base;
        return p;
    };
    std::int64_t base = 1;
    while (power(base) < L) base *= 2;
    return base;
}

std::int64_t hierarchicalRegisterLimit(const FftRequest& request) {
    // NVIDIA's driver gave passes of 256 work-items 48 registers (2^24 fp32's middle pass: 479 us),
    // where 64 let it keep more loads in flight (365 us); fp64 passes gained up to 15% at 96-128
    // (2^22's last: 368 -> 311 us). Sweeps over 2^14..2^26 with these limits: fp32 up to 11% faster,
    // fp64 up to 9.5%, no size slower by more than 0.3% (H200, bench/results/h200-2026-11-29-wave19/exp2).
    // Powers of two only: Bluestein's mixed padded sizes lost (fp64 4099 5.88 -> 7.40 ms, fp32 12155
    // 1.81 -> 1.95; exp3).
    if (!isPowerOfTwo(request.n)) return 0;
    return request.precision == ir::ScalarKind::Double ? 128 : 64;
}

bool stagesStore(const FftRequest& request, const HierarchicalPassShape& shape) {
    if (shape.L != shape.R || shape.components || shape.ranges > 1) return false;
    // Measured where the tile's rows are 128 bytes: fp32 16 columns, fp64 8 (H200, us, first passes:
    // fp32 2^16 354 -> 309 with tiles 16 wide, whose unstaged first pass took 466; fp64 2^16 304 ->
    // 264, 2^22 313 -> 271; fp32 8 columns staged 340 -> 358 at 2^18: not taken;
    // bench/results/h200-2026-11-29-wave19/exp3).
    const std::int64_t bytes = ir::complexBytes(request.precision);
    if (shape.T * bytes < 128) return false;
    // Other sizes where a column's results are a short run (under 512 bytes): a small radix over
    // many columns (H200, us: fp32 7 x 49 columns 713 -> 266, 17 x 17 1290 -> 369, 20 x 25 615 ->
    // 327), not where the runs are long (fp64 radix 50: 334 -> 391, 126: 407 -> 450;
    // bench/results/h200-2026-11-29-wave22).
    return isPowerOfTwo(request.n) || shape.R * bytes < 512;
}

namespace {

// The column passes computing a tile's DFT_R (composition order: the last first): the first takes
// `firstPrep` of its (twiddle, element) pairs, the last applies `post` where given, and with an
// output table (a tile of the table in the tile's layout) multiplies its results by the table's
// elements (after `post`) in the butterflies that compute them.
std::vector<ir::SyntaxP> tileColumnPasses(const HierarchicalPassShape& shape, const ir::SyntaxP& firstPrep,
                                          const ir::SyntaxP& post, const ir::SyntaxP& outputTable = nullptr) {
    using namespace syntax;
    std::vector<ir::SyntaxP> columnPasses;
    std::int64_t innerL = 1;
    for (std::size_t j = 0; j < shape.innerRadices.size(); ++j) {
        const std::int64_t p = shape.innerRadices[j];
        innerL *= p;
        const ir::SyntaxP prep = j == 0 ? firstPrep : lambda("e", cmul(e(0), e(1)));
        const bool lastColumnPass = j + 1 == shape.innerRadices.size();
        ir::SyntaxP pass = call("columnPass", {nat(shape.R), nat(innerL), nat(p), prep});
        if (lastColumnPass && outputTable)
            pass = call("columnPassTablePost", {nat(shape.R), nat(innerL), nat(p), prep,
                                                lambda("e", cmul(e(0), post ? apply(post, e(1)) : e(1))), outputTable});
        else if (lastColumnPass && post)
            pass = call("columnPassPost", {nat(shape.R), nat(innerL), nat(p), prep, post});
        columnPasses.insert(columnPasses.begin(), pass);
    }
    return columnPasses;
}

// join o map(columnTiles(n, R, T)), composed with what reads the tiles' input.
ir::SyntaxP columnTilesAfter(const HierarchicalPassShape& shape, std::vector<ir::SyntaxP> before) {
    using namespace syntax;
    std::vector<ir::SyntaxP> chain{join(), map(call("columnTiles", {name("n"), nat(shape.R), nat(shape.T)}))};
    chain.insert(chain.end(), before.begin(), before.end());
    return compose(std::move(chain));
}

// The twiddles omega(l*r, L) of a pass after the first, as tiles (from digit tables where
// usesDigitTwiddles says so).
ir::SyntaxP twiddleTiles(const FftRequest& request, const HierarchicalPassShape& shape) {
    using namespace syntax;
    std::vector<ir::SyntaxP> args{name("n"), nat(shape.R), nat(shape.L), nat(shape.T), name("b")};
    const bool digits = usesDigitTwiddles(request, shape);
    if (digits) {
        args.push_back(nat(twiddleDigitCount(shape.L)));
        args.push_back(nat(twiddleDigitBase(shape.L)));
    }
    return call(digits ? "tileTwiddlesDigits" : "tileTwiddles", std::move(args));
}

// A table of tableN <= n values per transform (clamp-padded to n), the same for every transform of
// the batch, as the tiles of the pass's input: columnTiles o split(n) $ pad(0, b*n - n, wrap, table).
// A last pass (L = n) writes its tile's element (r, t) where the input tile's was read, so the
// same tiles pair an output product's table with the results.
ir::SyntaxP tableTiles(const FftRequest& request, const HierarchicalPassShape& shape, const std::string& argument,
                       std::int64_t tableN) {
    using namespace syntax;
    const ir::SyntaxP n = name("n");
    ir::SyntaxP table = name(argument);
    if (tableN < request.n) table = call("pad", {nat(0), binary(n, "-", nat(tableN)), name("clamp"), table});
    table = call("pad", {nat(0), binary(binary(name("b"), "*", n), "-", n), name("wrap"), table});
    return apply(columnTilesAfter(shape, {call("split", {n})}), table);
}

// join o map([take(outputN) o] butterflyResults(L, R) o tileColumns) o split(n/(R*T)) o map(\tile =>
// body) $ tiles; a staged store (body ending in stagedColumns) joins the staged rows instead of
// tileColumns; outputN > 0 writes each transform's first outputN values only.
ir::SyntaxP tileStore(const HierarchicalPassShape& shape, bool staged, const ir::SyntaxP& body, const ir::SyntaxP& tiles,
                      std::int64_t outputN = 0) {
    using namespace syntax;
    std::vector<ir::SyntaxP> transform{call("butterflyResults", {nat(shape.L), nat(shape.R)}),
                                       staged ? join() : name("tileColumns")};
    if (outputN > 0) transform.insert(transform.begin(), take(outputN));
    return apply(compose({join(), map(compose(std::move(transform))),
                          call("split", {binary(name("n"), "/", nat(shape.R * shape.T))}), map(lambda("tile", body))}),
                 tiles);
}

// The tile of a convolution pass (the forward's last pass, L = n) as its store writes it: as the
// inverse's first pass writes (L = R, each column's R results contiguous).
HierarchicalPassShape convolutionStoreShape(const HierarchicalPassShape& shape) {
    HierarchicalPassShape written = shape;
    written.L = shape.R;
    return written;
}

}  // namespace

ir::Definition hierarchicalPassDefinition(const FftRequest& request, const HierarchicalPassShape& shape,
                                          const std::string& kernelName, bool first, bool last,
                                          const MappedInputStep* mapped) {
    using namespace syntax;
    const bool inverse = request.direction == rt::FftDirection::Inverse;
    // The first column pass (inner L = p, twiddles 1) takes the pass's input: the tile itself in
    // the first pass (conjugated for an inverse), else the tile paired with its twiddles.
    // With an input product (FftRequest::inputProduct) the first pass's tile is paired with the
    // table's, as later passes pair it with their twiddles, and the product is conjugated for an inverse.
    // With a mapped input (MappedInputStep) the first pass's elements are the step's view of its
    // rows, each mapped by the step's function as the first column pass reads it.
    const FftInputProduct* product = first && request.inputProduct ? &*request.inputProduct : nullptr;
    const bool paired = !first || product;
    const ir::SyntaxP pairProduct = cmul(e(1, 0), e(1, 1));
    const ir::SyntaxP value = mapped ? apply(mapped->function, e(1)) : e(1);
    const ir::SyntaxP firstPrep = lambda("e", !first    ? pairProduct
                                              : product ? (inverse ? cconj(pairProduct) : pairProduct)
                                              : inverse ? cmul(e(0), cconj(value))
                                                        : cmul(e(0), value));
    const ir::SyntaxP post = inverse && last ? inverseOutput("y", request.scale, request.n) : nullptr;
    const ir::SyntaxP xs = name("xs");
    std::vector<std::pair<std::string, ir::SyntaxTypeP>> params{
        {"xs", batchOf("complex", name("n"))}};
    std::vector<ir::SyntaxP> sources{apply(columnTilesAfter(shape, {}), xs)};  // zipped into the tiles
    if (!first) {
        sources.insert(sources.begin(), twiddleTiles(request, shape));
    } else if (product) {
        // zip(columnTiles o split(n) $ pad(0, b*n - n, wrap, table), columnTiles [o map(pad(0, n - inputN, clamp))] $ xs)
        const std::int64_t inputN = product->inputN;
        params = {{"xs", batchOf("complex", nat(inputN))},
                  {product->argument, arrayType(namedType("complex"), name("n"))}};
        std::vector<ir::SyntaxP> padding;
        if (inputN != request.n)
            padding.push_back(map(call("pad", {nat(0), binary(name("n"), "-", nat(inputN)), name("clamp")})));
        sources = {tableTiles(request, shape, product->argument, request.n), apply(columnTilesAfter(shape, padding), xs)};
    } else if (mapped) {
        params = {{"xs", batchOf("complex", nat(mapped->inputN))}};
        sources = {apply(columnTilesAfter(shape, {map(mapped->rowView)}), xs)};
    }
    // With an output product (FftRequest::outputProduct, a last pass: L = n) the tiles carry the
    // table's too, multiplied into the results in output order, and each transform's first outputN
    // values are written.
    const FftOutputProduct* output = last && request.outputProduct ? &*request.outputProduct : nullptr;
    if (output) {
        params.push_back({output->argument, arrayType(namedType("complex"), nat(output->outputN))});
        sources.push_back(tableTiles(request, shape, output->argument, output->outputN));
    }
    const ir::SyntaxP tiles = sources.size() == 1 ? sources.front() : call("zip", sources);
    const ir::SyntaxP tile = name("tile");
    const ir::SyntaxP input = paired ? call("zipTiles", {get(tile, 0), get(tile, 1)}) : sources.size() == 1 ? tile : get(tile, 0);
    std::vector<ir::SyntaxP> columnPasses =
        tileColumnPasses(shape, firstPrep, post, output ? get(tile, static_cast<int>(sources.size()) - 1) : nullptr);
    const bool staged = stagesStore(request, shape) && !output;
    if (staged) columnPasses.insert(columnPasses.begin(), call("stagedColumns", {nat(shape.R), nat(shape.T)}));
    const ir::SyntaxP body = tileStore(shape, staged, apply(compose(std::move(columnPasses)), input), tiles,
                                       output ? output->outputN : 0);
    return definition(kernelName, {"n", "b"}, lambda(params, body));
}

ir::Definition hierarchicalConvolutionPassDefinition(const FftRequest& request, const HierarchicalPassShape& shape,
                                                     const std::string& tableArgument, const std::string& kernelName) {
    using namespace syntax;
    // The forward half: the pass's twiddles times its tile (as every pass after the first), DFT_R.
    // The product with the table and the inverse's first pass: conj(table * y) (the inverse as
    // conj o DFT o conj, its last pass conjugating back), DFT_R, no twiddles (L = R), written as a
    // first pass writes (each column's R results contiguous).
    const ir::SyntaxP pairProduct = cmul(e(1, 0), e(1, 1));
    std::vector<ir::SyntaxP> forwardPasses = tileColumnPasses(shape, lambda("e", pairProduct), nullptr);
    std::vector<ir::SyntaxP> inversePasses = tileColumnPasses(shape, lambda("e", cconj(pairProduct)), nullptr);
    const HierarchicalPassShape written = convolutionStoreShape(shape);
    const bool staged = stagesStore(request, written);
    if (staged) inversePasses.insert(inversePasses.begin(), call("stagedColumns", {nat(shape.R), nat(shape.T)}));
    const ir::SyntaxP tile = name("tile");
    const ir::SyntaxP forward = apply(compose(std::move(forwardPasses)), call("zipTiles", {get(tile, 0), get(tile, 1)}));
    const ir::SyntaxP inverse = apply(compose(std::move(inversePasses)), call("zipTiles", {get(tile, 2), forward}));
    const ir::SyntaxP tiles =
        call("zip", {twiddleTiles(request, shape), apply(columnTilesAfter(shape, {}), name("xs")), tableTiles(request, shape, tableArgument, request.n)});
    std::vector<std::pair<std::string, ir::SyntaxTypeP>> params{{"xs", batchOf("complex", name("n"))},
                                                                 {tableArgument, arrayType(namedType("complex"), name("n"))}};
    return definition(kernelName, {"n", "b"}, lambda(params, tileStore(written, staged, inverse, tiles)));
}

ir::Definition hierarchicalMirrorPairPassDefinition(const FftRequest& request, const HierarchicalPassShape& shape,
                                                    const MirrorPairStep& step, const std::string& kernelName) {
    using namespace syntax;
    // Tiles of T columns: T/2 columns and their mirror partners (pairedTiles of fft_passes.lift).
    // The pass's twiddles, the kinds of mirror and the step's column factors are the same for every
    // transform: tiles of one transform padded over the batch by wrapping.
    const std::int64_t m = request.n / shape.R, half = shape.T / 2, tilesPerTransform = m / shape.T;
    const ir::SyntaxP paired = call("pairedTiles", {nat(m), nat(half)});
    const ir::SyntaxP columns = compose({name("transpose"), split(m)});
    const auto overBatch = [&](const ir::SyntaxP& tiles) {
        return call("pad", {nat(0), binary(binary(name("b"), "*", nat(tilesPerTransform)), "-", nat(tilesPerTransform)),
                            name("wrap"), tiles});
    };
    const bool digits = usesDigitTwiddles(request, shape);
    const ir::SyntaxP twiddles = digits ? call("TwiddleC", {nat(shape.R), name("n"), nat(twiddleDigitCount(shape.L)),
                                                            nat(twiddleDigitBase(shape.L))})
                                        : call("Twiddle", {nat(shape.R), name("n")});
    const ir::SyntaxP kinds = call("array_2", {nat(m), nat(shape.R + 1), name("mirrorKind")});
    const ir::SyntaxP tiles = call(
        "zip", {overBatch(apply(paired, twiddles)),
                apply(compose({join(), map(compose({paired, columns}))}), name("xs")), overBatch(apply(paired, kinds)),
                overBatch(apply(call("pairedRows", {nat(m), nat(half)}), step.columnFactors))});
    const ir::SyntaxP tile = name("tile");
    std::vector<ir::SyntaxP> passes = tileColumnPasses(shape, lambda("e", cmul(e(1, 0), e(1, 1))), nullptr);
    passes.insert(passes.begin(), call("mirrorPairs", {nat(shape.R), nat(half), get(tile, 2), get(tile, 3),
                                                       step.rowFactors, step.function}));
    const ir::SyntaxP body = apply(compose(std::move(passes)), call("zipTiles", {get(tile, 0), get(tile, 1)}));
    const ir::SyntaxP written =
        compose({take(step.outputN), join(), name("transpose"), call("pairedTilesColumns", {nat(half)})});
    const ir::SyntaxP store =
        apply(compose({join(), map(written), split(tilesPerTransform), map(lambda("tile", body))}), tiles);
    return definition(kernelName, {"n", "b"}, lambda({{"xs", batchOf("complex", name("n"))}}, store));
}

namespace {

// A pass program of one hierarchical pass definition over its shape's tiles, with its codegen options.
PassProgram hierarchicalPassProgram(const FftRequest& request, const HierarchicalPassShape& shape,
                                    const std::string& name, ir::Definition definition) {
    ir::Module module = fftPassLibrary();
    module.definitions.push_back(std::move(definition));
    ir::ElaborateOptions elaborate;
    elaborate.precision = request.precision;
    elaborate.natValues = {{"n", ir::Arith(request.n)}, {"b", ir::Arith(request.batch)}};

    PassProgram pass;
    pass.name = name;
    pass.program = ir::elaborateDefinition(module, name, elaborate);
    pass.strategy = "factor-dft ; lower-hierarchical-fft";  // butterflies as radix-4/2 layers
    pass.radix = shape.R;
    pass.options.precision = request.precision;
    // One tile per work-group, no loop over tiles whose __local addresses the compiler would hold in
    // registers (H100, ms: 2^17 fp32 0.864 -> 0.840, fp64 0.912 -> 0.874, 2^19 fp64 1.191 -> 1.152,
    // bench/results/h100-2026-11-26-wave6/run8-one-trip; the fp32 radix 2048 by components, 4 columns
    // wide, with the share tests off: 878 -> 668 us, bench/results/h100-2026-11-28-wave13/run4).
    pass.options.workGroupPerIteration = true;
    pass.options.twiddles = request.twiddles;
    // Its one carray, if any, is tileTwiddlesDigits' (hierarchicalPassDefinition decides): in global memory.
    pass.options.carrayTablesInGlobal = true;
    // DFT_p of the column passes folded to literals; the twiddles, indexed by the work-item,
    // computed on the fly rather than read from __constant (serialized on NVIDIA).
    pass.options.tablesAtConstantIndicesOnly = true;
    // Default tables: the column passes' twiddles read at work-item indices from __local tables
    // computed once per work-group, while they fit beside the tile.
    if (request.twiddles == codegen::TwiddleMode::Table || request.twiddles == codegen::TwiddleMode::Local) {
        pass.options.twiddles = codegen::TwiddleMode::Local;
        pass.options.localGeneratorTableBytes = kHierarchicalTwiddleTableBytes;
        // Copied from the host's tables rather than computed per work-group where that measured
        // faster (H100, ms: fp64 5040 0.929 -> 0.896, 6000 0.942 -> 0.884, 100000 1.587 -> 1.434;
        // fp32 15120 1.104 -> 1.030), not for fp32 powers of two (2^17 0.840 -> 0.861, 16384 0.884
        // -> 0.891; bench/results/h100-2026-11-27-wave7/run9-hierarchical-tables).
        pass.options.localTablesFromHost = request.precision == ir::ScalarKind::Double || !isPowerOfTwo(request.n);
        // Still copied: read in global memory instead they were faster for sizes with odd factors
        // (H100, ms: fp64 5040 0.895 -> 0.869, 15120 1.531 -> 1.430) and slower for powers of two
        // (fp64 8192 0.768 -> 0.811, fp32 65536 0.855 -> 0.887; bench/results/h100-2026-11-27-wave10/
        // run6-fp64-hierarchical), but PoCL computes 15120 fp64 (126 x 120) wrongly without the
        // copy's barrier at the kernel's start (Oclgrind and the H100 compute it right): not kept.
    }
    // A tile whose two ping-pong copies and tables do not fit (32 KiB: radices up to 512 fp32,
    // 256 fp64) has its column passes written in place: one copy, a fixed work-group.
    const std::int64_t localBytes = plannedLocalMemoryBytes(request.localMemoryBytes);
    const std::int64_t tileBytes = shape.T * shape.R * ir::complexBytes(request.precision);
    pass.options.localInPlace = !shape.components && 2 * tileBytes + pass.options.localGeneratorTableBytes > localBytes;
    pass.options.localSplitExchange = shape.components;
    pass.options.localSplitExchangeRanges = shape.ranges;
    // Only in fp64: not in fp32 tiles by components (the one fp32 case keepShareTests keeps), whose
    // kept write indices took registers (the radix 2048, 4 columns wide: 184 -> 128 registers,
    // 919 -> 668 us; in fp64 the tests stay: 2^20's radix-1024 passes 470 + 651 us with, 483 + 739
    // without; bench/results/h100-2026-11-28-wave13/run4).
    pass.options.localShareTests = request.precision == ir::ScalarKind::Double && shape.ranges == 1 &&
                                   keepShareTests(shape.components, request.precision, shape.innerRadices);
    pass.options.maxLocalSize = std::max(shape.T, shape.workGroupSize / shape.T);
    // That fixed work-group at most 256 work-items, each taking several butterflies of a column
    // pass: NVIDIA's compiler gave the in-place kernel of R = 512 fp32 (8 x 64) at most 256 (H100,
    // bench/results/h100-2026-11-25-wave3). A tile of complex values has that cap in its shape
    // already (itemsPerColumn); tiles of components and in rounds take it here.
    if (shape.components || shape.ranges > 1)
        pass.options.maxLocalSize =
            std::min(pass.options.maxLocalSize, std::max(shape.T, LocalFftLimits{}.maxItemsPerTransform / shape.T));
    // T columns by itemsPerColumn work-items (dimension 0 the columns), each item several butterflies.
    if (!pass.options.localInPlace && !shape.components) pass.options.maxLocalSizes = {shape.T, shape.itemsPerColumn};
    pass.options.maxRegistersPerItem = hierarchicalRegisterLimit(request);
    // A staged store reads the tile in output order, T elements apart: one pad element per 256
    // bytes spreads those reads over the banks (unpadded the staged fp32 2^16 first pass took 502
    // us, padded 349; exp3).
    if (stagesStore(request, shape)) pass.options.localPaddingEvery = 256 / ir::complexBytes(request.precision);
    pass.options.kernelName = name;
    pass.options.sourceFile = name + ".cl";
    return pass;
}

}  // namespace

PassProgram makeHierarchicalPass(const FftRequest& request, const HierarchicalPassShape& shape,
                                 const std::string& name, bool first, bool last) {
    PassProgram pass = hierarchicalPassProgram(request, shape, name, hierarchicalPassDefinition(request, shape, name, first, last));
    if (first && request.inputProduct) pass.tables[request.inputProduct->argument] = request.inputProduct->table;
    if (last && request.outputProduct) pass.tables[request.outputProduct->argument] = request.outputProduct->table;
    return pass;
}

PassProgram makeHierarchicalMappedInputPass(const FftRequest& request, const HierarchicalPassShape& shape,
                                            const MappedInputStep& step, const std::string& name) {
    return hierarchicalPassProgram(request, shape, name,
                                   hierarchicalPassDefinition(request, shape, name, true, false, &step));
}

bool fitsMirrorPairPass(const HierarchicalPassShape& shape) {
    return shape.L > shape.R && !shape.components && shape.ranges == 1 && shape.T % 2 == 0;
}

PassProgram makeHierarchicalMirrorPairPass(const FftRequest& request, const HierarchicalPassShape& shape,
                                           const MirrorPairStep& step, const std::string& name) {
    if (!fitsMirrorPairPass(shape))
        throw Error("mirror-pair pass of n=" + std::to_string(request.n) + ", radix " + std::to_string(shape.R) +
                    ": needs a last pass of complex tiles an even number of columns wide");
    return hierarchicalPassProgram(request, shape, name,
                                   hierarchicalMirrorPairPassDefinition(request, shape, step, name));
}

PassProgram makeHierarchicalConvolutionPass(const FftRequest& request, const HierarchicalPassShape& shape,
                                            const FftInputProduct& product, const std::string& name) {
    // The options of the tile as its store writes it (L = R: padded for a staged store's reads).
    PassProgram pass = hierarchicalPassProgram(request, convolutionStoreShape(shape), name,
                                               hierarchicalConvolutionPassDefinition(request, shape, product.argument, name));
    pass.tables = {{product.argument, product.table}};
    return pass;
}

}  // namespace liftcl::fft
