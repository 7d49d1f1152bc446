// cuFFT's advanced data layout (cufftPlanMany's inembed/istride/idist, onembed/ostride/odist) for
// the generated plans, which read and write packed batches: an execution with another layout
// gathers the input into a packed staging buffer and scatters the result from one, by rectangular
// buffer copies (clEnqueueCopyBufferRect: up to three strided dimensions per copy, a loop over the
// rest), so every layout cuFFT accepts runs, at the price of two more passes over the data.
//
// Element j = (j_0, ..., j_{r-1}) of transform b on one side is at
//   b * dist + ((j_0 * embed_1 + j_1) * embed_2 + ... + j_{r-1}) * stride
// elements from the buffer's start (embed_0 only bounds nothing, as in cuFFT).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "runtime/buffer.hpp"
#include "runtime/event.hpp"
#include "runtime/fft/fft_descriptor.hpp"
#include "runtime/queue.hpp"

namespace liftcl::rt {

// One side of a layout, resolved: the extents of the data (the transform's, or the half spectrum
// of a real transform's complex side), where they lie, and the element size.
struct FftSideLayout {
    std::vector<std::int64_t> extents;
    std::vector<std::int64_t> embed;  // same rank; embed[k] >= extents[k] for k >= 1
    std::int64_t stride = 1;
    std::int64_t dist = 0;
    std::size_t elementBytes = 0;

    bool packed() const;
    std::int64_t points() const;  // of one transform
    std::int64_t lastOffset() const;  // of one transform's last element from its first
    // Bytes a buffer needs for `batch` transforms: the last element's offset plus one.
    std::size_t spanBytes(std::int64_t batch) const;
};

struct FftLayout {
    FftSideLayout input, output;
    bool packed() const { return input.packed() && output.packed(); }
};

// The descriptor's layout with 0 and empty fields as the packed layout. Throws rt::Error naming
// the field of a layout no buffer can hold: an embedding extent below the transform's, a stride
// below 1, a distance that makes transforms overlap, a rank that differs from the shape's.
FftLayout resolveFftLayout(const FftDescriptor& descriptor);

// Copies `batch` transforms from `source` laid out as `from` into `target` laid out as `to` (the
// same extents and element size); returns the first and the last command's events.
struct CopyEvents {
    Event first, last;
};
CopyEvents copyLaidOut(const Queue& queue, const Buffer& source, const FftSideLayout& from, const Buffer& target,
                       const FftSideLayout& to, std::int64_t batch);

// The packed layout of the same extents.
FftSideLayout packedLayoutOf(const FftSideLayout& side);

}  // namespace liftcl::rt
