// The local-memory FFT method for FFT plans: a batch of FFTs of size n computed by ONE kernel,
// one work-group per T transforms, every pass in local memory (thesis 4.4, Listing 4.8's FFT_n).
//
// The program is composed in the high-level language (a map over the batch of an iterate of
// Stockham passes, fft/lift/local.lift's stockhamTwPassAdjusted) and lowered by rewriting
// (fft/local_fft_lowering.hpp, lower-local-fft): mapWrg(0) over the batch, one mapLcl(0) per
// pass with one radix-p butterfly per work-item (twiddle multiplication and DFT_p unrolled in
// private memory), results of intermediate passes in local memory with barriers between passes,
// the first pass reading global memory and the last writing it. Each intermediate pass reads its
// butterfly's inputs into private memory before it computes, so codegen writes it over its input
// (CodegenOptions::localInPlace: reads, barrier, writes): one __local array of the points.
// Input and output: [[complex]n]batch, row-major (transform k at offset k*n), out of place, natural order, unnormalized (the inverse is
// conj o FFT o conj, as FFTW's backward transform).
//
// Usage by a planner:
//   if (auto shape = fft::localFftShape(n, precision, {}, {}, batch)) {
//       auto program = fft::composeLocalMemoryFft(n, batch, precision, inverse);   // lowered
//       auto kernel = codegen::generateKernel(*program, fft::localFftCodegenOptions(*shape, precision));
//       // launch with the metadata's NDRange: batch / T work-groups of (n / p, T) work-items
//   }
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "codegen/codegen.hpp"
#include "ir/expr.hpp"

namespace liftcl::fft {

struct LocalFftLimits {
    std::int64_t localMemoryBytes = 48 * 1024;  // NVIDIA's default per work-group
    std::int64_t maxWorkGroupSize = 1024;
    // Work-items of one transform at most: NVIDIA's driver reports CL_KERNEL_WORK_GROUP_SIZE = 256
    // for these kernels (H100: 320 work-items refused though ptxas counts 45 registers;
    // bench/results/h100-2026-11-27-wave7). Above it each work-item computes several butterflies
    // of the first pass.
    std::int64_t maxItemsPerTransform = 256;
    // Work-items of one transform when positive (the tuner's variant items=N, FftRequest::
    // localItemsPerTransform): each takes ceil(butterflies / N) of every pass, so N that divide the
    // passes' butterflies evenly leave no work-item idle in a pass's last share.
    std::int64_t itemsPerTransform = 0;
    // Several transforms share a work-group (the batch split into groups of T, mapLcl(1) over the
    // T) until it has about this many work-items; 1 keeps one transform per work-group.
    std::int64_t targetWorkGroupSize = 128;  // H200: 128 and 256 within 3%, 128 ahead at n <= 64
    // Pad the __local arrays (CodegenOptions::localPaddingEvery) against bank conflicts of the
    // butterflies' strided accesses; unset: padsLocalArraysByDefault.
    std::optional<bool> padLocalArrays;
    // Twiddle variant `local`: reserve local memory for the passes' twiddle tables (LocalFftShape).
    bool twiddleTables = false;
    // The tables read in global memory in fp64 too (fp32 always reads them there: LocalFftShape::
    // tablesInGlobal); the local method and Rader's kernel ask for it, Bluestein's keep __local copies.
    bool fp64TablesInGlobal = false;
    // Passes may write their results over their inputs in one __local array
    // (CodegenOptions::localInPlace) where two ping-pong arrays do not fit.
    bool inPlace = true;
    // ... and even where they fit (the local method's limits): more work-groups share a multiprocessor
    // (H200, us, ping-pong -> in place: fp32 1024 290 -> 265, 2048 292 -> 264, 2520 458 -> 417, 3000
    // 437 -> 407, 720..2016 1-3% faster; fp64 1024 339 -> 317, 256 290 -> 285, but 512 277 -> 290;
    // bench/results/h200-2026-11-28-wave15/run6-in-place). On an H100 with wave 2's kernels ping-pong
    // was as fast or faster (1024 fp64 0.38 ms, in place 0.445; h100-2026-11-25-wave2).
    bool preferInPlace = false;
    // Passes may hand their results to the next through one __local array of components, real
    // parts then imaginary parts (CodegenOptions::localSplitExchange) where one array of the points
    // does not fit: 8192 fp32 and 4096 fp64 in one kernel within 48 KiB.
    bool splitExchange = true;
    // Where even the components do not fit: each goes over in up to this many rounds of index
    // ranges (CodegenOptions::localSplitExchangeRanges), a work-item keeping at most
    // maxExchangePrivateBytes of points meanwhile (8192 fp64, 16384 fp32 on 256 work-items). Off
    // (1) by default: the local method and the auto choice ask for it (localMethodLimits).
    std::int64_t maxExchangeRanges = 1;
    std::int64_t maxExchangePrivateBytes = 512;
    // fp64 even mixed sizes whose one array of points fits only unpadded exchange by components,
    // their points private (the local method's limits).
    bool fp64MixedByComponents = false;
    // Where set, overrides that rule (FftRequest::localByComponents, the tuner's exchange=): true,
    // by components wherever they fit; false, only where no array of complex values fits.
    std::optional<bool> byComponents;
};

// Whether a local FFT of n pads its __local arrays when the limits leave it open: always in fp64 and
// for powers of two, and in fp32 for mixed sizes whose power-of-two factor is 64 or more. fp32
// mixed sizes with few factors of 2 have few strided conflicts to avoid, and the padding's index
// terms cost more (H200, us, padded -> unpadded: 720 412 -> 333, 1008 362 -> 313, 1680 407 -> 326,
// 3000 559 -> 439, 5040 529 -> 353, 10080 657 -> 508, Rader 1009's FFT of 1008 1101 -> 929, but
// Rader 641's of 640 823 -> 935, powers of two 2-4x slower, fp64 mixed sizes 1.1-1.6x slower;
// bench/results/h200-2026-11-28-wave15/run4-padding).
bool padsLocalArraysByDefault(std::int64_t n, ir::ScalarKind precision);

// Radices of a power of two n whose passes exchange in rounds of index ranges: the bits left
// over by 16s first, as a 4 or 8 (one bit left: 4, 8 in place of a 16), then 16s: 8192 = 4,8,16,16,
// 16384 = 4,16,16,16, 4096 = 16,16,16.
std::vector<std::int64_t> exchangeRangesRadices(std::int64_t n);

// The local memory a 1D method plans one work-group for: the device's where it is known
// (FftRequest::localMemoryBytes; 0: unknown) and smaller than LocalFftLimits' 48 KiB, else 48 KiB.
// More was never measured, so a device that offers more (PoCL: 1 MiB) plans as one with 48.
std::int64_t plannedLocalMemoryBytes(std::int64_t deviceLocalMemoryBytes);

// The limits of the plain local method and of the auto choice: the defaults with the rounds of
// index ranges allowed (maxExchangeRanges 2), fp64 mixed sizes by components, in place preferred,
// the request's exchange and padding where it asks for them (FftRequest::localByComponents,
// localPadding), and plannedLocalMemoryBytes of the device's local memory.
LocalFftLimits localMethodLimits(std::optional<bool> byComponents = std::nullopt,
                                 std::optional<bool> padding = std::nullopt, std::int64_t deviceLocalMemoryBytes = 0);

struct LocalFftShape {
    std::int64_t n = 0;
    std::vector<std::int64_t> radices;  // first pass first; product n
    std::int64_t transformsPerGroup = 1;  // T: transforms per work-group, divides the batch
    std::int64_t workGroupSize = 1;     // T * min(n / first radix, maxItemsPerTransform or itemsPerTransform; fp64 by components: half)
    std::int64_t firstPassShares = 1;   // butterflies of the first pass per work-item (above 1: capped)
    std::int64_t localPaddingEvery = 0; // one padding element after every k in the __local arrays
    std::int64_t localBytes = 0;        // __local memory of the kernel, padding and tables included
    // Twiddle variant `local`: bytes of the passes' twiddle tables (pass k's Twiddle(p, L) has L
    // elements), host-computed: every pass's read where needed in global memory (tablesInGlobal: fp32
    // always; fp64 where LocalFftLimits::fp64TablesInGlobal, as the local method and Rader ask), else
    // copied to __local once per work-group, in pass order while they fit beside the data (H100 ms:
    // 4096 fp32 0.393 -> 0.370, Rader 1153 1.599 -> 1.346, but Bluestein 1153 fp64 2.06 -> 2.36;
    // bench/results/h100-2026-11-27-wave10/run4-global-tables).
    std::int64_t tableBytes = 0;
    bool tablesInGlobal = false;
    // The passes write in place (LocalFftLimits::inPlace, two ping-pong arrays too large, and a
    // work-item's share of every pass within CodegenOptions::localInPlaceMaxCopies): one __local
    // array of T * n points.
    bool inPlace = false;
    // The passes exchange their points through one __local array of T * n reals, real parts then
    // imaginary parts (LocalFftLimits::splitExchange, one array of the points too large).
    bool splitExchange = false;
    // Rounds of index ranges per component under splitExchange (1: the whole array at once).
    std::int64_t exchangeRanges = 1;
};

// Default radices for n = 2^k: below 2^10 as many 8s as possible, then a 4 (or 4, 4 instead of
// 8, 2); from 2^10 a 16 first, then 8s (a 16 last, or a 4, for the bits left). For mixed sizes
// the power of two's radices (one radix up to 16), then one pass per odd prime (localFftShape moves a
// 16 last in fp32). Empty otherwise.
std::vector<std::int64_t> chooseLocalRadices(std::int64_t n);

// The shape of the kernel for n (radices: empty = chooseLocalRadices), or nullopt when it does
// not fit the limits (local memory: two ping-pong arrays of n complex from three passes on, or one
// with the passes in place where two do not fit; one for two passes; unpadded when only that
// fits; else one array of n reals exchanged a component at a time) or the radices do not multiply to n. T is the largest power of two dividing `batch`
// that keeps T * n / p <= limits.targetWorkGroupSize and T transforms in local memory; for an
// `inverse` transform T * n (its conjugations are maps over the n points, which set the first
// dimension of the work-group to min(n, T * n / p)).
std::optional<LocalFftShape> localFftShape(std::int64_t n, ir::ScalarKind precision,
                                           std::vector<std::int64_t> radices = {},
                                           const LocalFftLimits& limits = {}, std::int64_t batch = 1,
                                           bool inverse = false);

// The high-level program (before lowering): a map over the batch of the FFT passes, or with
// T > 1 (localFftShape) join o map(passes, each a map over the T transforms) o split(T). `scale`
// (inverse only) multiplies the result by 1/n.
std::optional<ir::Program> composeLocalMemoryFftHighLevel(std::int64_t n, std::int64_t batch,
                                                          ir::ScalarKind precision, bool inverse,
                                                          std::vector<std::int64_t> radices = {},
                                                          const LocalFftLimits& limits = {},
                                                          bool scale = false);

// The lowered single-kernel program (input parameter `xs: [[complex]n]batch`, no nat parameter
// left), or nullopt when localFftShape says it does not fit. Throws liftcl::Error if lowering
// fails (a bug).
std::optional<ir::Program> composeLocalMemoryFft(std::int64_t n, std::int64_t batch,
                                                 ir::ScalarKind precision, bool inverse,
                                                 std::vector<std::int64_t> radices = {},
                                                 const LocalFftLimits& limits = {}, bool scale = false);

// Whether a kernel of these butterflies keeps codegen's share tests (CodegenOptions::
// localShareTests): radix-16 butterflies exchanged by components or in fp64. On an H100 dropping
// the tests took kernels of radix-4/8 butterflies from 0.58 to 0.48 ms (3D 16^3 fp32), 0.50 to
// 0.38 (64x64 fp64, by components), 0.70 to 0.49 (16^3 fp64, by components) and 4096 fp32 (radix
// 16 in place) from 0.45 to 0.42, but radix 16 by components or in fp64 from 0.59 to 0.66 (8192
// fp32), 0.57 to 0.72 (4096 fp64), 0.67 to 0.79 (R2C 4096 fp64) (bench/results/h100-2026-11-25-wave5/run4-variants).
bool keepShareTests(bool components, ir::ScalarKind precision, const std::vector<std::int64_t>& radices);

// Code generation options for the kernel: the precision, the work-group size as the local size,
// DFT_p folded to literals, twiddles between passes computed on the fly (no __constant tables),
// or with `twiddles` local read from the host's tables: where needed in global memory (cached), or
// from __local copies filled once per work-group (LocalFftShape::tablesInGlobal).
codegen::CodegenOptions localFftCodegenOptions(const LocalFftShape& shape, ir::ScalarKind precision,
                                               codegen::TwiddleMode twiddles = codegen::TwiddleMode::Table);

}  // namespace liftcl::fft
