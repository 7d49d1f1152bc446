// An in-order command queue with profiling enabled, so every command's Event can be timed.
#pragma once

#include "runtime/cl_handle.hpp"
#include "runtime/context.hpp"

namespace liftcl::rt {

class Queue {
public:
    explicit Queue(const Context& context);

    cl_command_queue get() const { return handle_.get(); }
    const Context& context() const { return context_; }
    const Device& device() const { return context_.device(); }

    void flush() const;   // submits queued commands
    void finish() const;  // waits until every queued command has completed

private:
    Context context_;
    ClHandle<cl_command_queue, clRetainCommandQueue, clReleaseCommandQueue> handle_;
};

}  // namespace liftcl::rt
