// libFuzzer target over the plan.json loader (rt::fftPlanFromJson, runtime/fft/fft_plan_description.hpp):
// bytes as plan.json text whose kernels are those of the seeds' plan (fuzz/fft_plan_json/seeds/:
// n=64 fp64 Stockham, radices 8,8), planned once when the fuzzer starts rather than committed. Only rt::Error (a refused file) may leave the runtime; a plan it accepts must write
// back to plan.json that loads to the same text (PlanJsonBug otherwise). Any other exception or
// sanitizer report aborts, and libFuzzer saves the input.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>

#include <unistd.h>

#include "fft/fft_planner.hpp"
#include "runtime/error.hpp"
#include "runtime/fft/fft_plan_description.hpp"

namespace {

struct PlanJsonBug : std::logic_error {
    using std::logic_error::logic_error;
};

// The seeds' kernels, written by the FFT planner into a directory of this process.
std::filesystem::path planKernels() {
    liftcl::fft::FftRequest request;
    request.n = 64;
    request.method = "stockham";
    request.radices = {8, 8};
    request.precision = liftcl::ir::ScalarKind::Double;
    const auto directory =
        std::filesystem::temp_directory_path() / ("liftcl_fuzz_plan_kernels_" + std::to_string(::getpid()));
    liftcl::rt::writeFftPlanDirectory(liftcl::fft::planFft(request), directory);
    return directory;
}

const std::filesystem::path kKernels = planKernels();

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    liftcl::rt::FftPlanDescription plan;
    try {
        plan = liftcl::rt::fftPlanFromJson(text, "fuzz plan.json", kKernels);
    } catch (const liftcl::rt::Error&) {
        return 0;  // refused with a message: fine
    }
    const std::string written = liftcl::rt::fftPlanToJson(plan);
    std::string rewritten;
    try {
        rewritten = liftcl::rt::fftPlanToJson(liftcl::rt::fftPlanFromJson(written, "written plan.json", kKernels));
    } catch (const liftcl::rt::Error& e) {
        throw PlanJsonBug(std::string("an accepted plan does not load once written: ") + e.what());
    }
    if (rewritten != written) throw PlanJsonBug("an accepted plan changes when written and loaded again");
    return 0;
}
