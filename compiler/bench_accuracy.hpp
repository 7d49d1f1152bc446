// The accuracy table of `liftcl bench --accuracy` (docs/accuracy.md): for each size, in fp32 and
// fp64, the relative L2 and max errors of liftcl's forward and inverse (unnormalised) transforms
// against FFTW in long double (fftwl) on the benchmark's deterministic input, and the round-trip
// error of inverse(forward(x)) / N against x. Errors:
//   rel L2  = ||y - ref||_2 / ||ref||_2
//   rel max = max_k |y_k - ref_k| / max_k |ref_k|
// The fp32 input is the fp64 input rounded to float, and the reference transforms that rounded
// input, so the errors are the plan's own.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "runtime/fft_plan.hpp"
#include "runtime/runtime.hpp"

namespace liftcl::bench {

struct AccuracyOptions {
    int maxLog2 = 22;
    bool mixed = true;   // add the mixed-radix sizes (bench_sweep.hpp) up to 2^maxLog2
    std::int64_t batch = 1;
    std::string method;  // "" = the planner's default
};

struct ErrorPair {
    double relL2 = 0;
    double relMax = 0;
};

struct AccuracyRow {
    bool isDouble = false;
    std::int64_t n = 0;
    std::string method;   // of the forward plan, as the planner names it
    std::string radices;  // of the forward plan, "16x8x4"
    ErrorPair forward, inverse, roundTrip;
    std::string error;  // non-empty: the plan could not be made or run (the errors are not measured)
};

// The sizes measured: 2^1 .. 2^maxLog2, then the mixed-radix sizes that are not larger.
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
