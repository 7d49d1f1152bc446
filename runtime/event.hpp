// A command's completion event with its profiling times (the queue always enables profiling).
// Times are device nanoseconds; durationNs() is the command's own execution time, and
// spanNs(first, last) the time from the start of one command to the end of a later one, which is
// how a multi-kernel plan is timed.
#pragma once

#include <cstdint>

#include "runtime/cl_handle.hpp"

namespace liftcl::rt {

class Event {
public:
    Event() = default;
    explicit Event(cl_event event) : handle_(event) {}  // takes over the caller's reference

    cl_event get() const { return handle_.get(); }
    explicit operator bool() const { return static_cast<bool>(handle_); }

    void wait() const;
    // Each waits for completion first.
    std::uint64_t queuedNs() const;
    std::uint64_t submitNs() const;
    std::uint64_t startNs() const;
    std::uint64_t endNs() const;
    std::uint64_t durationNs() const;  // end - start
    double durationMs() const { return static_cast<double>(durationNs()) * 1e-6; }

    static std::uint64_t spanNs(const Event& first, const Event& last);

private:
    std::uint64_t profilingTime(cl_profiling_info what) const;

    ClHandle<cl_event, clRetainEvent, clReleaseEvent> handle_;
};

}  // namespace liftcl::rt
