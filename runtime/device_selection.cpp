#include "runtime/device_selection.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>

#include "runtime/cl_error.hpp"

namespace liftcl::rt {

namespace {

std::vector<cl_platform_id> platformIds() {
    cl_uint count = 0;
    cl_int err = clGetPlatformIDs(0, nullptr, &count);
    // The ICD loader answers CL_PLATFORM_NOT_FOUND_KHR when no driver is installed: no devices.
    if (err == -1001 || (err == CL_SUCCESS && count == 0)) return {};
    check(err, "clGetPlatformIDs");
    std::vector<cl_platform_id> ids(count);
    check(clGetPlatformIDs(count, ids.data(), nullptr), "clGetPlatformIDs");
    return ids;
}

std::vector<cl_device_id> deviceIds(cl_platform_id platform) {
    cl_uint count = 0;
    cl_int err = clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, nullptr, &count);
    if (err == CL_DEVICE_NOT_FOUND || (err == CL_SUCCESS && count == 0)) return {};
    check(err, "clGetDeviceIDs");
    std::vector<cl_device_id> ids(count);
    check(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, count, ids.data(), nullptr), "clGetDeviceIDs");
    return ids;
}

std::optional<int> parseIndex(std::string_view text) {
    int value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value < 0) return std::nullopt;
    return value;
}

std::string lowercase(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
    return out;
}

std::string describeDevices(const std::vector<Device>& devices) {
    if (devices.empty()) return "no OpenCL device was found (is an OpenCL driver such as PoCL installed?)";
    std::string text = "available devices:";
    for (const Device& d : devices)
        text += "\n  " + std::to_string(d.index()) + " [" + d.indexSpec() + "] " + d.name() + " (" +
                d.platformName() + ")";
    return text;
}

}  // namespace

std::vector<Device> listDevices() {
    std::vector<Device> devices;
    auto platforms = platformIds();
    for (std::size_t p = 0; p < platforms.size(); ++p) {
        auto ids = deviceIds(platforms[p]);
        for (std::size_t d = 0; d < ids.size(); ++d)
            devices.emplace_back(platforms[p], ids[d], static_cast<int>(devices.size()), static_cast<int>(p),
                                 static_cast<int>(d));
    }
    return devices;
}

std::optional<std::string> deviceSpecFromEnvironment() {
    const char* value = std::getenv("LIFTCL_DEVICE");
    if (!value || !*value) return std::nullopt;
    return std::string(value);
}

Device chooseDevice(std::string_view spec) { return chooseDevice(listDevices(), spec); }

Device chooseDevice(const std::vector<Device>& devices, std::string_view spec) {
    std::string origin = "device spec";
    std::string chosen(spec);
    if (chosen.empty()) {
        if (auto fromEnv = deviceSpecFromEnvironment()) {
            chosen = *fromEnv;
            origin = "LIFTCL_DEVICE";
        }
    }
    if (devices.empty()) throw Error(describeDevices(devices));
    if (chosen.empty()) {
        for (const Device& d : devices)
            if (d.isGpu()) return d;
        return devices.front();
    }
    auto fail = [&]() -> Device {
        throw Error(origin + " '" + chosen + "' matches no OpenCL device; " + describeDevices(devices));
    };
    if (auto index = parseIndex(chosen)) {
        if (static_cast<std::size_t>(*index) < devices.size()) return devices[*index];
        return fail();
    }
    if (auto colon = chosen.find(':'); colon != std::string::npos) {
        auto platform = parseIndex(std::string_view(chosen).substr(0, colon));
        auto device = parseIndex(std::string_view(chosen).substr(colon + 1));
        if (platform && device) {
            for (const Device& d : devices)
                if (d.platformIndex() == *platform && d.deviceIndex() == *device) return d;
            return fail();
        }
    }
    std::string needle = lowercase(chosen);
    for (const Device& d : devices)
        for (const std::string& text : {d.name(), d.vendor(), d.platformName()})
            if (lowercase(text).find(needle) != std::string::npos) return d;
    return fail();
}

}  // namespace liftcl::rt
