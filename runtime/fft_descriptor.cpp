#include "runtime/fft_descriptor.hpp"

namespace liftcl::rt {

FftDescriptor FftDescriptor::of(const FftPlanDescription& plan) {
    return {plan.n, plan.batch, plan.precision, plan.direction == FftDirection::Inverse, plan.inPlace, plan.scaled};
}

bool FftDescriptor::sameTransform(const FftDescriptor& other) const {
    return n == other.n && batch == other.batch && precision == other.precision && inverse == other.inverse &&
           scaled == other.scaled;
}

std::string FftDescriptor::text() const {
    return "n=" + std::to_string(n) + " batch=" + std::to_string(batch) +
           (precision == Precision::Double ? " f64" : " f32") + (inverse ? " inverse" : " forward") +
           (scaled ? " scaled" : "") + (inPlace ? " in-place" : " out-of-place");
}

}  // namespace liftcl::rt
