// liftcl run FILE --def NAME [--set ..] [--strategy S] [--precision f32|f64]
//                [--twiddles table|digits|sincos] --random SEED [--check]
// Generates the kernel, runs it on the default OpenCL device (LIFTCL_DEVICE chooses another)
// through the runtime, and with --check compares it with the interpreter on the same random input:
// the last line is `max_abs_error=<value>`, and the exit status is 1 above the tolerance.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <limits>
#include <string>
#include <vector>

#include "codegen/codegen.hpp"
#include "compiler/commands.hpp"
#include "compiler/common_options.hpp"
#include "exec/kernel_execution.hpp"
#include "ir/program_loader.hpp"
#include "ir/error.hpp"
#include "ir/interpreter.hpp"
#include "ir/precision.hpp"
#include "ir/typecheck.hpp"
#include "rewrite/kernel_sequence.hpp"
#include "rewrite/legality.hpp"
#include "rewrite/lowering.hpp"
#include "runtime/runtime.hpp"

namespace liftcl::cli {

namespace {

struct RunOptions : DefinitionArgs {
    std::string strategy, precision = "f64", twiddles = "table";
    std::uint64_t seed = 1;
    bool check = false;
};

void runRun(const RunOptions& o) {
    const ir::ScalarKind precision = ir::parsePrecision(o.precision, "--precision");
    ir::Program program = ir::loadProgram(o.file, o.def, o.set, precision);
    if (!program.natParams.empty())
        throw Error("liftcl run needs every nat parameter of " + o.def + " set with --set (missing " +
                    program.natParams.front() + ")");
    const ir::Program original = program;
    if (!o.strategy.empty()) program = rewrite::applyStrategy(program, o.strategy);
    // The legality checker is the one rule codegen's input must satisfy: its message names the map.
    rewrite::requireLegal(program);

    codegen::CodegenOptions options;
    options.precision = precision;
    options.twiddles = codegen::twiddleModeFromName(o.twiddles);
    const codegen::GeneratedSequence kernels =
        codegen::generateKernelSequence(program.name, rewrite::splitIntoKernels(program), options);

    // Random inputs of the parameters' types (distinct seeds), non-zero with probability one.
    std::vector<ir::TypeP> paramTypes;
    std::vector<ir::Value> inputs;
    std::vector<std::string> inputNames;
    for (std::size_t i = 0; i < program.body->params.size(); ++i) {
        const auto& p = program.body->params[i];
        paramTypes.push_back(p->declaredType ? p->declaredType : p->type);
        inputs.push_back(ir::randomValue(paramTypes.back(), o.seed + i));
        inputNames.push_back(p->name);
    }
    const ir::TypeP resultType = ir::inferCallType(program.body, paramTypes);

    const rt::Device device = rt::chooseDevice(rt::deviceSpecFromEnvironment().value_or(""));
    if (precision == ir::ScalarKind::Double && !device.supportsFp64())
        throw Error("the device " + device.name() + " has no fp64 support; use --precision f32");
    rt::Context context(device);
    rt::Queue queue(context);
    rt::ProgramCache cache;
    const ir::Value result =
        exec::executeKernelSequence(kernels, inputNames, inputs, paramTypes, resultType, queue, cache);
    for (const auto& k : kernels.kernels) std::cout << "ran " << k.name << " on " << device.name() << "\n";
    if (!o.check) return;
    const ir::Value expected = ir::interpret(original.body, inputs);
    double err = ir::maxAbsDifference(result, expected);
    if (std::isnan(err)) err = std::numeric_limits<double>::infinity();
    const double tolerance = ir::deviceResultTolerance(expected, precision);
    std::cout << "max_abs_error=" << err << "\n";
    if (!(err <= tolerance))
        throw Error("the kernel differs from the interpreter: max_abs_error " + std::to_string(err) +
                    " above the tolerance " + std::to_string(tolerance));
}

}  // namespace

void addRunCommand(CLI::App& app) {
    auto opts = std::make_shared<RunOptions>();
    auto* cmd = app.add_subcommand("run", "Generate, run on the OpenCL device, and check against the interpreter");
    addDefinitionArgs(*cmd, *opts, "run");
    cmd->add_option("--strategy", opts->strategy, "lowering strategy applied first");
    addPrecisionOption(*cmd, opts->precision);
    addTwiddlesOption(*cmd, opts->twiddles);
    cmd->add_option("--random", opts->seed, "seed of the random input")->required();
    cmd->add_flag("--check", opts->check, "compare with the interpreter, print max_abs_error");
    cmd->callback([opts] { runRun(*opts); });
}

}  // namespace liftcl::cli
