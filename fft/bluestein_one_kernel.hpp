// Bluestein's method in ONE kernel when the padded transform fits one work-group: per transform,
// chirp and zero pad -> FFT_m -> spectrum product -> inverse FFT_m -> truncation and chirp, every
// step in the local memory of its work-group (fft/lift/bluestein.lift's bluesteinOneKernel).
//
// The FFTs of size m are the local method's (composeLocalMemoryFftHighLevel, fft/local_method.hpp)
// put in place of bluesteinOneKernel's two FFT slots; the whole program is then lowered by the
// local method's strategies (factor-dft, lower-local-fft): mapWrg(0) over the batch, a mapLcl(0)
// per step and per pass, barriers between them. The kernel reads the transform's n inputs once and
// writes its n outputs once (in place is safe: a work-group reads all it needs before it writes).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "fft/local_method.hpp"
#include "ir/expr.hpp"

namespace liftcl::fft {

// Bluestein's FFTs of the padded size m pad their __local arrays whatever m (not the local method's
// rule, padsLocalArraysByDefault): the two kernels of 4099 fp32 (m = 8232 = 2^3 3 7^3) ran 2.52 ->
// 3.06 ms unpadded (H200, bench/results/h200-2026-11-28-wave15/run5-unpadded).
inline constexpr bool bluesteinPadsLocalArrays = true;

// The local FFT's shape for the padded size m (radices: empty = chooseLocalRadices), or nullopt
// when m is not a size the local method does in one work-group of plannedLocalMemoryBytes(
// deviceLocalMemoryBytes) (FftRequest::localMemoryBytes).
std::optional<LocalFftShape> bluesteinOneKernelShape(std::int64_t m, ir::ScalarKind precision,
                                                     const std::vector<std::int64_t>& radices = {},
                                                     std::int64_t deviceLocalMemoryBytes = 0);

// The program before lowering (parameters xs: [[complex]n]b, chirpPadded: [complex]m,
// spectrum: [complex]m, chirp: [complex]n; the tables of runtime/fft/fft_tables.hpp), or nullopt
// when bluesteinOneKernelShape refuses m.
std::optional<ir::Program> composeBluesteinOneKernelHighLevel(std::int64_t n, std::int64_t m, std::int64_t batch,
                                                              ir::ScalarKind precision,
                                                              const std::vector<std::int64_t>& radices = {});

// The lowered program (one kernel). Throws liftcl::Error if lowering fails (a bug).
std::optional<ir::Program> composeBluesteinOneKernel(std::int64_t n, std::int64_t m, std::int64_t batch,
                                                     ir::ScalarKind precision,
                                                     const std::vector<std::int64_t>& radices = {});

// TWO kernels when m fits the local method but not the one kernel's two arrays: the one kernel cut
// after the spectrum product (bluestein.lift's bluesteinForwardKernel: xs, chirpPadded, spectrum ->
// [[complex]m]b; bluesteinInverseKernel: ys, chirp -> [[complex]n]b), each a local FFT with the
// element-wise steps around it, so the padded values cross global memory once.
enum class BluesteinHalf { Forward, Inverse };
// The lowered kernel, or nullopt when m is not a size of the local method.
std::optional<ir::Program> composeBluesteinHalfKernel(BluesteinHalf half, std::int64_t n, std::int64_t m,
                                                      std::int64_t batch, ir::ScalarKind precision,
                                                      const std::vector<std::int64_t>& radices = {});

}  // namespace liftcl::fft
