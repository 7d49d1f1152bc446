// `liftcl fft --emit-cpp FILE`: a C++ source that embeds a plan (its kernels' OpenCL C and
// metadata, its steps) and registers it for rt::FftPlan::create during static initialisation
// (runtime/fft/fft_plan_registry.hpp). liftcl_add_fft_plans adds such sources to an application.
#pragma once

#include <string>

#include "runtime/fft/fft_plan_description.hpp"

namespace liftcl::fft {

std::string fftPlanCppSource(const rt::FftPlanDescription& plan);

}  // namespace liftcl::fft
