// The FFT front end: a request in, a plan description out (rt::FftPlanDescription, executed by
// rt::FftPlan). Validates the request, chooses the radices (or checks --radices), asks the method
// for its pass programs, lowers each by its strategy and generates its kernel.
#pragma once

#include <functional>
#include <string>

#include "fft/fft_method.hpp"
#include "fft/fft_request.hpp"
#include "runtime/fft/fft_plan_description.hpp"

namespace liftcl::fft {

// Throws liftcl::Error for a request no plan can do (see validateRequest) and for a pass that
// fails to lower or generate (naming the pass).
// Multidimensional and real requests go to planNdFft (fft/nd_planner.hpp).
rt::FftPlanDescription planFft(const FftRequest& request);

// A plan with the request's sizes, precision, direction, scaling and placement, and no kernels.
rt::FftPlanDescription emptyPlanOf(const FftRequest& request);

// Lowers the pass by its strategy, generates its kernel and appends it (and its step) to the
// plan; errors are prefixed by `what` and the pass's name.
void appendPassKernel(rt::FftPlanDescription& plan, const PassProgram& pass, const std::string& what);

// While one lives, every pass that a plan made on this thread generates is shown to it first, as
// composed (`liftcl fft --print-stages`): also the passes of nested plans (Bluestein's and Rader's
// FFTs, the 1D plans of long rows) and of multidimensional and real plans. The innermost one sees
// them.
class PassObserver {
public:
    explicit PassObserver(std::function<void(const PassProgram&)> observe);
    ~PassObserver();
    PassObserver(const PassObserver&) = delete;
    PassObserver& operator=(const PassObserver&) = delete;

private:
    friend void appendPassKernel(rt::FftPlanDescription&, const PassProgram&, const std::string&);
    std::function<void(const PassProgram&)> observe_;
    const PassObserver* outer_;
};

}  // namespace liftcl::fft
