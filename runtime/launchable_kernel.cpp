#include "runtime/launchable_kernel.hpp"

#include <algorithm>
#include <climits>
#include <vector>

#include "runtime/cl_error.hpp"
#include "runtime/error.hpp"
#include "runtime/kernel_build_options.hpp"
#include "runtime/resident_groups.hpp"

namespace liftcl::rt {

namespace {

std::string natsText(const SizeExpr& expr, const NatValues& nats) {
    std::string text;
    for (const std::string& name : expr.names()) {
        auto it = nats.find(name);
        if (it == nats.end()) continue;
        text += (text.empty() ? " with " : ", ") + name + "=" + std::to_string(it->second);
    }
    return text;
}

}  // namespace

LaunchableKernel::LaunchableKernel(ProgramCache& cache, const Context& context, KernelMetadata metadata,
                                   const std::string& source, const std::string& options)
    : metadata_(std::move(metadata)) {
    checkDevice(context.device());
    const std::string built = joinBuildOptions(options, kernelBuildOptions(metadata_, context.device()));
    kernel_ = Kernel(cache.get(context, source, built), metadata_.kernel);
    checkArgCount();
}

LaunchableKernel::LaunchableKernel(Kernel kernel, KernelMetadata metadata)
    : kernel_(std::move(kernel)), metadata_(std::move(metadata)) {
    if (kernel_.name() != metadata_.kernel)
        throw Error("kernel '" + kernel_.name() + "' does not match its metadata, which describes '" +
                    metadata_.kernel + "'");
    checkDevice(kernel_.program().device());
    checkArgCount();
}

LaunchableKernel LaunchableKernel::load(ProgramCache& cache, const Context& context,
                                        const std::filesystem::path& metadataFile, const std::string& options) {
    KernelMetadata metadata = loadKernelMetadata(metadataFile);
    std::string source = loadKernelSource(metadataFile, metadata);
    return LaunchableKernel(cache, context, std::move(metadata), source, options);
}

void LaunchableKernel::checkDevice(const Device& device) const {
    if (metadata_.precision == Precision::Double && !device.supportsFp64())
        throw Error("kernel '" + metadata_.kernel + "' computes in double precision but the device '" + device.name() +
                    "' has no cl_khr_fp64");
}

void LaunchableKernel::checkArgCount() const {
    unsigned expected = static_cast<unsigned>(metadata_.args.size());
    unsigned actual = kernel_.numArgs();
    if (actual != expected)
        throw Error("kernel '" + metadata_.kernel + "' takes " + std::to_string(actual) +
                    " arguments but its metadata lists " + std::to_string(expected));
}

std::size_t LaunchableKernel::argBytes(const std::string& name, const NatValues& nats) const {
    const KernelArg* arg = metadata_.findArg(name);
    if (!arg) throw Error("kernel '" + metadata_.kernel + "' has no argument '" + name + "'");
    if (!arg->isBuffer()) throw Error("argument '" + name + "' of kernel '" + metadata_.kernel + "' is not a buffer");
    std::int64_t bytes = arg->bytes.evaluate(nats);
    if (bytes < 0)
        throw Error("argument '" + name + "' of kernel '" + metadata_.kernel + "': size '" + arg->bytes.text() +
                    "' evaluates to " + std::to_string(bytes) + natsText(arg->bytes, nats));
    return static_cast<std::size_t>(bytes);
}

LaunchSizes LaunchableKernel::launchSizes(const NatValues& nats) const {
    const Device& device = kernel_.program().device();
    const std::size_t kernelMax = kernel_.maxWorkGroupSize();
    WorkGroupLimits limits{std::min(device.maxWorkGroupSize(), kernelMax), device.maxWorkItemSizes()};
    LaunchSizes sizes = chooseLaunchSizes(metadata_.ndrange, nats, limits, metadata_.kernel);
    if (metadata_.ndrange.persistentGroups && !sizes.local.empty()) {
        // The kernel and device are queried only when the estimate is asked for (off by default).
        const PersistentGroupsSetting setting = persistentGroupsSetting();
        std::size_t cap = setting.groups;
        if (setting.automatic) {
            std::size_t items = 1;
            for (std::size_t l : sizes.local) items *= l;
            cap = residentWorkGroups(device, items, kernel_.localMemBytes(), kernelMax);
        }
        capWorkGroups(sizes, cap);
    }
    return sizes;
}

void LaunchableKernel::validate(const NatValues& nats, const BufferArgs& buffers, const ScalarArgs& scalars) const {
    const std::string& kernel = metadata_.kernel;
    for (const KernelArg& arg : metadata_.args) {
        if (arg.kind != ArgKind::Scalar) continue;
        auto it = scalars.find(arg.name);
        if (it == scalars.end())
            throw Error("kernel '" + kernel + "': no value given for the scalar argument '" + arg.name + "' (" +
                        arg.type + ")");
        const std::size_t needed = arg.type == "double" ? 8 : 4;
        if (it->second.size() != needed)
            throw Error("kernel '" + kernel + "': the value of the scalar argument '" + arg.name + "' has " +
                        std::to_string(it->second.size()) + " bytes but " + arg.type + " has " +
                        std::to_string(needed));
    }
    for (const std::string& nat : metadata_.natParams) {
        auto it = nats.find(nat);
        if (it == nats.end()) throw Error("kernel '" + kernel + "': no value given for the nat parameter '" + nat + "'");
        if (it->second < 0 || it->second > INT_MAX)
            throw Error("kernel '" + kernel + "': nat parameter '" + nat + "' = " + std::to_string(it->second) +
                        " does not fit in a kernel int argument");
    }
    for (const auto& [name, buffer] : buffers) {
        const KernelArg* arg = metadata_.findArg(name);
        if (!arg || (arg->kind != ArgKind::Input && arg->kind != ArgKind::Output))
            throw Error("kernel '" + kernel + "' has no input or output argument '" + name + "'");
    }
    for (const KernelArg& arg : metadata_.args) {
        if (arg.kind != ArgKind::Input && arg.kind != ArgKind::Output) continue;
        auto it = buffers.find(arg.name);
        if (it == buffers.end() || !it->second)
            throw Error("kernel '" + kernel + "': no buffer given for the " + std::string(argKindName(arg.kind)) +
                        " argument '" + arg.name + "'");
        // OpenCL implementations need not detect a buffer of another context (PoCL runs the kernel).
        cl_context bufferContext = nullptr;
        check(clGetMemObjectInfo(it->second.get(), CL_MEM_CONTEXT, sizeof bufferContext, &bufferContext, nullptr),
              "clGetMemObjectInfo");
        if (bufferContext != kernel_.contextHandle())
            throw Error("kernel '" + kernel + "': the buffer for argument '" + arg.name +
                        "' belongs to another context than the kernel's");
        std::size_t needed = argBytes(arg.name, nats);
        if (it->second.bytes() < needed)
            throw Error("kernel '" + kernel + "': the buffer for argument '" + arg.name + "' has " +
                        std::to_string(it->second.bytes()) + " bytes but needs " + std::to_string(needed) +
                        " bytes ('" + arg.bytes.text() + "'" + natsText(arg.bytes, nats) + ")");
    }
    std::int64_t localBytes = metadata_.localBytes.evaluate(nats);
    std::size_t deviceLocal = kernel_.program().device().localMemBytes();
    if (localBytes > 0 && static_cast<std::size_t>(localBytes) > deviceLocal)
        throw Error("kernel '" + kernel + "' needs " + std::to_string(localBytes) +
                    " bytes of local memory but the device has " + std::to_string(deviceLocal));
}

const Buffer& LaunchableKernel::temporary(const Queue& queue, const KernelArg& arg, std::size_t bytes) {
    // A zero-byte request still gets a buffer: OpenCL refuses empty buffers and the argument must be set.
    bytes = std::max<std::size_t>(bytes, 1);
    auto it = temporaries_.find(arg.name);
    if (it == temporaries_.end() || it->second.bytes() < bytes) {
        Buffer fresh(queue.context(), bytes);
        // Poisoned (all bytes 0xff, NaN in every float format): a kernel that reads a temporary
        // before writing it computes NaN, never stale data. A host write of the whole buffer, not
        // clEnqueueFillBuffer: Oclgrind 21.10 records a fill as pattern-sized host stores and then
        // tracks only the first bytes of the buffer, and it keeps a released buffer's record for
        // the next buffer that gets its address; both make its uninitialized-value check report
        // values a kernel wrote itself.
        const std::vector<unsigned char> poison(bytes, 0xff);
        fresh.writeBytes(queue, poison.data(), poison.size());
        it = temporaries_.insert_or_assign(arg.name, std::move(fresh)).first;
    }
    return it->second;
}

const Buffer& LaunchableKernel::table(const Queue& queue, const KernelArg& arg) {
    auto it = tables_.find(arg.name);
    if (it == tables_.end()) {
        Buffer fresh(queue.context(), arg.data.size());
        fresh.writeBytes(queue, arg.data.data(), arg.data.size());
        it = tables_.insert_or_assign(arg.name, std::move(fresh)).first;
    }
    return it->second;
}

Event LaunchableKernel::launch(const Queue& queue, const NatValues& nats, const BufferArgs& buffers,
                               const LaunchOverrides& overrides, const ScalarArgs& scalars) {
    if (queue.device().id() != kernel_.program().device().id() || queue.context().get() != kernel_.contextHandle())
        throw Error("kernel '" + metadata_.kernel + "' was built in another context than the queue's (device '" +
                    kernel_.program().device().name() + "', queue on '" + queue.device().name() + "')");
    validate(nats, buffers, scalars);
    for (std::size_t i = 0; i < metadata_.args.size(); ++i) {
        const KernelArg& arg = metadata_.args[i];
        unsigned index = static_cast<unsigned>(i);
        switch (arg.kind) {
            case ArgKind::Input:
            case ArgKind::Output: kernel_.setArg(index, buffers.find(arg.name)->second); break;
            case ArgKind::Temporary:
                kernel_.setArg(index, temporary(queue, arg, argBytes(arg.name, nats)));
                break;
            case ArgKind::Table: kernel_.setArg(index, table(queue, arg)); break;
            case ArgKind::Nat: kernel_.setArg(index, static_cast<cl_int>(nats.find(arg.name)->second)); break;
            case ArgKind::Scalar: {
                const std::vector<unsigned char>& bytes = scalars.find(arg.name)->second;
                kernel_.setArgBytes(index, bytes.size(), bytes.data());
                break;
            }
        }
    }
    LaunchSizes sizes = launchSizes(nats);
    if (overrides.local) {
        if (metadata_.ndrange.localFixed && *overrides.local != sizes.local)
            throw Error("kernel '" + metadata_.kernel + "' only runs with the local size " + sizesText(sizes.local) +
                        ", not " + sizesText(*overrides.local));
        sizes.local = *overrides.local;
    }
    if (overrides.global) sizes.global = *overrides.global;
    if (overrides.global || overrides.local) sizes = normalizedLaunchSizes(sizes.global, sizes.local);
    return kernel_.enqueue(queue, sizes.global, sizes.local);
}

Event launchFromMetadata(const Queue& queue, ProgramCache& cache, const KernelMetadata& metadata,
                         const std::string& source, const NatValues& nats, const BufferArgs& buffers,
                         const std::string& options, const ScalarArgs& scalars) {
    LaunchableKernel kernel(cache, queue.context(), metadata, source, options);
    Event event = kernel.launch(queue, nats, buffers, {}, scalars);
    event.wait();
    return event;
}

}  // namespace liftcl::rt
