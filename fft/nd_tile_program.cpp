// Multidimensional and real FFT programs over tiles in local memory (see nd_tile_program.hpp):
// the .lift text, composed from fft/lift/fft_passes.lift, and the fitting of work-groups.
#include "fft/nd_tile_program.hpp"

#include <algorithm>
#include <numeric>

#include <fmt/format.h>

#include "codegen/codegen.hpp"
#include "fft/butterfly_pass.hpp"
#include "fft/hierarchical_passes.hpp"
#include "fft/local_method.hpp"
#include "fft/radix_factorization.hpp"
#include "ir/elaborate.hpp"
#include "ir/error.hpp"
#include "ir/parser.hpp"

namespace liftcl::fft {

namespace {

std::int64_t product(const std::vector<std::int64_t>& v, std::size_t from, std::size_t to) {
    std::int64_t p = 1;
    for (std::size_t i = from; i < to; ++i) p *= v[i];
    return p;
}

std::int64_t complexBytes(ir::ScalarKind precision) { return precision == ir::ScalarKind::Float ? 8 : 16; }

std::vector<std::size_t> axesOf(const NdTileProgram& p) {
    return p.axes.empty() ? ndAxisOrder(p.shape.size(), p.domain) : p.axes;
}

bool hasLastAxis(const NdTileProgram& p) {
    const auto axes = axesOf(p);
    return std::find(axes.begin(), axes.end(), p.shape.size() - 1) != axes.end();
}

std::int64_t halfLength(std::int64_t w) { return w / 2 + 1; }

// R2C of an even last axis W >= 4 by the complex transform of half the length: the real pairs
// (x_2j, x_2j+1) as z_j, Z = DFT_{W/2}(z), then X_k = (Z_k + conj Z_{W/2-k}) / 2
// - i w^k (Z_k - conj Z_{W/2-k}) / 2 with w = omega(1, W), k = 0 .. W/2 (half the passes' work
// and local memory of transforming W complex points with zero imaginary parts).
// C2R the mirror: Z_k = (X_k + conj X_{W/2-k}) + i conj(w^k) (X_k - conj X_{W/2-k}), k < W/2, its
// inverse DFT_{W/2} is W (x_2j + i x_2j+1): the real output written as complex pairs.
bool packedRealAxis(const NdTileProgram& p) {
    const std::int64_t W = p.shape.back();
    return p.domain != NdDomain::Complex && hasLastAxis(p) && W % 2 == 0 && W >= 4;
}

// Whether the program writes the real values of a packed C2R axis as complex pairs.
bool packedRealOutput(const NdTileProgram& p) { return p.domain == NdDomain::RealInverse && packedRealAxis(p); }


// Complex points the work-group holds per array at most (a packed axis: its m = W/2+1 outputs).
std::int64_t localPoints(const NdTileProgram& p) {
    const std::int64_t all = product(p.shape, 0, p.shape.size());
    return packedRealAxis(p) ? all / p.shape.back() * halfLength(p.shape.back()) : all;
}

}  // namespace

std::int64_t ndTransformLength(const NdTileProgram& p, std::size_t k) {
    return k + 1 == p.shape.size() && packedRealAxis(p) ? p.shape.back() / 2 : p.shape[k];
}

// Z_{W/2-k} is the row reversed (the left half of a mirror pad) rotated by one.
std::string ndPackedRealTwist(std::int64_t W) {
    const std::int64_t h = W / 2, m = halfLength(W);
    return fmt::format(
        "split({m}) o map(\\e => cadd(cscale(0.5, cadd(e.0, cconj(e.1))), "
        "cmul(e.2, cmul({{0.0, -0.5}}, csub(e.0, cconj(e.1)))))) o join o "
        "map(\\z => zip(pad(0, 1, wrap, z), pad(1, 0, wrap) o take({h}) o pad({h}, 0, mirror) $ z, "
        "array_1({m}, genRootOfUnity({W}))))",
        fmt::arg("m", m), fmt::arg("h", h), fmt::arg("W", W));
}

std::string ndPackedRealTwistAll(const std::vector<std::int64_t>& shape) {
    const std::size_t rank = shape.size();
    const std::int64_t W = shape.back(), h = W / 2, m = halfLength(W);
    // Per level (outer axes first): A's element k is Z's k (the last axis padded by one, wrapping),
    // B's is Z's (d - k) mod d (the axis reversed by a mirror pad, rotated by one).
    std::string a = fmt::format("pad(0, 1, wrap)"), b = fmt::format("pad(1, 0, wrap) o take({h}) o pad({h}, 0, mirror)",
                                                                   fmt::arg("h", h));
    // The (row of A, row of B) pairs of the outer axes to the (a, b, twiddle) triples of a row.
    std::string pair = fmt::format("\\p => zip(p.0, p.1, array_1({}, genRootOfUnity({})))", m, W);
    for (std::size_t k = rank - 1; k-- > 0;) {
        const std::int64_t d = shape[k];
        a = "map(" + a + ")";
        b = fmt::format("map({b}) o take({d}) o pad(1, 0, wrap) o take({d}) o pad({d}, 0, mirror)", fmt::arg("b", b),
                        fmt::arg("d", d));
        if (k > 0) pair = "\\p => map(" + pair + ") $ zip(p.0, p.1)";
    }
    std::string reshape = fmt::format("split({})", h), flatten;
    for (std::size_t k = rank - 1; k-- > 0;) {
        if (k > 0) reshape = fmt::format("split({}) o ", shape[k]) + reshape;
        flatten += "join o ";
    }
    return fmt::format(
        "split({out}) o map(\\e => cadd(cscale(0.5, cadd(e.0, cconj(e.1))), "
        "cmul(e.2, cmul({{0.0, -0.5}}, csub(e.0, cconj(e.1)))))) o {flatten}join o "
        "map(\\z => map({pair}) $ zip({a} $ z, {b} $ z)) o map({reshape})",
        fmt::arg("out", product(shape, 0, rank) / W * m), fmt::arg("flatten", flatten), fmt::arg("pair", pair),
        fmt::arg("a", a), fmt::arg("b", b), fmt::arg("reshape", reshape));
}

namespace {

// The shape the data has before the program (R2C's later axes and C2R see the half spectrum).
std::vector<std::int64_t> inputShape(const NdTileProgram& p) {
    std::vector<std::int64_t> s = p.shape;
    const bool half = (p.domain == NdDomain::RealForward && !hasLastAxis(p)) || p.domain == NdDomain::RealInverse;
    if (half) s.back() = halfLength(s.back());
    return s;
}

// A composition built in the order the functions apply; text() writes it right to left.
struct Chain {
    std::vector<std::string> functions;
    void then(std::string f) { functions.push_back(std::move(f)); }
    std::string text() const {
        std::string t;
        for (auto it = functions.rbegin(); it != functions.rend(); ++it) t += (t.empty() ? "" : " o ") + *it;
        return t.empty() ? "id" : t;
    }
};

enum class Element { Complex, Real, RealPair, Twiddled, WeightedHalf, HermitianPair };

// How an axis's passes see its data: down the columns of a tile [[X]T]R (a strided axis), or
// along the rows of [[X]R]rows (the contiguous last axis). Either way a pass is one map over all
// the butterflies, consecutive ones touching consecutive addresses (fft/lift/fft_passes.lift).
enum class AxisLayout { Columns, Rows };

// The passes of one axis (length R; T columns of a Columns tile): `prep` makes the first pass's
// input from (twiddle, element), `post` (or "") is applied to the last pass's results.
void axisPasses(Chain& chain, std::int64_t R, std::int64_t T, AxisLayout layout, const std::string& firstPrep,
                const std::string& post) {
    const std::vector<std::int64_t> radices = ndAxisRadices(R);
    const std::string pass = layout == AxisLayout::Rows ? fmt::format("rowsPass{{}}({}, ", R)
                                                        : fmt::format("columnsPass{{}}({}, {}, ", R, T);
    std::int64_t L = 1;
    for (std::size_t j = 0; j < radices.size(); ++j) {
        const std::int64_t p = radices[j];
        L *= p;
        const std::string prep = j == 0 ? firstPrep : "\\e => cmul(e.0, e.1)";
        const bool withPost = j + 1 == radices.size() && !post.empty();
        chain.then(fmt::format(fmt::runtime(pass), withPost ? "Post" : "") +
                   fmt::format("{}, {}, {}{})", L, p, prep, withPost ? ", " + post : ""));
    }
}

std::string prepFor(Element element, bool conjugate) {
    const std::string x = element == Element::WeightedHalf ? "cscale(e.1.0, e.1.1)" : "e.1";
    if (element == Element::Real) return "\\e => cscale(e.1, e.0)";
    // (pass twiddle, value) of a pass of a long strided axis.
    if (element == Element::Twiddled) return std::string("\\e => cmul(e.0, cmul(e.1.0, ") + (conjugate ? "cconj(e.1.1)" : "e.1.1") + "))";
    if (element == Element::RealPair) return "\\e => cmul(e.0, tuple(at(e.1, 0), at(e.1, 1)))";
    if (element == Element::HermitianPair) {
        // (X_k, X_{W/2-k}, w^k) to Z_k of a packed C2R row, conjugated (an inverse is conj o DFT o
        // conj): conj Z_k = (conj X_k + X_{W/2-k}) - i w^k (conj X_k - X_{W/2-k}). Where earlier
        // axes ran in the same program the values arrive conjugated already, U = conj X, and
        // conj Z_k = (U_k + conj U_{W/2-k}) - i w^k (U_k - conj U_{W/2-k}).
        const std::string a = conjugate ? "cconj(e.1.0)" : "e.1.0", b = conjugate ? "e.1.1" : "cconj(e.1.1)";
        return "\\e => cmul(e.0, cadd(cadd(" + a + ", " + b + "), cmul({0.0, -1.0}, cmul(e.1.2, csub(" + a + ", " + b +
               ")))))";
    }
    return "\\e => cmul(e.0, " + (conjugate ? "cconj(" + x + ")" : x) + ")";
}

std::string postFor(const NdTileProgram& p, bool realOutput) {
    if (!p.inverse || !p.lastOfPlan) return "";
    const std::int64_t points = p.scaledPoints > 0 ? p.scaledPoints : product(p.shape, 0, p.shape.size());
    const std::string s = liftRealLiteral(1.0 / static_cast<double>(points));
    // A computation (mul), not a bare y.0: a component of a computed value cannot be written in place.
    if (realOutput) return "\\y => mul(" + (p.scale ? s : std::string("1.0")) + ", y.0)";
    return p.scale ? "\\y => cscale(" + s + ", cconj(y))" : "\\y => cconj(y)";
}

// The program body: `xs` flat over the whole batch in, flat out.
std::string bodyText(const NdTileProgram& p) {
    const std::vector<std::size_t> axes = axesOf(p);
    const std::size_t rank = p.shape.size();
    const std::int64_t W = p.shape.back(), m = halfLength(W);
    std::vector<std::int64_t> dims = inputShape(p);  // as the data is now
    Element element = p.domain == NdDomain::RealForward && hasLastAxis(p)
                          ? (packedRealAxis(p) ? Element::RealPair : Element::Real)
                          : Element::Complex;
    bool conjugatePending = p.inverse && p.firstOfPlan;
    const bool tiles = p.tileWidth > 0;
    const std::int64_t T = p.tileWidth;

    // One group: the chain applies to a group's flat data [X](G * prod(dims)); tiles: to the
    // whole batch's flat data, the axis pass mapped over tiles of T columns.
    Chain chain;
    std::size_t remaining = 0;
    for (std::size_t k : axes) remaining += p.shape[k] > 1 ? 1 : 0;
    for (std::size_t k : axes) {
        if (p.shape[k] == 1) continue;
        --remaining;
        const bool lastAxis = k + 1 == rank;
        if (lastAxis && packedRealOutput(p)) {
            element = Element::HermitianPair;  // the rows are paired below
        } else if (lastAxis && p.domain == NdDomain::RealInverse) {
            // Rows of the half spectrum to rows of W (weight, value) pairs.
            chain.then(fmt::format("split({})", m));
            chain.then(fmt::format("map(\\row => zip(array_1({}, genHermitianWeight), pad(0, {}, clamp, row)))", W,
                                   W - m));
            chain.then("join");
            dims.back() = W;
            element = Element::WeightedHalf;
        }
        const bool packed = lastAxis && packedRealAxis(p);
        const std::int64_t R = packed ? W / 2 : dims[k];
        const std::int64_t c = product(dims, k + 1, rank);
        const bool realOutput = lastAxis && p.domain == NdDomain::RealInverse && !packed;
        const bool packedForward = packed && p.domain == NdDomain::RealForward;
        const bool takeHalf = lastAxis && p.domain == NdDomain::RealForward && !packed;
        // The last pass of the program writes global memory; a kept half is copied out after it.
        const std::string post = remaining == 0 && !takeHalf && !packedForward ? postFor(p, realOutput) : "";
        // The contiguous axis (c == 1) as rows; a strided one as the columns of a tile: T columns
        // (tiles) or all the work-group's (one group: G arrays' c columns side by side).
        const AxisLayout layout = c == 1 ? AxisLayout::Rows : AxisLayout::Columns;
        const std::int64_t columns = tiles ? T : p.groupSize * product(dims, 0, rank) / R;
        Chain passes;
        axisPasses(passes, R, columns, layout, prepFor(element, conjugatePending), post);
        if (takeHalf) {
            passes.then(fmt::format("map(take({}))", m));  // the first m points of every row
            if (remaining == 0) passes.then(fmt::format("split({}) o map(cid) o join", m));
        }
        if (packedForward) passes.then(ndPackedRealTwist(W));
        // Rows of real pairs for a packed R2C axis; of (X_k, X_{W/2-k}, w^k) for a packed C2R one
        // (X_{W/2-k}: the row of m reversed by a mirror pad).
        std::string rows = fmt::format("split({})", R);
        if (packedForward) rows = fmt::format("split({}) o split(2)", R);
        if (packed && !packedForward)
            rows = fmt::format("map(\\row => zip(take({h}) $ row, take({h}) o take({m}) o pad({m}, 0, mirror) $ row, "
                               "array_1({h}, genRootOfUnity({W})))) o split({m})",
                               fmt::arg("h", R), fmt::arg("m", m), fmt::arg("W", W));
        if (!tiles) {
            if (c == 1) {
                chain.then(rows);
                chain.then(passes.text());
                chain.then("join");
            } else {
                chain.then(fmt::format("map(join) o transpose o split({}) o split({})", R, c));
                chain.then(passes.text());
                chain.then(fmt::format("join o join o transpose o map(split({}))", c));
            }
        } else if (c == 1) {
            chain.then(fmt::format("split({}) o ", T) + rows);
            chain.then("map(" + passes.text() + ")");
            chain.then("join o join");
        } else if (p.passRadix > 0) {
            // One pass (q, L) of a long strided axis: the tiles of every butterfly's q rows, T
            // columns each, over all arrays; each element paired with its pass twiddle.
            const std::int64_t q = p.passRadix, L = p.passSize;
            Chain tilePasses;
            axisPasses(tilePasses, q, T, AxisLayout::Columns, prepFor(Element::Twiddled, conjugatePending), post);
            chain.then(fmt::format(
                "join o map(\\a => join o map(\\g => transpose o map(split({T})) o map(\\row => zip(row.0, row.1)) $ "
                "zip(g.0, g.1)) $ zip(array_3({B}, {q}, {c}, genColumnTwiddle({L})), (transpose o split({B}))(a))) o "
                "split({R}) o split({c})",
                fmt::arg("T", T), fmt::arg("B", R / q), fmt::arg("q", q), fmt::arg("c", c), fmt::arg("L", L),
                fmt::arg("R", R)));
            chain.then("map(" + tilePasses.text() + ")");
            chain.then(fmt::format("join o join o map(butterflyResults({L}, {q})) o split({B}) o "
                                   "map(map(join) o transpose) o split({cT})",
                                   fmt::arg("L", L), fmt::arg("q", q), fmt::arg("B", R / q), fmt::arg("cT", c / T)));
        } else {
            chain.then(fmt::format("join o map(transpose o map(split({}))) o split({}) o split({})", T, R, c));
            chain.then("map(" + passes.text() + ")");
            chain.then(fmt::format("join o join o map(map(join) o transpose) o split({})", c / T));
        }
        if (takeHalf || packedForward) dims.back() = m;
        element = Element::Complex;
        conjugatePending = false;
    }
    return chain.text();
}

}  // namespace

std::vector<std::size_t> ndAxisOrder(std::size_t rank, NdDomain domain) {
    std::vector<std::size_t> axes;
    if (domain == NdDomain::RealInverse) {
        for (std::size_t k = 0; k < rank; ++k) axes.push_back(k);
    } else {
        for (std::size_t k = rank; k-- > 0;) axes.push_back(k);
    }
    return axes;
}

std::vector<std::int64_t> ndAxisRadices(std::int64_t R) {
    if (R < 2) return {};
    if ((R & (R - 1)) == 0) return chooseLocalRadices(R);
    return chooseRadices(R);
}

std::int64_t ndInputElements(const NdTileProgram& p) { return product(inputShape(p), 0, p.shape.size()); }

std::int64_t ndOutputElements(const NdTileProgram& p) {
    std::vector<std::int64_t> s = p.shape;
    const bool half = p.domain == NdDomain::RealForward || (p.domain == NdDomain::RealInverse && !hasLastAxis(p));
    if (half) s.back() = halfLength(s.back());
    return product(s, 0, s.size());
}

namespace {

std::size_t firstTransformedAxis(const NdTileProgram& p) {
    for (std::size_t k : axesOf(p))
        if (p.shape[k] > 1) return k;
    return axesOf(p).front();
}

// The steps of the program that each read what the one before wrote: the passes of its axes (of
// one pass's radix q for a pass of a long axis), the twist of a packed real axis, the copy of a
// half spectrum kept.
std::size_t computingSteps(const NdTileProgram& p) {
    if (p.passRadix > 0) return ndAxisRadices(p.passRadix).size();
    std::size_t steps = 0;
    for (std::size_t k : axesOf(p)) {
        steps += ndAxisRadices(ndTransformLength(p, k)).size();
        if (k + 1 == p.shape.size() && p.domain == NdDomain::RealForward) ++steps;
    }
    return steps;
}

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
    const std::int64_t bytes = complexBytes(p.precision);
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
// size, the shares codegen allows a work-item (CodegenOptions).
bool groupFits(const NdTileProgram& p, const GroupCost& c, const NdTileLimits& limits, std::int64_t maxItems) {
    const codegen::CodegenOptions defaults;
    if (c.items > maxItems || c.localBytes > limits.localMemoryBytes) return false;
    if (p.splitExchange) return 2 * c.shares <= defaults.localSplitExchangeMaxShares;
    if (p.inPlace) return c.shares <= defaults.localInPlaceMaxCopies;
    return true;
}

// The exchanges in the order they are tried: two padded ping-pong arrays (no fixed local size),
// one padded array written in place, unpadded, then one array of components (64x64 and 16^3
// fp32: 32 KiB in place; 64x64 fp64: 32 KiB of components), as the 1D local method does.
void setExchange(NdTileProgram& p, int exchange) {
    const std::int64_t padding = 128 / complexBytes(p.precision);  // strides 1..8 over all banks
    p.inPlace = exchange == 1 || exchange == 2;
    p.splitExchange = exchange == 3 || exchange == 4;
    p.localPaddingEvery = exchange == 0 || exchange == 1 || exchange == 3 ? padding : 0;
}
constexpr int kExchanges = 5;

// Whether the exchange is worth trying for the program: exchanging components costs four
// barriers and many private shares, measured 2-4x slower than more passes through global memory
// for mixed-radix lengths (1D, H100: 5040 fp64 3.95 vs 1.05 ms, 7000 fp32 2.41 vs 1.34), so only
// where every transformed length is a power of two.
bool exchangeAllowed(const NdTileProgram& p, int exchange, const NdTileLimits& limits) {
    if (exchange == 0) return !limits.preferOneArray || computingSteps(p) <= 1;
    if (exchange < 3) return true;
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
    return points * complexBytes(p.precision);
}

// What local memory is left after the exchange goes to twiddle tables (computed once per
// work-group instead of with sincos in every butterfly).
void giveTablesTheRest(NdTileProgram& p, const GroupCost& c, const NdTileLimits& limits) {
    p.tableBytes = std::max<std::int64_t>(0, std::min(twiddleTableBytes(p), limits.localMemoryBytes - c.localBytes));
}

// The tile widths to try for `columns` columns, best first: the divisors up to 16, widest first;
// where none of them reaches 8 (the half spectrum of an R2C has m = W/2+1 columns: 17, 33, 65),
// the divisors from 17 to 64 first, narrowest first (32 columns of 17 beat 32 tiles of one).
std::vector<std::int64_t> tileWidths(std::int64_t columns) {
    std::vector<std::int64_t> narrow, wide;
    for (std::int64_t T = std::min<std::int64_t>(16, columns); T >= 1; --T)
        if (columns % T == 0) narrow.push_back(T);
    if (narrow.front() < 8)
        for (std::int64_t T = 17; T <= std::min<std::int64_t>(64, columns); ++T)
            if (columns % T == 0) wide.push_back(T);
    wide.insert(wide.end(), narrow.begin(), narrow.end());
    return wide;
}

}  // namespace

bool ndHasWideTiles(std::int64_t columns) { return tileWidths(columns).front() >= std::min<std::int64_t>(8, columns); }

std::optional<NdTileProgram> fitNdInOneGroup(NdTileProgram p, const NdTileLimits& limits) {
    p.tileWidth = 0;
    const std::size_t first = firstTransformedAxis(p);
    const std::vector<std::int64_t> dims = inputShape(p);
    const std::int64_t columns = product(dims, 0, dims.size()) / dims[first];
    const std::int64_t points = localPoints(p);
    auto cost = [&](std::int64_t g) { return groupCost(p, g * columns, g * points, limits); };
    p.groupSize = 1;
    bool fits = false;
    for (int exchange = 0; exchange < kExchanges && !fits; ++exchange) {
        if (!exchangeAllowed(p, exchange, limits)) continue;
        setExchange(p, exchange);
        fits = groupFits(p, cost(1), limits, limits.maxWorkGroupSize);
    }
    if (!fits) return std::nullopt;
    // G arrays per work-group until it has the target's work-items: the largest divisor of the
    // batch that fits (not only powers of two: benchmark and user batches are often odd).
    for (std::int64_t g = 2; g <= p.batch; ++g) {
        const GroupCost c = cost(g);
        if (c.uncappedItems > limits.targetWorkGroupSize || !groupFits(p, c, limits, limits.targetWorkGroupSize)) break;
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
    for (std::int64_t T : tileWidths(columns)) {
        p.tileWidth = T;
        const std::int64_t points = T * (k + 1 == p.shape.size() && packedRealAxis(p) ? halfLength(R) : R);
        for (int exchange = 0; exchange < kExchanges; ++exchange) {
            if (!exchangeAllowed(p, exchange, limits)) continue;
            setExchange(p, exchange);
            const GroupCost c = groupCost(p, T, points, limits);
            if (groupFits(p, c, limits, limits.maxWorkGroupSize)) {
                giveTablesTheRest(p, c, limits);
                return p;
            }
        }
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
        for (std::int64_t T : tileWidths(columns)) {
            if (fitted) break;
            pass.tileWidth = T;
            // The DFT_q of a tile is computed like a whole axis of length q.
            NdTileProgram asAxis = pass;
            asAxis.shape[k] = radices[j];
            for (int exchange = 0; exchange < kExchanges && !fitted; ++exchange) {
                if (!exchangeAllowed(asAxis, exchange, limits)) continue;
                setExchange(asAxis, exchange);
                const GroupCost c = groupCost(asAxis, T, T * radices[j], limits);
                if (groupFits(asAxis, c, limits, limits.maxWorkGroupSize)) {
                    giveTablesTheRest(asAxis, c, limits);
                    asAxis.shape[k] = pass.shape[k];
                    fitted = asAxis;
                }
            }
        }
        if (!fitted) return std::nullopt;
        passes.push_back(*fitted);
    }
    return passes;
}

std::string ndTileProgramSource(const NdTileProgram& p, const std::string& name) {
    const bool realIn = p.domain == NdDomain::RealForward && hasLastAxis(p);
    // A packed C2R writes its real values as complex pairs (the same bytes).
    const std::int64_t in = ndInputElements(p), out = ndOutputElements(p) / (packedRealOutput(p) ? 2 : 1);
    const std::string body = bodyText(p);
    const std::string whole =
        p.tileWidth > 0 ? fmt::format("split({}) o {} o join $ xs", out, body)
                        : fmt::format("join o map(split({}) o {} o join) o split({}) $ xs", out, body, p.groupSize);
    return fmt::format("def {}(b) = \\(xs: [[{}]{}]b) =>\n    {}\n", name, realIn ? "real" : "complex", in, whole);
}

PassProgram makeNdTilePass(const NdTileProgram& p, const std::string& name) {
    PassProgram pass;
    pass.name = name;
    pass.program = elaborateBatchedPass(ndTileProgramSource(p, name), name, p.precision, p.batch);
    pass.strategy = "factor-dft ; lower-local-fft";
    for (std::size_t k : axesOf(p)) pass.radices.push_back(ndTransformLength(p, k));
    pass.radix = pass.radices.empty() ? 1 : pass.radices.front();
    pass.options.precision = p.precision;
    pass.options.twiddles = p.tableBytes > 0 ? codegen::TwiddleMode::Local : codegen::TwiddleMode::Table;
    pass.options.localGeneratorTableBytes = p.tableBytes;
    pass.options.localPaddingEvery = p.localPaddingEvery;
    // DFT_p folded to literals; twiddles indexed by the work-item computed on the fly.
    pass.options.tablesAtConstantIndicesOnly = true;
    // A fixed local size (in place, split exchange) stays at the target: 512 or 1024 work-items
    // of a radix-8 butterfly may not get the registers they need.
    pass.options.maxLocalSize = p.inPlace || p.splitExchange ? NdTileLimits{}.targetWorkGroupSize : 1024;
    pass.options.localInPlace = p.inPlace;
    pass.options.localSplitExchange = p.splitExchange;
    pass.options.kernelName = name;
    pass.options.sourceFile = name + ".cl";
    return pass;
}

}  // namespace liftcl::fft
