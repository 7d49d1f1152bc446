// The passes of the hierarchical FFT method (fft/hierarchical_method.hpp): n = R_1 ... R_k
// with large radices R_q (2^2 .. 2^11), one kernel per radix, so the data crosses global memory k
// times (2 up to 2^19 fp32 and 2^17 fp64, 3 up to 2^26 fp32 and 2^25 fp64) instead of once per
// radix-16 pass.
//
// Pass q is the Stockham pass of radix R = R_q creating DFTs of size L = R_1 ... R_q (fft/lift/
// local.lift's stockhamTwPassAdjusted with p = R): butterfly k reads vs[k + r*n/R], r < R,
// multiplies them by omega(l*r, L), l = k mod L/R, applies DFT_R and writes its R results L/R
// apart. DFT_R is itself an FFT: a work-group takes a tile of T consecutive butterflies (columns)
// and runs Stockham passes of small radices (chooseLocalRadices(R), as the local method) over the
// tile's columns in local memory (fft/lift/fft_passes.lift: columnTiles, columnPass). The
// program is composed in the language and lowered by lower-hierarchical-fft
// (fft/hierarchical_fft_lowering.hpp): work-items (t, w) with t the column, so consecutive
// work-items read and write consecutive global addresses (runs of T) and local banks.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fft/fft_method.hpp"
#include "fft/fft_request.hpp"
#include "ir/syntax.hpp"

namespace liftcl::fft {

struct HierarchicalLimits {
    // One tile, T*R complex values, twice (the ping-pong of the column passes): 32 KiB fits the
    // 48 KiB of local memory NVIDIA gives a work-group by default. A larger tile (FftRequest::
    // hierarchicalTileBytes, `bench --tile-bytes`, a tuned variant's tile=; the default of powers of
    // two, hierarchicalLimitsFor) has its column passes written in place.
    std::int64_t tileBytes = 16 * 1024;
    std::int64_t minTileWidth = 8;   // 64 bytes (fp32) of consecutive addresses per row (powers of two: 4)
    // T = 8 measured as fast or faster than 16 on an H200 (fp32 2^12 0.911 vs 0.956 ms, 2^20 1.562
    // vs 1.628; fp64 2^12 0.905 vs 0.923; bench/results/hierarchical_notes.md): smaller work-groups.
    std::int64_t maxTileWidth = 8;
    std::int64_t maxWorkGroupSize = 1024;
    // A tile that does not fit tileBytes but whose points' components do (tileBytes / component
    // bytes points) is exchanged one component at a time (codegen's localSplitExchange), when that
    // saves a pass: 2^21 fp32 (2048 x 1024), 2^19 fp64 (1024 x 512) and 2^20 fp64 (1024 x 1024).
    bool componentTiles = false;
    // Tile widths powers of two only (FftRequest::hierarchicalPowerOfTwoTiles, a tuned variant's widths=pow2).
    bool powerOfTwoWidths = false;
};

struct HierarchicalPassShape {
    std::int64_t R = 0;                     // radix of the pass
    std::int64_t L = 0;                     // size of the DFTs it creates
    std::int64_t T = 0;                     // columns per work-group
    std::vector<std::int64_t> innerRadices;  // the column passes computing DFT_R, first first
    std::int64_t itemsPerColumn = 0;        // work-items per column: one per butterfly of the smallest radix, fewer where that makes over 256 a group or 2 points an item
    std::int64_t workGroupSize = 0;         // T * itemsPerColumn
    bool components = false;                // exchanged one component at a time (componentTiles)
    // Exchanged by components in this many rounds of index ranges (codegen's
    // localSplitExchangeRanges: the tile's points in registers) where even its components do not
    // fit tileBytes (componentTiles): a radix 4096 fp32 or 2048 fp64, 4 columns wide.
    std::int64_t ranges = 1;
};

// The defaults with the request's hierarchicalTileBytes / hierarchicalMaxTileWidth where given.
HierarchicalLimits hierarchicalLimitsFor(const FftRequest& request);

// Radices for n = 2^k (k >= 2 passes, balanced, largest first, each at most the largest radix
// whose tile holds minTileWidth columns, or one pass more where that costs less: hierarchicalPlanCost); for mixed sizes two radices when a pair fits
// (the widest tiles, then the most balanced), else the fewest passes whose radices fit: the twos
// split as evenly as that allows and the odd primes to the smallest radix; empty below 16 or for
// other prime factors.
std::vector<std::int64_t> chooseHierarchicalRadices(std::int64_t n, ir::ScalarKind precision,
                                                    const HierarchicalLimits& limits = {});

// The shape of every pass for these radices, or nullopt when a radix does not fit the limits
// (a tile of minTileWidth columns, or of the columns n/R allows when that is fewer: T divides
// n/R) or is not 2,3,5,7-smooth.
std::optional<std::vector<HierarchicalPassShape>> hierarchicalShapes(std::int64_t n, ir::ScalarKind precision,
                                                                     const std::vector<std::int64_t>& radices,
                                                                     const HierarchicalLimits& limits = {});

// What a pass costs beside one whose tile rows (T consecutive complex values) are 128 bytes or more,
// measured: narrower rows read and write global memory in shorter runs. A power of two takes one
// pass more than its tiles need where the wider tiles cost less in all (chooseHierarchicalRadices:
// 2^20, 2^21 fp32 and 2^18..2^20 fp64 in three passes rather than two).
double columnTileCost(std::int64_t rowBytes, ir::ScalarKind precision);  // by the bytes of a tile's row
double hierarchicalPassCost(const HierarchicalPassShape& shape, ir::ScalarKind precision);
double hierarchicalPlanCost(const std::vector<HierarchicalPassShape>& shapes, ir::ScalarKind precision);

// The twiddles between the passes (omega(l*r, L) of a pass creating DFTs of size L) come from digit
// tables of omega_L computed on the host and read in global memory (tileTwiddlesDigits,
// CodegenOptions::carrayTablesInGlobal): two digits for L up to 2^19, three for tiles of 8 columns
// from L = 2^21 (fp64) or 2^23 (fp32); else (and under `--twiddles sincos`) cospi/sinpi per element.
// H200 (bench/results/h200-2026-11-29-wave18): cospi/sinpi cost a pass 80-180 us against cheap
// twiddles (exp2); two digits took 4-14% off 2^14..2^19 but a low table of 2048+ elements, read at
// scattered indices, cost more than cospi/sinpi (run3); three digits (base <= 512) took 4-11% off
// fp32 2^23..2^26 and 2-7% off fp64 2^21..2^25, and lost 3-5% at 2^20..2^22 fp32 and 2^20 fp64 (run5).
bool usesDigitTwiddles(const FftRequest& request, const HierarchicalPassShape& shape);

// The digit tables: two digits up to L = 2^19, one more for every factor 512 beyond; the base the
// smallest power of two whose digits-th power reaches L (digits x base elements).
std::int64_t twiddleDigitCount(std::int64_t L);
std::int64_t twiddleDigitBase(std::int64_t L);

// Registers per work-item the passes ask of the driver (CodegenOptions::maxRegistersPerItem; 0:
// the driver's choice): 64 fp32, 128 fp64 for powers of two, where measured faster; FftRequest::
// registersPerItem overrides it (fft/fft_planner.cpp).
std::int64_t hierarchicalRegisterLimit(const FftRequest& request);

// Whether a pass stages its store: a first pass (L = R) of a power of two whose tile rows are at
// least 128 bytes (fp32 16 columns, fp64 8) writes its tile's results to __local memory (padded one
// element per 256 bytes) and copies them out in output order (stagedColumns in
// fft/lift/fft_passes.lift), so a warp writes 256 consecutive bytes, not T runs of 32.
bool stagesStore(const FftRequest& request, const HierarchicalPassShape& shape);

// The .lift definition of pass q over fft_passes.lift's building blocks (ir::printDefinition prints
// it). With the request's inputProduct the first pass takes the product's table as a second
// parameter and reads its input (inputN values per transform, clamp-padded to n) times the table;
// with its outputProduct the last pass takes that table as its last parameter, multiplies its
// results by it and writes each transform's first outputN values (a write through take). With
// `mapped` (a first pass only) it reads its input through that MappedInputStep.
// A first pass whose input rows are a view of other rows, each element mapped to the complex value
// the FFT transforms, in the pass's reads (C2R: a half spectrum's Hermitian pairs (X_k, X_(n-k),
// omega(k, 2n)) to the Z_k whose inverse FFT is the real values as pairs), not a kernel of its own.
struct MappedInputStep {
    ir::SyntaxP rowView;      // [complex]inputN -> [E]n: each transform's input row as the elements
    ir::SyntaxP function;     // E -> complex (an inverse transform conjugates it after)
    std::int64_t inputN = 0;  // input values per transform
};

ir::Definition hierarchicalPassDefinition(const FftRequest& request, const HierarchicalPassShape& shape,
                                          const std::string& kernelName, bool first, bool last,
                                          const MappedInputStep* mapped = nullptr);

// The pass program (high level; strategy lower-hierarchical-fft) with its codegen options (and the
// input product's table bound to the first pass).
PassProgram makeHierarchicalPass(const FftRequest& request, const HierarchicalPassShape& shape,
                                 const std::string& name, bool first, bool last);
// The first pass (not the last) reading its input through a MappedInputStep.
PassProgram makeHierarchicalMappedInputPass(const FftRequest& request, const HierarchicalPassShape& shape,
                                            const MappedInputStep& step, const std::string& name);

// The last pass of a forward FFT, a product with a table of n values and the first pass of the
// inverse FFT whose radices are the forward's reversed, as one pass (a cyclic convolution's middle,
// Bluestein's): the forward's last Stockham pass (L = n) writes butterfly k's R results to
// k + r*n/R, where the inverse's first pass (L = R) reads its butterfly k, so one work-group takes
// the tile of columns through both DFT_R in local memory, the table's tile multiplied in between
// (conj(table * y): the inverse as conj o DFT o conj, its last pass conjugating back), and writes it
// as a first pass writes. `shape` is the forward's last pass (not by components, not in rounds).
ir::Definition hierarchicalConvolutionPassDefinition(const FftRequest& request, const HierarchicalPassShape& shape,
                                                     const std::string& tableArgument, const std::string& kernelName);
PassProgram makeHierarchicalConvolutionPass(const FftRequest& request, const HierarchicalPassShape& shape,
                                            const FftInputProduct& product, const std::string& name);

// A last pass (L = n) fused with a step over mirror pairs: point q = c + r*m of the transform
// (m = n/R columns c, rows r = 0 .. R, row R being point q - n again) is written as
// step.function({Z_q, Z_(n-q) mod n, columnFactors[c] * rowFactors[r]}), the first outputN of them
// per transform: an R2C's split of the spectrum of its real pairs (X_q from Z_q, conj Z_(n-q) and
// omega(q, 2n) = omega(c, 2n) omega(r, 2R)). A work-group takes T/2 columns c and their partners
// m - c (column m/2 beside column 0; pairedTiles of fft/lift/fft_passes.lift), so every point's
// mirror is in its tile: the step reads it in local memory after the pass's DFT_R, and the tiles'
// results are scattered back to their columns.
struct MirrorPairStep {
    ir::SyntaxP function;       // {point, mirror, factor} -> result
    ir::SyntaxP columnFactors;  // [complex]m
    ir::SyntaxP rowFactors;     // [complex](R+1)
    std::int64_t outputN = 0;   // results written per transform, at most n + n/R
};
// Whether a last pass's shape can take the step: complex tiles (not by components, not in rounds)
// an even number of columns wide, after a first pass.
bool fitsMirrorPairPass(const HierarchicalPassShape& shape);
ir::Definition hierarchicalMirrorPairPassDefinition(const FftRequest& request, const HierarchicalPassShape& shape,
                                                    const MirrorPairStep& step, const std::string& kernelName);
PassProgram makeHierarchicalMirrorPairPass(const FftRequest& request, const HierarchicalPassShape& shape,
                                           const MirrorPairStep& step, const std::string& name);

}  // namespace liftcl::fft
