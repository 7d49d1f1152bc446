// Test harness: a high-level definition lowered BY STRATEGY (possibly several kernels:
// rewrite/kernel_sequence.hpp), run in sequence on the test device with random inputs and poisoned
// outputs, and compared with the interpreter on the high-level program.
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "exec/kernel_execution.hpp"
#include "ir/printer.hpp"
#include "ir/program_loader.hpp"
#include "rewrite/kernel_sequence.hpp"
#include "rewrite/lowering.hpp"
#include "support/kernel_harness.hpp"

namespace liftcl::testing {

struct StrategyRun {
    std::vector<ir::Value> inputs;
    ir::Value expected;  // the interpreter on the high-level program
    double maxAbsError = 0;
    std::size_t kernels = 0;
    std::string lowered;  // the lowered program, printed
    std::string source;   // the kernels' OpenCL C, one after the other
};

// Lowers `def` by `strategy`, runs its kernels in sequence on random inputs and compares them
// with the interpreter on the high-level program.
inline StrategyRun runByStrategy(const std::string& file, const std::string& def, const std::string& set,
                                 const std::string& strategy, std::uint64_t seed = 11,
                                 ir::ScalarKind precision = ir::ScalarKind::Double) {
    const ir::Program high = ir::loadProgram(sourcePath(file), def, set, precision);
    const ir::Program low = rewrite::applyStrategy(high, strategy);
    const std::vector<ir::Program> stages = rewrite::splitIntoKernels(low);
    codegen::CodegenOptions options;
    options.precision = precision;
    const codegen::GeneratedSequence sequence = codegen::generateKernelSequence(low.name, stages, options);
    StrategyRun run;
    run.kernels = sequence.kernels.size();
    run.lowered = ir::printProgram(low);
    for (const auto& k : sequence.kernels) run.source += k.source;
    std::vector<ir::TypeP> types;
    std::vector<std::string> names;
    for (std::size_t i = 0; i < high.body->params.size(); ++i) {
        const auto& p = high.body->params[i];
        types.push_back(p->declaredType ? p->declaredType : p->type);
        names.push_back(p->name);
        run.inputs.push_back(ir::randomValue(types.back(), seed + i));
    }
    auto& dev = DeviceFixture::get();
    const ir::Value result = exec::executeKernelSequence(sequence, names, run.inputs, types,
                                                        ir::inferCallType(low.body, types), dev.queue, dev.cache);
    run.expected = ir::interpret(high.body, run.inputs);
    run.maxAbsError = ir::maxAbsDifference(result, run.expected);
    if (std::isnan(run.maxAbsError)) run.maxAbsError = INFINITY;
    return run;
}

}  // namespace liftcl::testing
