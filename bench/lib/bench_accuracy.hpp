// The accuracy table of `liftcl bench --accuracy` (docs/accuracy.md): for each size, in fp32 and
// fp64, the errors of liftcl's forward and inverse (unnormalised) plans against FFTW in long double
// and of the round trip, measured as bench_transform_errors.hpp defines (the same code measures
// cuFFT and VkFFT in bench/gpu).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "bench/lib/bench_transform_errors.hpp"
#include "runtime/fft/fft_plan.hpp"
#include "runtime/runtime.hpp"

namespace liftcl::bench {

struct AccuracyOptions {
    int maxLog2 = 22;
    bool mixed = true;   // add the mixed-radix sizes (bench_sweep.hpp) up to 2^maxLog2
    std::int64_t batch = 1;
    std::string method;  // "" = the planner's default
    std::vector<std::int64_t> sizes;  // non-empty: exactly these sizes (any n >= 2) instead of the sweep
};

struct AccuracyRow {
    bool isDouble = false;
    std::int64_t n = 0;
    std::string method;   // of the forward plan, as the planner names it
    std::string radices;  // of the forward plan, "16x8x4"
    ErrorPair forward, inverse, roundTrip;
    std::string error;  // non-empty: the plan could not be made or run (the errors are not measured)
};

// The sizes measured: options.sizes, else accuracySizes(maxLog2, mixed).
std::vector<std::int64_t> accuracySizes(const AccuracyOptions& options);

class AccuracyRunner {
public:
    AccuracyRunner(const rt::Device& device, AccuracyOptions options);
    const rt::Device& device() const { return context_.device(); }
    AccuracyRow measure(std::int64_t n, bool isDouble);

private:
    rt::Context context_;
    rt::Queue queue_;
    rt::ProgramCache cache_;
    AccuracyOptions options_;
};

}  // namespace liftcl::bench
