// How many work-groups of a kernel a device runs at once. Kernels that set up per-work-group state
// before their work-group loops (the FFT's twiddle tables in __local memory, computed once per
// group: KernelMetadata's persistent_groups) are launched with at most that many groups, each
// looping over several of the loops' iterations (every mapWrg loop is strided by the number of
// groups), so the set-up is paid once per resident group rather than once per transform.
//
// OpenCL does not report per-compute-unit limits; NVIDIA devices report their compute capability
// (cl_nv_device_attribute_query), whose per-SM limits (threads, shared memory, blocks) are
// published. Other devices: 0 (no estimate; the kernel is launched with all its groups).
// LIFTCL_PERSISTENT_GROUPS in the environment: 0 turns the cap off (for A/B measurements), a
// number N caps at N groups on any device (tests run it on PoCL; tuning by hand).
#pragma once

#include <cstddef>

#include "runtime/device.hpp"

namespace liftcl::rt {

// Work-groups of `workGroupSize` work-items using `localBytes` of __local memory (the kernel's
// CL_KERNEL_LOCAL_MEM_SIZE) and at most `maxWorkGroupSize` (its CL_KERNEL_WORK_GROUP_SIZE, which
// bounds its registers) resident on the whole device; 0 when unknown.
std::size_t residentWorkGroups(const Device& device, std::size_t workGroupSize, std::size_t localBytes,
                               std::size_t maxWorkGroupSize);

// The cap of work-groups for a persistent kernel: LIFTCL_PERSISTENT_GROUPS when set (0: none),
// else residentWorkGroups.
std::size_t persistentGroupsCap(const Device& device, std::size_t workGroupSize, std::size_t localBytes,
                                std::size_t maxWorkGroupSize);

}  // namespace liftcl::rt
