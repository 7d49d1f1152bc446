// An OpenCL context for one device. Everything allocated on the device (buffers, programs,
// queues) belongs to a context; the runtime uses one context per device.
#pragma once

#include "runtime/cl_handle.hpp"
#include "runtime/device.hpp"

namespace liftcl::rt {

class Context {
public:
    explicit Context(const Device& device);

    cl_context get() const { return handle_.get(); }
    const Device& device() const { return device_; }

private:
    ClHandle<cl_context, clRetainContext, clReleaseContext> handle_;
    Device device_;
};

}  // namespace liftcl::rt
