#include <doctest/doctest.h>

#include "cl_fixture.hpp"

using namespace liftcl::rt;
using liftcl::rt::test::ScopedEnv;

TEST_CASE("devices are enumerated with their properties") {
    auto devices = listDevices();
    if (devices.empty()) {
        MESSAGE("skipped: no OpenCL device on this machine (install PoCL to run it)");
        return;
    }
    for (std::size_t i = 0; i < devices.size(); ++i) {
        const Device& d = devices[i];
        CAPTURE(d.name());
        CHECK(d.index() == static_cast<int>(i));
        CHECK_FALSE(d.name().empty());
        CHECK_FALSE(d.platformName().empty());
        CHECK_FALSE(d.driverVersion().empty());
        CHECK(d.version().rfind("OpenCL ", 0) == 0);
        CHECK(d.globalMemBytes() > 0);
        CHECK(d.localMemBytes() > 0);
        CHECK(d.constantBufferBytes() > 0);
        CHECK(d.maxWorkGroupSize() >= 1);
        CHECK(d.maxWorkItemSizes().size() >= 1);
        CHECK(d.computeUnits() >= 1);
        if (d.hasExtension("cl_khr_fp64")) CHECK(d.supportsFp64());
        CHECK_FALSE(d.typeName().empty());
        CHECK(d.identity().find(d.name()) != std::string::npos);
    }
}

TEST_CASE("a device is chosen by index, platform:device, name or LIFTCL_DEVICE") {
    auto devices = listDevices();
    if (devices.empty()) {
        MESSAGE("skipped: no OpenCL device on this machine (install PoCL to run it)");
        return;
    }
    ScopedEnv noEnv("LIFTCL_DEVICE", nullptr);
    const Device& last = devices.back();
    CHECK(chooseDevice(devices, std::to_string(last.index())).id() == last.id());
    CHECK(chooseDevice(devices, last.indexSpec()).id() == last.id());
    // A name substring, in any case.
    std::string name = last.name();
    std::string upper = name;
    for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    CHECK(chooseDevice(devices, upper.substr(0, std::min<std::size_t>(upper.size(), 6))).name().size() > 0);
    CHECK(chooseDevice(devices, name).name() == name);

    // Default: the first GPU, else the first device.
    Device chosen = chooseDevice(devices, "");
    bool anyGpu = false;
    for (const Device& d : devices) anyGpu = anyGpu || d.isGpu();
    if (anyGpu) CHECK(chosen.isGpu());
    else CHECK(chosen.id() == devices.front().id());

    {
        ScopedEnv env("LIFTCL_DEVICE", last.indexSpec().c_str());
        CHECK(chooseDevice(devices, "").id() == last.id());
        CHECK(chooseDevice("").id() == last.id());
    }
    {
        ScopedEnv env("LIFTCL_DEVICE", "no-such-device-xyz");
        CHECK_THROWS_WITH_AS(chooseDevice(devices, ""),
                             doctest::Contains("LIFTCL_DEVICE 'no-such-device-xyz' matches no OpenCL device"), Error);
    }
    CHECK_THROWS_WITH_AS(chooseDevice(devices, "99"), doctest::Contains("available devices"), Error);
    CHECK_THROWS_WITH_AS(chooseDevice(devices, "7:3"), doctest::Contains("'7:3' matches no OpenCL device"), Error);
    CHECK_THROWS_WITH_AS(chooseDevice(std::vector<Device>{}, ""), doctest::Contains("no OpenCL device"), Error);
}
