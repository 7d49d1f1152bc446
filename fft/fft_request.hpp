// What a user asks of an FFT plan: size, batch, precision, direction, scaling, placement, method,
// radices and twiddle variant. validateRequest() refuses what no plan can do with an error that
// names the parameter, its value and what is supported.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "codegen/codegen.hpp"
#include "ir/type.hpp"
#include "runtime/fft/fft_plan_description.hpp"

namespace liftcl::fft {

// A nested FFT's input multiplied element by element by a constant table before the transform
// (Bluestein: the chirp, the spectrum), fused into its first pass's reads instead of a kernel of its
// own. The input holds inputN <= n values per transform; the values from inputN to n read the last
// one (a clamp pad), so the table must be 0 there. Method 'hierarchical' only.
struct FftInputProduct {
    std::string argument;  // the table's kernel argument
    std::string table;     // the plan's table (PlanResources) bound to it, of n values
    std::int64_t inputN = 0;
};

// A nested FFT's output multiplied element by element by a constant table and cut to its first
// outputN values per transform (Bluestein: the chirp after the inverse FFT), fused into its last
// pass's store (the other values computed, not written). Method 'hierarchical' only.
struct FftOutputProduct {
    std::string argument;  // the table's kernel argument
    std::string table;     // the plan's table (PlanResources) bound to it, of outputN values
    std::int64_t outputN = 0;
};

struct FftRequest {
    std::int64_t n = 0;
    std::int64_t batch = 1;
    ir::ScalarKind precision = ir::ScalarKind::Double;
    rt::FftDirection direction = rt::FftDirection::Forward;
    bool scale = false;    // inverse only: multiply by 1/n
    bool inPlace = false;  // the placement recorded in the plan (the runtime does both)
    std::string method = "auto";  // fft/auto_method.hpp
    std::vector<std::int64_t> radices;  // empty: chosen by chooseRadices()
    codegen::TwiddleMode twiddles = codegen::TwiddleMode::Table;
    // Method 'hierarchical' only (0: its defaults, fft/hierarchical_passes.hpp): the bytes
    // of one tile in local memory and the widest tile (columns per work-group), for tuning runs.
    std::int64_t hierarchicalTileBytes = 0;
    std::int64_t hierarchicalMaxTileWidth = 0;
    // Tile widths powers of two only (rows of 32 bytes or a multiple from 4 fp32 / 2 fp64 columns,
    // rather than any divisor of the columns: 5 columns of fp32 read 40 of the 64 bytes they fetch).
    bool hierarchicalPowerOfTwoTiles = false;
    // Method 'local' only (0: its default, fft/local_method.hpp): work-items of one transform.
    std::int64_t localItemsPerTransform = 0;
    // Method 'local' (or auto taking it) only: hand the points between passes on by components,
    // kept private (true), or in arrays of complex values wherever those fit (false); unset: the
    // method's rule (fft/local_method.hpp, LocalFftLimits::byComponents). The tuner's exchange=.
    std::optional<bool> localByComponents;
    // Method 'local' (or auto taking it) only: pad its __local arrays against bank conflicts (true)
    // or not (false); unset: the method's rule (padsLocalArraysByDefault). The tuner's padding=.
    std::optional<bool> localPadding;
    // Multidimensional and real transforms (fft/nd_planner.hpp): the transformed axes,
    // last fastest, n their product (empty: the 1D transform of n); `real`: R2C forward, C2R
    // inverse with numpy's conventions.
    std::vector<std::int64_t> shape;
    bool real = false;
    // Local memory a work-group may use, the device's where it is known (0: 48 KiB, NVIDIA's
    // default): planes and volumes up to it are one kernel; 1D local kernels take at most 48 KiB
    // of it (localMethodLimits).
    std::int64_t localMemoryBytes = 0;
    // Method 'bluestein' only: the padded size m >= 2n-2 of its convolution (0: the smallest
    // 2^a 3^b 5^c 7^d, fft/bluestein_method.hpp), chosen by tuning runs and the wisdom.
    std::int64_t paddedN = 0;
    // Registers per work-item every pass kernel of a 1D plan is compiled with where the driver takes a limit
    // (CodegenOptions::maxRegistersPerItem): unset, each method's rule (the hierarchical passes':
    // 64 fp32, 128 fp64); 0, the driver's own choice; else 16 to 255. The tuner's registers=.
    std::optional<std::int64_t> registersPerItem;
    std::optional<FftInputProduct> inputProduct;    // set by methods for their nested FFTs only
    std::optional<FftOutputProduct> outputProduct;  // likewise
};

// Largest n*batch: far beyond any device's memory (the allocation then fails naming its bytes),
// small enough that byte counts stay exact in 64 bits. Kernels whose buffers pass 2^31 - 1
// elements index with 64-bit `long` (CodegenOptions::wideIndices).
inline constexpr std::int64_t kMaxElements = std::int64_t{1} << 40;

// Throws liftcl::Error for n < 2, batch < 1, n*batch > kMaxElements, scaling of a forward
// transform, an unknown method, or radices that do not multiply to n. Every n >= 2 has a plan: sizes
// with prime factors above 23 by Bluestein (fft/bluestein_method.hpp).
void validateRequest(const FftRequest& request);

}  // namespace liftcl::fft
