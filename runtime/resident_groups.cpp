#include "runtime/resident_groups.hpp"

#include <CL/cl.h>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <string>

#include "runtime/error.hpp"

namespace liftcl::rt {

namespace {

constexpr cl_device_info computeCapabilityMajorNv = 0x4000;  // CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV
constexpr cl_device_info computeCapabilityMinorNv = 0x4001;  // CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV

struct MultiprocessorLimits {
    std::size_t threads, sharedBytes, blocks;
};

// Per-SM limits of the CUDA programming guide's table of compute capabilities.
std::optional<MultiprocessorLimits> nvidiaLimits(unsigned major, unsigned minor) {
    const unsigned cc = major * 10 + minor;
    if (cc >= 100) return MultiprocessorLimits{cc >= 120 ? 1536u : 2048u, cc >= 120 ? 100u * 1024 : 228u * 1024, 32};
    if (cc == 90) return MultiprocessorLimits{2048, 228 * 1024, 32};
    if (cc == 89) return MultiprocessorLimits{1536, 100 * 1024, 24};
    if (cc == 86 || cc == 87) return MultiprocessorLimits{1536, 100 * 1024, 16};
    if (cc == 80) return MultiprocessorLimits{2048, 164 * 1024, 32};
    if (cc == 75) return MultiprocessorLimits{1024, 64 * 1024, 16};
    if (cc == 70 || cc == 72) return MultiprocessorLimits{2048, 96 * 1024, 32};
    return std::nullopt;
}

}  // namespace

std::size_t residentWorkGroups(const Device& device, std::size_t workGroupSize, std::size_t localBytes,
                               std::size_t maxWorkGroupSize) {
    if (!device.hasExtension("cl_nv_device_attribute_query") || workGroupSize == 0) return 0;
    cl_uint major = 0, minor = 0;
    if (clGetDeviceInfo(device.id(), computeCapabilityMajorNv, sizeof major, &major, nullptr) != CL_SUCCESS ||
        clGetDeviceInfo(device.id(), computeCapabilityMinorNv, sizeof minor, &minor, nullptr) != CL_SUCCESS)
        return 0;
    const auto limits = nvidiaLimits(major, minor);
    if (!limits) return 0;
    const std::size_t warps = (workGroupSize + 31) / 32;
    std::size_t perSm = std::min(limits->blocks, limits->threads / (32 * warps));
    // Each resident block also holds 1 KiB of shared memory the driver reserves.
    if (localBytes > 0) perSm = std::min(perSm, limits->sharedBytes / (localBytes + 1024));
    // Registers: CL_KERNEL_WORK_GROUP_SIZE is what one SM's 64K registers allow of this kernel, so
    // a kernel limited below 1024 fits maxWorkGroupSize / workGroupSize groups per SM.
    if (maxWorkGroupSize > 0 && maxWorkGroupSize < 1024) perSm = std::min(perSm, maxWorkGroupSize / (32 * warps));
    return std::max<std::size_t>(perSm, 1) * device.computeUnits();
}

PersistentGroupsSetting persistentGroupsSetting() {
    const char* value = std::getenv("LIFTCL_PERSISTENT_GROUPS");
    if (!value) return {};
    if (std::string(value) == "auto") return {true, 0};
    char* end = nullptr;
    const unsigned long long groups = std::strtoull(value, &end, 10);
    if (end == value || *end != '\0')
        throw Error(std::string("LIFTCL_PERSISTENT_GROUPS='") + value + "' is neither auto nor a number of work-groups");
    return {false, static_cast<std::size_t>(groups)};
}

}  // namespace liftcl::rt
