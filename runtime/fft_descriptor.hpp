// The small description of an FFT an application asks for at run time: size, batch, precision,
// direction, scaling and placement. rt::FftPlan::create (runtime/fft_plan_registry.hpp) finds the
// embedded plan that computes it.
#pragma once

#include <cstdint>
#include <string>

#include "runtime/fft_plan_description.hpp"

namespace liftcl::rt {

struct FftDescriptor {
    std::int64_t n = 0;
    std::int64_t batch = 1;
    Precision precision = Precision::Double;
    bool inverse = false;
    bool inPlace = false;  // the placement of execute(queue, host); a plan does both on buffers
    bool scaled = false;   // inverse only: multiply by 1/n

    // What the plan description computes (its placement aside).
    static FftDescriptor of(const FftPlanDescription& plan);
    // Whether a plan of `plan`'s transform computes this descriptor's (placement aside).
    bool sameTransform(const FftDescriptor& other) const;
    // "n=1024 batch=8 f32 forward out-of-place", "n=64 batch=1 f64 inverse scaled in-place"
    std::string text() const;
};

}  // namespace liftcl::rt
