// Device-side timing of work that may be several kernels (liftcl's plans in `liftcl bench`, clFFT
// and VkFFT in bench/compare): a one-work-item "stamp" kernel is enqueued on the in-order
// profiling queue right before and right after each execution, and one execution takes
// END(stamp after) - END(stamp before). That covers every kernel of a plan and the gaps between
// them, plus one stamp kernel (overheadMs() measures that cost alone).
#pragma once

#include <functional>
#include <vector>

#include "runtime/buffer.hpp"
#include "runtime/context.hpp"
#include "runtime/kernel.hpp"
#include "runtime/queue.hpp"

namespace liftcl::bench {

class StampTimer {
public:
    explicit StampTimer(const rt::Context& context);

    // Runs `enqueueWork` (which enqueues commands on `queue` without waiting) `warmup` times, then
    // `repetitions` times between stamps; returns the milliseconds of each timed execution.
    std::vector<double> time(const rt::Queue& queue, const std::function<void()>& enqueueWork, int repetitions,
                             int warmup) const;
    // Median milliseconds of a stamp pair with nothing in between.
    double overheadMs(const rt::Queue& queue, int repetitions) const;

private:
    rt::Buffer counter_;
    rt::Kernel stamp_;
};

}  // namespace liftcl::bench
