#include "bench/lib/bench_timer.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "ir/statistics.hpp"
#include "runtime/event.hpp"
#include "runtime/program.hpp"

namespace liftcl::bench {

namespace {

constexpr const char* kStampSource =
    "__kernel void liftcl_bench_stamp(__global uint* counter) { counter[0] = counter[0] + 1u; }\n";

}  // namespace

StampTimer::StampTimer(const rt::Context& context) : counter_(context, 64) {
    stamp_ = rt::Kernel(rt::Program::buildFromSource(context, kStampSource), "liftcl_bench_stamp");
    stamp_.setArg(0, counter_);
}

std::vector<double> StampTimer::time(const rt::Queue& queue, const std::function<void()>& enqueueWork,
                                     int repetitions, int warmup) const {
    for (int i = 0; i < warmup && enqueueWork; ++i) enqueueWork();
    queue.finish();
    // Everything is enqueued first and read after one finish, so the host's enqueueing never
    // leaves the device idle inside a measured interval.
    std::vector<rt::Event> before, after;
    for (int i = 0; i < repetitions; ++i) {
        before.push_back(stamp_.enqueue(queue, {1}, {1}));
        if (enqueueWork) enqueueWork();
        after.push_back(stamp_.enqueue(queue, {1}, {1}));
        queue.flush();
    }
    queue.finish();
    std::vector<double> ms;
    for (std::size_t i = 0; i < before.size(); ++i)
        ms.push_back(static_cast<double>(after[i].endNs() - before[i].endNs()) * 1e-6);
    return ms;
}

double StampTimer::overheadMs(const rt::Queue& queue, int repetitions) const {
    return ir::median(time(queue, {}, std::max(repetitions, 5), 1));
}

}  // namespace liftcl::bench
