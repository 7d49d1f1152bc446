#include "runtime/fft/fft_layout.hpp"

#include <string>

#include "runtime/error.hpp"

namespace liftcl::rt {

namespace {

std::string extentsText(const std::vector<std::int64_t>& extents) {
    std::string text;
    for (std::int64_t e : extents) text += (text.empty() ? "" : "x") + std::to_string(e);
    return text;
}

std::int64_t productOf(const std::vector<std::int64_t>& v) {
    std::int64_t p = 1;
    for (std::int64_t e : v) p *= e;
    return p;
}

// One side of the descriptor (prefix "i" or "o") against its extents.
FftSideLayout resolveSide(const FftDescriptor& d, const char* prefix, const std::vector<std::int64_t>& embed,
                          std::int64_t stride, std::int64_t dist, const std::vector<std::int64_t>& extents,
                          std::size_t elementBytes) {
    const std::string what = "FFT " + d.text() + ": ";
    const std::string side = prefix;
    const std::string embedName = side + "nembed";
    FftSideLayout s;
    s.extents = extents;
    s.elementBytes = elementBytes;
    s.embed = embed.empty() ? extents : embed;
    if (s.embed.size() != extents.size())
        throw Error(what + embedName + " " + extentsText(embed) + " has " + std::to_string(embed.size()) +
                    " extents but the transform has " + std::to_string(extents.size()) + " axes");
    for (std::size_t k = 1; k < extents.size(); ++k)
        if (s.embed[k] < extents[k])
            throw Error(what + embedName + " " + extentsText(embed) + ": extent " + std::to_string(k) + " is below the " +
                        std::to_string(extents[k]) + " elements of that axis (" + extentsText(extents) + ")");
    if (stride < 0) throw Error(what + side + "stride " + std::to_string(stride) + " is negative");
    s.stride = stride == 0 ? 1 : stride;
    const std::int64_t last = s.lastOffset();  // one transform spans [0, last]
    if (dist < 0) throw Error(what + side + "dist " + std::to_string(dist) + " is negative");
    s.dist = dist == 0 ? last + 1 : dist;  // (the packed layout's: the points of one transform)
    if (d.batch > 1 && s.dist <= last)
        throw Error(what + side + "dist " + std::to_string(s.dist) + " makes transforms overlap: one spans " +
                    std::to_string(last + 1) + " elements with " + embedName + " " + extentsText(s.embed) + " and " +
                    side + "stride " + std::to_string(s.stride));
    return s;
}

// A dimension of a copy: `count` elements (or rows), `pitch` elements apart on each side.
struct CopyDim {
    std::int64_t count, fromPitch, toPitch;
};

std::vector<CopyDim> copyDims(const FftSideLayout& from, const FftSideLayout& to, std::int64_t batch) {
    std::vector<CopyDim> dims;
    std::int64_t fromPitch = from.stride, toPitch = to.stride;
    for (std::size_t k = from.extents.size(); k-- > 0;) {
        dims.push_back({from.extents[k], fromPitch, toPitch});
        fromPitch *= from.embed[k];
        toPitch *= to.embed[k];
    }
    dims.push_back({batch, from.dist, to.dist});
    // Dimensions that continue the one inside them on both sides are one.
    std::vector<CopyDim> merged;
    for (const CopyDim& d : dims) {
        if (d.count == 1) continue;
        if (!merged.empty()) {
            CopyDim& inner = merged.back();
            if (d.fromPitch == inner.count * inner.fromPitch && d.toPitch == inner.count * inner.toPitch) {
                inner.count *= d.count;
                continue;
            }
        }
        merged.push_back(d);
    }
    return merged;
}

}  // namespace

bool FftSideLayout::packed() const { return embed == extents && stride == 1 && dist == points(); }

std::int64_t FftSideLayout::points() const { return productOf(extents); }

std::int64_t FftSideLayout::lastOffset() const {
    std::int64_t last = 0, pitch = stride;
    for (std::size_t k = extents.size(); k-- > 0;) {
        last += (extents[k] - 1) * pitch;
        pitch *= embed[k];
    }
    return last;
}

std::size_t FftSideLayout::spanBytes(std::int64_t batch) const {
    return static_cast<std::size_t>((batch - 1) * dist + lastOffset() + 1) * elementBytes;
}

FftSideLayout packedLayoutOf(const FftSideLayout& side) {
    FftSideLayout p = side;
    p.embed = side.extents;
    p.stride = 1;
    p.dist = side.points();
    return p;
}

FftLayout resolveFftLayout(const FftDescriptor& d) {
    std::vector<std::int64_t> full = d.transformShape(), half = full;
    half.back() = half.back() / 2 + 1;
    const std::size_t complexBytes = d.precision == Precision::Double ? 16 : 8;
    // A real forward reads the full shape of reals and writes the half spectrum; an inverse the reverse.
    const bool realIn = d.real && !d.inverse, realOut = d.real && d.inverse;
    FftLayout layout;
    layout.input = resolveSide(d, "i", d.inembed, d.istride, d.idist, d.real && d.inverse ? half : full,
                               realIn ? complexBytes / 2 : complexBytes);
    layout.output = resolveSide(d, "o", d.onembed, d.ostride, d.odist, d.real && !d.inverse ? half : full,
                                realOut ? complexBytes / 2 : complexBytes);
    return layout;
}

CopyEvents copyLaidOut(const Queue& queue, const Buffer& source, const FftSideLayout& from, const Buffer& target,
                       const FftSideLayout& to, std::int64_t batch) {
    const std::size_t e = from.elementBytes;
    std::vector<CopyDim> dims = copyDims(from, to, batch);
    // x: bytes contiguous on both sides (the innermost dimension when its pitch is 1 on both).
    std::size_t xBytes = e;
    if (!dims.empty() && dims.front().fromPitch == 1 && dims.front().toPitch == 1) {
        xBytes = static_cast<std::size_t>(dims.front().count) * e;
        dims.erase(dims.begin());
    }
    // y and z from the next dimensions where the copy allows (a slice pitch a multiple of the row
    // pitch on both sides); the rest are loops of copies.
    std::size_t region[3] = {xBytes, 1, 1};
    Buffer::Rect fromRect, toRect;
    fromRect.rowPitch = toRect.rowPitch = xBytes;
    std::size_t used = 0;
    if (used < dims.size()) {
        region[1] = static_cast<std::size_t>(dims[used].count);
        fromRect.rowPitch = static_cast<std::size_t>(dims[used].fromPitch) * e;
        toRect.rowPitch = static_cast<std::size_t>(dims[used].toPitch) * e;
        ++used;
    }
    fromRect.slicePitch = region[1] * fromRect.rowPitch;
    toRect.slicePitch = region[1] * toRect.rowPitch;
    if (used < dims.size()) {
        const CopyDim& z = dims[used];
        const std::size_t fromSlice = static_cast<std::size_t>(z.fromPitch) * e, toSlice = static_cast<std::size_t>(z.toPitch) * e;
        if (fromSlice % fromRect.rowPitch == 0 && toSlice % toRect.rowPitch == 0 && fromSlice >= fromRect.slicePitch &&
            toSlice >= toRect.slicePitch) {
            region[2] = static_cast<std::size_t>(z.count);
            fromRect.slicePitch = fromSlice;
            toRect.slicePitch = toSlice;
            ++used;
        }
    }
    // The remaining dimensions, outermost last, as an odometer over copies.
    const std::vector<CopyDim> loops(dims.begin() + static_cast<std::ptrdiff_t>(used), dims.end());
    std::vector<std::int64_t> index(loops.size(), 0);
    CopyEvents events;
    bool first = true;
    while (true) {
        std::int64_t fromOffset = 0, toOffset = 0;
        for (std::size_t i = 0; i < loops.size(); ++i) {
            fromOffset += index[i] * loops[i].fromPitch;
            toOffset += index[i] * loops[i].toPitch;
        }
        fromRect.origin = static_cast<std::size_t>(fromOffset) * e;
        toRect.origin = static_cast<std::size_t>(toOffset) * e;
        Event ev = target.copyRectFrom(queue, source, fromRect, toRect, region);
        if (first) events.first = ev;
        events.last = ev;
        first = false;
        std::size_t i = 0;
        while (i < loops.size() && ++index[i] == loops[i].count) index[i++] = 0;
        if (i == loops.size()) break;
    }
    return events;
}

}  // namespace liftcl::rt
