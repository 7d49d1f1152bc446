// Shared by the runtime tests: the default OpenCL device with a context and a queue, or a skip
// (doctest MESSAGE + return) when the machine has no OpenCL device at all.
#pragma once

#include <doctest/doctest.h>

#include <cstdlib>
#include <optional>
#include <string>

#include "runtime/runtime.hpp"
#include "support/scoped_env.hpp"
#include "support/temp_dir.hpp"

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

using liftcl::testing::TempDir;
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
