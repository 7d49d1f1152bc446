// Test harness shared by the codegen and e2e suites: load a definition, generate its kernel, run it
// on the default OpenCL device (PoCL in CI) with random non-zero inputs and a poisoned output
// buffer, and compare with the interpreter.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "codegen/codegen.hpp"
#include "exec/kernel_execution.hpp"
#include "ir/interpreter.hpp"
#include "ir/program_loader.hpp"
#include "ir/typecheck.hpp"
#include "runtime/runtime.hpp"
#include "support/source_path.hpp"

namespace liftcl::testing {

struct KernelRun {
    codegen::GeneratedKernel kernel;
    std::vector<ir::Value> inputs;
    ir::Value result;    // from the device
    ir::Value expected;  // from the interpreter
    double maxAbsError = 0;
};

// One device, context, queue and program cache for the whole test binary. It is never destroyed:
// releasing OpenCL objects from a static destructor runs after the OpenCL implementation's own
// static teardown may have begun (Oclgrind then corrupts its heap at exit); the process end frees all.
struct DeviceFixture {
    rt::Device device = rt::chooseDevice(rt::deviceSpecFromEnvironment().value_or(""));
    rt::Context context{device};
    rt::Queue queue{context};
    rt::ProgramCache cache;
    static DeviceFixture& get() {
        static DeviceFixture* const f = new DeviceFixture;
        return *f;
    }
};

// Runs a generated kernel on host values on the test device (exec/kernel_execution.hpp:
// inputs packed, output poisoned, result unpacked); returns the output value.
inline ir::Value runKernel(const codegen::GeneratedKernel& k, const std::vector<ir::Value>& inputs,
                           const std::vector<ir::TypeP>& inputTypes, const ir::TypeP& resultType,
                           const rt::NatValues& nats = {}) {
    auto& dev = DeviceFixture::get();
    return exec::executeKernel(k, inputs, inputTypes, resultType, dev.queue, dev.cache, nats);
}

// Runs the kernel of `program` on random inputs of the program's declared parameter types (input i
// from seed firstSeed + i) and returns the largest difference from the interpreter's result.
inline double kernelErrorOnRandomInputs(const codegen::GeneratedKernel& kernel, const ir::Program& program,
                                        std::uint64_t firstSeed) {
    std::vector<ir::TypeP> types;
    std::vector<ir::Value> inputs;
    for (std::size_t i = 0; i < program.body->params.size(); ++i) {
        types.push_back(program.body->params[i]->declaredType);
        inputs.push_back(ir::randomValue(types.back(), firstSeed + i));
    }
    const ir::Value result = runKernel(kernel, inputs, types, ir::inferCallType(program.body, types));
    return ir::maxAbsDifference(result, ir::interpret(program.body, inputs));
}

// The --set items that are parameters of `def` in `file`: a reference definition may take fewer
// nat parameters than the kernel it checks (the CLI refuses --set names a definition lacks).
inline std::string setItemsFor(const std::string& file, const std::string& def, const std::string& set) {
    const ir::Module module = ir::loadModule(file);
    const ir::Definition* d = module.find(def);
    if (!d) return set;  // elaboration names the unknown definition
    std::string items;
    for (const auto& [name, value] : ir::parseSetOption(set))
        if (std::find(d->params.begin(), d->params.end(), name) != d->params.end())
            items += (items.empty() ? "" : ",") + name + "=" + value.toString();
    return items;
}

// Generates `def` of `file` (with --set values), runs it on random inputs and interprets
// `referenceDef` (default: the same definition) on the same inputs.
inline KernelRun runAndCompare(const std::string& file, const std::string& def, const std::string& set,
                               codegen::CodegenOptions options = {}, const std::string& referenceFile = "",
                               const std::string& referenceDef = "", std::uint64_t seed = 7) {
    const ir::Program program = ir::loadProgram(sourcePath(file), def, set, options.precision);
    KernelRun run;
    run.kernel = codegen::generateKernel(program, options);
    std::vector<ir::TypeP> types;
    for (std::size_t i = 0; i < program.body->params.size(); ++i) {
        const auto& p = program.body->params[i];
        types.push_back(p->declaredType ? p->declaredType : p->type);
        run.inputs.push_back(ir::randomValue(types.back(), seed + i));
    }
    const ir::TypeP resultType = ir::inferCallType(program.body, types);
    run.result = runKernel(run.kernel, run.inputs, types, resultType);
    const std::string refPath = sourcePath(referenceFile.empty() ? file : referenceFile);
    const ir::Program reference =
        referenceDef.empty() ? program
                             : ir::loadProgram(refPath, referenceDef, setItemsFor(refPath, referenceDef, set),
                                                options.precision);
    run.expected = ir::interpret(reference.body, run.inputs);
    run.maxAbsError = ir::maxAbsDifference(run.result, run.expected);
    if (std::isnan(run.maxAbsError)) run.maxAbsError = INFINITY;
    return run;
}

}  // namespace liftcl::testing
