// The OpenCL build options a kernel's metadata asks of the device it is built for: today its
// register limit ("max_registers"), which only NVIDIA's driver takes (cl_nv_compiler_options:
// -cl-nv-maxrregcount); other devices build the kernel as it is.
#pragma once

#include <string>

#include "runtime/device.hpp"
#include "runtime/kernel_metadata.hpp"

namespace liftcl::rt {

// The options for a device with or without NVIDIA's compiler options ("" when nothing applies).
std::string kernelBuildOptions(const KernelMetadata& metadata, bool nvidiaCompilerOptions);
std::string kernelBuildOptions(const KernelMetadata& metadata, const Device& device);

// `options` and `more` joined by a space (either may be empty).
std::string joinBuildOptions(const std::string& options, const std::string& more);

}  // namespace liftcl::rt
