// liftcl random-program --seed S [--count N] [--print] [--run] [--precision f32|f64]
// Reproduces the randomized end-to-end suite's trials (compiler/random_program_trial.hpp): for
// seeds S..S+N-1 it generates the random program, lowers it by the seed's random legal strategy and
// generates its kernel; --run also runs it on the default OpenCL device (LIFTCL_DEVICE chooses
// another) and compares with the interpreter. One line per seed:
//   seed=S outcome=passed|skipped|failed stage=... strategy="..." [max_abs_error=E]
// then the reason of a skip or failure. --print adds the program, its lowered form and the kernel.
// The exit status is 1 when any trial failed.
#include <cstdint>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "compiler/commands.hpp"
#include "compiler/common_options.hpp"
#include "compiler/random_program_trial.hpp"
#include "ir/error.hpp"
#include "ir/precision.hpp"
#include "runtime/runtime.hpp"

namespace liftcl::cli {

namespace {

struct RandomProgramOptions {
    std::int64_t seed = 0;  // signed, so that a negative seed is refused rather than wrapped
    std::int64_t count = 1;
    bool print = false;
    bool run = false;
    std::string precision = "f64";
};

void report(const RandomProgramTrial& t, bool print) {
    std::cout << "seed=" << t.seed << " outcome=" << trialOutcomeName(t.outcome) << " stage=" << t.stage
              << " strategy=\"" << t.strategy << "\" codegen_refusals=" << t.codegenRefusals;
    if (t.ran) std::cout << " max_abs_error=" << t.maxAbsError << " tolerance=" << t.tolerance;
    std::cout << "\n";
    if (!t.reason.empty()) std::cout << "  " << t.reason << "\n";
    if (!print) return;
    std::cout << "-- program\n" << t.program << "\n";
    if (!t.lowered.empty()) std::cout << "-- lowered by " << t.strategy << "\n" << t.lowered << "\n";
    if (!t.kernelSource.empty()) std::cout << "-- kernel\n" << t.kernelSource << "\n";
}

void runRandomProgram(const RandomProgramOptions& o) {
    const ir::ScalarKind precision = ir::parsePrecision(o.precision, "--precision");
    if (o.seed < 0) throw Error("--seed must be a non-negative integer, found " + std::to_string(o.seed));
    if (o.count < 1 || o.count > 100000) throw Error("--count must be between 1 and 100000");

    std::optional<rt::Device> device;
    std::optional<rt::Context> context;
    std::optional<rt::Queue> queue;
    std::optional<rt::ProgramCache> cache;
    std::optional<TrialDevice> trialDevice;
    if (o.run) {
        device = rt::chooseDevice(rt::deviceSpecFromEnvironment().value_or(""));
        if (precision == ir::ScalarKind::Double && !device->supportsFp64())
            throw Error("the device " + device->name() + " has no fp64 support; use --precision f32");
        context.emplace(*device);
        queue.emplace(*context);
        cache.emplace(std::nullopt);  // random kernels are not worth keeping on disk
        trialDevice.emplace(TrialDevice{*queue, *cache});
    }
    std::int64_t failed = 0, skipped = 0;
    for (std::int64_t k = 0; k < o.count; ++k) {
        const RandomProgramTrial t = runRandomProgramTrial(static_cast<std::uint64_t>(o.seed + k),
                                                           trialDevice ? &*trialDevice : nullptr, precision);
        report(t, o.print);
        failed += t.outcome == TrialOutcome::Failed;
        skipped += t.outcome == TrialOutcome::Skipped;
    }
    if (o.count > 1)
        std::cout << "trials=" << o.count << " passed=" << o.count - failed - skipped << " skipped=" << skipped
                  << " failed=" << failed << "\n";
    if (failed) throw Error(std::to_string(failed) + " random program trial(s) failed");
}

}  // namespace

void addRandomProgramCommand(CLI::App& app) {
    auto opts = std::make_shared<RandomProgramOptions>();
    auto* cmd = app.add_subcommand("random-program",
                                   "Generate, lower and compile a random program by seed (and run and check it)");
    cmd->add_option("--seed", opts->seed, "seed of the program and of its lowering")->required();
    cmd->add_option("--count", opts->count, "number of consecutive seeds (default 1)");
    cmd->add_flag("--print", opts->print, "print the program, its lowered form and the kernel");
    cmd->add_flag("--run", opts->run, "run on the OpenCL device and compare with the interpreter");
    addPrecisionOption(*cmd, opts->precision);
    cmd->callback([opts] { runRandomProgram(*opts); });
}

}  // namespace liftcl::cli
