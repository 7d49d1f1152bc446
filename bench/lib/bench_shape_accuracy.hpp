// `liftcl bench --accuracy --family ...`: liftcl's errors on the multidimensional and real shapes
// of the accuracy table (bench_shape_errors.hpp), measured on a device, beside other libraries'
// errors read from their CSVs (bench/gpu/cufft_nd_accuracy.cu), as a markdown table with the
// liftcl / library ratio of the relative L2 errors (issue 15: at most 2x cuFFT's).
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "bench/lib/bench_shape_errors.hpp"
#include "runtime/device.hpp"

namespace liftcl::bench {

struct ShapeAccuracyRow {
    bool isDouble = false;
    AccuracyShape shape;
    std::string method;  // of liftcl's plan
    ErrorPair errors;
    std::string error;  // non-empty: not measured
};

// liftcl's forward plan of one array of each shape (the device's local memory), fp32 and/or fp64.
std::vector<ShapeAccuracyRow> measureShapeAccuracy(const rt::Device& device, const std::vector<AccuracyShape>& shapes,
                                                   bool fp32, bool fp64);

// Other libraries' errors: (library, precision, shape text) -> errors, from CSVs with the header
// kShapeAccuracyCsvHeader. Throws liftcl::Error naming the file and line of a malformed one.
using ShapeAccuracyComparison = std::map<std::tuple<std::string, std::string, std::string>, ErrorPair>;
void readShapeAccuracyCsv(const std::filesystem::path& path, ShapeAccuracyComparison& into);

// liftcl's rows as that CSV.
std::string shapeAccuracyCsv(const std::vector<ShapeAccuracyRow>& rows);

// The markdown table: shape, precision, liftcl's plan and errors, each library's rel L2, and the
// ratio to `ratioLibrary` (rows above 2x flagged and listed). `header` goes first.
std::string shapeAccuracyMarkdown(const std::vector<ShapeAccuracyRow>& rows, const ShapeAccuracyComparison& comparison,
                                  const std::string& ratioLibrary, const std::string& header);

}  // namespace liftcl::bench
