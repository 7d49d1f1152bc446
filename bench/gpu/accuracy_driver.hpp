// The common main of the GPU accuracy programs (cufft_accuracy.cu, vkfft_accuracy.cpp): for the
// sizes and precisions of `liftcl bench --accuracy`, it asks the library for a plan of each size,
// measures it with liftcl's own measurement (bench/lib/bench_transform_errors: same input, same
// FFTW long-double reference, same formulas) and writes the accuracy CSV (bench/README.md).
//
// Options: --csv PATH (required), --max-log2 K (1..26, default 22), --precision f32|f64|both,
// --no-mixed. Exit status 1 when a size failed (its rows are left out of the CSV and the error is
// printed), 2 on bad options.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "bench/lib/bench_transform_errors.hpp"

namespace liftcl::bench::gpu {

// A plan of size n (batch 1) for both directions; the returned function owns it.
template <typename Real>
using PlanFactory = std::function<TransformFunction<Real>(std::int64_t n)>;

struct AccuracyLibrary {
    std::string name;         // the CSV's library column: cufft, vkfft
    std::string description;  // printed first: version, device
    PlanFactory<float> fp32;
    PlanFactory<double> fp64;  // empty: the device has no fp64 (those rows are left out)
};

int runAccuracyProgram(int argc, char** argv, const AccuracyLibrary& library);

}  // namespace liftcl::bench::gpu
