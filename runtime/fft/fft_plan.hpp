// Executes an FFT plan (runtime/fft/fft_plan_description.hpp) on one OpenCL context: builds its
// kernels once (through the program cache), then runs its steps on device buffers, ping-ponging
// through temporaries it owns, out of place (the input is left unchanged) or in place. The
// constant tables of a Bluestein plan (runtime/fft/fft_tables.hpp) are computed and uploaded once, at
// the first execution; its temporaries hold the padded size (workN).
//
//   rt::FftPlan plan(cache, context, rt::loadFftPlanDirectory("plan-dir"));
//   rt::FftPlan plan = rt::FftPlan::create(cache, context, {1024, 8, rt::Precision::Float});  // embedded
//   rt::FftExecution e = plan.execute(queue, in, out);   // in == out: in place
//   std::vector<std::complex<double>> y = plan.execute(queue, x);  // host to host
//   double ms = e.milliseconds();  // first kernel's start to last kernel's end
#pragma once

#include <complex>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "runtime/buffer.hpp"
#include "runtime/context.hpp"
#include "runtime/event.hpp"
#include "runtime/fft/fft_descriptor.hpp"
#include "runtime/fft/fft_layout.hpp"
#include "runtime/fft/fft_plan_description.hpp"
#include "runtime/launchable_kernel.hpp"
#include "runtime/program_cache.hpp"
#include "runtime/queue.hpp"

namespace liftcl::rt {

// The events of one execution, for timing with profiling: from the start of the first command to
// the end of the last one (a copy included when an in-place plan of one pass needs it).
struct FftExecution {
    Event first;
    Event last;
    std::vector<Event> kernels;  // each step's kernel, in the description's step order (a profile)
    std::uint64_t nanoseconds() const { return Event::spanNs(first, last); }
    double milliseconds() const { return static_cast<double>(nanoseconds()) * 1e-6; }
};

class FftPlan {
public:
    // Validates the description and builds its kernels for the context's device (a double
    // precision plan on a device without cl_khr_fp64 is refused).
    FftPlan(ProgramCache& cache, const Context& context, FftPlanDescription description);
    static FftPlan load(ProgramCache& cache, const Context& context, const std::filesystem::path& directory);
    // The plan embedded in the application for the descriptor (runtime/fft/fft_plan_registry.hpp);
    // throws rt::Error naming the descriptor and listing the embedded plans when none computes it.
    static FftPlan create(ProgramCache& cache, const Context& context, const FftDescriptor& descriptor);

    const FftPlanDescription& description() const { return description_; }
    // The plan's kernels, in the order of the description's kernel list.
    const std::vector<LaunchableKernel>& kernels() const { return kernels_; }
    const Context& context() const { return context_; }

    // Reads and writes the buffers of execute(queue, in, out) in the descriptor's advanced layout
    // (runtime/fft/fft_layout.hpp; create() does this). Throws rt::Error when the descriptor's
    // transform is not the plan's or the layout is invalid, naming the field.
    void useLayout(const FftDescriptor& descriptor);
    const FftLayout& layout() const { return layout_; }
    // Enqueues the transform of `in` into `out` (packed: at least description().inputBytes() and
    // outputBytes(); another layout: its span; the same buffer for an in-place transform) and
    // returns without waiting. Throws rt::Error when a buffer is too small or belongs to another
    // context, or the queue does.
    FftExecution execute(const Queue& queue, const Buffer& in, const Buffer& out);
    // In place.
    FftExecution execute(const Queue& queue, const Buffer& data) { return execute(queue, data, data); }

    // Host to host: n*batch values (transform after transform) in, the same count out; waits.
    // The element type must match the plan's precision.
    std::vector<std::complex<float>> execute(const Queue& queue, const std::vector<std::complex<float>>& host);
    std::vector<std::complex<double>> execute(const Queue& queue, const std::vector<std::complex<double>>& host);

    // Host to host for real plans (description().real): a forward plan takes n*batch real values
    // and returns the half spectra, an inverse plan the reverse.
    std::vector<std::complex<float>> executeReal(const Queue& queue, const std::vector<float>& host);
    std::vector<std::complex<double>> executeReal(const Queue& queue, const std::vector<double>& host);
    std::vector<float> executeRealInverse(const Queue& queue, const std::vector<std::complex<float>>& host);
    std::vector<double> executeRealInverse(const Queue& queue, const std::vector<std::complex<double>>& host);

private:
    template <typename Out, typename In>
    std::vector<Out> executeHostAs(const Queue& queue, const std::vector<In>& host, bool realForward, bool realInverse);
    template <typename Real>
    std::vector<std::complex<Real>> executeHost(const Queue& queue, const std::vector<std::complex<Real>>& host);
    FftExecution executePacked(const Queue& queue, const Buffer& in, const Buffer& out);
    void checkBuffer(const Buffer& buffer, const std::string& role, std::size_t bytes) const;
    void checkDeviceMemory() const;  // throws rt::Error naming the size and the bytes needed
    const Buffer& temporary(std::size_t index);
    void poisonTemporariesFrom(const Queue& queue, std::size_t first);
    LaunchableKernel& kernelOf(const std::string& name);
    const Buffer& tableBuffer(const Queue& queue, const std::string& name);

    FftPlanDescription description_;
    Context context_;
    std::vector<LaunchableKernel> kernels_;
    std::vector<Buffer> temporaries_;  // allocated on first use
    FftLayout layout_;                  // packed unless useLayout
    Buffer packedIn_, packedOut_;       // staging of another layout, allocated on first use
    std::map<std::string, Buffer> tables_;  // computed and uploaded on first use
};

}  // namespace liftcl::rt
