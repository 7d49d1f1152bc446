#include "runtime/queue.hpp"

#include "runtime/cl_error.hpp"

namespace liftcl::rt {

Queue::Queue(const Context& context) : context_(context) {
    cl_int err = CL_SUCCESS;
    // clCreateCommandQueue is deprecated from OpenCL 2.0 on but is what a 1.2 application calls;
    // every driver still provides it.
    cl_command_queue queue =
        clCreateCommandQueue(context.get(), context.device().id(), CL_QUEUE_PROFILING_ENABLE, &err);
    check(err, "clCreateCommandQueue");
    handle_ = decltype(handle_)(queue);
}

void Queue::flush() const { check(clFlush(handle_.get()), "clFlush"); }
void Queue::finish() const { check(clFinish(handle_.get()), "clFinish"); }

}  // namespace liftcl::rt
