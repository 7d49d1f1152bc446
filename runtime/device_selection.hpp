// Enumerating the machine's OpenCL devices and choosing one.
//
// A device spec is one of:
//   ""          the LIFTCL_DEVICE environment variable if set, else the default device
//   "N"         the N-th device of listDevices() (the index `liftcl devices` prints)
//   "P:D"       device D of platform P
//   "TEXT"      the first device whose name, vendor or platform name contains TEXT (ignoring case)
// The default device is the first GPU, else the first device.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/device.hpp"

namespace liftcl::rt {

// Every device of every platform, in platform order. Empty (not an error) when the machine has no
// OpenCL platform at all.
std::vector<Device> listDevices();

// The value of LIFTCL_DEVICE, or nullopt when unset or empty.
std::optional<std::string> deviceSpecFromEnvironment();

// The device the spec names (see above); throws rt::Error naming the spec and listing the devices
// when none matches or the machine has no device.
Device chooseDevice(std::string_view spec = {});

// Same, from an already enumerated list.
Device chooseDevice(const std::vector<Device>& devices, std::string_view spec);

}  // namespace liftcl::rt
