// A built kernel together with its metadata, launched by argument name: the caller gives nat
// values and the input/output buffers; the kernel checks every buffer is large enough, allocates
// (and keeps, for the next launch) its temporaries, sets the arguments in the metadata's order,
// chooses the NDRange (launch_sizes.hpp) and enqueues. Plans of several kernels call launch() once
// per pass with different buffers (ping-pong) on one queue.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "runtime/buffer.hpp"
#include "runtime/event.hpp"
#include "runtime/kernel.hpp"
#include "runtime/kernel_metadata.hpp"
#include <cstring>
#include <vector>

#include "runtime/launch_sizes.hpp"
#include "runtime/program_cache.hpp"
#include "runtime/queue.hpp"

namespace liftcl::rt {

// The input and output buffers of a launch, by argument name.
using BufferArgs = std::map<std::string, Buffer, std::less<>>;

// The values of scalar arguments (passed by value), by argument name: the value's bytes in the
// argument's type (4 for int and float, 8 for double).
using ScalarArgs = std::map<std::string, std::vector<unsigned char>, std::less<>>;

// The bytes of a scalar argument's value (T: std::int32_t, float or double).
template <class T>
std::vector<unsigned char> scalarBytes(T value) {
    std::vector<unsigned char> bytes(sizeof value);
    std::memcpy(bytes.data(), &value, sizeof value);
    return bytes;
}

// Sizes that replace the metadata's choice (an autotuner's, say). A local size is still refused
// when the kernel's local size is fixed and differs.
struct LaunchOverrides {
    std::optional<std::vector<std::size_t>> global;
    std::optional<std::vector<std::size_t>> local;
};

class LaunchableKernel {
public:
    // Builds the source through the cache (options are OpenCL build options).
    LaunchableKernel(ProgramCache& cache, const Context& context, KernelMetadata metadata, const std::string& source,
                     const std::string& options = "");
    // From an already loaded kernel (whose function name must match the metadata's).
    LaunchableKernel(Kernel kernel, KernelMetadata metadata);
    // KERNEL.json and the source file it names.
    static LaunchableKernel load(ProgramCache& cache, const Context& context,
                                 const std::filesystem::path& metadataFile, const std::string& options = "");

    const KernelMetadata& metadata() const { return metadata_; }
    const Kernel& kernel() const { return kernel_; }

    // The evaluated byte size of a buffer argument.
    std::size_t argBytes(const std::string& name, const NatValues& nats) const;
    LaunchSizes launchSizes(const NatValues& nats) const;
    // Throws rt::Error when a nat is missing or out of range, a buffer is missing, unknown or too small.
    void validate(const NatValues& nats, const BufferArgs& buffers, const ScalarArgs& scalars = {}) const;

    Event launch(const Queue& queue, const NatValues& nats, const BufferArgs& buffers,
                 const LaunchOverrides& overrides = {}, const ScalarArgs& scalars = {});

private:
    void checkDevice(const Device& device) const;
    void checkArgCount() const;
    const Buffer& temporary(const Queue& queue, const KernelArg& arg, std::size_t bytes);
    // The buffer of a table argument, created and written from the metadata's data on first use.
    const Buffer& table(const Queue& queue, const KernelArg& arg);

    Kernel kernel_;
    KernelMetadata metadata_;
    std::map<std::string, Buffer, std::less<>> temporaries_;
    std::map<std::string, Buffer, std::less<>> tables_;
};

// One-shot convenience: builds (through the cache), launches, waits, and returns the finished event.
Event launchFromMetadata(const Queue& queue, ProgramCache& cache, const KernelMetadata& metadata,
                         const std::string& source, const NatValues& nats, const BufferArgs& buffers,
                         const std::string& options = "", const ScalarArgs& scalars = {});

}  // namespace liftcl::rt
