#include "runtime/fft/fft_descriptor.hpp"

#include "runtime/error.hpp"
#include "runtime/fft/fft_layout.hpp"

namespace liftcl::rt {

FftDescriptor FftDescriptor::of(const FftPlanDescription& plan) {
    return {plan.n,      plan.batch,  plan.precision, plan.direction == FftDirection::Inverse,
            plan.inPlace, plan.scaled, plan.shape,     plan.real};
}

bool FftDescriptor::sameTransform(const FftDescriptor& other) const {
    return n == other.n && batch == other.batch && precision == other.precision && inverse == other.inverse &&
           scaled == other.scaled && transformShape() == other.transformShape() && real == other.real;
}

void FftDescriptor::validateLayout() const { resolveFftLayout(*this); }

std::string FftDescriptor::text() const {
    std::string extents;
    for (std::int64_t e : transformShape()) extents += (extents.empty() ? "" : "x") + std::to_string(e);
    return "n=" + extents + " batch=" + std::to_string(batch) + (precision == Precision::Double ? " f64" : " f32") +
           (real ? " real" : "") + (inverse ? " inverse" : " forward") +
           (scaled ? " scaled" : "") + (inPlace ? " in-place" : " out-of-place");
}

}  // namespace liftcl::rt
