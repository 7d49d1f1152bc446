// Test harness shared by the codegen and e2e suites: load a definition, generate its kernel, run it
// on the default OpenCL device (PoCL in CI) with random non-zero inputs and a poisoned output
// buffer, and compare with the interpreter.
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "codegen/codegen.hpp"
#include "codegen/host_layout.hpp"
#include "compiler/program_loader.hpp"
#include "ir/interpreter.hpp"
#include "ir/typecheck.hpp"
#include "runtime/runtime.hpp"

namespace liftcl::testing {

inline std::string sourcePath(const std::string& relative) {
    return std::string(LIFTCL_SOURCE_DIR) + "/" + relative;
}

struct KernelRun {
    codegen::GeneratedKernel kernel;
    std::vector<ir::Value> inputs;
    ir::Value result;    // from the device
    ir::Value expected;  // from the interpreter
    double maxAbsError = 0;
};

// One device, context, queue and program cache for the whole test binary.
struct DeviceFixture {
    rt::Device device = rt::chooseDevice(rt::deviceSpecFromEnvironment().value_or(""));
    rt::Context context{device};
    rt::Queue queue{context};
    rt::ProgramCache cache;
    static DeviceFixture& get() {
        static DeviceFixture f;
        return f;
    }
};

// Runs a generated kernel on host values; returns the output value.
inline ir::Value runKernel(const codegen::GeneratedKernel& k, const std::vector<ir::Value>& inputs,
                           const std::vector<ir::TypeP>& inputTypes, const ir::TypeP& resultType) {
    auto& dev = DeviceFixture::get();
    const rt::KernelMetadata meta = rt::parseKernelMetadata(k.metadata, k.name);
    rt::BufferArgs buffers;
    std::size_t in = 0;
    const rt::KernelArg* outArg = nullptr;
    for (const auto& arg : meta.args) {
        if (arg.kind == rt::ArgKind::Input) {
            const auto bytes = codegen::packValue(inputs.at(in), inputTypes.at(in));
            ++in;
            rt::Buffer b(dev.context, bytes.size());
            b.writeBytes(dev.queue, bytes.data(), bytes.size());
            buffers.emplace(arg.name, std::move(b));
        } else if (arg.kind == rt::ArgKind::Output) {
            const auto bytes = static_cast<std::size_t>(arg.bytes.evaluate({}));
            rt::Buffer b(dev.context, bytes);
            const unsigned char poison = 0xff;
            b.fillBytes(dev.queue, &poison, 1, bytes);
            buffers.emplace(arg.name, std::move(b));
            outArg = &arg;
        }
    }
    rt::launchFromMetadata(dev.queue, dev.cache, meta, k.source, {}, buffers);
    std::vector<unsigned char> bytes(static_cast<std::size_t>(outArg->bytes.evaluate({})));
    buffers.at(outArg->name).readBytes(dev.queue, bytes.data(), bytes.size());
    return codegen::unpackValue(bytes, resultType);
}

// Generates `def` of `file` (with --set values), runs it on random inputs and interprets
// `referenceDef` (default: the same definition) on the same inputs.
inline KernelRun runAndCompare(const std::string& file, const std::string& def, const std::string& set,
                               codegen::CodegenOptions options = {}, const std::string& referenceFile = "",
                               const std::string& referenceDef = "", std::uint64_t seed = 7) {
    const ir::Program program = cli::loadProgram(sourcePath(file), def, set, options.precision);
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
    const ir::Program reference =
        referenceDef.empty() ? program
                             : cli::loadProgram(sourcePath(referenceFile.empty() ? file : referenceFile),
                                                referenceDef, set, options.precision);
    run.expected = ir::interpret(reference.body, run.inputs);
    run.maxAbsError = ir::maxAbsDifference(run.result, run.expected);
    if (std::isnan(run.maxAbsError)) run.maxAbsError = INFINITY;
    return run;
}

}  // namespace liftcl::testing
