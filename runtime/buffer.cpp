#include "runtime/buffer.hpp"

#include <string>

#include "runtime/cl_error.hpp"

namespace liftcl::rt {

namespace {

void checkRange(const char* what, std::size_t offset, std::size_t size, std::size_t bufferBytes) {
    if (offset > bufferBytes || size > bufferBytes - offset)
        throw Error(std::string(what) + " of " + std::to_string(size) + " bytes at offset " +
                    std::to_string(offset) + " exceeds the buffer of " + std::to_string(bufferBytes) + " bytes");
}

}  // namespace

Buffer::Buffer(const Context& context, std::size_t bytes, cl_mem_flags flags) : bytes_(bytes) {
    cl_int err = CL_SUCCESS;
    cl_mem mem = clCreateBuffer(context.get(), flags, bytes, nullptr, &err);
    if (err != CL_SUCCESS)
        throw ClError("clCreateBuffer", err, "(requested " + std::to_string(bytes) + " bytes)");
    handle_ = decltype(handle_)(mem);
}

namespace {

// clEnqueueWriteBuffer and clEnqueueReadBuffer take the same arguments (the host pointer const
// for a write): the range checked, the event returned.
template <typename HostPointer, typename Enqueue>
Event transfer(Enqueue enqueue, const char* enqueueName, const char* what, const Queue& queue, cl_mem buffer,
               std::size_t bufferBytes, HostPointer data, std::size_t size, std::size_t offset, bool blocking) {
    checkRange(what, offset, size, bufferBytes);
    cl_event event = nullptr;
    check(enqueue(queue.get(), buffer, blocking ? CL_TRUE : CL_FALSE, offset, size, data, 0, nullptr, &event),
          enqueueName);
    return Event(event);
}

}  // namespace

Event Buffer::writeBytes(const Queue& queue, const void* data, std::size_t size, std::size_t offset,
                         bool blocking) const {
    return transfer(clEnqueueWriteBuffer, "clEnqueueWriteBuffer", "write", queue, get(), bytes_, data, size, offset,
                    blocking);
}

Event Buffer::readBytes(const Queue& queue, void* data, std::size_t size, std::size_t offset, bool blocking) const {
    return transfer(clEnqueueReadBuffer, "clEnqueueReadBuffer", "read", queue, get(), bytes_, data, size, offset,
                    blocking);
}

Event Buffer::copyFrom(const Queue& queue, const Buffer& source, std::size_t size, std::size_t sourceOffset,
                       std::size_t offset) const {
    checkRange("copy source", sourceOffset, size, source.bytes_);
    checkRange("copy destination", offset, size, bytes_);
    cl_event event = nullptr;
    check(clEnqueueCopyBuffer(queue.get(), source.get(), get(), sourceOffset, offset, size, 0, nullptr, &event),
          "clEnqueueCopyBuffer");
    return Event(event);
}

Event Buffer::copyRectFrom(const Queue& queue, const Buffer& source, const Rect& from, const Rect& to,
                           const std::size_t region[3]) const {
    auto lastByte = [&](const Rect& r) {
        return r.origin + (region[2] - 1) * r.slicePitch + (region[1] - 1) * r.rowPitch + region[0];
    };
    checkRange("rectangular copy source", 0, lastByte(from), source.bytes_);
    checkRange("rectangular copy destination", 0, lastByte(to), bytes_);
    const std::size_t sourceOrigin[3] = {from.origin, 0, 0}, targetOrigin[3] = {to.origin, 0, 0};
    cl_event event = nullptr;
    check(clEnqueueCopyBufferRect(queue.get(), source.get(), get(), sourceOrigin, targetOrigin, region, from.rowPitch,
                                  from.slicePitch, to.rowPitch, to.slicePitch, 0, nullptr, &event),
          "clEnqueueCopyBufferRect");
    return Event(event);
}

Event Buffer::fillBytes(const Queue& queue, const void* pattern, std::size_t patternSize, std::size_t size,
                        std::size_t offset) const {
    checkRange("fill", offset, size, bytes_);
    if (patternSize == 0 || size % patternSize != 0 || offset % patternSize != 0)
        throw Error("fill: size " + std::to_string(size) + " and offset " + std::to_string(offset) +
                    " must be multiples of the pattern size " + std::to_string(patternSize));
    cl_event event = nullptr;
    check(clEnqueueFillBuffer(queue.get(), get(), pattern, patternSize, offset, size, 0, nullptr, &event),
          "clEnqueueFillBuffer");
    return Event(event);
}

}  // namespace liftcl::rt
