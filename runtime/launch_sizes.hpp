// Choosing a kernel's global and local sizes from the metadata's NDRange rule and the nat values:
// the global size is at least 1 and rounded up to a multiple of the local size; a local size the
// device cannot run is halved until it fits, unless the kernel needs exactly that size (then it is
// an error). Every kernel is correct for any global size (its parallel maps loop with a stride).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "runtime/kernel_metadata.hpp"
#include "runtime/size_expr.hpp"

namespace liftcl::rt {

struct LaunchSizes {
    std::vector<std::size_t> global;
    std::vector<std::size_t> local;  // empty: the OpenCL implementation chooses
};

// What the device and the compiled kernel allow for one work-group.
struct WorkGroupLimits {
    std::size_t maxWorkGroupSize = 0;            // min(device, CL_KERNEL_WORK_GROUP_SIZE)
    std::vector<std::size_t> maxWorkItemSizes;  // per dimension; missing dimensions are unlimited
};

// kernelName only labels errors.
LaunchSizes chooseLaunchSizes(const NDRangeRule& rule, const NatValues& nats, const WorkGroupLimits& limits,
                              const std::string& kernelName);

// Rounds the global size up to a multiple of the local size (when one is given), and clamps each
// dimension to at least 1; used for sizes an autotuner or a user gives directly.
LaunchSizes normalizedLaunchSizes(std::vector<std::size_t> global, std::vector<std::size_t> local);

std::string sizesText(const std::vector<std::size_t>& sizes);  // "(64, 4)"

// Fewer work-groups (global / local per dimension), at most maxGroups in all: the last dimensions
// shrink first. Correct for liftcl's kernels, whose work-group loops are strided by the groups.
void capWorkGroups(LaunchSizes& sizes, std::size_t maxGroups);

}  // namespace liftcl::rt
