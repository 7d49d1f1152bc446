// The small description of an FFT an application asks for at run time: size, batch, precision,
// direction, scaling and placement. rt::FftPlan::create (runtime/fft/fft_plan_registry.hpp) finds the
// embedded plan that computes it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "runtime/fft/fft_plan_description.hpp"

namespace liftcl::rt {

struct FftDescriptor {
    std::int64_t n = 0;
    std::int64_t batch = 1;
    Precision precision = Precision::Double;
    bool inverse = false;
    bool inPlace = false;  // the placement of execute(queue, host); a plan does both on buffers
    bool scaled = false;   // inverse only: multiply by 1/n
    // Multidimensional: the transformed axes, last fastest, n their product (empty: {n}).
    std::vector<std::int64_t> shape;
    // Real: forward reads n real values per transform and writes the half spectrum (numpy's
    // rfftn), inverse the reverse (irfftn); see FftPlanDescription::real.
    bool real = false;
    // cuFFT's advanced layout (cufftPlanMany): element j of transform b (j the row-major index over
    // the embedding extents, last fastest) is at b*idist + j*istride of the input, likewise
    // onembed/ostride/odist for the output. 0 or empty: the packed layout (embed = the shape with a
    // real transform's half-spectrum side W/2+1, stride 1, distance = the points of one transform).
    // Any other valid layout (FFTW's padded in-place R2C rows of 2*(W/2+1) reals included) runs
    // through packed staging buffers (runtime/fft/fft_layout.hpp).
    std::vector<std::int64_t> inembed, onembed;
    std::int64_t istride = 0, idist = 0, ostride = 0, odist = 0;
    // Throws rt::Error naming the first layout field no buffer can hold (an embedding extent below
    // the axis's, a negative stride or distance, transforms that overlap).
    void validateLayout() const;
    std::vector<std::int64_t> transformShape() const { return shape.empty() ? std::vector<std::int64_t>{n} : shape; }

    // What the plan description computes (its placement aside).
    static FftDescriptor of(const FftPlanDescription& plan);
    // Whether a plan of `plan`'s transform computes this descriptor's (placement aside).
    bool sameTransform(const FftDescriptor& other) const;
    // "n=1024 batch=8 f32 forward out-of-place", "n=64 batch=1 f64 inverse scaled in-place",
    // "n=64x64 batch=16 f32 real forward out-of-place"
    std::string text() const;
};

}  // namespace liftcl::rt
