// One OpenCL device and the platform it belongs to, with the queries the runtime and the compiler
// need. Devices come from listDevices() / chooseDevice() (device_selection.hpp), which also give
// each one its position in the machine's list.
#pragma once

#include <CL/cl.h>

#include <cstddef>
#include <string>
#include <vector>

namespace liftcl::rt {

class Device {
public:
    Device() = default;
    Device(cl_platform_id platform, cl_device_id device, int index, int platformIndex, int deviceIndex)
        : platform_(platform), device_(device), index_(index), platformIndex_(platformIndex),
          deviceIndex_(deviceIndex) {}

    cl_device_id id() const { return device_; }
    cl_platform_id platformId() const { return platform_; }
    int index() const { return index_; }                  // position in listDevices()
    int platformIndex() const { return platformIndex_; }  // P of "P:D"
    int deviceIndex() const { return deviceIndex_; }      // D of "P:D"
    std::string indexSpec() const;                        // "P:D"

    std::string name() const;
    std::string vendor() const;
    std::string driverVersion() const;
    std::string version() const;  // "OpenCL 3.0 ..."
    std::string extensions() const;
    std::string platformName() const;
    std::string platformVersion() const;

    cl_device_type type() const;
    std::string typeName() const;  // "GPU", "CPU", "accelerator", ...
    bool isGpu() const;

    bool supportsFp64() const;  // cl_khr_fp64 (or a core double floating-point config)
    bool hasExtension(const std::string& name) const;

    std::size_t globalMemBytes() const;
    std::size_t maxAllocBytes() const;  // the largest single buffer (CL_DEVICE_MAX_MEM_ALLOC_SIZE)
    std::size_t localMemBytes() const;
    std::size_t constantBufferBytes() const;
    std::size_t maxWorkGroupSize() const;
    std::vector<std::size_t> maxWorkItemSizes() const;  // per dimension
    unsigned computeUnits() const;

    // A one-line identity used in cache keys: platform, device name, driver version.
    std::string identity() const;

private:
    cl_platform_id platform_ = nullptr;
    cl_device_id device_ = nullptr;
    int index_ = -1;
    int platformIndex_ = -1;
    int deviceIndex_ = -1;
};

}  // namespace liftcl::rt
