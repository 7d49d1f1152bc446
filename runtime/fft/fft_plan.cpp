#include "runtime/fft/fft_plan.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>
#include <type_traits>

#include "runtime/cl_error.hpp"
#include "runtime/error.hpp"
#include "runtime/fft/fft_plan_registry.hpp"
#include "runtime/fft/fft_tables.hpp"

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
    checkDeviceMemory();
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
    descriptor.validateLayout();
    FftPlan plan(cache, context, findEmbeddedFftPlan(descriptor));
    plan.useLayout(descriptor);
    return plan;
}

void FftPlan::useLayout(const FftDescriptor& descriptor) {
    if (!descriptor.sameTransform(FftDescriptor::of(description_)))
        throw Error("the layout of FFT " + descriptor.text() + " given to the plan of " + planName(description_) +
                    ", another transform");
    layout_ = resolveFftLayout(descriptor);
}

void FftPlan::checkDeviceMemory() const {
    // Input, output, up to two temporaries and the tables, against the device's global memory.
    std::size_t needed = 2 * description_.bufferBytes() + 2 * description_.temporaryBytes();
    for (const auto& t : description_.tables) needed += static_cast<std::size_t>(t.length) * description_.complexBytes();
    const std::size_t available = context_.device().globalMemBytes();
    constexpr double kMiB = 1024.0 * 1024.0;
    if (needed > available)
        throw Error(planName(description_) + " needs " + std::to_string(static_cast<long long>(needed / kMiB)) +
                    " MiB of device memory (input, output, temporaries" +
                    (description_.workN > description_.n ? " of padded size " + std::to_string(description_.workN) : "") +
                    ", tables) but " + context_.device().name() + " has " +
                    std::to_string(static_cast<long long>(available / kMiB)) + " MiB");
}

void FftPlan::checkBuffer(const Buffer& buffer, const std::string& role, std::size_t bytes) const {
    if (!buffer) throw Error(planName(description_) + ": the " + role + " buffer is empty");
    if (buffer.bytes() < bytes)
        throw Error(planName(description_) + ": the " + role + " buffer has " + std::to_string(buffer.bytes()) +
                    " bytes but needs " + std::to_string(bytes) +
                    (description_.real ? " (its real values or half spectra)" : " (n*batch complex values)"));
    if (contextOf(buffer) != context_.get())
        throw Error(planName(description_) + ": the " + role + " buffer belongs to another OpenCL context");
}

const Buffer& FftPlan::temporary(std::size_t index) {
    while (temporaries_.size() <= index) temporaries_.emplace_back(context_, description_.temporaryBytes());
    return temporaries_[index];
}

// LIFTCL_POISON_TEMPORARIES=1 (the test suites): new temporaries start as NaN (all bits set), by a
// full host write, so a step that reads what no step wrote gives NaN results instead of whatever
// the memory held (and Oclgrind, which records clEnqueueFillBuffer wrongly, sees them written).
void FftPlan::poisonTemporariesFrom(const Queue& queue, std::size_t first) {
    static const bool poison = [] {
        const char* value = std::getenv("LIFTCL_POISON_TEMPORARIES");
        return value != nullptr && std::string(value) == "1";
    }();
    if (!poison) return;
    for (std::size_t i = first; i < temporaries_.size(); ++i) {
        const std::vector<unsigned char> nan(temporaries_[i].bytes(), 0xFF);
        temporaries_[i].writeBytes(queue, nan.data(), nan.size());
    }
}

const Buffer& FftPlan::tableBuffer(const Queue& queue, const std::string& name) {
    if (auto it = tables_.find(name); it != tables_.end()) return it->second;
    const std::vector<std::complex<long double>> values = fftTableValues(description_, description_.table(name));
    Buffer buffer(context_, values.size() * description_.complexBytes());
    auto upload = [&](auto real) {
        using Real = decltype(real);
        std::vector<std::complex<Real>> rounded(values.size());
        for (std::size_t i = 0; i < values.size(); ++i)
            rounded[i] = {static_cast<Real>(values[i].real()), static_cast<Real>(values[i].imag())};
        buffer.write(queue, rounded);
    };
    if (description_.precision == Precision::Double) upload(double{});
    else upload(float{});
    return tables_.emplace(name, std::move(buffer)).first->second;
}

LaunchableKernel& FftPlan::kernelOf(const std::string& name) {
    for (std::size_t i = 0; i < description_.kernels.size(); ++i)
        if (description_.kernels[i].name == name) return kernels_[i];
    throw Error(planName(description_) + ": no kernel named '" + name + "'");
}

FftExecution FftPlan::execute(const Queue& queue, const Buffer& in, const Buffer& out) {
    if (queue.context().get() != context_.get())
        throw Error(planName(description_) + ": the queue belongs to another OpenCL context than the plan");
    if (layout_.input.extents.empty() || layout_.packed()) return executePacked(queue, in, out);
    // Another layout: gathered into a packed input, scattered from a packed output (in place too:
    // the staging buffers are the plan's own).
    const std::int64_t batch = description_.batch;
    checkBuffer(in, "input", layout_.input.spanBytes(batch));
    checkBuffer(out, "output", layout_.output.spanBytes(batch));
    FftExecution execution;
    const Buffer* source = &in;
    if (!layout_.input.packed()) {
        if (!packedIn_) packedIn_ = Buffer(context_, description_.inputBytes());
        const CopyEvents gather = copyLaidOut(queue, in, layout_.input, packedIn_, packedLayoutOf(layout_.input), batch);
        execution.first = gather.first;
        source = &packedIn_;
    }
    const bool scatter = !layout_.output.packed();
    if (scatter && !packedOut_) packedOut_ = Buffer(context_, description_.outputBytes());
    const FftExecution run = executePacked(queue, *source, scatter ? packedOut_ : out);
    if (!execution.first.get()) execution.first = run.first;
    execution.last = run.last;
    execution.kernels = run.kernels;
    if (scatter)
        execution.last = copyLaidOut(queue, packedOut_, packedLayoutOf(layout_.output), out, layout_.output, batch).last;
    return execution;
}

FftExecution FftPlan::executePacked(const Queue& queue, const Buffer& in, const Buffer& out) {
    checkBuffer(in, "input", description_.inputBytes());
    checkBuffer(out, "output", description_.outputBytes());
    const bool inPlace = in.get() == out.get();
    const std::size_t t = description_.steps.size();
    // A plan whose temporaries are larger than n (Bluestein's padded size) runs every step but the
    // last into them, alternating two, and only the last into `out` (which is n*batch): so in
    // place or not, the input is read by the first step only.
    const bool padded = description_.workN > description_.n;
    // Destination of step i (0-based): the last step writes `out`, and the steps before it
    // alternate with a temporary, so no step reads the buffer it writes. In place with an odd
    // number of steps the first step cannot write `out` (it is the input), so it writes a second
    // temporary.
    // A real plan's input or output is smaller than its complex intermediates: only its last step
    // writes `out`, the others alternate between two temporaries.
    const bool outHoldsIntermediates = description_.outputBytes() == description_.bufferBytes();
    // A single step in place runs on the one buffer where its kernel may (FftPlanStep::inPlace),
    // else into a temporary and then the copy, complex or real.
    const bool stepInPlace = inPlace && t == 1 && description_.steps[0].inPlace;
    const bool throughTemporary = inPlace && t == 1 && !stepInPlace;
    auto destination = [&](std::size_t i) -> const Buffer& {
        if (stepInPlace) return out;
        if (throughTemporary) return temporary(0);
        if (padded || !outHoldsIntermediates) return i + 1 == t ? out : temporary(i % 2);
        const bool toOut = (t - 1 - i) % 2 == 0;
        if (!inPlace || t % 2 == 0) return toOut ? out : temporary(0);
        if (i == 0) return temporary(1);
        return toOut ? out : temporary(0);
    };
    const std::size_t temporariesNeeded = stepInPlace                        ? 0
                                          : throughTemporary                   ? 1
                                          : padded || !outHoldsIntermediates ? std::min<std::size_t>(t - 1, 2)
                                          : t == 1                             ? 0
                                                                               : (inPlace && t % 2 == 1 ? 2 : 1);
    if (padded && t < 2) throw Error(planName(description_) + ": a plan with work_n > n needs at least two steps");
    if (temporariesNeeded > 0) {  // allocate before taking references
        const std::size_t allocated = temporaries_.size();
        temporary(temporariesNeeded - 1);
        poisonTemporariesFrom(queue, allocated);
    }
    FftExecution execution;
    const Buffer* source = &in;
    for (std::size_t i = 0; i < t; ++i) {
        const FftPlanStep& step = description_.steps[i];
        const Buffer& target = destination(i);
        BufferArgs buffers;
        buffers.emplace(step.inputArg, *source);
        buffers.emplace(step.outputArg, target);
        for (const auto& [arg, table] : step.tables) buffers.emplace(arg, tableBuffer(queue, table));
        Event e = kernelOf(step.kernel).launch(queue, step.nats, buffers);
        if (i == 0) execution.first = e;
        execution.last = e;
        execution.kernels.push_back(e);
        source = &target;
    }
    if (source->get() != out.get()) execution.last = out.copyFrom(queue, *source, description_.outputBytes());
    return execution;
}

template <typename Out, typename In>
std::vector<Out> FftPlan::executeHostAs(const Queue& queue, const std::vector<In>& host, bool realForward,
                                        bool realInverse) {
    const FftPlanDescription& d = description_;
    const bool isDouble = std::is_same_v<In, double> || std::is_same_v<In, std::complex<double>>;
    if (isDouble != (d.precision == Precision::Double))
        throw Error(planName(d) + ": host data of " + (isDouble ? "double" : "float") +
                    " values does not match the plan's precision");
    const bool forward = d.direction == FftDirection::Forward;
    if (!d.real || forward != realForward || !forward != realInverse)
        throw Error(planName(d) + std::string(": host data of this kind needs a real ") +
                    (realForward ? "forward" : "inverse") + " plan");
    if (host.size() * sizeof(In) != d.inputBytes())
        throw Error(planName(d) + ": the host input has " + std::to_string(host.size()) + " values but needs " +
                    std::to_string(d.inputBytes() / sizeof(In)));
    const std::size_t bytes = std::max(d.inputBytes(), d.outputBytes());
    Buffer in(context_, bytes);
    in.writeBytes(queue, host.data(), d.inputBytes());
    Buffer out = d.inPlace ? in : Buffer(context_, bytes);
    execute(queue, in, out);
    std::vector<Out> result(d.outputBytes() / sizeof(Out));
    out.readBytes(queue, result.data(), d.outputBytes());
    return result;
}

std::vector<std::complex<float>> FftPlan::executeReal(const Queue& queue, const std::vector<float>& host) {
    return executeHostAs<std::complex<float>>(queue, host, true, false);
}
std::vector<std::complex<double>> FftPlan::executeReal(const Queue& queue, const std::vector<double>& host) {
    return executeHostAs<std::complex<double>>(queue, host, true, false);
}
std::vector<float> FftPlan::executeRealInverse(const Queue& queue, const std::vector<std::complex<float>>& host) {
    return executeHostAs<float>(queue, host, false, true);
}
std::vector<double> FftPlan::executeRealInverse(const Queue& queue, const std::vector<std::complex<double>>& host) {
    return executeHostAs<double>(queue, host, false, true);
}

template <typename Real>
std::vector<std::complex<Real>> FftPlan::executeHost(const Queue& queue, const std::vector<std::complex<Real>>& host) {
    const bool isDouble = std::is_same_v<Real, double>;
    if (isDouble != (description_.precision == Precision::Double))
        throw Error(planName(description_) + ": host data of std::complex<" + (isDouble ? "double" : "float") +
                    "> does not match the plan's precision");
    if (description_.real)
        throw Error(planName(description_) + ": a real plan takes real values or half spectra (executeReal)");
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
