// Randomized end to end: random well-typed programs (ir/random_program.hpp), lowered by random
// legal strategies (rewrite/random_lowering.hpp), compiled, run on the OpenCL device (PoCL in CI)
// and compared with the interpreter. A fixed seed set; `liftcl random-program --seed S --run
// --print` reproduces any seed. Programs the code generator refuses with a liftcl::Error count as
// skipped (their rate is printed and bounded); a wrong answer, a kernel that does not build, a
// runtime error or any other exception fails the test.
#include <doctest/doctest.h>

#include <iostream>
#include <map>
#include <set>

#include "support/kernel_harness.hpp"
#include "support/quick_mode.hpp"
#include "compiler/random_program_trial.hpp"
#include "ir/random_program.hpp"
#include "ir/parser.hpp"
#include "ir/printer.hpp"

using namespace liftcl;

namespace {

constexpr std::uint64_t kFirstSeed = 1;
// Quick mode (tests/support/quick_mode.hpp): the first 30 seeds.
const std::uint64_t kSeeds = liftcl::testing::fullOrQuick<std::uint64_t>(60, 30);

// Found by this suite (then seed 4 of an earlier generator, lowered by "fuse ; lower-global"): two
// mapGlb phases in one kernel, the second reading through a slide elements of the first that other
// work-items write, with no global barrier between them. It gave a wrong answer; the code generator
// must refuse it (or compute it correctly).
const char* kCrossWorkItemRace =
    "def race = \\(x: [double]4, y1: [double]1, y2: [double]1) => "
    "mapGlb((((\\row6 => mapSeq(toGlobal(\\q7 => mul(q7.0, q7.1)), zip(y2, row6))) o "
    "(\\row4 => mapSeq(toPrivate(\\q5 => mul(q5.0, q5.1)), zip(y1, row4)))) o reduceSeq(add, 0.0)) o "
    "mapSeq(toPrivate(\\t3 => mul(t3, t3))), "
    "slide(4, 3, (\\row0 => mapGlb((\\t2 => mul(t2, t2)) o (\\t1 => add(t1, 0.5)), row0))(x)))\n";

}  // namespace

TEST_CASE("the random program generator is deterministic and varied") {
    std::set<std::string> distinct;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        const std::string a = ir::printProgram(ir::randomProgram(seed, "p"));
        CHECK(a == ir::printProgram(ir::randomProgram(seed, "p")));
        distinct.insert(a);
    }
    CHECK(distinct.size() >= 18);
}

TEST_CASE("regression: mapGlb phases exchanging data across work-items are refused or correct") {
    const ir::Module module = ir::parseModule(kCrossWorkItemRace, "race.lift");
    const ir::Program program = ir::elaborateDefinition(module, "race", {});
    codegen::GeneratedKernel kernel;
    try {
        kernel = codegen::generateKernel(program);
    } catch (const Error& e) {
        CHECK(std::string(e.what()).find("work-items") != std::string::npos);
        return;
    }
    CHECK(testing::kernelErrorOnRandomInputs(kernel, program, 40) <= 1e-12);
}

TEST_CASE("random programs: kernels equal the interpreter for a fixed seed set") {
    auto& dev = testing::DeviceFixture::get();
    if (!dev.device.supportsFp64()) {
        MESSAGE("the device has no fp64; the random program suite needs it");
        return;
    }
    const cli::TrialDevice device{dev.queue, dev.cache};
    std::map<std::string, int> byOutcome, skippedByStage, strategies;
    int refusals = 0;
    for (std::uint64_t seed = kFirstSeed; seed < kFirstSeed + kSeeds; ++seed) {
        const cli::RandomProgramTrial t = cli::runRandomProgramTrial(seed, &device);
        ++byOutcome[cli::trialOutcomeName(t.outcome)];
        refusals += t.codegenRefusals;
        if (t.outcome == cli::TrialOutcome::Skipped) ++skippedByStage[t.stage];
        if (t.outcome == cli::TrialOutcome::Passed) ++strategies[t.strategy.substr(0, t.strategy.find(':'))];
        INFO("seed " << seed << " (liftcl random-program --seed " << seed << " --run --print)\n"
                     << t.program << "\nlowered by " << t.strategy << "\n" << t.lowered << "\n"
                     << t.kernelSource);
        CHECK_MESSAGE(t.outcome != cli::TrialOutcome::Failed, t.stage << ": " << t.reason);
        if (t.outcome == cli::TrialOutcome::Passed) {
            CHECK(t.ran);
            CHECK(t.maxAbsError <= t.tolerance);
        }
    }
    std::cout << "random programs: " << byOutcome["passed"] << " passed, " << byOutcome["skipped"]
              << " skipped (";
    for (const auto& [stage, n] : skippedByStage) std::cout << stage << " " << n << " ";
    std::cout << "), " << byOutcome["failed"] << " failed, of " << kSeeds << "; " << refusals
              << " lowerings refused by codegen; strategies:";
    for (const auto& [s, n] : strategies) std::cout << " [" << s << "] " << n;
    std::cout << "\n";
    // The suite must test something. Today 27 of 60 programs are refused by the code generator
    // (pad/slide after a computation, results that are only views or tuples), so the bound is low;
    // raise it as codegen learns more.
    CHECK(byOutcome["passed"] >= static_cast<int>(25 * kSeeds / 60));
    // Several lowering routes are exercised.
    CHECK(strategies.size() >= 4);
}
