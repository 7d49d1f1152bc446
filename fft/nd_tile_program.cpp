// Multidimensional and real FFT programs over tiles in local memory (see nd_tile_program.hpp):
// the .lift text, composed from fft/lift/fft_passes.lift (the fitting of work-groups:
// fft/nd_tile_fitting.cpp).
#include "fft/nd_tile_program.hpp"
#include "fft/nd_tile_shape.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "codegen/codegen.hpp"
#include "fft/butterfly_pass.hpp"
#include "fft/local_method.hpp"
#include "ir/elaborate.hpp"
#include "ir/error.hpp"
#include "ir/parser.hpp"

namespace liftcl::fft {

using namespace nd;

namespace {

// X_k of the half spectrum from e = (Z_k, Z_{W/2-k}, w^k) (nd_tile_program.hpp's split).
const std::string kSpectrumSplit =
    "\\e => cadd(cscale(0.5, cadd(e.0, cconj(e.1))), cmul(e.2, cmul({0.0, -0.5}, csub(e.0, cconj(e.1)))))";

// The n points of an axis reversed (the left half of a mirror pad) and rotated by one: element k
// is the axis's (n - k) mod n, for k = 0 .. n (n + 1 elements).
std::string mirrored(std::int64_t n) { return fmt::format("pad(1, 0, wrap) o take({0}) o pad({0}, 0, mirror)", n); }

}  // namespace

std::string ndPackedRealTwist(std::int64_t W) {
    const std::int64_t h = W / 2, m = halfLength(W);
    return fmt::format("split({m}) o map({split}) o join o "
                       "map(\\z => zip(pad(0, 1, wrap, z), {mirror} $ z, array_1({m}, genRootOfUnity({W}))))",
                       fmt::arg("m", m), fmt::arg("split", kSpectrumSplit), fmt::arg("mirror", mirrored(h)),
                       fmt::arg("W", W));
}

std::string ndHermitianZ(const std::string& a, const std::string& b, const std::string& w) {
    return "cadd(cadd(" + a + ", cconj(" + b + ")), cmul({0.0, 1.0}, cmul(cconj(" + w + "), csub(" + a + ", cconj(" + b +
           ")))))";
}

std::string ndHermitianPairs(std::int64_t W) {
    const std::int64_t h = W / 2, m = halfLength(W);
    return fmt::format("\\row => zip(take({h}) $ row, take({h}) o take({m}) o pad({m}, 0, mirror) $ row, "
                       "array_1({h}, genRootOfUnity({W})))",
                       fmt::arg("h", h), fmt::arg("m", m), fmt::arg("W", W));
}

std::string ndPackedRealTwistAll(const std::vector<std::int64_t>& shape) {
    const std::size_t rank = shape.size();
    const std::int64_t W = shape.back(), h = W / 2, m = halfLength(W);
    // Per level (outer axes first): A's element k is Z's k (the last axis padded by one, wrapping),
    // B's is Z's (d - k) mod d (the axis reversed by a mirror pad, rotated by one).
    std::string a = "pad(0, 1, wrap)", b = mirrored(h);
    // The (row of A, row of B) pairs of the outer axes to the (a, b, twiddle) triples of a row.
    std::string pair = fmt::format("\\p => zip(p.0, p.1, array_1({}, genRootOfUnity({})))", m, W);
    for (std::size_t k = rank - 1; k-- > 0;) {
        const std::int64_t d = shape[k];
        a = "map(" + a + ")";
        b = fmt::format("map({}) o take({}) o {}", b, d, mirrored(d));
        if (k > 0) pair = "\\p => map(" + pair + ") $ zip(p.0, p.1)";
    }
    std::string reshape = fmt::format("split({})", h), flatten;
    for (std::size_t k = rank - 1; k-- > 0;) {
        if (k > 0) reshape = fmt::format("split({}) o ", shape[k]) + reshape;
        flatten += "join o ";
    }
    return fmt::format(
        "split({out}) o map({split}) o {flatten}join o "
        "map(\\z => map({pair}) $ zip({a} $ z, {b} $ z)) o map({reshape})",
        fmt::arg("out", product(shape, 0, rank) / W * m), fmt::arg("split", kSpectrumSplit),
        fmt::arg("flatten", flatten), fmt::arg("pair", pair),
        fmt::arg("a", a), fmt::arg("b", b), fmt::arg("reshape", reshape));
}

namespace {

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
        // conj). Where earlier axes ran in the same program the values arrive conjugated already.
        const std::string z = conjugate ? ndHermitianZ("e.1.0", "e.1.1", "e.1.2")
                                        : ndHermitianZ("cconj(e.1.0)", "cconj(e.1.1)", "e.1.2");
        return "\\e => cmul(e.0, cconj(" + z + "))";
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
            rows = fmt::format("map({}) o split({})", ndHermitianPairs(W), m);
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
    pass.options.workGroupPerIteration = true;  // no __local addresses held across tiles
    pass.options.twiddles = p.tableBytes > 0 ? codegen::TwiddleMode::Local : codegen::TwiddleMode::Table;
    pass.options.localGeneratorTableBytes = p.tableBytes;
    pass.options.localTablesFromHost = p.tableBytes > 0;  // copied from the host's tables, not computed
    pass.options.localPaddingEvery = p.localPaddingEvery;
    // DFT_p folded to literals; twiddles indexed by the work-item computed on the fly.
    pass.options.tablesAtConstantIndicesOnly = true;
    // A fixed local size (in place, split exchange) stays at the target: 512 or 1024 work-items
    // of a radix-8 butterfly may not get the registers they need.
    pass.options.maxLocalSize = p.inPlace || p.splitExchange ? NdTileLimits{}.targetWorkGroupSize : 1024;
    pass.options.localInPlace = p.inPlace;
    pass.options.localSplitExchange = p.splitExchange;
    std::vector<std::int64_t> butterflies;
    for (std::int64_t length : pass.radices)
        for (std::int64_t r : ndAxisRadices(length)) butterflies.push_back(r);
    pass.options.localShareTests = keepShareTests(p.splitExchange, p.precision, butterflies);
    pass.options.kernelName = name;
    pass.options.sourceFile = name + ".cl";
    return pass;
}

}  // namespace liftcl::fft
