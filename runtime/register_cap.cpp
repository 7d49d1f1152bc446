#include "runtime/register_cap.hpp"

#include <CL/cl.h>

namespace liftcl::rt {

namespace {

constexpr cl_device_info registersPerBlockNv = 0x4002;  // CL_DEVICE_REGISTERS_PER_BLOCK_NV
constexpr std::size_t warpSize = 32;
constexpr std::size_t registerGranularity = 8;  // registers per thread are allocated in steps of 8

std::size_t registersPerBlock(const Device& device) {
    cl_uint registers = 0;
    if (device.hasExtension("cl_nv_device_attribute_query") &&
        clGetDeviceInfo(device.id(), registersPerBlockNv, sizeof registers, &registers, nullptr) == CL_SUCCESS &&
        registers > 0)
        return registers;
    return 65536;  // every NVIDIA GPU since Kepler
}

}  // namespace

std::optional<std::string> registerCappedBuildOptions(const Device& device, std::size_t workGroupSize,
                                                      const std::string& options) {
    if (!device.hasExtension("cl_nv_compiler_options") || workGroupSize == 0) return std::nullopt;
    const std::size_t warps = (workGroupSize + warpSize - 1) / warpSize;
    const std::size_t perThread = registersPerBlock(device) / (warps * warpSize) / registerGranularity * registerGranularity;
    if (perThread < 32) return std::nullopt;  // below this the spills cost more than a smaller work-group
    return options + (options.empty() ? "" : " ") + "-cl-nv-maxrregcount=" + std::to_string(perThread);
}

}  // namespace liftcl::rt
