// Measures one sweep point of `liftcl bench` on one device: plans the forward transform
// (fft::planFft), builds it, fills the input with the deterministic hash (bench_input.hpp), times
// out-of-place executions with stamp kernels (bench_timer.hpp), checks a few bins (bench_check.hpp)
// and returns the CSV row. A point that does not fit the device's memory, or that the planner or
// the device refuses, gives a row with nan times and the reason in its note; only errors of the
// device itself (lost context, ...) propagate.
#pragma once

#include <cstdint>
#include <string>

#include "bench/lib/bench_csv.hpp"
#include "bench/lib/bench_sweep.hpp"
#include "bench/lib/bench_timer.hpp"
#include "codegen/codegen.hpp"
#include "runtime/fft/fft_plan.hpp"
#include "runtime/runtime.hpp"

namespace liftcl::bench {

struct RunnerOptions {
    int repetitions = 20;
    int warmup = 3;
    int checkBins = 3;   // bins per checked transform; 0: no check
    std::string method;  // "" = the planner's default
    codegen::TwiddleMode twiddles = codegen::TwiddleMode::Table;
    std::int64_t hierarchicalTileBytes = 0;     // 0: the method's default
    std::int64_t hierarchicalMaxTileWidth = 0;  // 0: the method's default
    bool hierarchicalPowerOfTwoTiles = false;   // --tile-widths-pow2
    std::int64_t registersPerItem = -1;         // -1: the method's rule, 0: the driver's choice
    std::int64_t localItemsPerTransform = 0;    // method local: work-items per transform (0: its default)
};

class BenchRunner {
public:
    BenchRunner(const rt::Device& device, RunnerOptions options);

    const rt::Device& device() const { return context_.device(); }
    double stampOverheadMs();

    BenchRow run(const BenchCase& benchCase);
    // Device-to-device copy of `bytes` (clEnqueueCopyBuffer) timed the same way: the bandwidth
    // ceiling (precision "copy", N = bytes, read and write counted).
    BenchRow copyBandwidth(std::int64_t bytes);

    // Why the point cannot run on this device ("" when it fits): buffers of n*batch complex
    // values, input, output and up to two plan temporaries.
    std::string memoryRefusal(const BenchCase& benchCase) const;

private:
    rt::Context context_;
    rt::Queue queue_;
    rt::ProgramCache cache_;
    StampTimer timer_;
    RunnerOptions options_;
};

}  // namespace liftcl::bench
