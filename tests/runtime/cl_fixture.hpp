// Shared by the runtime tests: the default OpenCL device with a context and a queue, or a skip
// (doctest MESSAGE + return) when the machine has no OpenCL device at all.
#pragma once

#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <random>
#include <string>

#include "runtime/runtime.hpp"
#include "support/scoped_env.hpp"

namespace liftcl::rt::test {

struct ClEnv {
    Device device;
    Context context;
    Queue queue;
};

inline std::optional<ClEnv> openDefaultDevice() {
    auto devices = listDevices();
    if (devices.empty()) return std::nullopt;
    Device device = chooseDevice(devices, "");
    Context context(device);
    Queue queue(context);
    return ClEnv{device, context, queue};
}

// A fresh directory under the system temp directory, removed with its contents at scope exit.
class TempDir {
public:
    TempDir() {
        std::random_device random;
        path_ = std::filesystem::temp_directory_path() / ("liftcl-rt-test-" + std::to_string(random()));
        std::filesystem::create_directories(path_);
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

using liftcl::testing::ScopedEnv;

}  // namespace liftcl::rt::test

// Declares `env` (a ClEnv&) or ends the test case with a message when there is no OpenCL device.
#define LIFTCL_REQUIRE_CL_DEVICE(env)                                                   \
    auto env##_opened = ::liftcl::rt::test::openDefaultDevice();                        \
    if (!env##_opened) {                                                                \
        MESSAGE("skipped: no OpenCL device on this machine (install PoCL to run it)"); \
        return;                                                                         \
    }                                                                                   \
    auto& env = *env##_opened
