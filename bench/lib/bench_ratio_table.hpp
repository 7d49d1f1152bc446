// The side-by-side table `liftcl bench --compare` prints: per sweep point liftcl's median time and
// each other library's, with the throughput ratio liftcl/library (= library's time / liftcl's
// time; above 1 liftcl is faster), and per precision the geometric mean of the ratios over the
// points both measured. Points are matched on (precision, N, batch); copy rows are listed as
// bandwidths. Ratios are only fair between rows measured in one run on one device.
#pragma once

#include <string>
#include <vector>

#include "bench/lib/bench_csv.hpp"

namespace liftcl::bench {

struct RatioSummary {
    std::string library;
    std::string precision;
    double geometricMean = 0;
    int points = 0;
    std::string family;  // one summary per family of --family rows ("" for the 1D complex sweep)
};

// `library` is the one the others are compared with (its rows are those of that name in `rows`).
std::vector<RatioSummary> ratioSummaries(const std::vector<BenchRow>& rows, const std::string& library);
std::string ratioTable(const std::vector<BenchRow>& rows, const std::string& library);

}  // namespace liftcl::bench
