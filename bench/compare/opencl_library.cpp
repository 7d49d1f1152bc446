#include "bench/compare/opencl_library.hpp"

#include <algorithm>
#include <limits>

#include "bench/lib/bench_buffers.hpp"
#include "runtime/device_selection.hpp"

namespace liftcl::bench {

OpenClLibrary::OpenClLibrary() : context_(rt::chooseDevice()), queue_(context_), timer_(context_) {}

std::string OpenClLibrary::device() const {
    const rt::Device& d = context_.device();
    return d.name() + " (" + d.platformName() + ", " + d.version() + ", driver " + d.driverVersion() + ")";
}

std::int64_t OpenClLibrary::memoryBytes() const { return static_cast<std::int64_t>(context_.device().globalMemBytes()); }

std::int64_t OpenClLibrary::maxBufferBytes() const {
    return static_cast<std::int64_t>(context_.device().maxAllocBytes());
}

std::string OpenClLibrary::prepare(const BenchCase& c) {
    case_ = c;
    if (c.isDouble && !context_.device().supportsFp64()) return "skipped: the device has no fp64 (cl_khr_fp64)";
    const std::size_t bytes = static_cast<std::size_t>(c.bytes());
    output_ = rt::Buffer(context_, bytes);
    if (inPlace()) {
        upload(output_);
    } else {
        input_ = rt::Buffer(context_, bytes);
        upload(input_);
        output_.fill(queue_, std::numeric_limits<float>::quiet_NaN());  // a transform that writes nothing fails
    }
    queue_.finish();
    return plan(c);
}

std::vector<double> OpenClLibrary::time(int repetitions, int warmup) {
    std::vector<double> ms = timer_.time(queue_, [this] { enqueue(); }, repetitions, warmup);
    if (inPlace()) {
        // The timed executions transformed the data again and again: one transform of the input
        // for the check.
        upload(output_);
        enqueue();
        queue_.finish();
    }
    return ms;
}

void OpenClLibrary::upload(const rt::Buffer& buffer) {
    if (case_.real && paddedRealInput()) uploadPaddedRealInput(queue_, buffer, case_);
    else uploadInput(queue_, buffer, case_);
}

std::vector<std::complex<double>> OpenClLibrary::readTransform(std::int64_t index) {
    return bench::readTransform(queue_, output_, case_, index);
}

void OpenClLibrary::release() {
    destroyPlan();
    input_ = rt::Buffer();
    output_ = rt::Buffer();
}

std::vector<double> OpenClLibrary::timeCopy(std::int64_t bytes, int repetitions, int warmup) {
    const rt::Buffer source(context_, static_cast<std::size_t>(bytes));
    const rt::Buffer target(context_, static_cast<std::size_t>(bytes));
    source.fill(queue_, 1.0f);
    return timer_.time(queue_, [&] { target.copyFrom(queue_, source); }, repetitions, warmup);
}

}  // namespace liftcl::bench
