#include "runtime/event.hpp"

#include "runtime/cl_error.hpp"

namespace liftcl::rt {

void Event::wait() const {
    if (!handle_) throw Error("waiting on an empty event");
    cl_event event = handle_.get();
    check(clWaitForEvents(1, &event), "clWaitForEvents");
}

std::uint64_t Event::profilingTime(cl_profiling_info what) const {
    wait();
    cl_ulong value = 0;
    check(clGetEventProfilingInfo(handle_.get(), what, sizeof(value), &value, nullptr), "clGetEventProfilingInfo");
    return value;
}

std::uint64_t Event::queuedNs() const { return profilingTime(CL_PROFILING_COMMAND_QUEUED); }
std::uint64_t Event::submitNs() const { return profilingTime(CL_PROFILING_COMMAND_SUBMIT); }
std::uint64_t Event::startNs() const { return profilingTime(CL_PROFILING_COMMAND_START); }
std::uint64_t Event::endNs() const { return profilingTime(CL_PROFILING_COMMAND_END); }

std::uint64_t Event::durationNs() const {
    std::uint64_t start = startNs();
    std::uint64_t end = endNs();
    return end > start ? end - start : 0;
}

std::uint64_t Event::spanNs(const Event& first, const Event& last) {
    std::uint64_t start = first.startNs();
    std::uint64_t end = last.endNs();
    return end > start ? end - start : 0;
}

}  // namespace liftcl::rt
