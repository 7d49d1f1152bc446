#include "runtime/fft_plan.hpp"

#include <type_traits>

#include "runtime/cl_error.hpp"
#include "runtime/error.hpp"
#include "runtime/fft_plan_registry.hpp"

namespace liftcl::rt {

namespace {

cl_context contextOf(const Buffer& buffer) {
    cl_context context = nullptr;
    check(clGetMemObjectInfo(buffer.get(), CL_MEM_CONTEXT, sizeof context, &context, nullptr), "clGetMemObjectInfo");
    return context;
}

std::string planName(const FftPlanDescription& d) {
    return "FFT plan (n=" + std::to_string(d.n) + ", batch=" + std::to_string(d.batch) + ", " +
           (d.precision == Precision::Double ? "double" : "float") + ")";
}

}  // namespace

FftPlan::FftPlan(ProgramCache& cache, const Context& context, FftPlanDescription description)
    : description_(std::move(description)), context_(context) {
    description_.validate();
    for (const auto& k : description_.kernels) {
        KernelMetadata meta = parseKernelMetadata(k.metadata, k.name + ".json");
        if (meta.precision != description_.precision)
            throw Error(planName(description_) + ": kernel '" + k.name + "' computes in " +
                        (meta.precision == Precision::Double ? "double" : "float") + " precision");
        kernels_.emplace_back(cache, context_, std::move(meta), k.source);
    }
}

FftPlan FftPlan::load(ProgramCache& cache, const Context& context, const std::filesystem::path& directory) {
    return FftPlan(cache, context, loadFftPlanDirectory(directory));
}

FftPlan FftPlan::create(ProgramCache& cache, const Context& context, const FftDescriptor& descriptor) {
    return FftPlan(cache, context, findEmbeddedFftPlan(descriptor));
}

void FftPlan::checkBuffer(const Buffer& buffer, const std::string& role) const {
    if (!buffer) throw Error(planName(description_) + ": the " + role + " buffer is empty");
    if (buffer.bytes() < description_.bufferBytes())
        throw Error(planName(description_) + ": the " + role + " buffer has " + std::to_string(buffer.bytes()) +
                    " bytes but needs " + std::to_string(description_.bufferBytes()) + " (n*batch complex values)");
    if (contextOf(buffer) != context_.get())
        throw Error(planName(description_) + ": the " + role + " buffer belongs to another OpenCL context");
}

const Buffer& FftPlan::temporary(std::size_t index) {
    while (temporaries_.size() <= index) temporaries_.emplace_back(context_, description_.bufferBytes());
    return temporaries_[index];
}

LaunchableKernel& FftPlan::kernelOf(const std::string& name) {
    for (std::size_t i = 0; i < description_.kernels.size(); ++i)
        if (description_.kernels[i].name == name) return kernels_[i];
    throw Error(planName(description_) + ": no kernel named '" + name + "'");
}

FftExecution FftPlan::execute(const Queue& queue, const Buffer& in, const Buffer& out) {
    if (queue.context().get() != context_.get())
        throw Error(planName(description_) + ": the queue belongs to another OpenCL context than the plan");
    checkBuffer(in, "input");
    checkBuffer(out, "output");
    const bool inPlace = in.get() == out.get();
    const std::size_t t = description_.steps.size();
    // Destination of step i (0-based): the last step writes `out`, and the steps before it
    // alternate with a temporary, so no step reads the buffer it writes. In place with an odd
    // number of steps the first step cannot write `out` (it is the input), so it writes a second
    // temporary; a single step in place goes through a temporary and a copy.
    auto destination = [&](std::size_t i) -> const Buffer& {
        const bool toOut = (t - 1 - i) % 2 == 0;
        if (!inPlace || t % 2 == 0) return toOut ? out : temporary(0);
        if (i == 0) return temporary(t == 1 ? 0 : 1);
        return toOut ? out : temporary(0);
    };
    const std::size_t temporariesNeeded = t == 1 ? (inPlace ? 1 : 0) : (inPlace && t % 2 == 1 ? 2 : 1);
    if (temporariesNeeded > 0) temporary(temporariesNeeded - 1);  // allocate before taking references
    FftExecution execution;
    const Buffer* source = &in;
    for (std::size_t i = 0; i < t; ++i) {
        const FftPlanStep& step = description_.steps[i];
        const Buffer& target = destination(i);
        BufferArgs buffers;
        buffers.emplace(step.inputArg, *source);
        buffers.emplace(step.outputArg, target);
        Event e = kernelOf(step.kernel).launch(queue, step.nats, buffers);
        if (i == 0) execution.first = e;
        execution.last = e;
        source = &target;
    }
    if (source->get() != out.get()) execution.last = out.copyFrom(queue, *source, description_.bufferBytes());
    return execution;
}

template <typename Real>
std::vector<std::complex<Real>> FftPlan::executeHost(const Queue& queue, const std::vector<std::complex<Real>>& host) {
    const bool isDouble = std::is_same_v<Real, double>;
    if (isDouble != (description_.precision == Precision::Double))
        throw Error(planName(description_) + ": host data of std::complex<" + (isDouble ? "double" : "float") +
                    "> does not match the plan's precision");
    const std::size_t count = static_cast<std::size_t>(description_.n) * static_cast<std::size_t>(description_.batch);
    if (host.size() != count)
        throw Error(planName(description_) + ": the host input has " + std::to_string(host.size()) +
                    " values but needs n*batch = " + std::to_string(count));
    Buffer in(context_, description_.bufferBytes());
    in.write(queue, host);
    Buffer out = description_.inPlace ? in : Buffer(context_, description_.bufferBytes());
    execute(queue, in, out);
    std::vector<std::complex<Real>> result(count);
    out.readBytes(queue, result.data(), description_.bufferBytes());
    return result;
}

std::vector<std::complex<float>> FftPlan::execute(const Queue& queue, const std::vector<std::complex<float>>& host) {
    return executeHost(queue, host);
}

std::vector<std::complex<double>> FftPlan::execute(const Queue& queue, const std::vector<std::complex<double>>& host) {
    return executeHost(queue, host);
}

}  // namespace liftcl::rt
