// One randomized end-to-end trial, reproducible from its seed: a random well-typed program
// (ir/random_program.hpp), a random legal lowering (rewrite/random_lowering.hpp), OpenCL code
// generation, a run on the device with random inputs and a poisoned output, and the comparison
// with the interpreter on the same inputs.
//
// The legal lowerings are tried in the seed's order until the code generator accepts one.
// Outcomes: Passed (max_abs_error within tolerance); Skipped when no lowering applies or the code
// generator refuses every one with a liftcl::Error (a documented limitation); Failed for
// everything else: a wrong answer, a kernel that does not build, a runtime error, any exception
// that is not a liftcl::Error, or a generated program the type checker or interpreter rejects.
#pragma once

#include <cstdint>
#include <string>

#include "ir/type.hpp"
#include "runtime/runtime.hpp"

namespace liftcl::cli {

enum class TrialOutcome { Passed, Skipped, Failed };
std::string trialOutcomeName(TrialOutcome outcome);  // "passed" | "skipped" | "failed"

struct RandomProgramTrial {
    std::uint64_t seed = 0;
    TrialOutcome outcome = TrialOutcome::Failed;
    std::string stage;           // where it stopped: generate, interpret, lower, codegen, run, compare
    std::string reason;          // why it was skipped or failed (empty when it passed)
    std::string program;         // the generated program, as .lift source
    std::string strategy;        // the lowering chosen (the last one tried when all were refused)
    int codegenRefusals = 0;     // legal lowerings the code generator refused before it
    std::string lowered;         // the lowered program, as .lift source
    std::string kernelSource;    // OpenCL C (empty before codegen)
    bool ran = false;            // the kernel ran on the device
    double maxAbsError = 0;      // kernel vs interpreter (once it ran)
    double tolerance = 0;
};

// Where the kernel runs; without one the trial stops after code generation (Passed, ran false).
struct TrialDevice {
    const rt::Queue& queue;
    rt::ProgramCache& cache;
};

// Never throws for a problem of the program under test; that is reported in the trial.
RandomProgramTrial runRandomProgramTrial(std::uint64_t seed, const TrialDevice* device,
                                         ir::ScalarKind precision = ir::ScalarKind::Double);

}  // namespace liftcl::cli
