#include "compiler/random_program_trial.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>
#include <optional>
#include <vector>

#include "codegen/codegen.hpp"
#include "exec/kernel_execution.hpp"
#include "ir/error.hpp"
#include "ir/interpreter.hpp"
#include "ir/printer.hpp"
#include "ir/random_program.hpp"
#include "ir/typecheck.hpp"
#include "rewrite/random_lowering.hpp"

namespace liftcl::cli {

namespace {

RandomProgramTrial& stop(RandomProgramTrial& t, TrialOutcome outcome, const std::string& reason) {
    t.outcome = outcome;
    t.reason = reason;
    return t;
}

}  // namespace

std::string trialOutcomeName(TrialOutcome outcome) {
    switch (outcome) {
        case TrialOutcome::Passed: return "passed";
        case TrialOutcome::Skipped: return "skipped";
        case TrialOutcome::Failed: return "failed";
    }
    return "?";
}

RandomProgramTrial runRandomProgramTrial(std::uint64_t seed, const TrialDevice* device,
                                         ir::ScalarKind precision) {
    RandomProgramTrial t;
    t.seed = seed;
    try {
        t.stage = "generate";
        ir::RandomProgramOptions options;
        options.precision = precision;
        const ir::Program program = ir::randomProgram(seed, "random" + std::to_string(seed), options);
        t.program = ir::printProgram(program);

        t.stage = "interpret";
        std::vector<ir::TypeP> types;
        std::vector<ir::Value> inputs;
        for (std::size_t i = 0; i < program.body->params.size(); ++i) {
            types.push_back(program.body->params[i]->declaredType);
            inputs.push_back(ir::randomValue(types.back(), seed * 1000 + i));
        }
        const ir::TypeP resultType = ir::inferCallType(program.body, types);
        const ir::Value expected = ir::interpret(program.body, inputs);

        t.stage = "lower";
        std::vector<rewrite::RandomLowering> lowerings;
        try {
            lowerings = rewrite::randomLowerings(program, seed);
        } catch (const Error& e) {
            return stop(t, TrialOutcome::Skipped, e.what());
        }

        // The first lowering the code generator accepts; its refusals are counted.
        t.stage = "codegen";
        codegen::CodegenOptions codegenOptions;
        codegenOptions.precision = precision;
        std::optional<codegen::GeneratedKernel> kernel;
        std::string firstRefusal;
        for (const auto& lowering : lowerings) {
            t.strategy = lowering.strategy;
            t.lowered = ir::printProgram(lowering.program);
            try {
                kernel = codegen::generateKernel(lowering.program, codegenOptions);
                break;
            } catch (const Error& e) {
                ++t.codegenRefusals;
                if (firstRefusal.empty()) firstRefusal = t.strategy + ": " + e.what();
            }
        }
        if (!kernel) return stop(t, TrialOutcome::Skipped, firstRefusal);
        t.kernelSource = kernel->source;

        if (!device) return stop(t, TrialOutcome::Passed, "");
        t.stage = "run";
        const ir::Value result = exec::executeKernel(*kernel, inputs, types, resultType, device->queue, device->cache);
        t.ran = true;

        t.stage = "compare";
        t.maxAbsError = ir::maxAbsDifference(result, expected);
        if (std::isnan(t.maxAbsError)) t.maxAbsError = std::numeric_limits<double>::infinity();
        t.tolerance = ir::deviceResultTolerance(expected, precision);
        if (!(t.maxAbsError <= t.tolerance))
            return stop(t, TrialOutcome::Failed, "the kernel differs from the interpreter: max_abs_error " +
                                                     std::to_string(t.maxAbsError) + " above " +
                                                     std::to_string(t.tolerance));
        return stop(t, TrialOutcome::Passed, "");
    } catch (const Error& e) {
        return stop(t, TrialOutcome::Failed, e.what());
    } catch (const rt::Error& e) {
        return stop(t, TrialOutcome::Failed, std::string("runtime error: ") + e.what());
    } catch (const std::exception& e) {
        return stop(t, TrialOutcome::Failed, std::string("non-liftcl exception: ") + e.what());
    }
}

}  // namespace liftcl::cli
