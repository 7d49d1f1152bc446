// Multidimensional and real FFT programs over tiles in local memory (see nd_tile_program.hpp):
// .lift syntax built over fft/lift/fft_passes.lift's definitions (the fitting of work-groups:
// fft/nd_tile_fitting.cpp).
#include "fft/nd_tile_program.hpp"
#include "fft/nd_tile_shape.hpp"

#include <algorithm>

#include "codegen/codegen.hpp"
#include "fft/butterfly_pass.hpp"
#include "fft/fft_syntax.hpp"
#include "fft/hierarchical_passes.hpp"
#include "fft/local_method.hpp"
#include "ir/elaborate.hpp"
#include "ir/error.hpp"

namespace liftcl::fft {

using namespace nd;

namespace {

using namespace syntax;

// The n points of an axis reversed (the left half of a mirror pad) and rotated by one: element k
// is the axis's (n - k) mod n, for k = 0 .. n (n + 1 elements).
SyntaxP mirrored(std::int64_t n) { return compose({pad(1, 0, "wrap"), take(n), pad(n, 0, "mirror")}); }

// A row of Z (W/2 points) to its W/2+1 triples (Z_k, Z_{W/2-k}, omega(k, W)).
SyntaxP packedRealTriples(std::int64_t W, SplitRoots roots) {
    const std::int64_t h = W / 2, m = halfLength(W);
    const SyntaxP z = name("z");
    return lambda("z", call("zip", {pad(0, 1, "wrap", z), apply(mirrored(h), z), ndRootsOfUnity(m, W, roots)}));
}

}  // namespace

// omega(k, W) for k < n: array_1(n, genRootOfUnity(W)), or row 1 of carray_2(2, n, ...)'s
// omega(j*k, W) from digit tables of omega_W.
SyntaxP ndRootsOfUnity(std::int64_t n, std::int64_t W, SplitRoots roots) {
    if (roots == SplitRoots::Table) return call("array_1", {nat(n), call("genRootOfUnity", {nat(W)})});
    const std::int64_t digits = twiddleDigitCount(W), base = twiddleDigitBase(W);
    return call("at", {call("carray_2", {nat(2), nat(n), call("gentwfrarr", {nat(base), nat(digits)}),
                                         call("precomptw", {nat(W), nat(digits), nat(base)})}),
                       nat(1)});
}

// X_k of the half spectrum from e = (Z_k, Z_{W/2-k}, w^k) (nd_tile_program.hpp's split).
SyntaxP ndSpectrumSplit() {
    return lambda("e", cadd(cscale(real(0.5), cadd(e(0), cconj(e(1)))),
                            cmul(e(2), cmul(tuple({real(0.0), real(-0.5)}), csub(e(0), cconj(e(1)))))));
}

SyntaxP ndPackedRealTwist(std::int64_t W) {
    return compose(
        {split(halfLength(W)), map(ndSpectrumSplit()), join(), map(packedRealTriples(W, SplitRoots::Table))});
}

SyntaxP ndPackedRealRowTwist(std::int64_t W, SplitRoots roots) {
    return compose({map(ndSpectrumSplit()), packedRealTriples(W, roots)});
}

SyntaxP ndHermitianZ(const SyntaxP& a, const SyntaxP& b, const SyntaxP& w) {
    return cadd(cadd(a, cconj(b)), cmul(tuple({real(0.0), real(1.0)}), cmul(cconj(w), csub(a, cconj(b)))));
}

SyntaxP ndHermitianPairs(std::int64_t W, SplitRoots roots) {
    const std::int64_t h = W / 2, m = halfLength(W);
    const SyntaxP row = name("row");
    return lambda("row", call("zip", {apply(take(h), row), apply(compose({take(h), take(m), pad(m, 0, "mirror")}), row),
                                      ndRootsOfUnity(h, W, roots)}));
}

SyntaxP ndPackedRealTwistAll(const std::vector<std::int64_t>& shape) {
    const std::size_t rank = shape.size();
    const std::int64_t W = shape.back(), h = W / 2, m = halfLength(W);
    const SyntaxP p = name("p");
    // Per level (outer axes first): A's element k is Z's k (the last axis padded by one, wrapping),
    // B's is Z's (d - k) mod d (the axis reversed by a mirror pad, rotated by one).
    SyntaxP a = pad(0, 1, "wrap"), b = mirrored(h);
    // The (row of A, row of B) pairs of the outer axes to the (a, b, twiddle) triples of a row.
    SyntaxP pair = lambda("p", call("zip", {get(p, 0), get(p, 1), ndRootsOfUnity(m, W, SplitRoots::Table)}));
    for (std::size_t k = rank - 1; k-- > 0;) {
        const std::int64_t d = shape[k];
        a = map(a);
        b = compose({map(b), take(d), mirrored(d)});
        if (k > 0) pair = lambda("p", apply(map(pair), call("zip", {get(p, 0), get(p, 1)})));
    }
    SyntaxP reshape = split(h);
    std::vector<SyntaxP> flatten;
    for (std::size_t k = rank - 1; k-- > 0;) {
        if (k > 0) reshape = compose({split(shape[k]), reshape});
        flatten.push_back(join());
    }
    // split(out) o map(split) o join... o join o map(\z => map(pair) $ zip(a $ z, b $ z)) o map(reshape)
    const SyntaxP z = name("z");
    std::vector<SyntaxP> chain{split(product(shape, 0, rank) / W * m), map(ndSpectrumSplit())};
    chain.insert(chain.end(), flatten.begin(), flatten.end());
    chain.push_back(join());
    chain.push_back(map(lambda("z", apply(map(pair), call("zip", {apply(a, z), apply(b, z)})))));
    chain.push_back(map(reshape));
    return compose(std::move(chain));
}

namespace {

// A composition built in the order the functions apply; syntax() composes it right to left.
struct Chain {
    std::vector<SyntaxP> functions;
    void then(SyntaxP f) { functions.push_back(std::move(f)); }
    SyntaxP syntax() const {
        if (functions.empty()) return name("id");
        return compose(std::vector<SyntaxP>(functions.rbegin(), functions.rend()));
    }
};

enum class Element { Complex, Real, RealPair, Twiddled, WeightedHalf, HermitianPair };

// Tiles of T columns over c: c rounded up to a multiple of T (tiles over padded columns,
// nd_tile_program.hpp).
std::int64_t paddedColumns(std::int64_t c, std::int64_t T) { return (c + T - 1) / T * T; }
// Flat data to its rows of c columns, each padded to cp by repeating its last column (read, computed,
// never written: thenTakeRows).
SyntaxP padRows(std::int64_t c, std::int64_t cp) {
    return cp == c ? split(c) : compose({map(pad(0, cp - c, "clamp")), split(c)});
}
// f, or with rows of cp columns padded from c, each row's first c columns of f's result (the
// padding's results dropped as they are written).
SyntaxP thenTakeRows(std::int64_t c, std::int64_t cp, const SyntaxP& f) {
    return cp == c ? f : compose({map(take(c)), f});
}

// How an axis's passes see its data: down the columns of a tile [[X]T]R (a strided axis), or
// along the rows of [[X]R]rows (the contiguous last axis). Either way a pass is one map over all
// the butterflies, consecutive ones touching consecutive addresses (fft/lift/fft_passes.lift).
enum class AxisLayout { Columns, Rows };

// The passes of one axis (length R; T columns of a Columns tile): `prep` makes the first pass's
// input from (twiddle, element), `post` (or none) is applied to the last pass's results.
void axisPasses(Chain& chain, std::int64_t R, std::int64_t T, AxisLayout layout, const SyntaxP& firstPrep,
                const SyntaxP& post) {
    const std::vector<std::int64_t> radices = ndAxisRadices(R);
    std::int64_t L = 1;
    for (std::size_t j = 0; j < radices.size(); ++j) {
        const std::int64_t p = radices[j];
        L *= p;
        const bool withPost = j + 1 == radices.size() && post;
        // rowsPass(R, L, p, prep) or columnsPass(R, T, L, p, prep), with Post and post last
        std::vector<SyntaxP> args{nat(R)};
        if (layout == AxisLayout::Columns) args.push_back(nat(T));
        args.insert(args.end(), {nat(L), nat(p), j == 0 ? firstPrep : lambda("e", cmul(e(0), e(1)))});
        if (withPost) args.push_back(post);
        const std::string pass = layout == AxisLayout::Rows ? "rowsPass" : "columnsPass";
        chain.then(call(withPost ? pass + "Post" : pass, std::move(args)));
    }
}

SyntaxP prepFor(Element element, bool conjugate) {
    const SyntaxP x = element == Element::WeightedHalf ? cscale(e(1, 0), e(1, 1)) : e(1);
    if (element == Element::Real) return lambda("e", cscale(e(1), e(0)));
    // (pass twiddle, value) of a pass of a long strided axis.
    if (element == Element::Twiddled) return lambda("e", cmul(e(0), cmul(e(1, 0), conjugate ? cconj(e(1, 1)) : e(1, 1))));
    if (element == Element::RealPair)
        return lambda("e", cmul(e(0), call("tuple", {call("at", {e(1), nat(0)}), call("at", {e(1), nat(1)})})));
    if (element == Element::HermitianPair) {
        // (X_k, X_{W/2-k}, w^k) to Z_k of a packed C2R row, conjugated (an inverse is conj o DFT o
        // conj). Where earlier axes ran in the same program the values arrive conjugated already.
        const SyntaxP z = conjugate ? ndHermitianZ(e(1, 0), e(1, 1), e(1, 2))
                                    : ndHermitianZ(cconj(e(1, 0)), cconj(e(1, 1)), e(1, 2));
        return lambda("e", cmul(e(0), cconj(z)));
    }
    return lambda("e", cmul(e(0), conjugate ? cconj(x) : x));
}

SyntaxP postFor(const NdTileProgram& p, bool realOutput) {
    if (!p.inverse || !p.lastOfPlan) return nullptr;
    const std::int64_t points = p.scaledPoints > 0 ? p.scaledPoints : product(p.shape, 0, p.shape.size());
    // A computation (mul), not a bare y.0: a component of a computed value cannot be written in place.
    if (realOutput)
        return lambda("y", call("mul", {p.scale ? real(1.0 / static_cast<double>(points)) : real(1.0), get(name("y"), 0)}));
    return inverseOutput("y", p.scale, points);
}

// The program body: `xs` flat over the whole batch in, flat out.
SyntaxP bodySyntax(const NdTileProgram& p) {
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
            chain.then(split(m));
            chain.then(map(lambda("row", call("zip", {call("array_1", {nat(W), name("genHermitianWeight")}),
                                                       pad(0, W - m, "clamp", name("row"))}))));
            chain.then(join());
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
        const SyntaxP post = remaining == 0 && !takeHalf && !packedForward ? postFor(p, realOutput) : nullptr;
        // The contiguous axis (c == 1) as rows; a strided one as the columns of a tile: T columns
        // (tiles) or all the work-group's (one group: G arrays' c columns side by side).
        const AxisLayout layout = c == 1 ? AxisLayout::Rows : AxisLayout::Columns;
        const std::int64_t columns = tiles ? T : p.groupSize * product(dims, 0, rank) / R;
        Chain passes;
        axisPasses(passes, R, columns, layout, prepFor(element, conjugatePending), post);
        if (takeHalf) {
            passes.then(map(take(m)));  // the first m points of every row
            if (remaining == 0) passes.then(compose({split(m), map(name("cid")), join()}));
        }
        if (packedForward) passes.then(ndPackedRealTwist(W));
        // Rows of real pairs for a packed R2C axis; of (X_k, X_{W/2-k}, w^k) for a packed C2R one
        // (X_{W/2-k}: the row of m reversed by a mirror pad).
        SyntaxP rows = split(R);
        if (packedForward) rows = compose({split(R), split(2)});
        if (packed && !packedForward) rows = compose({map(ndHermitianPairs(W, SplitRoots::Table)), split(m)});
        if (!tiles) {
            if (c == 1) {
                chain.then(rows);
                chain.then(passes.syntax());
                chain.then(join());
            } else {
                chain.then(compose({map(join()), name("transpose"), split(R), split(c)}));
                chain.then(passes.syntax());
                chain.then(compose({join(), join(), name("transpose"), map(split(c))}));
            }
        } else if (c == 1) {
            chain.then(compose({split(T), rows}));
            chain.then(map(passes.syntax()));
            chain.then(compose({join(), join()}));
        } else if (p.passRadix > 0) {
            const std::int64_t cp = paddedColumns(c, T);
            // One pass (q, L) of a long strided axis: the tiles of every butterfly's q rows, T
            // columns each, over all arrays; each element paired with its pass twiddle.
            const std::int64_t q = p.passRadix, L = p.passSize;
            Chain tilePasses;
            axisPasses(tilePasses, q, T, AxisLayout::Columns, prepFor(Element::Twiddled, conjugatePending), post);
            // join o map(\a => join o map(\g => transpose o map(split(T)) o map(\row => zip(row.0, row.1))
            //     $ zip(g.0, g.1)) $ zip(array_3(B, q, c, genColumnTwiddle(L)), (transpose o split(B))(a)))
            //   o split(R) o split(c)
            const std::int64_t B = R / q;
            const SyntaxP row = name("row"), g = name("g");
            const SyntaxP tileOfGroup =
                lambda("g", apply(compose({name("transpose"), map(split(T)),
                                           map(lambda("row", call("zip", {get(row, 0), get(row, 1)})))}),
                                  call("zip", {get(g, 0), get(g, 1)})));
            const SyntaxP twiddles = call("array_3", {nat(B), nat(q), nat(cp), call("genColumnTwiddle", {nat(L)})});
            const SyntaxP groupsOfArray =
                lambda("a", apply(compose({join(), map(tileOfGroup)}),
                                  call("zip", {twiddles, call(compose({name("transpose"), split(B)}), {name("a")})})));
            chain.then(compose({join(), map(groupsOfArray), split(R), padRows(c, cp)}));
            chain.then(map(tilePasses.syntax()));
            chain.then(compose({join(), join(), map(thenTakeRows(c, cp, call("butterflyResults", {nat(L), nat(q)}))),
                                split(B), map(compose({map(join()), name("transpose")})), split(cp / T)}));
        } else {
            const std::int64_t cp = paddedColumns(c, T);
            chain.then(compose({join(), map(compose({name("transpose"), map(split(T))})), split(R), padRows(c, cp)}));
            chain.then(map(passes.syntax()));
            chain.then(compose({join(), join(), map(thenTakeRows(c, cp, compose({map(join()), name("transpose")}))),
                                split(cp / T)}));
        }
        if (takeHalf || packedForward) dims.back() = m;
        element = Element::Complex;
        conjugatePending = false;
    }
    return chain.syntax();
}

}  // namespace

ir::Definition ndTileProgramDefinition(const NdTileProgram& p, const std::string& kernelName) {
    const bool realIn = p.domain == NdDomain::RealForward && hasLastAxis(p);
    // A packed C2R writes its real values as complex pairs (the same bytes).
    const std::int64_t in = ndInputElements(p), out = ndOutputElements(p) / (packedRealOutput(p) ? 2 : 1);
    const SyntaxP body = bodySyntax(p);
    // split(out) o body o join $ xs, or per group: join o map(split(out) o body o join) o split(G) $ xs
    const SyntaxP whole =
        p.tileWidth > 0 ? apply(compose({split(out), body, join()}), name("xs"))
                        : apply(compose({join(), map(compose({split(out), body, join()})),
                                         split(p.groupSize)}),
                                name("xs"));
    const ir::SyntaxTypeP type = batchOf(realIn ? "real" : "complex", nat(in));
    return definition(kernelName, {"b"}, lambda("xs", type, whole));
}

// The bytes of the host tables an fp32 nd pass may read in global memory (every table of a pass
// here: the R2C twist of 8192^2 holds 4097 roots).
constexpr std::int64_t kNdGlobalTableBytes = 1 << 20;

PassProgram makeNdTilePass(const NdTileProgram& p, const std::string& name) {
    PassProgram pass;
    pass.name = name;
    pass.program = elaborateBatchedPass(ndTileProgramDefinition(p, name), p.precision, p.batch);
    pass.strategy = "factor-dft ; lower-local-fft";
    for (std::size_t k : axesOf(p)) pass.radices.push_back(ndTransformLength(p, k));
    pass.radix = pass.radices.empty() ? 1 : pass.radices.front();
    pass.options.precision = p.precision;
    pass.options.workGroupPerIteration = true;  // no __local addresses held across tiles
    // Tables copied to __local from the host's tables (not computed) where they fit beside the tile.
    // fp32: every table read from the host's table in global memory, none copied to __local, so the
    // R2C twist's n/2+1 roots of unity come from a table rather than a cospi/sinpi per point (H100,
    // geometric mean over each family's sweep, ratio to cuFFT: r2c 0.732 -> 0.778, with 4096
    // 0.166 -> 0.117 ms; r2c2d 0.786 -> 0.847, 8192^2 1.097 -> 0.883; 2d 0.900 -> 0.916; 3d 1.168 ->
    // 1.178; r2c3d 1.219 -> 1.241; but 512^2 0.207 -> 0.221, 512^3 2.256 -> 2.382). In fp64 the
    // families measured moved by 1.3% at most and r2c 4096 lost 6%: not taken
    // (bench/results/h100-2026-11-28-wave13/run7-nd-global-tables).
    const bool tablesInGlobal = p.precision == ir::ScalarKind::Float;
    const bool hostTables = tablesInGlobal || p.tableBytes > 0;
    pass.options.twiddles = hostTables ? codegen::TwiddleMode::Local : codegen::TwiddleMode::Table;
    pass.options.localTablesFromHost = hostTables;
    pass.options.generatorTablesInGlobal = tablesInGlobal;
    pass.options.localGeneratorTableBytes = tablesInGlobal ? kNdGlobalTableBytes : p.tableBytes;
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
