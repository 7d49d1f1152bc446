#include "compiler/fft_command_support.hpp"

#include <fstream>
#include <iostream>

#include "fft/fft_plan_cpp_emitter.hpp"
#include "ir/error.hpp"
#include "ir/statistics.hpp"

namespace liftcl::cli {

void emitPlan(const rt::FftPlanDescription& description, const std::string& emitDirectory, const std::string& emitCpp) {
    if (!emitDirectory.empty()) {
        rt::writeFftPlanDirectory(description, emitDirectory);
        std::cout << "wrote " << emitDirectory << "/plan.json and " << description.kernels.size() << " kernels\n";
    }
    if (!emitCpp.empty()) {
        std::ofstream out(emitCpp, std::ios::binary | std::ios::trunc);
        out << fft::fftPlanCppSource(description);
        if (!out) throw Error("--emit-cpp: cannot write " + emitCpp);
        std::cout << "wrote " << emitCpp << "\n";
    }
}

double medianPlanSeconds(rt::FftPlan& plan, const rt::Queue& queue, const rt::Buffer& in, const rt::Buffer& out,
                         int repeat) {
    plan.execute(queue, in, out);
    queue.finish();
    std::vector<double> times;
    for (int i = 0; i < repeat; ++i) times.push_back(static_cast<double>(plan.execute(queue, in, out).nanoseconds()));
    return ir::median(times) * 1e-9;
}

}  // namespace liftcl::cli
