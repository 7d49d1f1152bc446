// Multidimensional and real FFT plans (see nd_planner.hpp).
#include "fft/nd_planner.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "fft/butterfly_pass.hpp"
#include "fft/fft_planner.hpp"
#include "fft/fft_syntax.hpp"
#include "fft/hierarchical_method.hpp"
#include "fft/hierarchical_passes.hpp"
#include "fft/local_method.hpp"
#include "fft/nd_tile_program.hpp"
#include "fft/radix_factorization.hpp"
#include "fft/real_one_kernel.hpp"
#include "ir/elaborate.hpp"
#include "ir/error.hpp"
#include "ir/precision.hpp"

namespace liftcl::fft {

namespace {

void validateNdRequest(const FftRequest& r, const std::vector<std::int64_t>& shape) {
    if (shape.size() > 3)
        throw Error("FFT shape " + ndShapeText(shape) + " has " + std::to_string(shape.size()) +
                    " axes; at most 3 are supported");
    for (std::size_t k = 0; k < shape.size(); ++k)
        if (shape[k] < 1)
            throw Error("FFT shape " + ndShapeText(shape) + ": extent " + std::to_string(k) + " is " +
                        std::to_string(shape[k]) + "; every extent must be at least 1");
    if (ndShapePoints(shape) != r.n)
        throw Error("FFT shape " + ndShapeText(shape) + " multiplies to " + std::to_string(ndShapePoints(shape)) +
                    " but n is " + std::to_string(r.n));
    if (r.real && shape.back() < 2)
        throw Error("FFT shape " + ndShapeText(shape) + ": the last axis of a real transform must be at least 2");
    const auto& methods = ndPlanMethods();
    if (r.method != "auto" && std::find(methods.begin(), methods.end(), r.method) == methods.end())
        throw Error("--method " + r.method +
                    " plans 1D complex transforms only; multidimensional and real plans "
                    "take auto or " +
                    ndPlanMethodsText() + " (the tuner's variants)");
    if (!r.radices.empty())
        throw Error("--radices applies to 1D complex transforms only (leave it out for a shape or --real)");
    if (r.registersPerItem)
        throw Error("--registers applies to 1D complex transforms only (multidimensional and real plans leave the "
                    "registers to the driver)");
    refuseOneDimensionalShapes(r);
    FftRequest common = r;  // n's factors, batch, scaling (the method is the nd planner's)
    common.method = "auto";
    validateRequest(common);
}

// A one-kernel elementwise step of a plan over the whole batch (a map lowered to mapGlb):
// def name(b) = \(xs: [[inType]inCount]b) => body $ xs.
PassProgram glueKernel(const FftRequest& r, const std::string& kernelName, const std::string& inType,
                       std::int64_t inCount, const ir::SyntaxP& body) {
    using namespace syntax;
    const ir::SyntaxTypeP type = batchOf(inType, nat(inCount));
    PassProgram pass;
    pass.name = kernelName;
    pass.program = elaborateBatchedPass(definition(kernelName, {"b"}, lambda("xs", type, apply(body, name("xs")))),
                                        r.precision, r.batch);
    pass.strategy = "lower-global";
    pass.radix = 1;
    pass.options.precision = r.precision;
    pass.options.kernelName = kernelName;
    pass.options.sourceFile = kernelName + ".cl";
    return pass;
}

// The 1D complex request of the last axis (length W) over `rows` rows: what appendRowPlan plans and
// chooseLastAxisRows asks about.
FftRequest rowRequest(const FftRequest& r, std::int64_t W, std::int64_t rows, bool inverse, bool scale) {
    FftRequest row;
    row.n = W;
    row.batch = rows;
    row.precision = r.precision;
    row.direction = inverse ? rt::FftDirection::Inverse : rt::FftDirection::Forward;
    row.scale = scale;
    row.twiddles = r.twiddles;
    row.localMemoryBytes = r.localMemoryBytes;
    return row;
}

// The 1D complex plan of the last axis (length W) over every row, its kernels renamed.
void appendRowPlan(rt::FftPlanDescription& plan, const FftRequest& r, std::int64_t W, std::int64_t rows,
                   bool inverse, bool scale) {
    const rt::FftPlanDescription rowPlan = planFft(rowRequest(r, W, rows, inverse, scale));
    for (auto kernel : rowPlan.kernels) {
        kernel.name = "rows_" + kernel.name;
        plan.kernels.push_back(kernel);
    }
    for (auto step : rowPlan.steps) {
        step.kernel = "rows_" + step.kernel;
        for (auto& [arg, table] : step.tables) table = "rows_" + table;
        plan.steps.push_back(step);
    }
    // A row plan of any size (Rader, Bluestein) brings its tables, computed for its own transform,
    // and its temporaries of workN points a row (Bluestein's padded size).
    for (auto table : rowPlan.tables) {
        table.name = "rows_" + table.name;
        table.transform = rt::FftTableTransform{W, rows, scale};
        plan.tables.push_back(table);
    }
    if (rowPlan.workN > W) plan.workN = std::max(plan.workN, rowPlan.workN * rows / r.batch);
    plan.radices.insert(plan.radices.end(), rowPlan.radices.begin(), rowPlan.radices.end());
}

// The rows' FFT of h points (inverse, scaled) where it auto-plans as two or more hierarchical passes:
// its row request, radices, limits and pass shapes.
struct HierarchicalRows {
    FftRequest row;
    std::vector<std::int64_t> radices;
    HierarchicalLimits limits;
    std::vector<HierarchicalPassShape> shapes;
};
std::optional<HierarchicalRows> hierarchicalRowsOf(const FftRequest& r, std::int64_t h, std::int64_t rows, bool inverse,
                                                   bool scale) {
    HierarchicalRows result{rowRequest(r, h, rows, inverse, scale), {}, {}, {}};
    FftRequest& row = result.row;
    if (&findMethod(row.method).resolve(row) != &hierarchicalMethod()) return std::nullopt;
    row.method = "hierarchical";
    result.radices = hierarchicalMethod().radices(row);
    result.limits = hierarchicalLimitsFor(row);
    auto shapes = hierarchicalShapes(row.n, row.precision, result.radices, result.limits);
    if (!shapes || shapes->size() < 2) return std::nullopt;
    result.shapes = std::move(*shapes);
    return result;
}

// Passes [from, to) of those rows as plain pass kernels (rows_hierarchical_passQ).
void appendRowPasses(rt::FftPlanDescription& plan, const HierarchicalRows& h, std::size_t from, std::size_t to,
                     const std::string& what) {
    for (std::size_t q = from; q < to; ++q)
        appendPassKernel(plan,
                         makeHierarchicalPass(h.row, h.shapes[q], "rows_hierarchical_pass" + std::to_string(q), q == 0,
                                              q + 1 == h.shapes.size()),
                         what);
}

// R2C rows of even W whose FFT of the W/2 real pairs takes hierarchical passes: those passes, the
// last one fused with the split (its work-groups hold mirror-paired columns:
// makeHierarchicalMirrorPairPass), so the split costs no pass of its own. False where the FFT of W/2 is not
// hierarchical or its last pass cannot take the split (by components, in rounds).
bool appendRealRowsHierarchical(rt::FftPlanDescription& plan, const FftRequest& r, std::int64_t W, std::int64_t rows,
                                const std::string& what) {
    // Measured on powers of two (wave 26); mixed even sizes (24000 fp64 would fuse) keep the split
    // kernel until measured.
    if (!isPowerOfTwo(W)) return false;
    // Where the FFT of W/2 is one local kernel (8192 fp32, 4096 fp64 and below) it and the split's
    // kernel stay: two hierarchical passes took longer than that kernel (H200, us, 2047 rows of 8192
    // fp32: 81 + 70 against 91; bench/results/h200-2026-12-02-wave26/run3).
    auto rowsFft = hierarchicalRowsOf(r, W / 2, rows, false, false);
    if (!rowsFft || !fitsMirrorPairPass(rowsFft->shapes.back())) return false;
    const FftRequest& row = rowsFft->row;
    // In fp64 the last pass's tile twice the method's width (each side's rows 128 bytes, not 64):
    // H200, us, 2^16's split pass 133 -> 108 (bench/results/h200-2026-12-02-wave26/run3; fp32 gained
    // nothing at 2^14 and failed to run at 2^16).
    HierarchicalPassShape last = rowsFft->shapes.back();
    if (row.precision == ir::ScalarKind::Double) {
        HierarchicalLimits wide = rowsFft->limits;
        wide.maxTileWidth *= 2;
        const auto wideShapes = hierarchicalShapes(row.n, row.precision, rowsFft->radices, wide);
        if (wideShapes && fitsMirrorPairPass(wideShapes->back())) last = wideShapes->back();
    }
    // Each side of the tile at least 64 bytes a row: fp32 2^20's radix-512 pass, 4 + 4 columns, took
    // 240 us where the plain pass and the split kernel took 178 (run 5); it keeps them.
    if (last.T / 2 * ir::complexBytes(row.precision) < 64) return false;
    const std::int64_t h = W / 2, columns = h / last.R;
    appendRowPasses(plan, *rowsFft, 0, rowsFft->shapes.size() - 1, what);
    // omega(c + r*m, W) = omega(c, W) omega(r, 2R): two small tables, not one of h + m roots.
    const std::int64_t R = last.R;
    const MirrorPairStep split{ndSpectrumSplit(), ndRootsOfUnity(columns, W, SplitRoots::Table),
                               ndRootsOfUnity(R + 1, 2 * R, SplitRoots::Table), h + 1};
    appendPassKernel(plan, makeHierarchicalMirrorPairPass(row, last, split, "rows_hierarchical_split"), what);
    return true;
}

// The half spectrum to Z_k = (X_k + conj X_{W/2-k}) + i conj(w^k) (X_k - conj X_{W/2-k}), whose inverse
// DFT_{W/2} is W (x_2j + i x_2j+1), scaled by (W/2)/n where the plan scales (the row plan of W/2 by
// 1/(W/2)): a function of the triple e = (X_k, X_{W/2-k}, w^k).
ir::SyntaxP hermitianUntwist(const FftRequest& r, std::int64_t W, bool scale) {
    using namespace syntax;
    const ir::SyntaxP factor = scale ? real(static_cast<double>(W / 2) / static_cast<double>(r.n)) : real(1.0);
    return lambda("e", cscale(factor, ndHermitianZ(e(0), e(1), e(2))));
}

// C2R rows of even W whose inverse FFT of W/2 takes hierarchical passes (the default; the variant
// nd-mirror-kernel keeps the c2r_untwist kernel): those passes, the first reading the half
// spectrum's Hermitian pairs (ndHermitianPairs, omega(k, W) from two digit tables) and mapping them
// to Z_k as it reads them, so the mirror costs no kernel of its own (H200, wave 28 run 2, us: fp32
// 65536 x 256 135 -> 103, 2^20 x 16 165 -> 148, 2^24 191 -> 158; fp64 65536 226 -> 193, 2^20 310 ->
// 251, 2^24 345 -> 320). False where that FFT is not hierarchical.
bool appendHermitianRowsHierarchical(rt::FftPlanDescription& plan, const FftRequest& r, std::int64_t W,
                                     std::int64_t rows, bool scale, const std::string& what) {
    const auto rowsFft = hierarchicalRowsOf(r, W / 2, rows, true, scale);
    if (!rowsFft) return false;
    const MappedInputStep mirror{ndHermitianPairs(W, SplitRoots::Digits), hermitianUntwist(r, W, scale), W / 2 + 1};
    appendPassKernel(
        plan,
        makeHierarchicalMappedInputPass(rowsFft->row, rowsFft->shapes.front(), mirror, "rows_hierarchical_mirror"),
        what);
    appendRowPasses(plan, *rowsFft, 1, rowsFft->shapes.size(), what);
    return true;
}

// The contiguous last axis by its rows (too long for a tile, or chosen: chooseLastAxisRows): the 1D plan
// over every row; a real one of even W as one kernel per row where it fits (real_one_kernel.hpp),
// else R2C: the 1D plan of the W/2 real pairs, then the split; C2R: the Hermitian pairs first, the
// 1D inverse plan of W/2 writing the real values as complex pairs; odd W: widened or weighted rows
// of W points.
void appendLastAxisRows(rt::FftPlanDescription& plan, const FftRequest& r, NdDomain domain, bool scale,
                        const std::string& what) {
    using namespace syntax;
    const std::int64_t W = r.shape.empty() ? r.n : r.shape.back(), m = W / 2 + 1, rows = r.batch * r.n / W;
    const bool inverse = r.direction == rt::FftDirection::Inverse;
    if (domain == NdDomain::Complex) {
        appendRowPlan(plan, r, W, rows, inverse, scale);
    } else if (const auto one = realOneKernelPass(W, rows, r.precision, domain == NdDomain::RealInverse,
                                                  scale ? r.n : 0, r.twiddles, r.localMemoryBytes)) {
        appendPassKernel(plan, *one, what);
        if (r.shape.size() <= 1) plan.method = "real-local";
    } else if (domain == NdDomain::RealForward && W % 2 == 0 && r.method != "nd-split-last" &&
               appendRealRowsHierarchical(plan, r, W, rows, what)) {
        if (r.shape.size() <= 1) plan.method = "real-hierarchical";
    } else if (domain == NdDomain::RealForward && W % 2 == 0) {
        // The real pairs read as W/2 complex points (the same bytes): their 1D plan, then the
        // half spectrum from it.
        appendRowPlan(plan, r, W / 2, rows, false, false);
        appendPassKernel(plan, glueKernel(r, "r2c_twist", "complex", r.n / 2,
                                          compose({split(r.n / W * m), join(), ndPackedRealTwist(W), split(W / 2), join()})),
                         what);
    } else if (domain == NdDomain::RealForward) {
        // map(\x => cscale(x, {1.0, 0.0})): the reals as complex values
        const ir::SyntaxP widen = lambda("x", cscale(name("x"), tuple({real(1.0), real(0.0)})));
        appendPassKernel(plan, glueKernel(r, "r2c_widen", "real", r.n, compose({split(r.n), map(widen), join()})), what);
        appendRowPlan(plan, r, W, rows, false, false);
        appendPassKernel(plan, glueKernel(r, "r2c_half", "complex", r.n,
                                          compose({split(r.n / W * m), map(name("cid")), join(),
                                                   map(take(m)), split(W), join()})),
                         what);
    } else if (domain == NdDomain::RealInverse && W % 2 == 0 && r.method != "nd-mirror-kernel" &&
               appendHermitianRowsHierarchical(plan, r, W, rows, scale, what)) {
        if (r.shape.size() <= 1) plan.method = "real-hierarchical";
    } else if (W % 2 == 0) {
        // Z_k from the half spectrum (hermitianUntwist): the real values as complex pairs, written
        // by the 1D plan of W/2 into the same bytes.
        const ir::SyntaxP untwist = hermitianUntwist(r, W, scale);
        appendPassKernel(plan,
                         glueKernel(r, "c2r_untwist", "complex", r.n / W * m,
                                    compose({split(r.n / 2), map(untwist), join(),
                                             map(ndHermitianPairs(W, SplitRoots::Table)), split(m), join()})),
                         what);
        appendRowPlan(plan, r, W / 2, rows, true, scale);
    } else {
        const std::int64_t half = r.n / W * m;
        // rows of W (Hermitian weight, value) pairs from rows of the half spectrum, weighted
        const ir::SyntaxP row = name("row");
        const ir::SyntaxP weighted = lambda("row", call("zip", {call("array_1", {nat(W), name("genHermitianWeight")}),
                                                                pad(0, W - m, "clamp", row)}));
        appendPassKernel(plan, glueKernel(r, "c2r_weighted", "complex", half,
                                          compose({split(r.n), map(lambda("e", cscale(e(0), e(1)))), join(),
                                                   map(weighted), split(m), join()})),
                         what);
        appendRowPlan(plan, r, W, rows, true, false);
        const ir::SyntaxP realPart = lambda("y", call("mul", {scale ? real(1.0 / static_cast<double>(r.n)) : real(1.0),
                                                              get(name("y"), 0)}));
        appendPassKernel(plan, glueKernel(r, "c2r_real", "complex", r.n, compose({split(r.n), map(realPart), join()})), what);
    }
}

// Appends the kernels of axis `axis.axes[0]` transformed over tiles of columns: one kernel, or
// for a strided axis whose tile would hold fewer than 8 columns passes of large radices with wider
// tiles, where those cost less by the width of their tiles' rows (columnTileCost: 1000 x 1000 fp32
// reads its columns in one pass of tiles 4 wide, fp64 in two passes of tiles 8 wide). False when
// neither fits (the contiguous last axis then runs as the 1D plan over the rows).
bool appendStridedAxis(rt::FftPlanDescription& plan, const NdTileProgram& axis, const NdTileLimits& limits,
                       const std::string& what) {
    const std::size_t k = axis.axes.at(0);
    const auto pass = fitNdAxisPass(axis, limits);
    const std::int64_t complexBytes = ir::complexBytes(axis.precision);
    if (k + 1 != axis.shape.size() && (!pass || pass->tileWidth < 8)) {
        const auto passes = fitNdStridedAxisPasses(axis, limits);
        double passesCost = 0;
        if (passes)
            for (const NdTileProgram& p : *passes) passesCost += columnTileCost(p.tileWidth * complexBytes, axis.precision);
        if (passes && (!pass || passesCost < columnTileCost(pass->tileWidth * complexBytes, axis.precision))) {
            for (std::size_t j = 0; j < passes->size(); ++j)
                appendPassKernel(plan, makeNdTilePass((*passes)[j], fmt::format("nd_axis{}_pass{}", k, j)), what);
            return true;
        }
    }
    if (!pass) return false;
    appendPassKernel(plan, makeNdTilePass(*pass, "nd_axis" + std::to_string(k)), what);
    return true;
}

// A 3D transform whose planes (the last two axes) fit a work-group: the planes in one kernel (a 2D
// transform of batch * d0 planes) and the first axis in one more, two passes over global memory
// instead of three (32^3, 64^3). The plane holds the last axis, so an R2C transforms the planes
// first and a C2R last. False when either does not fit.
bool appendPlanesThenAxis(rt::FftPlanDescription& plan, const NdTileProgram& whole, const NdTileLimits& limits,
                          const std::string& what) {
    if (whole.shape.size() != 3 || whole.shape[0] == 1) return false;
    NdTileProgram plane = whole;
    plane.shape = {whole.shape[1], whole.shape[2]};
    plane.batch = whole.batch * whole.shape[0];
    plane.scaledPoints = ndShapePoints(whole.shape);
    NdTileProgram first = whole;
    first.axes = {0};
    const bool planeLast = whole.domain == NdDomain::RealInverse;
    plane.scale = whole.scale && planeLast;
    first.scale = whole.scale && !planeLast;
    const auto planeProgram = fitNdInOneGroup(plane, limits);
    const auto axisPass = fitNdAxisPass(first, limits);
    if (!planeProgram || !axisPass || axisPass->tileWidth < 8) return false;
    plan.method = "nd-planes";
    if (!planeLast) appendPassKernel(plan, makeNdTilePass(*planeProgram, "nd_planes"), what);
    appendPassKernel(plan, makeNdTilePass(*axisPass, "nd_axis0"), what);
    if (planeLast) appendPassKernel(plan, makeNdTilePass(*planeProgram, "nd_planes"), what);
    return true;
}

// Whether the 1D plan of W over `rows` rows is the local method's one kernel, and in fp64 not one
// exchanging components (chooseLastAxisRows).
bool complexRowsInOneKernel(const FftRequest& r, std::int64_t W, std::int64_t rows) {
    if (findMethod("auto").resolve(rowRequest(r, W, rows, false, false)).name() != "local") return false;
    if (r.precision != ir::ScalarKind::Double) return true;
    const auto shape =
        localFftShape(W, r.precision, {}, localMethodLimits(std::nullopt, std::nullopt, r.localMemoryBytes), rows);
    return shape && !shape->splitExchange;
}

// Whether the last axis runs by its rows' kernels (appendLastAxisRows) rather than a tile program.
struct LastAxisRows {
    bool real = false;     // the real rows' one kernel (real_one_kernel.hpp)
    bool complex = false;  // the 1D plan of W over the rows
    bool beforeWholeKernels = false;  // chosen before the whole-array and planes kernels are tried
    bool any() const { return real || complex; }
};

// A real last axis whose FFT of W/2 is one local kernel: that kernel with the spectrum's split
// (R2C) or the Hermitian pairs (C2R) in it, not the tile program, whose grouped rows ran 1.2-1.8x
// slower than the local FFT of W/2 (H200, wave 21 exp1), nor, in 2D and 3D, the complex transform of
// the real pairs and the split as a kernel of its own (H200 wave 21 runs 2-3, us: 2048^2 fp32 371 ->
// 297, fp64 360 -> 291, 1024^2 fp32 309 -> 251, 64x4096 fp64 77 -> 39). Every half spectrum's W/2+1
// columns tile 8+ wide since wave 24 (padded tiles, nd_tile_fitting.cpp); before, W = 512's 257 columns
// went in tiles of one and 512^2 fp32 took 327 -> 490 us with the rows' kernel (wave 21), now 182
// (fp64 331 -> 178; wave 24 runs 1-2). C2R only in 1D fp64: the fp32 C2R kernel ran slower than the tile
// program (us: 1024 101 vs 93, 8192 144 vs 93), fp64 faster (1024 107 vs 128, 4096 143 vs 155; wave
// 21 run 4); 2D and 3D C2R were not measured with it.
// A complex last axis of a 2D/3D transform (that is not one kernel, nor planes and an axis) by the
// 1D plan of W over its rows where that is the local method's one kernel: the tile program's rows
// ran up to 1.5x slower (H200, us: 512^2 fp32 94 -> 71, 1000^2 fp32 121 -> 80, 2048^2 fp64 101 ->
// 77, 100^3 fp64 85 -> 71), not in fp64 by components (1000 fp64 when its 1D kernel went by
// components: 99 -> 107; wave 21 run 6; since wave 23 it is one array, and by its rows: not measured
// in 2D), not for rows shorter than the 100 measured.
// The variant nd-rows: the last axis by its rows' kernels wherever they fit, before the kernels of
// the whole array or of planes.
LastAxisRows chooseLastAxisRows(const FftRequest& r, const std::vector<std::int64_t>& shape, NdDomain domain) {
    // (nd-mirror-kernel differs from auto in the C2R rows' hierarchical passes only.)
    const bool forced = r.method == "nd-rows", automatic = r.method == "auto" || r.method == "nd-mirror-kernel";
    const std::int64_t W = shape.back();
    const bool realByDefault =
        domain == NdDomain::RealForward || (shape.size() == 1 && r.precision == ir::ScalarKind::Double);
    LastAxisRows rows;
    rows.real = r.real && realOneKernelShape(W, r.precision, r.localMemoryBytes).has_value() &&
                (forced || (automatic && realByDefault));
    rows.complex = domain == NdDomain::Complex && shape.size() >= 2 &&
                   (forced || (automatic && W >= 100 && complexRowsInOneKernel(r, W, r.batch * r.n / W)));
    rows.beforeWholeKernels = (rows.real && shape.size() == 1) || (forced && rows.any());
    return rows;
}

}  // namespace

std::int64_t ndShapePoints(const std::vector<std::int64_t>& shape) {
    std::int64_t p = 1;
    for (std::int64_t e : shape) p *= e;
    return p;
}

std::string ndShapeText(const std::vector<std::int64_t>& shape, const std::string& separator) {
    std::string s;
    for (std::int64_t e : shape) s += (s.empty() ? "" : separator) + std::to_string(e);
    return s;
}

bool isNdRequest(const FftRequest& request) { return request.shape.size() >= 2 || request.real; }

const std::vector<std::string>& ndPlanMethods() {
    static const std::vector<std::string> methods = {"nd-axes",       "nd-one-array",     "nd-no-planes",
                                                     "nd-split-last", "nd-mirror-kernel", "nd-rows"};
    return methods;
}

void refuseOneDimensionalShapes(const FftRequest& r) {
    std::string given;
    const auto name = [&](bool set, const char* option) {
        if (set) given += (given.empty() ? "" : ", ") + std::string(option);
    };
    name(r.localItemsPerTransform > 0, "--items");
    name(r.localByComponents.has_value(), "--exchange");
    name(r.localPadding.has_value(), "--padding");
    name(r.hierarchicalTileBytes > 0, "--tile-bytes");
    name(r.hierarchicalMaxTileWidth > 0, "--tile-width");
    name(r.hierarchicalPowerOfTwoTiles, "--tile-widths-pow2");
    if (!given.empty())
        throw Error(given +
                    ": the local and hierarchical methods' shapes apply to 1D complex transforms only "
                    "(multidimensional and real plans choose their tiles; --method takes their variants)");
}

std::string ndPlanMethodsText() {
    std::string text;
    for (const std::string& m : ndPlanMethods()) text += (text.empty() ? "" : ", ") + m;
    return text;
}

rt::FftPlanDescription planNdFft(const FftRequest& r) {
    const std::vector<std::int64_t> shape = r.shape.empty() ? std::vector<std::int64_t>{r.n} : r.shape;
    validateNdRequest(r, shape);
    const bool inverse = r.direction == rt::FftDirection::Inverse;
    const std::string what = "FFT " + ndShapeText(shape);

    NdTileProgram whole;
    whole.shape = shape;
    whole.batch = r.batch;
    whole.precision = r.precision;
    whole.domain = !r.real ? NdDomain::Complex : inverse ? NdDomain::RealInverse : NdDomain::RealForward;
    whole.inverse = inverse;
    whole.scale = r.scale;
    NdTileLimits limits;
    if (r.localMemoryBytes > 0) limits.localMemoryBytes = r.localMemoryBytes;
    limits.preferOneArray = r.method == "nd-one-array";
    const bool wholeKernels = r.method != "nd-axes", planes = wholeKernels && r.method != "nd-no-planes";

    rt::FftPlanDescription plan = emptyPlanOf(r);
    plan.shape = shape;
    plan.real = r.real;

    // An axis with a prime factor above 23 has no radix passes: the last axis then runs as the 1D
    // plan over its rows (Rader or Bluestein, as 1D plans of any size), no tile program holds it.
    for (std::size_t k = 0; k + 1 < shape.size(); ++k)
        if (const auto factors = unsupportedFactors(shape[k]); !factors.empty())
            throw Error(what + ": axis " + std::to_string(k) + " of length " + std::to_string(shape[k]) +
                        " has the prime factor " + std::to_string(factors.front()) +
                        "; multidimensional plans take prime factors above 23 on the last axis only");
    const bool lastAxisRowsOnly = !unsupportedFactors(shape.back()).empty();

    const LastAxisRows rows = chooseLastAxisRows(r, shape, whole.domain);
    const auto one = wholeKernels && !lastAxisRowsOnly && !rows.beforeWholeKernels ? fitNdInOneGroup(whole, limits) : std::nullopt;
    if (one) {
        plan.method = "nd-local";
        appendPassKernel(plan, makeNdTilePass(*one, "nd_fft"), what);
        plan.radices.clear();
        for (std::size_t k : ndAxisOrder(shape.size(), whole.domain)) {
            const auto radices = ndAxisRadices(ndTransformLength(whole, k));
            plan.radices.insert(plan.radices.end(), radices.begin(), radices.end());
        }
        plan.validate();
        return plan;
    }

    const std::int64_t W = shape.back();
    if (whole.domain == NdDomain::RealForward && shape.size() >= 2 && W % 2 == 0 && !lastAxisRowsOnly && !rows.any() &&
        r.method == "nd-split-last") {
        // The variant nd-split-last: the complex transform of the real pairs on W/2 columns (tiles
        // of 16), then one kernel mirroring every axis for the half spectrum. (512^2's plan before
        // padded tiles, its 257 columns being prime; H200 wave 24 run 1, us: 70 + 99 + 155, now 84 + 100.)
        FftRequest pairs = r;
        pairs.real = false;
        if (pairs.method == "nd-split-last") pairs.method = "auto";
        pairs.shape.back() = W / 2;
        pairs.n = r.n / 2;
        const rt::FftPlanDescription complexPlan = planNdFft(pairs);
        plan.method = complexPlan.method;
        plan.kernels = complexPlan.kernels;
        plan.steps = complexPlan.steps;
        plan.radices = complexPlan.radices;
        appendPassKernel(plan, glueKernel(r, "r2c_twist", "complex", r.n / 2, ndPackedRealTwistAll(shape)), what);
        plan.validate();
        return plan;
    }

    if (planes && !lastAxisRowsOnly && !rows.beforeWholeKernels && appendPlanesThenAxis(plan, whole, limits, what)) {
        plan.validate();
        return plan;
    }

    // One kernel per axis. Each is a whole transform of its axis (an inverse conjugates its input
    // and output), the scaling on the last.
    plan.method = "nd-axes";
    const std::vector<std::size_t> order = ndAxisOrder(shape.size(), whole.domain);
    for (std::size_t i = 0; i < order.size(); ++i) {
        const std::size_t k = order[i];
        if (shape[k] == 1) continue;
        const bool last = i + 1 == order.size();
        NdTileProgram axis = whole;
        axis.axes = {k};
        axis.scale = r.scale && last;
        const bool rowKernel = k + 1 == shape.size() && (lastAxisRowsOnly || rows.any());
        if (!rowKernel && appendStridedAxis(plan, axis, limits, what)) continue;
        if (k + 1 != shape.size())
            throw Error(what + ": axis " + std::to_string(k) + " of length " + std::to_string(shape[k]) +
                        " fits neither one column tile nor passes of large radices (tiles of their length) in " +
                        std::to_string(limits.localMemoryBytes) + " bytes of local memory");
        appendLastAxisRows(plan, r, whole.domain, axis.scale, what);
    }
    plan.validate();
    return plan;
}

}  // namespace liftcl::fft
