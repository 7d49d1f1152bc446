// Multidimensional and real FFTs as ONE Lift program per kernel: a work-group owns G whole
// planes or volumes (or, for one axis of a larger array, a tile of T adjacent columns) and
// transforms every axis it is given in local memory. An axis of length R is made the rows of a
// tile [[X]T]R by a view (split/transpose/join: the other axes are the T columns, no copy), and
// the Stockham column passes of fft/lift/fft_passes.lift (columnPass) compute DFT_R of every
// column; the next axis views the same local array through another tile view. Lowered by
// lower-hierarchical-fft: mapWrg over the groups, mapLcl(1) over a pass's butterflies, mapLcl(0)
// over the columns (consecutive work-items touch consecutive addresses).
//
// Real transforms, numpy's conventions (rfftn / irfftn):
//   R2C: the last axis first, its first pass reads real values (the imaginary part zero), the
//        first m = W/2+1 points of every row are kept (a view), the other axes transform those.
//   C2R: the other axes first (inverse, on the half spectrum), then the last axis from the half
//        spectrum Y: x = Re(IDFT_W(w .* Y padded to W)), w_0 = 1, w_k = 2 below W/2, w_{W/2} = 1 for
//        even W, 0 beyond (the Hermitian pairs summed), so no mirrored read is needed.
// An inverse is conj o DFT o conj: the first pass conjugates its input, the last its output.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fft/fft_method.hpp"
#include "ir/syntax.hpp"
#include "ir/type.hpp"

namespace liftcl::fft {

enum class NdDomain { Complex, RealForward, RealInverse };

// A program of the family: `axes` of `shape` (indices, in the order transformed) over `batch`
// arrays of that shape, G arrays per work-group, or, with `tileWidth` > 0, one axis only over
// tiles of tileWidth adjacent columns (an axis pass of a multi-kernel plan).
struct NdTileProgram {
    std::vector<std::int64_t> shape;  // the real-domain shape (last fastest)
    std::int64_t batch = 1;
    ir::ScalarKind precision = ir::ScalarKind::Double;
    NdDomain domain = NdDomain::Complex;
    bool inverse = false;
    bool scale = false;  // inverse: multiply by 1/prod(shape), or by 1/scaledPoints when set
    std::int64_t scaledPoints = 0;  // the points of the whole transform (a plane program of a 3D one)
    // Empty: every axis in the domain's order. A real program without the last axis reads and
    // writes the half spectrum (m = W/2+1 points on the last axis): R2C's later axes, C2R's first.
    std::vector<std::size_t> axes;
    std::int64_t groupSize = 1;  // G: arrays per work-group
    // > 0: one axis, tiles of this many adjacent columns. On a strided axis the tiles may cover the
    // columns padded to a multiple of tileWidth: the padding reads the last column again and its
    // results are not written (2D R2C of W = 512: 257 columns in 17 tiles of 16).
    std::int64_t tileWidth = 0;
    // With tiles, a strided axis too long for one tile: this program is the Stockham pass of radix
    // passRadix (q) creating DFTs of size passSize (L) along the axis, its DFT_q computed over
    // tiles of T columns (butterfly k's elements k + r*R/q times omega((k mod L/q) r, L)), its
    // results written L/q apart, as the 1D hierarchical method's passes. 0: the whole axis.
    std::int64_t passRadix = 0;
    std::int64_t passSize = 0;
    bool firstOfPlan = true;     // conjugates the input of an inverse
    bool lastOfPlan = true;      // conjugates (and scales) the output of an inverse
    // How the passes hand data on in local memory (codegen's localInPlace / localSplitExchange):
    // both false, two ping-pong arrays.
    bool inPlace = false;
    bool splitExchange = false;
    std::int64_t localPaddingEvery = 0;  // CodegenOptions::localPaddingEvery
    std::int64_t tableBytes = 0;         // > 0: twiddle tables in __local memory, up to these bytes
};

struct NdTileLimits {
    std::int64_t localMemoryBytes = 48 * 1024;
    std::int64_t maxWorkGroupSize = 1024;
    std::int64_t targetWorkGroupSize = 256;  // arrays are grouped until a work-group has this many
    // One __local array (in place, else components) even where two ping-pong arrays fit: more room
    // for twiddle tables and grouping, a fixed local size (the tuner's variant nd-one-array).
    bool preferOneArray = false;
};

// The axes a program transforms by default, in order (R2C: last first; C2R: last last).
std::vector<std::size_t> ndAxisOrder(std::size_t rank, NdDomain domain);

// The radices of the column passes of an axis of length R (powers of two as the local method,
// others as the one-pass kernels); empty for R = 1.
std::vector<std::int64_t> ndAxisRadices(std::int64_t R);

// The length of the complex transform along `axis`: W/2 for the last axis of an R2C of even
// W >= 4, which transforms the real pairs as W/2 complex points (then ndPackedRealTwist).
std::int64_t ndTransformLength(const NdTileProgram& p, std::size_t axis);

// Where a row's split reads omega(k, W): the table of its values (array_1 of genRootOfUnity: copied
// to local memory beside a tile, or read in global memory), or the products of its digit tables
// (carray_2 of gentwfrarr, thesis 4.3: two tables of a few KiB read in global memory, for a kernel
// with CodegenOptions::carrayTablesInGlobal). The digit tables stay in the L1 cache where a large
// whole table does not (splitRootsFor of fft/real_one_kernel.cpp).
enum class SplitRoots { Table, Digits };

// omega(k, W) for k < n as .lift syntax: array_1(n, genRootOfUnity(W)), or row 1 of carray_2(2, n,
// gentwfrarr, precomptw)'s omega(j*k, W) from digit tables of omega_W.
ir::SyntaxP ndRootsOfUnity(std::int64_t n, std::int64_t W, SplitRoots roots);
// X_k of a half spectrum from the triple e = (Z_k, Z_{W/2-k}, omega(k, W)) (a lambda of e): the
// split below, one point of it.
ir::SyntaxP ndSpectrumSplit();

// [[complex]W/2]rows -> [[complex](W/2+1)]rows, one map over all the rows' points: the spectrum of
// W real values from Z, the DFT of their pairs (x_2j + i x_2j+1): X_k = (Z_k + conj Z_{W/2-k}) / 2
// - i omega(k, W) (Z_k - conj Z_{W/2-k}) / 2 (a .lift function, as syntax).
ir::SyntaxP ndPackedRealTwist(std::int64_t W);
// The same for one row: [complex](W/2) -> [complex](W/2+1).
ir::SyntaxP ndPackedRealRowTwist(std::int64_t W, SplitRoots roots);

// The mirror for C2R (.lift syntax): a row of the half spectrum (W/2+1 points) to its W/2 triples
// (X_k, X_{W/2-k}, omega(k, W)), and such a triple (a, b, w) to Z_k = (a + conj b)
// + i conj(w) (a - conj b), whose inverse DFT_{W/2} is W (x_2j + i x_2j+1).
ir::SyntaxP ndHermitianPairs(std::int64_t W, SplitRoots roots);
ir::SyntaxP ndHermitianZ(const ir::SyntaxP& a, const ir::SyntaxP& b, const ir::SyntaxP& w);

// [[complex](n/2)]b -> [[complex](n/W*(W/2+1))]b (a .lift function over the batch, as syntax): the
// half spectrum of real arrays of `shape` (last axis W even) from Z, the multidimensional DFT of
// their real pairs as complex points (shape with W/2 last): X_k = (Z_k + conj Z_-k) / 2
// - i omega(k_last, W) (Z_k - conj Z_-k) / 2, -k mirrored on every axis. One map over all points.
ir::SyntaxP ndPackedRealTwistAll(const std::vector<std::int64_t>& shape);

// Elements per array of the program's input and output (complex or real by the domain).
std::int64_t ndInputElements(const NdTileProgram& p);
std::int64_t ndOutputElements(const NdTileProgram& p);

// Whether the whole transform of `p` (every axis, G = 1) fits one work-group; with the G chosen
// (largest power of two dividing the batch within the target) when it does.
std::optional<NdTileProgram> fitNdInOneGroup(NdTileProgram p, const NdTileLimits& limits = {});
// Whether one axis pass with tiles of T columns fits; with T chosen when it does.
std::optional<NdTileProgram> fitNdAxisPass(NdTileProgram p, const NdTileLimits& limits = {});

// A strided axis in passes of large radices (chooseHierarchicalRadices), one program each with
// tiles of T columns: for an axis whose one tile would be too narrow or does not fit.
std::optional<std::vector<NdTileProgram>> fitNdStridedAxisPasses(const NdTileProgram& axis,
                                                                  const NdTileLimits& limits = {});

// The .lift definition over fft_passes.lift's building blocks (ir::printDefinition prints it).
ir::Definition ndTileProgramDefinition(const NdTileProgram& p, const std::string& kernelName);

// The pass (high level, strategy lower-hierarchical-fft) with its codegen options.
PassProgram makeNdTilePass(const NdTileProgram& p, const std::string& name);

}  // namespace liftcl::fft
