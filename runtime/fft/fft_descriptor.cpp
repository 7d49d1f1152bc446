#include "runtime/fft/fft_descriptor.hpp"

#include "runtime/error.hpp"

namespace liftcl::rt {

FftDescriptor FftDescriptor::of(const FftPlanDescription& plan) {
    return {plan.n,      plan.batch,  plan.precision, plan.direction == FftDirection::Inverse,
            plan.inPlace, plan.scaled, plan.shape,     plan.real};
}

bool FftDescriptor::sameTransform(const FftDescriptor& other) const {
    return n == other.n && batch == other.batch && precision == other.precision && inverse == other.inverse &&
           scaled == other.scaled && transformShape() == other.transformShape() && real == other.real;
}

namespace {

std::string extentsText(const std::vector<std::int64_t>& extents) {
    std::string text;
    for (std::int64_t e : extents) text += (text.empty() ? "" : "x") + std::to_string(e);
    return text;
}

// One side (input or output) of the layout against its packed extents.
void checkSide(const FftDescriptor& d, const char* side, const std::vector<std::int64_t>& embed,
               std::int64_t stride, std::int64_t dist, const std::vector<std::int64_t>& packed) {
    std::int64_t points = 1;
    for (std::int64_t e : packed) points *= e;
    const std::string what = "FFT " + d.text() + ": ";
    const std::string prefix = side;
    const std::string embedName = prefix == "i" ? "inembed" : "onembed";
    if (!embed.empty() && embed != packed)
        throw Error(what + embedName + " " + extentsText(embed) + " is not supported: the plans " +
                    (prefix == "i" ? "read" : "write") + " packed transforms (" + embedName + " " +
                    extentsText(packed) + " or empty)");
    if (stride != 0 && stride != 1)
        throw Error(what + prefix + "stride " + std::to_string(stride) + " is not supported (only 1, or 0 for it)");
    if (dist != 0 && dist != points)
        throw Error(what + prefix + "dist " + std::to_string(dist) + " is not supported (only " +
                    std::to_string(points) + ", one packed transform, or 0 for it)");
}

}  // namespace

void FftDescriptor::validateLayout() const {
    std::vector<std::int64_t> full = transformShape(), half = full;
    half.back() = half.back() / 2 + 1;
    // A real forward reads the full shape and writes the half spectrum; an inverse the reverse.
    checkSide(*this, "i", inembed, istride, idist, real && inverse ? half : full);
    checkSide(*this, "o", onembed, ostride, odist, real && !inverse ? half : full);
}

std::string FftDescriptor::text() const {
    std::string extents;
    for (std::int64_t e : transformShape()) extents += (extents.empty() ? "" : "x") + std::to_string(e);
    return "n=" + extents + " batch=" + std::to_string(batch) + (precision == Precision::Double ? " f64" : " f32") +
           (real ? " real" : "") + (inverse ? " inverse" : " forward") +
           (scaled ? " scaled" : "") + (inPlace ? " in-place" : " out-of-place");
}

}  // namespace liftcl::rt
