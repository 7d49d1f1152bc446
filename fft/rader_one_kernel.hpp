// Rader's method in ONE kernel when the FFT of size L = p - 1 is one local kernel with room for the
// values it keeps: per transform, the gather x[g^k], FFT_L, the spectrum product, the inverse FFT_L
// and the scatter to X[g^-q] (X[0] from the forward FFT's frequency 0), every step in the local
// memory of one work-group (fft/lift/rader.lift's raderOneKernel, its FFT slots filled by the
// local method's FFT: local_fft_slots.hpp). The kernel reads a transform's p inputs and writes its p
// outputs once, n values rather than Bluestein's 2n-2 through each FFT.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "fft/local_method.hpp"
#include "ir/expr.hpp"

namespace liftcl::fft {

// The default radices of the one kernel's FFTs of L = p - 1. A work-group holds one transform and its
// work-items are the first pass's butterflies, so the first radix is the one leaving the most
// butterflies within 256 (fp64: 192), the rest the local method's radices of what is left (H100,
// batched to 512 MiB, ms: fp32 641 4,8,4,5 1.246 vs the local default 8,4,4,5 1.470, 769 3,8,8,4
// 1.315 vs 1.448, 1009 4,4,3,3,7 1.546 vs 3,3,7,16 1.596; fp64 193 2,8,4,3 1.242 vs 8,8,3 1.496, 257
// 2,8,4,4 1.157 vs 1.418, 641 4,8,4,5 1.495 vs 2.018, but 769 3,8,8,4 1.82 vs 4,8,8,3 1.16 at 2^15
// transforms; bench/results/h100-2026-11-27-wave10/run2-rader-orders, run3-rader-radices). Empty, so
// the local default, in fp32 up to L = 256 (257: 2,8,4,4 1.292 vs 8,8,4 1.088) and where no first
// radix leaves at most that many butterflies.
std::vector<std::int64_t> raderOneKernelRadices(std::int64_t L, ir::ScalarKind precision);
// The most work-items (first-pass butterflies) a Rader work-group is given: 256 fp32, 192 fp64.
std::int64_t raderMostWorkItems(ir::ScalarKind precision);

// The local FFT's shape for L = p - 1 when the one kernel fits a work-group's local memory (three
// arrays of L: the FFTs' and the forward spectrum kept for X[0]), else nullopt. Empty radices:
// raderOneKernelRadices where they fit, else the local method's default. The local memory is
// plannedLocalMemoryBytes(deviceLocalMemoryBytes) (FftRequest::localMemoryBytes).
std::optional<LocalFftShape> raderOneKernelShape(std::int64_t p, ir::ScalarKind precision,
                                                 const std::vector<std::int64_t>& radices = {},
                                                 std::int64_t deviceLocalMemoryBytes = 0);

// The lowered program (parameters xs: [[complex]p]b, inputIndex: [complex]L, spectrum: [complex]L,
// outputIndex: [complex]p; the rader-row-* tables of runtime/fft/fft_tables.hpp), or nullopt when
// raderOneKernelShape refuses p. Throws liftcl::Error if lowering fails (a bug).
std::optional<ir::Program> composeRaderOneKernel(std::int64_t p, std::int64_t batch, ir::ScalarKind precision,
                                                 const std::vector<std::int64_t>& radices = {},
                                                 std::int64_t deviceLocalMemoryBytes = 0);

}  // namespace liftcl::fft
