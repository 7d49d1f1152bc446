// The fitting of multidimensional and real FFT programs to work-groups (see nd_tile_program.hpp):
// the local memory of the exchange between passes (two ping-pong arrays, one written in place, one
// of components), padding and twiddle tables, grouping of arrays, tile widths, the passes of a long
// strided axis.
#include <algorithm>

#include "codegen/codegen.hpp"
#include "fft/hierarchical_passes.hpp"
#include "fft/nd_tile_program.hpp"
#include "fft/nd_tile_shape.hpp"
#include "fft/radix_factorization.hpp"
#include "ir/error.hpp"
#include "ir/precision.hpp"

namespace liftcl::fft {

using namespace nd;

namespace {

// The widths of tiles over padded columns (tileWidths), widest first: rows of 128 bytes in fp32,
// and in fp64 where 16 columns of the axis do not fit.
constexpr std::int64_t kPaddedTileWidths[] = {16, 8};

// The work-items of the first pass (columns x its butterflies: the work-group's shape, capped
// where the exchange fixes the local size) and the local memory of the exchange between passes:
// two arrays of `points` complex values (ping-pong), one (in place), or one of their components,
// padded as codegen pads them (CodegenOptions::localPaddingEvery).
struct GroupCost {
    std::int64_t items = 0;
    std::int64_t localBytes = 0;
    std::int64_t shares = 1;  // butterflies of the widest pass (radix 2) per work-item
    std::int64_t uncappedItems = 0;  // one work-item per butterfly of the first pass
};

GroupCost groupCost(const NdTileProgram& p, std::int64_t columns, std::int64_t points, const NdTileLimits& limits) {
    const std::int64_t R = ndTransformLength(p, firstTransformedAxis(p));
    const auto radices = ndAxisRadices(R);
    const std::int64_t butterflies = radices.empty() ? 1 : R / radices.front();
    GroupCost cost;
    // Ping-pong arrays take any local size (a work-item loops over its share of a pass).
    cost.uncappedItems = columns * butterflies;
    cost.items = std::min(cost.uncappedItems, limits.maxWorkGroupSize);
    const std::int64_t bytes = ir::complexBytes(p.precision);
    const std::int64_t padded = p.localPaddingEvery ? points + (points - 1) / p.localPaddingEvery : points;
    cost.localBytes = 2 * padded * bytes;
    if (p.inPlace || p.splitExchange) {
        cost.items = std::min(cost.items, limits.targetWorkGroupSize);
        cost.localBytes = padded * (p.splitExchange ? bytes / 2 : bytes);
    }
    cost.shares = (points / 2 + cost.items - 1) / cost.items;
    if (computingSteps(p) <= 1) cost.localBytes = 0;  // one pass straight from global to global memory
    return cost;
}

// Whether G arrays per group fit: the local memory and, for the exchanges that fix the local
// size, the shares codegen allows a work-item (CodegenOptions). (The work-items are capped by
// groupCost already.)
bool groupFits(const NdTileProgram& p, const GroupCost& c, const NdTileLimits& limits) {
    const codegen::CodegenOptions defaults;
    if (c.localBytes > limits.localMemoryBytes) return false;
    if (p.splitExchange) return 2 * c.shares <= defaults.localSplitExchangeMaxShares;
    if (p.inPlace) return c.shares <= defaults.localInPlaceMaxCopies;
    return true;
}

// The exchanges in the order they are tried: two padded ping-pong arrays (no fixed local size),
// one padded array written in place, unpadded, then one array of components (64x64 and 16^3
// fp32: 32 KiB in place; 64x64 fp64: 32 KiB of components), as the 1D local method does.
void setExchange(NdTileProgram& p, int exchange) {
    const std::int64_t padding = 128 / ir::complexBytes(p.precision);  // strides 1..8 over all banks
    p.inPlace = exchange == 1 || exchange == 2;
    p.splitExchange = exchange == 3 || exchange == 4;
    p.localPaddingEvery = exchange == 0 || exchange == 1 || exchange == 3 ? padding : 0;
}
constexpr int kExchanges = 5;

// Whether the exchange is worth trying for the program: exchanging components costs four
// barriers and many private shares, measured 2-4x slower than more passes through global memory
// for mixed-radix lengths (1D, H100: 5040 fp64 3.95 vs 1.05 ms, 7000 fp32 2.41 vs 1.34), so only
// where every transformed length is a power of two; and not for the rows of a 1D R2C, whose
// spectrum split keeps all its W/2+1 outputs' reads in private memory between the component
// exchanges (16384 fp32: 33 shares, 0.35x cuFFT, H100 run5; its 1D plan of W/2 and the split kernel
// instead), nor for the last axis's pass of a 2D/3D R2C in fp64 (H200 wave 24 run 4, us: 8192^2
// fp64's rows 958 -> 301 + 280, 64x8192 177 -> 130 in all), while fp32 keeps it (16384^2's rows 978
// against 648 + 626).
bool exchangeAllowed(const NdTileProgram& p, int exchange, const NdTileLimits& limits) {
    if (exchange == 0) return !limits.preferOneArray || computingSteps(p) <= 1;
    if (exchange < 3) return true;
    const bool rowsOfR2c = p.domain == NdDomain::RealForward && packedRealAxis(p);
    if (rowsOfR2c && (p.shape.size() == 1 || (p.tileWidth > 0 && p.precision == ir::ScalarKind::Double))) return false;
    if (p.passRadix > 0) return isPowerOfTwo(p.passRadix);
    for (std::size_t k : axesOf(p))
        if (!isPowerOfTwo(ndTransformLength(p, k))) return false;
    return true;
}

// The __local bytes of the program's generated twiddle tables: the passes after an axis's first
// (L points each) and the twist of a packed real axis.
std::int64_t twiddleTableBytes(const NdTileProgram& p) {
    std::int64_t points = 0;
    for (std::size_t k : axesOf(p)) {
        std::int64_t L = 1;
        const auto radices = ndAxisRadices(ndTransformLength(p, k));
        for (std::size_t j = 0; j < radices.size(); ++j) {
            L *= radices[j];
            if (j > 0) points += L;
        }
        if (k + 1 == p.shape.size() && packedRealAxis(p)) points += halfLength(p.shape.back());
    }
    return points * ir::complexBytes(p.precision);
}

// The first exchange (in the order tried) under which `points` complex values over `columns`
// columns fit one work-group, set in `p` with its tables; nullopt when none does.
std::optional<GroupCost> fitExchange(NdTileProgram& p, std::int64_t columns, std::int64_t points,
                                     const NdTileLimits& limits);

// What local memory is left after the exchange goes to twiddle tables (computed once per
// work-group instead of with sincos in every butterfly).
void giveTablesTheRest(NdTileProgram& p, const GroupCost& c, const NdTileLimits& limits) {
    p.tableBytes = std::max<std::int64_t>(0, std::min(twiddleTableBytes(p), limits.localMemoryBytes - c.localBytes));
}

std::optional<GroupCost> fitExchange(NdTileProgram& p, std::int64_t columns, std::int64_t points,
                                     const NdTileLimits& limits) {
    for (int exchange = 0; exchange < kExchanges; ++exchange) {
        if (!exchangeAllowed(p, exchange, limits)) continue;
        setExchange(p, exchange);
        const GroupCost c = groupCost(p, columns, points, limits);
        if (groupFits(p, c, limits)) {
            giveTablesTheRest(p, c, limits);
            return c;
        }
    }
    return std::nullopt;
}

// The tile widths to try for `columns` columns, best first: the divisors up to 16, widest first;
// where none of them reaches 8 (the half spectrum of an R2C has m = W/2+1 columns: 17, 33, 65),
// the divisors from 17 to 64 first, narrowest first (32 columns of 17 beat 32 tiles of one). Where
// still none reaches 8 and `padded` allows it (a strided axis): tiles of 16, then 8, first, over
// the columns padded to a multiple of the width (nd_tile_program.hpp: 257 columns as 17 tiles of 16,
// 15 columns computed and never written, rather than 257 tiles of one, or 683 tiles of 3 for 2049).
std::vector<std::int64_t> tileWidths(std::int64_t columns, bool padded) {
    std::vector<std::int64_t> narrow, wide;
    for (std::int64_t T = std::min<std::int64_t>(16, columns); T >= 1; --T)
        if (columns % T == 0) narrow.push_back(T);
    if (narrow.front() < 8)
        for (std::int64_t T = 17; T <= std::min<std::int64_t>(64, columns); ++T)
            if (columns % T == 0) wide.push_back(T);
    if (padded && columns > kPaddedTileWidths[0] && (wide.empty() ? narrow.front() : wide.front()) < 8)
        wide.insert(wide.begin(), std::begin(kPaddedTileWidths), std::end(kPaddedTileWidths));
    wide.insert(wide.end(), narrow.begin(), narrow.end());
    return wide;
}

}  // namespace

std::optional<NdTileProgram> fitNdInOneGroup(NdTileProgram p, const NdTileLimits& limits) {
    p.tileWidth = 0;
    const std::size_t first = firstTransformedAxis(p);
    const std::vector<std::int64_t> dims = inputShape(p);
    const std::int64_t columns = product(dims, 0, dims.size()) / dims[first];
    const std::int64_t points = localPoints(p);
    auto cost = [&](std::int64_t g) { return groupCost(p, g * columns, g * points, limits); };
    p.groupSize = 1;
    if (!fitExchange(p, columns, points, limits)) return std::nullopt;
    // G arrays per work-group until it has the target's work-items: the largest divisor of the
    // batch that fits (not only powers of two: benchmark and user batches are often odd).
    for (std::int64_t g = 2; g <= p.batch; ++g) {
        const GroupCost c = cost(g);
        if (c.uncappedItems > limits.targetWorkGroupSize || !groupFits(p, c, limits)) break;
        if (p.batch % g == 0) p.groupSize = g;
    }
    giveTablesTheRest(p, cost(p.groupSize), limits);
    return p;
}

std::optional<NdTileProgram> fitNdAxisPass(NdTileProgram p, const NdTileLimits& limits) {
    if (p.axes.size() != 1) throw Error("an axis pass of a multidimensional FFT transforms one axis");
    const std::size_t k = p.axes.front();
    const std::vector<std::int64_t> dims = inputShape(p);
    const std::int64_t R = p.shape[k];
    const std::int64_t columns =
        k + 1 == p.shape.size() ? p.batch * product(dims, 0, k) : product(dims, k + 1, dims.size());
    // The widest tile first (the longest runs of consecutive addresses), with the first exchange
    // that fits it.
    for (std::int64_t T : tileWidths(columns, k + 1 != p.shape.size())) {
        p.tileWidth = T;
        const std::int64_t points = T * (k + 1 == p.shape.size() && packedRealAxis(p) ? halfLength(R) : R);
        if (fitExchange(p, T, points, limits)) return p;
    }
    return std::nullopt;
}

std::optional<std::vector<NdTileProgram>> fitNdStridedAxisPasses(const NdTileProgram& axis,
                                                                  const NdTileLimits& limits) {
    if (axis.axes.size() != 1 || axis.axes.front() + 1 == axis.shape.size())
        throw Error("the passes of a long axis are for one strided axis");
    const std::size_t k = axis.axes.front();
    const std::vector<std::int64_t> dims = inputShape(axis);
    const std::int64_t R = dims[k], columns = product(dims, k + 1, dims.size());
    const std::vector<std::int64_t> radices = chooseHierarchicalRadices(R, axis.precision);
    if (radices.size() < 2) return std::nullopt;
    std::vector<NdTileProgram> passes;
    std::int64_t L = 1;
    for (std::size_t j = 0; j < radices.size(); ++j) {
        NdTileProgram pass = axis;
        L *= radices[j];
        pass.passRadix = radices[j];
        pass.passSize = L;
        pass.firstOfPlan = axis.firstOfPlan && j == 0;
        pass.lastOfPlan = axis.lastOfPlan && j + 1 == radices.size();
        pass.scale = axis.scale && j + 1 == radices.size();
        std::optional<NdTileProgram> fitted;
        for (std::int64_t T : tileWidths(columns, true)) {
            // The DFT_q of a tile is computed like a whole axis of length q.
            NdTileProgram asAxis = pass;
            asAxis.tileWidth = T;
            asAxis.shape[k] = radices[j];
            if (!fitExchange(asAxis, T, T * radices[j], limits)) continue;
            asAxis.shape[k] = pass.shape[k];
            fitted = asAxis;
            break;
        }
        if (!fitted) return std::nullopt;
        passes.push_back(*fitted);
    }
    return passes;
}

}  // namespace liftcl::fft
