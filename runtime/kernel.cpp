#include "runtime/kernel.hpp"

#include "runtime/cl_error.hpp"
#include "runtime/launch_sizes.hpp"

namespace liftcl::rt {

Kernel::Kernel(const Program& program, const std::string& name) : program_(program), name_(name) {
    cl_int err = CL_SUCCESS;
    cl_kernel kernel = clCreateKernel(program.get(), name.c_str(), &err);
    if (err != CL_SUCCESS) throw ClError("clCreateKernel", err, "(kernel '" + name + "')");
    handle_ = decltype(handle_)(kernel);
}

unsigned Kernel::numArgs() const {
    cl_uint count = 0;
    check(clGetKernelInfo(get(), CL_KERNEL_NUM_ARGS, sizeof(count), &count, nullptr), "clGetKernelInfo");
    return count;
}

cl_context Kernel::contextHandle() const {
    cl_context context = nullptr;
    check(clGetKernelInfo(get(), CL_KERNEL_CONTEXT, sizeof(context), &context, nullptr), "clGetKernelInfo");
    return context;
}

std::size_t Kernel::maxWorkGroupSize() const {
    std::size_t size = 0;
    check(clGetKernelWorkGroupInfo(get(), program_.device().id(), CL_KERNEL_WORK_GROUP_SIZE, sizeof(size), &size,
                                   nullptr),
          "clGetKernelWorkGroupInfo");
    return size;
}

std::size_t Kernel::localMemBytes() const {
    cl_ulong bytes = 0;
    check(clGetKernelWorkGroupInfo(get(), program_.device().id(), CL_KERNEL_LOCAL_MEM_SIZE, sizeof(bytes), &bytes,
                                   nullptr),
          "clGetKernelWorkGroupInfo");
    return static_cast<std::size_t>(bytes);
}

void Kernel::setArgBytes(unsigned index, std::size_t size, const void* value) const {
    cl_int err = clSetKernelArg(get(), index, size, value);
    if (err != CL_SUCCESS)
        throw ClError("clSetKernelArg", err, "(kernel '" + name_ + "', argument " + std::to_string(index) + ")");
}

void Kernel::setArg(unsigned index, const Buffer& buffer) const {
    cl_mem mem = buffer.get();
    setArgBytes(index, sizeof(mem), &mem);
}

void Kernel::setArg(unsigned index, cl_int value) const { setArgBytes(index, sizeof(value), &value); }

void Kernel::setLocalArg(unsigned index, std::size_t bytes) const { setArgBytes(index, bytes, nullptr); }

Event Kernel::enqueue(const Queue& queue, const std::vector<std::size_t>& global,
                      const std::vector<std::size_t>& local) const {
    if (global.empty() || global.size() > 3)
        throw Error("kernel '" + name_ + "': global size needs 1 to 3 dimensions, got " + std::to_string(global.size()));
    if (!local.empty() && local.size() != global.size())
        throw Error("kernel '" + name_ + "': local size " + sizesText(local) + " and global size " +
                    sizesText(global) + " differ in dimensions");
    cl_event event = nullptr;
    cl_int err = clEnqueueNDRangeKernel(queue.get(), get(), static_cast<cl_uint>(global.size()), nullptr,
                                        global.data(), local.empty() ? nullptr : local.data(), 0, nullptr, &event);
    if (err != CL_SUCCESS)
        throw ClError("clEnqueueNDRangeKernel", err,
                      "(kernel '" + name_ + "', global " + sizesText(global) +
                          (local.empty() ? std::string(", local chosen by OpenCL") : ", local " + sizesText(local)) +
                          ")");
    return Event(event);
}

}  // namespace liftcl::rt
