// liftcl devices: lists the OpenCL platforms and devices with what matters for generated kernels,
// and marks the device the runtime chooses by default (LIFTCL_DEVICE, else the first GPU, else the
// first device).
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

#include "compiler/commands.hpp"
#include "runtime/device_selection.hpp"
#include "runtime/error.hpp"

namespace liftcl::cli {

namespace {

std::string bytesText(std::size_t bytes) {
    const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    double value = static_cast<double>(bytes);
    int unit = 0;
    while (value >= 1024.0 && unit < 4) {
        value /= 1024.0;
        ++unit;
    }
    char text[32];
    std::snprintf(text, sizeof(text), unit == 0 ? "%.0f %s" : "%.1f %s", value, units[unit]);
    return text;
}

void listDevices(const std::string& spec) {
    auto devices = rt::listDevices();
    if (devices.empty()) {
        std::cout << "no OpenCL device found (is an OpenCL driver such as PoCL installed?)\n";
        return;
    }
    int chosen = -1;
    std::string choiceNote;
    try {
        chosen = rt::chooseDevice(devices, spec).index();
    } catch (const rt::Error& e) {
        choiceNote = e.what();
    }
    std::cout << "OpenCL devices (* = the one chosen; choose with --device or LIFTCL_DEVICE = INDEX | P:D | NAME)\n";
    int lastPlatform = -1;
    for (const rt::Device& d : devices) {
        if (d.platformIndex() != lastPlatform) {
            lastPlatform = d.platformIndex();
            std::cout << "platform " << lastPlatform << ": " << d.platformName() << " (" << d.platformVersion() << ")\n";
        }
        std::cout << (d.index() == chosen ? "* " : "  ") << d.index() << " [" << d.indexSpec() << "] " << d.name()
                  << "\n";
        std::cout << "      vendor " << d.vendor() << ", type " << d.typeName() << ", " << d.version() << ", driver "
                  << d.driverVersion() << "\n";
        std::cout << "      memory: global " << bytesText(d.globalMemBytes()) << ", local "
                  << bytesText(d.localMemBytes()) << ", constant " << bytesText(d.constantBufferBytes()) << "\n";
        std::cout << "      compute units " << d.computeUnits() << ", max work-group size " << d.maxWorkGroupSize()
                  << ", fp64 " << (d.supportsFp64() ? "yes" : "no") << "\n";
    }
    if (choiceNote.empty()) return;
    // An explicit --device that matches nothing is the user's error; a bad LIFTCL_DEVICE only a note.
    if (!spec.empty()) throw rt::Error(choiceNote);
    std::cout << "note: " << choiceNote << "\n";
}

}  // namespace

void addDevicesCommand(CLI::App& app) {
    auto* cmd = app.add_subcommand("devices", "List OpenCL platforms and devices; mark the default one");
    auto spec = std::make_shared<std::string>();
    cmd->add_option("--device", *spec, "Mark the device this spec chooses (INDEX, P:D or a name substring)");
    cmd->callback([spec] { listDevices(*spec); });
}

}  // namespace liftcl::cli
