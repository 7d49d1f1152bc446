#include "runtime/launch_sizes.hpp"

#include <algorithm>
#include <functional>
#include <numeric>

#include "runtime/error.hpp"

namespace liftcl::rt {

namespace {

constexpr std::size_t kFreeLocalSize = 256;

std::size_t product(const std::vector<std::size_t>& sizes) {
    return std::accumulate(sizes.begin(), sizes.end(), std::size_t{1}, std::multiplies<>());
}

std::size_t itemLimit(const WorkGroupLimits& limits, std::size_t dim) {
    return dim < limits.maxWorkItemSizes.size() ? limits.maxWorkItemSizes[dim] : SIZE_MAX;
}

bool fits(const std::vector<std::size_t>& local, const WorkGroupLimits& limits) {
    if (limits.maxWorkGroupSize && product(local) > limits.maxWorkGroupSize) return false;
    for (std::size_t d = 0; d < local.size(); ++d)
        if (local[d] > itemLimit(limits, d)) return false;
    return true;
}

std::vector<std::size_t> evaluateSizes(const std::vector<SizeExpr>& exprs, const NatValues& nats, const char* what,
                                       const std::string& kernelName, std::int64_t minimum) {
    std::vector<std::size_t> sizes;
    for (const SizeExpr& expr : exprs) {
        std::int64_t value = expr.evaluate(nats);
        if (value < minimum)
            throw Error("kernel '" + kernelName + "': " + what + " size '" + expr.text() + "' evaluates to " +
                        std::to_string(value));
        sizes.push_back(static_cast<std::size_t>(std::max<std::int64_t>(value, 1)));
    }
    return sizes;
}

}  // namespace

std::string sizesText(const std::vector<std::size_t>& sizes) {
    std::string text = "(";
    for (std::size_t i = 0; i < sizes.size(); ++i) text += (i ? ", " : "") + std::to_string(sizes[i]);
    return text + ")";
}

LaunchSizes normalizedLaunchSizes(std::vector<std::size_t> global, std::vector<std::size_t> local) {
    for (std::size_t& g : global) g = std::max<std::size_t>(g, 1);
    if (!local.empty() && local.size() != global.size())
        throw Error("local size " + sizesText(local) + " and global size " + sizesText(global) +
                    " differ in dimensions");
    for (std::size_t d = 0; d < local.size(); ++d) {
        if (local[d] == 0) throw Error("local size " + sizesText(local) + " has a zero dimension");
        global[d] = (global[d] + local[d] - 1) / local[d] * local[d];
    }
    return {std::move(global), std::move(local)};
}

LaunchSizes chooseLaunchSizes(const NDRangeRule& rule, const NatValues& nats, const WorkGroupLimits& limits,
                              const std::string& kernelName) {
    // A global size of 0 (n/4 for n < 4) still launches one work-item: the strided loops do the rest.
    std::vector<std::size_t> global = evaluateSizes(rule.global, nats, "global", kernelName, 0);
    std::vector<std::size_t> local;
    if (rule.local) {
        local = evaluateSizes(*rule.local, nats, "local", kernelName, 1);
        if (!fits(local, limits)) {
            if (rule.localFixed)
                throw Error("kernel '" + kernelName + "' needs the local size " + sizesText(local) +
                            " but the device allows at most " + std::to_string(limits.maxWorkGroupSize) +
                            " work-items per group (per dimension " + sizesText(limits.maxWorkItemSizes) + ")");
            while (!fits(local, limits)) {
                // Halve the dimension that breaks a per-dimension limit, else the largest one.
                std::size_t shrink = 0;
                for (std::size_t d = 1; d < local.size(); ++d)
                    if (local[d] > local[shrink]) shrink = d;
                for (std::size_t d = 0; d < local.size(); ++d)
                    if (local[d] > itemLimit(limits, d)) shrink = d;
                if (local[shrink] == 1) break;  // cannot shrink further; unreachable with sane limits
                local[shrink] = (local[shrink] + 1) / 2;
            }
        }
    } else if (global.size() == 1 && global[0] > kFreeLocalSize) {
        // Any local size works (strided loops), but left to the driver it must divide the global
        // size: NVIDIA runs 8388609 work-items (2^23 + 1) in groups of 3. Groups of 256, the last
        // one partly idle, instead.
        std::size_t l = kFreeLocalSize;
        if (limits.maxWorkGroupSize) l = std::min(l, limits.maxWorkGroupSize);
        l = std::min(l, itemLimit(limits, 0));
        local = {l};
    }
    return normalizedLaunchSizes(std::move(global), std::move(local));
}

void capWorkGroups(LaunchSizes& sizes, std::size_t maxGroups) {
    if (sizes.local.size() != sizes.global.size() || maxGroups == 0) return;
    std::vector<std::size_t> groups(sizes.global.size());
    std::size_t total = 1;
    for (std::size_t d = 0; d < groups.size(); ++d) total *= groups[d] = sizes.global[d] / sizes.local[d];
    for (std::size_t d = groups.size(); d-- > 0 && total > maxGroups;) {
        const std::size_t others = total / groups[d];
        const std::size_t kept = std::max<std::size_t>(1, maxGroups / others);
        if (kept >= groups[d]) continue;
        total = others * kept;
        sizes.global[d] = kept * sizes.local[d];
    }
}

}  // namespace liftcl::rt
