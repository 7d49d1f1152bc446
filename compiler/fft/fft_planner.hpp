// The FFT front end: a request in, a plan description out (rt::FftPlanDescription, executed by
// rt::FftPlan). Validates the request, chooses the radices (or checks --radices), asks the method
// for its pass programs, lowers each by its strategy and generates its kernel.
#pragma once

#include "compiler/fft/fft_request.hpp"
#include "runtime/fft_plan_description.hpp"

namespace liftcl::fft {

// Throws liftcl::Error for a request no plan can do (see validateRequest) and for a pass that
// fails to lower or generate (naming the pass).
rt::FftPlanDescription planFft(const FftRequest& request);

}  // namespace liftcl::fft
