// What a user asks of an FFT plan: size, batch, precision, direction, scaling, placement, method,
// radices and twiddle variant. validateRequest() refuses what no plan can do with an error that
// names the parameter, its value and what is supported.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "codegen/codegen.hpp"
#include "ir/type.hpp"
#include "runtime/fft_plan_description.hpp"

namespace liftcl::fft {

struct FftRequest {
    std::int64_t n = 0;
    std::int64_t batch = 1;
    ir::ScalarKind precision = ir::ScalarKind::Double;
    rt::FftDirection direction = rt::FftDirection::Forward;
    bool scale = false;    // inverse only: multiply by 1/n
    bool inPlace = false;  // the placement recorded in the plan (the runtime does both)
    std::string method = "auto";  // compiler/fft/auto_method.hpp
    std::vector<std::int64_t> radices;  // empty: chosen by chooseRadices()
    codegen::TwiddleMode twiddles = codegen::TwiddleMode::Table;
    // Method 'hierarchical' only (0: its defaults, compiler/fft/hierarchical_passes.hpp): the bytes
    // of one tile in local memory and the widest tile (columns per work-group), for tuning runs.
    std::int64_t hierarchicalTileBytes = 0;
    std::int64_t hierarchicalMaxTileWidth = 0;
};

// Largest n*batch: kernels index with 32-bit ints.
inline constexpr std::int64_t kMaxElements = std::int64_t{1} << 30;

// Throws liftcl::Error for n < 2, batch < 1, n*batch > kMaxElements, a size with a prime factor
// above 7, scaling of a forward transform, an unknown method, or radices that do not multiply to n.
void validateRequest(const FftRequest& request);

}  // namespace liftcl::fft
