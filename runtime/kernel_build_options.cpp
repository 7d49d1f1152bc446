#include "runtime/kernel_build_options.hpp"

namespace liftcl::rt {

std::string kernelBuildOptions(const KernelMetadata& metadata, bool nvidiaCompilerOptions) {
    if (metadata.maxRegisters <= 0 || !nvidiaCompilerOptions) return "";
    return "-cl-nv-maxrregcount=" + std::to_string(metadata.maxRegisters);
}

std::string kernelBuildOptions(const KernelMetadata& metadata, const Device& device) {
    return kernelBuildOptions(metadata, device.hasExtension("cl_nv_compiler_options"));
}

std::string joinBuildOptions(const std::string& options, const std::string& more) {
    if (options.empty()) return more;
    if (more.empty()) return options;
    return options + " " + more;
}

}  // namespace liftcl::rt
