// One kernel function of a built program: argument setting and NDRange launch. Launch sizes are
// given per dimension; an empty local size lets the OpenCL implementation choose.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "runtime/buffer.hpp"
#include "runtime/cl_handle.hpp"
#include "runtime/event.hpp"
#include "runtime/program.hpp"
#include "runtime/queue.hpp"

namespace liftcl::rt {

class Kernel {
public:
    Kernel() = default;
    Kernel(const Program& program, const std::string& name);

    cl_kernel get() const { return handle_.get(); }
    const std::string& name() const { return name_; }
    const Program& program() const { return program_; }

    unsigned numArgs() const;
    cl_context contextHandle() const;  // the context the kernel's program was built in
    // The largest work-group this kernel can run with on its device (may be below the device's).
    std::size_t maxWorkGroupSize() const;
    std::size_t localMemBytes() const;  // CL_KERNEL_LOCAL_MEM_SIZE: its __local arrays

    void setArg(unsigned index, const Buffer& buffer) const;
    void setArg(unsigned index, cl_int value) const;
    void setArgBytes(unsigned index, std::size_t size, const void* value) const;
    void setLocalArg(unsigned index, std::size_t bytes) const;  // a __local pointer argument

    Event enqueue(const Queue& queue, const std::vector<std::size_t>& global,
                  const std::vector<std::size_t>& local = {}) const;

private:
    ClHandle<cl_kernel, clRetainKernel, clReleaseKernel> handle_;
    Program program_;
    std::string name_;
};

}  // namespace liftcl::rt
