// Plans of multidimensional (rank 2-3) and real (R2C / C2R, rank 1-3) FFTs, batched:
//   - when the whole plane or volume (G of them) fits one work-group's local memory: ONE kernel
//     (fft/nd_tile_program.hpp), e.g. 64x64 or 16x16x16;
//   - otherwise one kernel per axis over tiles of adjacent columns (strided access, coalesced
//     across the tile, no transpose kernels), the R2C axis first and the C2R axis last; a last
//     (contiguous) axis too long for a tile uses the 1D plan of that length over every row,
//     with a real-to-complex widening before it and the half spectrum kept after it (R2C), or
//     the Hermitian-weighted half spectrum before it and the real part after it (C2R).
// Each kernel comes from a Lift program lowered by rewriting.
#pragma once

#include <string>
#include <vector>

#include "fft/fft_request.hpp"
#include "runtime/fft/fft_plan_description.hpp"

namespace liftcl::fft {

// The points of a shape (the product of its extents) and its text ("64x64").
std::int64_t ndShapePoints(const std::vector<std::int64_t>& shape);
std::string ndShapeText(const std::vector<std::int64_t>& shape, const std::string& separator = "x");

// Whether the request is not a plain 1D complex transform (a shape of rank >= 2, or real).
bool isNdRequest(const FftRequest& request);

// The plan choices a request's method names (the tuner's variants; "auto" for the planner's own):
//   nd-axes       every axis its own kernel(s): no whole-array kernel, no 3D planes kernel
//   nd-one-array  one __local array (in place, or components) where two ping-pong arrays fit too
//   nd-no-planes  no 3D planes kernel
//   nd-split-last the split of an R2C in a kernel of its own: for several axes after the complex
//                 transform of the real pairs, also where the half spectrum's columns tile well;
//                 for rows of hierarchical passes after them, not in their last pass
//   nd-mirror-kernel  C2R rows whose inverse FFT of W/2 takes hierarchical passes: the mirror (the
//                 Hermitian pairs to Z_k) in a kernel of its own before them, not in the first
//                 pass's reads (the default)
//   nd-rows       the last axis by its rows' kernels, not a tile program: a real one as the rows'
//                 one kernel (real_one_kernel.hpp; the default for 1D), a complex one as the 1D
//                 plan of W over the rows
const std::vector<std::string>& ndPlanMethods();
// Those names, comma-separated (for help and error texts).
std::string ndPlanMethodsText();

// Throws liftcl::Error naming the 1D methods' shape options a request gives (--items, --exchange,
// --padding, --tile-bytes, --tile-width, --tile-widths-pow2: the tuner's items=, exchange=,
// padding=, tile=, width=, widths=pow2), which a multidimensional or real plan would ignore.
void refuseOneDimensionalShapes(const FftRequest& request);

// Throws liftcl::Error naming the field for a request no plan can do: an extent below 1, extents
// that do not multiply to n, more than 3 axes, a real transform whose last axis is below 2, a
// method other than auto and ndPlanMethods(), --radices, or an axis that fits no kernel.
rt::FftPlanDescription planNdFft(const FftRequest& request);

}  // namespace liftcl::fft
