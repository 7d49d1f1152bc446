// FFT plans embedded in an application, found by descriptor at run time. The sources that
// liftcl_add_fft_plans (cmake/LiftclAddFftPlans.cmake) generates with `liftcl fft --emit-cpp`
// register their plan during static initialisation; the application then asks
//
//   rt::FftPlan plan = rt::FftPlan::create(cache, context, rt::FftDescriptor{1024, 8, rt::Precision::Float});
//
// The generated kernels are specialised to n and batch, so both are part of the key (with the
// precision, direction and scaling); the placement is not (every plan runs in and out of place).
#pragma once

#include <vector>

#include "runtime/fft/fft_descriptor.hpp"
#include "runtime/fft/fft_plan_description.hpp"

namespace liftcl::rt {

// Adds a plan (validated; throws rt::Error when invalid or when a plan of the same transform is
// already registered). Returns true so that a generated source can call it in an initializer.
bool registerEmbeddedFftPlan(FftPlanDescription plan);

// The transforms of the registered plans, in registration order.
std::vector<FftDescriptor> embeddedFftPlans();

// The registered plan computing the descriptor's transform, with the descriptor's placement.
// Throws rt::Error naming the descriptor and listing the registered ones when there is none.
FftPlanDescription findEmbeddedFftPlan(const FftDescriptor& descriptor);

}  // namespace liftcl::rt
