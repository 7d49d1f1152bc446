// A kernel that is only correct with one fixed work-group size (reqd_work_group_size) can still
// come back from the compiler with CL_KERNEL_WORK_GROUP_SIZE below it: NVIDIA's OpenCL compiler
// allocates registers without regard to the required size (an unrolled FFT kernel of 375
// work-items got 256 on an H100). Where the device takes NVIDIA's compiler options
// (cl_nv_compiler_options), the kernel is rebuilt with a register cap that lets the whole
// work-group fit the register file; elsewhere the launch names the kernel and both sizes.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "runtime/device.hpp"

namespace liftcl::rt {

// The build options (`options` plus a register cap) under which a work-group of `workGroupSize`
// work-items fits the device's register file, or nullopt when the device takes no such option.
std::optional<std::string> registerCappedBuildOptions(const Device& device, std::size_t workGroupSize,
                                                      const std::string& options);

}  // namespace liftcl::rt
