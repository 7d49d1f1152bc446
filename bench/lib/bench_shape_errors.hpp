// How accurate a multidimensional or real FFT is (issue 15's accuracy target), measured the same way
// for every library: the forward transform of one array of `shape` of the benchmark's input
// (bench_input.hpp; a real transform's input is the real parts), against FFTW in long double
// (fftwl_plan_many_dft, or _r2c for the half spectrum). Errors as bench_transform_errors.hpp.
// `liftcl bench --accuracy --family` and bench/gpu/cufft_nd_accuracy.cu both use this file; like
// bench_transform_errors it depends on nothing but FFTW, bench_input, ir/error and
// ir/number_format. Kept to C++17 (nvcc compiles includers).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "bench/lib/bench_transform_errors.hpp"

namespace liftcl::bench {

struct AccuracyShape {
    std::vector<std::int64_t> shape;  // the transformed axes, last fastest
    bool real = false;                // R2C: real input, the half spectrum out
};

// The shapes of the table (the families' one-kernel sizes and a few larger ones); with maxLog2 > 0
// only those of at most 2^maxLog2 points.
std::vector<AccuracyShape> accuracyShapes(int maxLog2 = 0);

// "64x64" (complex) or "r2c 64x64": the table's and the CSV's name of the shape.
std::string accuracyShapeText(const AccuracyShape& s);
// Its family of `liftcl bench --family` (c2c, r2c, 2d, r2c2d, 3d, r2c3d).
std::string accuracyShapeFamily(const AccuracyShape& s);

// The forward errors. `transform` gets the input as complex values (a real transform's with zero
// imaginary parts: it reads the real parts) and returns the result (a real transform's half
// spectrum, n/W*(W/2+1) points). Throws liftcl::Error for a result of the wrong length.
ErrorPair measureShapeErrors(const AccuracyShape& s, const TransformFunction<float>& transform);
ErrorPair measureShapeErrors(const AccuracyShape& s, const TransformFunction<double>& transform);

// The CSV of these errors: one line per (library, precision, shape), library,precision,shape,rel_l2,rel_max.
inline constexpr const char* kShapeAccuracyCsvHeader = "library,precision,shape,rel_l2,rel_max";
std::string shapeAccuracyCsvLine(const std::string& library, bool isDouble, const AccuracyShape& s, const ErrorPair& e);

}  // namespace liftcl::bench
