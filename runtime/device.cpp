#include "runtime/device.hpp"

#include <sstream>

#include "runtime/cl_error.hpp"

namespace liftcl::rt {

namespace {

std::string trimmed(std::string text) {
    while (!text.empty() && (text.back() == '\0' || text.back() == ' ')) text.pop_back();
    std::size_t first = text.find_first_not_of(' ');
    return first == std::string::npos ? std::string() : text.substr(first);
}

// A string property by clGetDeviceInfo or clGetPlatformInfo (same arguments): its size, then its text.
template <typename Object, typename GetInfo>
std::string infoString(GetInfo getInfo, const char* getInfoName, Object object, cl_uint what) {
    std::size_t size = 0;
    check(getInfo(object, what, 0, nullptr, &size), getInfoName);
    std::string text(size, '\0');
    check(getInfo(object, what, size, text.data(), nullptr), getInfoName);
    return trimmed(std::move(text));
}

std::string deviceString(cl_device_id device, cl_device_info what) {
    return infoString(clGetDeviceInfo, "clGetDeviceInfo", device, what);
}

std::string platformString(cl_platform_id platform, cl_platform_info what) {
    return infoString(clGetPlatformInfo, "clGetPlatformInfo", platform, what);
}

template <typename T>
T deviceValue(cl_device_id device, cl_device_info what) {
    T value{};
    check(clGetDeviceInfo(device, what, sizeof(T), &value, nullptr), "clGetDeviceInfo");
    return value;
}

}  // namespace

std::string Device::indexSpec() const {
    return std::to_string(platformIndex_) + ":" + std::to_string(deviceIndex_);
}

std::string Device::name() const { return deviceString(device_, CL_DEVICE_NAME); }
std::string Device::vendor() const { return deviceString(device_, CL_DEVICE_VENDOR); }
std::string Device::driverVersion() const { return deviceString(device_, CL_DRIVER_VERSION); }
std::string Device::version() const { return deviceString(device_, CL_DEVICE_VERSION); }
std::string Device::extensions() const { return deviceString(device_, CL_DEVICE_EXTENSIONS); }
std::string Device::platformName() const { return platformString(platform_, CL_PLATFORM_NAME); }
std::string Device::platformVersion() const { return platformString(platform_, CL_PLATFORM_VERSION); }

cl_device_type Device::type() const { return deviceValue<cl_device_type>(device_, CL_DEVICE_TYPE); }

std::string Device::typeName() const {
    cl_device_type t = type();
    std::string names;
    auto add = [&](cl_device_type bit, const char* name) {
        if (!(t & bit)) return;
        if (!names.empty()) names += "+";
        names += name;
    };
    add(CL_DEVICE_TYPE_GPU, "GPU");
    add(CL_DEVICE_TYPE_CPU, "CPU");
    add(CL_DEVICE_TYPE_ACCELERATOR, "accelerator");
    add(CL_DEVICE_TYPE_CUSTOM, "custom");
    return names.empty() ? "other" : names;
}

bool Device::isGpu() const { return (type() & CL_DEVICE_TYPE_GPU) != 0; }

bool Device::hasExtension(const std::string& name) const {
    std::istringstream words(extensions());
    std::string word;
    while (words >> word)
        if (word == name) return true;
    return false;
}

bool Device::supportsFp64() const {
    if (hasExtension("cl_khr_fp64")) return true;
    return deviceValue<cl_device_fp_config>(device_, CL_DEVICE_DOUBLE_FP_CONFIG) != 0;
}

std::size_t Device::globalMemBytes() const {
    return static_cast<std::size_t>(deviceValue<cl_ulong>(device_, CL_DEVICE_GLOBAL_MEM_SIZE));
}
std::size_t Device::maxAllocBytes() const {
    return static_cast<std::size_t>(deviceValue<cl_ulong>(device_, CL_DEVICE_MAX_MEM_ALLOC_SIZE));
}
std::size_t Device::localMemBytes() const {
    return static_cast<std::size_t>(deviceValue<cl_ulong>(device_, CL_DEVICE_LOCAL_MEM_SIZE));
}
std::size_t Device::constantBufferBytes() const {
    return static_cast<std::size_t>(deviceValue<cl_ulong>(device_, CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE));
}
std::size_t Device::maxWorkGroupSize() const {
    return deviceValue<std::size_t>(device_, CL_DEVICE_MAX_WORK_GROUP_SIZE);
}
std::vector<std::size_t> Device::maxWorkItemSizes() const {
    auto dims = deviceValue<cl_uint>(device_, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS);
    std::vector<std::size_t> sizes(dims);
    check(clGetDeviceInfo(device_, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizes.size() * sizeof(std::size_t),
                          sizes.data(), nullptr),
          "clGetDeviceInfo");
    return sizes;
}
unsigned Device::computeUnits() const { return deviceValue<cl_uint>(device_, CL_DEVICE_MAX_COMPUTE_UNITS); }

std::string Device::identity() const {
    return platformName() + " | " + platformVersion() + " | " + name() + " | " + version() +
           " | driver " + driverVersion();
}

}  // namespace liftcl::rt
