// The facts of a multidimensional or real FFT program's shape that both its text
// (fft/nd_tile_program.cpp) and the fitting of its work-groups (fft/nd_tile_fitting.cpp) read:
// which axes it transforms, what the data looks like before it, how long each complex transform
// is, how many steps exchange data. Internal to the FFT library.
#pragma once

#include <cstdint>
#include <vector>

#include "fft/nd_tile_program.hpp"

namespace liftcl::fft::nd {

std::int64_t product(const std::vector<std::int64_t>& v, std::size_t from, std::size_t to);
std::int64_t halfLength(std::int64_t w);  // W/2 + 1: the half spectrum of W real values

// The axes the program transforms, in order; whether the last (contiguous) one is among them.
std::vector<std::size_t> axesOf(const NdTileProgram& p);
bool hasLastAxis(const NdTileProgram& p);
std::size_t firstTransformedAxis(const NdTileProgram& p);

// R2C of an even last axis W >= 4 by the complex transform of half the length: the real pairs
// (x_2j, x_2j+1) as z_j, Z = DFT_{W/2}(z), then X_k = (Z_k + conj Z_{W/2-k}) / 2
// - i w^k (Z_k - conj Z_{W/2-k}) / 2 with w = omega(1, W), k = 0 .. W/2 (half the passes' work
// and local memory of transforming W complex points with zero imaginary parts).
// C2R the mirror: Z_k = (X_k + conj X_{W/2-k}) + i conj(w^k) (X_k - conj X_{W/2-k}), k < W/2, its
// inverse DFT_{W/2} is W (x_2j + i x_2j+1): the real output written as complex pairs.
bool packedRealAxis(const NdTileProgram& p);
// Whether the program writes the real values of a packed C2R axis as complex pairs.
bool packedRealOutput(const NdTileProgram& p);

// Complex points the work-group holds per array at most (a packed axis: its m = W/2+1 points).
std::int64_t localPoints(const NdTileProgram& p);
// The shape the data has before the program (R2C's later axes and C2R see the half spectrum).
std::vector<std::int64_t> inputShape(const NdTileProgram& p);
// The steps of the program that each read what the one before wrote: the passes of its axes (of
// one pass's radix q for a pass of a long axis), and the twist of a packed R2C axis or the copy of
// a half spectrum kept.
std::size_t computingSteps(const NdTileProgram& p);

}  // namespace liftcl::fft::nd
