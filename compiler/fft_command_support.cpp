#include "compiler/fft_command_support.hpp"

#include <fstream>
#include <iostream>

#include "compiler/stage_printer.hpp"
#include "fft/fft_plan_cpp_emitter.hpp"
#include "fft/fft_planner.hpp"
#include "ir/error.hpp"
#include "ir/number_format.hpp"
#include "ir/statistics.hpp"

namespace liftcl::cli {

void printPlanStages(const fft::FftRequest& request) {
    StagePrinter stages(std::cout, true);
    const fft::PassObserver printPass([&](const fft::PassProgram& pass) {
        stages.program("pass " + pass.name + ": composed", pass.program);
        const ir::Program lowered =
            pass.strategy.empty() ? pass.program : stages.applyStrategy(pass.program, pass.strategy);
        stages.generate(lowered, pass.options);
    });
    (void)fft::planFft(request);
}

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

void printStepProfile(rt::FftPlan& plan, const rt::Queue& queue, const rt::Buffer& in, const rt::Buffer& out,
                      int repeat, double planSeconds) {
    const auto& steps = plan.description().steps;
    std::vector<std::vector<double>> times(steps.size());
    for (int i = 0; i < repeat; ++i) {
        const rt::FftExecution e = plan.execute(queue, in, out);
        for (std::size_t k = 0; k < e.kernels.size() && k < times.size(); ++k)
            times[k].push_back(static_cast<double>(e.kernels[k].durationNs()) * 1e-3);
    }
    for (std::size_t k = 0; k < steps.size(); ++k) {
        const double us = times[k].empty() ? 0.0 : ir::median(times[k]);
        const double share = planSeconds > 0 ? 1e-4 * us / planSeconds : 0.0;
        std::cout << "  step " << k << " " << steps[k].kernel << ": " << ir::formatNumber(us, "%.1f") << " us ("
                  << ir::formatNumber(share, "%.1f") << "% of the plan)\n";
    }
}

}  // namespace liftcl::cli
