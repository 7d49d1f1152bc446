// A device buffer in global memory with its size, and the transfers on it: write from the host,
// read to the host, copy between buffers, fill with a repeated pattern (used to poison outputs in
// tests and to clear plan buffers). Typed helpers take and return element spans/vectors.
#pragma once

#include <cstddef>
#include <span>
#include <type_traits>
#include <vector>

#include "runtime/cl_handle.hpp"
#include "runtime/context.hpp"
#include "runtime/event.hpp"
#include "runtime/queue.hpp"

namespace liftcl::rt {

class Buffer {
public:
    Buffer() = default;
    Buffer(const Context& context, std::size_t bytes, cl_mem_flags flags = CL_MEM_READ_WRITE);

    template <typename T>
    static Buffer fromHost(const Context& context, const Queue& queue, std::span<const T> data) {
        Buffer buffer(context, data.size_bytes());
        buffer.write(queue, data);
        return buffer;
    }

    cl_mem get() const { return handle_.get(); }
    std::size_t bytes() const { return bytes_; }
    explicit operator bool() const { return static_cast<bool>(handle_); }

    // Raw transfers; offset and size in bytes, checked against the buffer's size. Blocking by
    // default so the host memory may be reused at once.
    Event writeBytes(const Queue& queue, const void* data, std::size_t size, std::size_t offset = 0,
                     bool blocking = true) const;
    Event readBytes(const Queue& queue, void* data, std::size_t size, std::size_t offset = 0,
                    bool blocking = true) const;
    Event copyFrom(const Queue& queue, const Buffer& source, std::size_t size, std::size_t sourceOffset = 0,
                   std::size_t offset = 0) const;
    Event copyFrom(const Queue& queue, const Buffer& source) const { return copyFrom(queue, source, source.bytes_); }
    // A rectangular copy (clEnqueueCopyBufferRect): region {bytes, rows, slices}, origins in bytes,
    // pitches in bytes (a slice pitch of a multiple of the row pitch); the extents checked
    // against both buffers' sizes.
    struct Rect {
        std::size_t origin = 0;
        std::size_t rowPitch = 0, slicePitch = 0;
    };
    Event copyRectFrom(const Queue& queue, const Buffer& source, const Rect& from, const Rect& to,
                       const std::size_t region[3]) const;
    // Fills [offset, offset+size) with the pattern repeated; size must be a multiple of patternSize.
    Event fillBytes(const Queue& queue, const void* pattern, std::size_t patternSize, std::size_t size,
                    std::size_t offset = 0) const;

    template <typename T>
    Event write(const Queue& queue, std::span<const T> data, std::size_t elementOffset = 0) const {
        static_assert(std::is_trivially_copyable_v<T>);
        return writeBytes(queue, data.data(), data.size_bytes(), elementOffset * sizeof(T));
    }
    template <typename T>
    Event write(const Queue& queue, const std::vector<T>& data, std::size_t elementOffset = 0) const {
        return write(queue, std::span<const T>(data), elementOffset);
    }
    // The whole buffer (or its first `count` elements) as elements of T.
    template <typename T>
    std::vector<T> read(const Queue& queue, std::size_t count) const {
        static_assert(std::is_trivially_copyable_v<T>);
        std::vector<T> out(count);
        readBytes(queue, out.data(), count * sizeof(T));
        return out;
    }
    template <typename T>
    std::vector<T> read(const Queue& queue) const {
        return read<T>(queue, bytes_ / sizeof(T));
    }
    // Fills as many whole elements as fit (the whole buffer when its size is a multiple of T).
    template <typename T>
    Event fill(const Queue& queue, const T& value) const {
        static_assert(std::is_trivially_copyable_v<T>);
        return fillBytes(queue, &value, sizeof(T), bytes_ / sizeof(T) * sizeof(T));
    }

private:
    ClHandle<cl_mem, clRetainMemObject, clReleaseMemObject> handle_;
    std::size_t bytes_ = 0;
};

}  // namespace liftcl::rt
