#include "runtime/context.hpp"

#include "runtime/cl_error.hpp"

namespace liftcl::rt {

Context::Context(const Device& device) : device_(device) {
    cl_context_properties properties[] = {
        CL_CONTEXT_PLATFORM, reinterpret_cast<cl_context_properties>(device.platformId()), 0};
    cl_device_id id = device.id();
    cl_int err = CL_SUCCESS;
    cl_context context = clCreateContext(properties, 1, &id, nullptr, nullptr, &err);
    check(err, "clCreateContext");
    handle_ = decltype(handle_)(context);
}

}  // namespace liftcl::rt
