// Reference-counted ownership of one OpenCL object (cl_context, cl_program, cl_mem, ...). Copying
// retains, destruction releases, moving transfers, so the wrappers (Context, Program, Buffer, ...)
// are cheap values that can be stored in caches and plans.
#pragma once

#include <CL/cl.h>

#include <utility>

namespace liftcl::rt {

template <typename Handle, cl_int (*Retain)(Handle), cl_int (*Release)(Handle)>
class ClHandle {
public:
    ClHandle() = default;
    // Takes over one reference that the caller already owns (as returned by clCreate*).
    explicit ClHandle(Handle handle) : handle_(handle) {}
    ClHandle(const ClHandle& other) : handle_(other.handle_) {
        if (handle_) Retain(handle_);
    }
    ClHandle(ClHandle&& other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
    ClHandle& operator=(ClHandle other) noexcept {
        std::swap(handle_, other.handle_);
        return *this;
    }
    ~ClHandle() {
        if (handle_) Release(handle_);
    }

    Handle get() const { return handle_; }
    explicit operator bool() const { return handle_ != nullptr; }

private:
    Handle handle_ = nullptr;
};

}  // namespace liftcl::rt
