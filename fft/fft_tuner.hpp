// `liftcl fft --tune`: measures the plan variants of one FFT request on a device. Each variant is
// planned (a method that refuses it is skipped), built, run once on random data with poisoned
// outputs and compared with FFTW (a result above the tolerance is WRONG and never ranked), then
// timed: the median of `repeat` executions measured by OpenCL profiling events. Structural
// variants come first (fft/fft_variant_space.hpp); the fastest few are then tried with
// each work-group size their kernels allow. Plans that generate the same kernels as a variant
// already measured are skipped. The budget stops the enumeration (the variant under way finishes):
// the structural variants get three quarters of it, the work-group sizes the rest.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "fft/fft_request.hpp"
#include "fft/fft_variant.hpp"
#include "runtime/device.hpp"

namespace liftcl::fft {

struct FftTuneOptions {
    double budgetSeconds = 60;
    int repeat = 10;
    std::uint64_t seed = 1;
    std::size_t localSizeFinalists = 3;  // structural variants tried with every work-group size
    // Keeps a structural variant when true (e.g. --method stockham restricts the methods).
    std::function<bool(const FftVariant&)> filter;
};

enum class FftTuneOutcome { Measured, Wrong, Failed };

struct FftTuneResult {
    FftVariant variant;
    FftTuneOutcome outcome = FftTuneOutcome::Failed;
    std::string failure;      // why it failed or was wrong
    double medianNs = 0;      // Measured only
    double relativeError = 0; // against FFTW (Measured and Wrong)
    std::string planMethod;   // the method the plan names
    std::string planRadices;  // "16,16,4": the radices the plan computes
    std::size_t kernels = 0;
};

struct FftTuneReport {
    std::vector<FftTuneResult> results;  // in measurement order
    std::size_t refused = 0;             // variants the planner refused (method does not apply)
    std::size_t duplicates = 0;          // variants whose kernels another variant already had
    bool outOfBudget = false;
    double tolerance = 0;
    // The measured results, fastest first.
    std::vector<const FftTuneResult*> ranked() const;
};

// Steps are reported as (done, total, what happened) for the progress bar.
using FftTuneProgress = std::function<void(std::size_t, std::size_t, const std::string&)>;

FftTuneReport tuneFft(const FftRequest& request, const rt::Device& device, const FftTuneOptions& options,
                      const FftTuneProgress& progress);

}  // namespace liftcl::fft
