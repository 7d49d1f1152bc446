// Real transforms (R2C and C2R) of even length W = 2h in ONE kernel when the complex FFT of h is
// one local kernel: per row, the W real values read as h complex pairs (the same bytes), FFT_h, and
// the half spectrum's split (ndPackedRealRowTwist) from the FFT's result in local memory, written
// once; C2R the mirror: the half spectrum's Hermitian pairs (ndHermitianPairs) to h points, the
// inverse FFT_h, the real values written as complex pairs. One work-group per row (the local
// method's FFT in a slot: local_fft_slots.hpp), so a row goes through global memory once instead of
// twice (the 1D plan of h, then the split as a kernel of its own).
#pragma once

#include <cstdint>
#include <optional>

#include "fft/fft_method.hpp"
#include "fft/local_method.hpp"

namespace liftcl::fft {

// The local FFT's shape for h = W/2 when the kernel fits: the FFT written in place in one array of h
// (the split then reads its result there and writes only global memory), else two arrays; its
// twiddle tables in global memory. Nullopt when W is odd or below 4, or when a work-group of the
// kernel would have fewer than `minWorkItems` work-items (short rows: the multidimensional
// planner's tiles group several rows per work-group).
std::optional<LocalFftShape> realOneKernelShape(std::int64_t W, ir::ScalarKind precision,
                                                std::int64_t deviceLocalMemoryBytes = 0,
                                                std::int64_t minWorkItems = 32);

// The pass of `rows` rows of W: R2C ([[complex]W/2]rows of real pairs -> [[complex]W/2+1]rows), or
// with `inverse` C2R ([[complex]W/2+1]rows -> the real values as [[complex]W/2]rows), scaled by
// 1/scalePoints where scalePoints > 0. Nullopt when realOneKernelShape does not fit.
std::optional<PassProgram> realOneKernelPass(std::int64_t W, std::int64_t rows, ir::ScalarKind precision,
                                             bool inverse, std::int64_t scalePoints,
                                             codegen::TwiddleMode twiddles, std::int64_t deviceLocalMemoryBytes = 0);

}  // namespace liftcl::fft
