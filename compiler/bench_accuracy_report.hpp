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

#include "compiler/bench_accuracy.hpp"

namespace liftcl::bench {

// Errors measured elsewhere (cuFFT, VkFFT on the GPU machine), read from a CSV with the header
// library,precision,N,direction,rel_l2,rel_max   (direction: forward | inverse | roundtrip).
struct AccuracyComparison {
    // (library, precision, N, direction) -> errors
    std::map<std::tuple<std::string, std::string, std::int64_t, std::string>, ErrorPair> errors;
    std::vector<std::string> libraries;  // in the order first seen
};
inline constexpr const char* kAccuracyCsvHeader = "library,precision,N,direction,rel_l2,rel_max";
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
};

// The markdown document: header, thresholds (fp32 rel L2 < 1e-6, fp64 < 1e-14), one table per
// precision, comparison columns for every library in `comparison` (the forward rel L2; a note
// says when none was measured), and the list of sizes above the thresholds.
std::string accuracyMarkdown(const std::vector<AccuracyRow>& rows, const AccuracyReportInfo& info,
                             const AccuracyComparison& comparison);

double accuracyThreshold(bool isDouble);  // 1e-6 (fp32), 1e-14 (fp64)

}  // namespace liftcl::bench
