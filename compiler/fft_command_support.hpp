// What the 1D and the multidimensional/real `liftcl fft` paths share: writing --emit/--emit-cpp,
// the timing loop of --run and the narrowing of the host data (kept in double) to the plan's
// precision.
#pragma once

#include <complex>
#include <string>
#include <vector>

#include "fft/fft_request.hpp"
#include "runtime/buffer.hpp"
#include "runtime/fft/fft_plan.hpp"
#include "runtime/queue.hpp"

namespace liftcl::cli {

// --print-stages: every pass of the planner's plan for the request (the passes of the plans nested
// in it too), composed, after each rewrite step of its strategy, lowered, its views and kernel body
// after each codegen pass, and its OpenCL C (a plan from wisdom is another variant).
void printPlanStages(const fft::FftRequest& request);

// --emit DIR (plan.json and the kernels) and --emit-cpp FILE (an embeddable source), each when
// not empty; throws liftcl::Error when a file cannot be written.
void emitPlan(const rt::FftPlanDescription& description, const std::string& emitDirectory, const std::string& emitCpp);

// Median seconds of `repeat` executions from `in` to `out` after one warm-up (which builds and
// first launches), each timed by its first and last kernels' profiling events.
double medianPlanSeconds(rt::FftPlan& plan, const rt::Queue& queue, const rt::Buffer& in, const rt::Buffer& out,
                         int repeat);

// --profile: `repeat` further executions with each step's kernel timed on its own, printed one line
// per step (its median microseconds and share of planSeconds), so a user sees which pass costs what.
void printStepProfile(rt::FftPlan& plan, const rt::Queue& queue, const rt::Buffer& in, const rt::Buffer& out,
                      int repeat, double planSeconds);

template <typename Real>
std::vector<std::complex<Real>> narrowComplex(const std::vector<std::complex<double>>& values) {
    std::vector<std::complex<Real>> out(values.size());
    for (std::size_t i = 0; i < values.size(); ++i)
        out[i] = {static_cast<Real>(values[i].real()), static_cast<Real>(values[i].imag())};
    return out;
}

}  // namespace liftcl::cli
