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

// The local FFT's shape for L = p - 1 when the one kernel fits a work-group's local memory (three
// arrays of L: the FFTs' and the forward spectrum kept for X[0]), else nullopt.
std::optional<LocalFftShape> raderOneKernelShape(std::int64_t p, ir::ScalarKind precision,
                                                 const std::vector<std::int64_t>& radices = {});

// The lowered program (parameters xs: [[complex]p]b, inputIndex: [complex]L, spectrum: [complex]L,
// outputIndex: [complex]p; the rader-row-* tables of runtime/fft/fft_tables.hpp), or nullopt when
// raderOneKernelShape refuses p. Throws liftcl::Error if lowering fails (a bug).
std::optional<ir::Program> composeRaderOneKernel(std::int64_t p, std::int64_t batch, ir::ScalarKind precision,
                                                 const std::vector<std::int64_t>& radices = {});

}  // namespace liftcl::fft
