// How many work-groups of a kernel a device runs at once, and the cap of work-groups for kernels
// that set up per-work-group state before their work-group loops (the FFT's twiddle tables in
// __local memory, computed once per group: KernelMetadata's persistent_groups). Every mapWrg loop
// is strided by the number of groups, so launching fewer groups is always correct; each group
// then runs several iterations and pays the set-up once.
//
// Off by default, on measurement: on an H100 (bench/results/h100-2026-11-25-wave2) capping at the
// estimated resident groups made the mixed-size local kernels 17-30% faster (3000 fp64 2.30 ->
// 1.61 ms) but hierarchical passes up to 2x and small power-of-two kernels 25-65% slower: a group
// that waits for a second wave doubles the time, so the estimate must never exceed the device.
// LIFTCL_PERSISTENT_GROUPS in the environment: unset or 0 launches every group, `auto` caps at
// residentWorkGroups, a number N at N groups on any device (tests run it on PoCL).
//
// OpenCL does not report per-compute-unit limits; NVIDIA devices report their compute capability
// (cl_nv_device_attribute_query), whose per-SM limits (threads, shared memory, blocks) are
// published. Other devices: 0 (no estimate).
#pragma once

#include <cstddef>

#include "runtime/device.hpp"

namespace liftcl::rt {

// Work-groups of `workGroupSize` work-items using `localBytes` of __local memory (the kernel's
// CL_KERNEL_LOCAL_MEM_SIZE) and at most `maxWorkGroupSize` (its CL_KERNEL_WORK_GROUP_SIZE, which
// bounds its registers) resident on the whole device; 0 when unknown.
std::size_t residentWorkGroups(const Device& device, std::size_t workGroupSize, std::size_t localBytes,
                               std::size_t maxWorkGroupSize);

// LIFTCL_PERSISTENT_GROUPS read: unset or 0 = off (groups 0), `auto` (residentWorkGroups of the
// kernel), or a number of groups. Throws rt::Error for anything else.
struct PersistentGroupsSetting {
    bool automatic = false;
    std::size_t groups = 0;
};
PersistentGroupsSetting persistentGroupsSetting();

}  // namespace liftcl::rt
