// The report side of `liftcl bench --accuracy`: errors of other libraries read from CSV (measured
// on the GPU machine), liftcl's errors written in that CSV format, and the markdown document
// docs/accuracy.md with the thresholds the plans must meet.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "bench/lib/bench_accuracy.hpp"

namespace liftcl::bench {

// Errors measured elsewhere (cuFFT, VkFFT on the GPU machine), read from a CSV with the header
// kAccuracyCsvHeader (bench_transform_errors.hpp): library,precision,N,direction,rel_l2,rel_max.
struct AccuracyComparison {
    // (library, precision, N, direction) -> errors
    std::map<std::tuple<std::string, std::string, std::int64_t, std::string>, ErrorPair> errors;
    std::vector<std::string> libraries;  // in the order first seen
};
AccuracyComparison readAccuracyCsv(const std::filesystem::path& path);
void mergeAccuracy(AccuracyComparison& into, const AccuracyComparison& more);
// liftcl's rows in that format (library liftcl), so two runs can be compared the same way.
std::string accuracyCsv(const std::vector<AccuracyRow>& rows);

struct AccuracyReportInfo {
    std::string device;   // name, platform, driver
    std::string date;     // YYYY-MM-DD
    std::string method;   // planner method used
    std::string command;  // how the table was made
    double seconds = 0;   // how long the run took
    bool complete = true;  // false: written during the run (the header says so)
    // The library liftcl's errors are divided by in the ratio column (forward and inverse rel L2,
    // the larger ratio shown); rows above kMaxErrorRatio are flagged and listed.
    std::string ratioLibrary = "cufft";
};

inline constexpr double kMaxErrorRatio = 2.0;

// The markdown document: header, thresholds (fp32 rel L2 < 1e-6, fp64 < 1e-14), one table per
// precision, comparison columns for every library in `comparison` (its forward and inverse rel
// L2; a note says when none was measured), the ratio column liftcl/ratioLibrary when that library
// was measured, the list of sizes above the thresholds and the list of sizes above the ratio.
std::string accuracyMarkdown(const std::vector<AccuracyRow>& rows, const AccuracyReportInfo& info,
                             const AccuracyComparison& comparison);

double accuracyThreshold(bool isDouble);  // 1e-6 (fp32), 1e-14 (fp64)

// liftcl's rel L2 over the library's, the larger of forward and inverse; nan when the library
// has no such row. 0/0 counts as 1, x/0 as infinity.
double accuracyErrorRatio(const AccuracyRow& row, const AccuracyComparison& comparison, const std::string& library);

}  // namespace liftcl::bench
