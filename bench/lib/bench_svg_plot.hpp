// A hand-written SVG plot of benchmark rows (bench_csv.hpp): four panels, GB/s and GFLOP/s
// against log2 N for fp32 and fp64, one line per library over the batched power-of-two sweep,
// the batch = 1 point and mixed-radix sizes as separate markers, each library's copy bandwidth
// as a dashed ceiling in the GB/s panels (the one-pass bound) and the fastest copy over 2 and 3 as
// dotted lines (the two- and three-pass bounds). No dependencies; the output is a standalone SVG 1.1
// document.
#pragma once

#include <string>
#include <vector>

#include "bench/lib/bench_csv.hpp"

namespace liftcl::bench {

std::string renderSvgPlot(const std::vector<BenchRow>& rows, const std::string& title);

}  // namespace liftcl::bench
