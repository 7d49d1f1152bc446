#include "exec/kernel_execution.hpp"

#include <map>
#include <string>

#include "codegen/host_layout.hpp"
#include "ir/error.hpp"

namespace liftcl::exec {

ir::Value executeKernelSequence(const codegen::GeneratedSequence& sequence,
                                const std::vector<std::string>& inputNames, const std::vector<ir::Value>& inputs,
                                const std::vector<ir::TypeP>& inputTypes, const ir::TypeP& resultType,
                                const rt::Queue& queue, rt::ProgramCache& cache, const rt::NatValues& nats) {
    if (inputs.size() != inputTypes.size() || inputs.size() != inputNames.size())
        throw Error("executeKernelSequence: one name and one type per input value are needed");
    // The host values by name, packed once; buffers are made on first use and intermediates
    // stay on the device between kernels.
    std::map<std::string, std::vector<unsigned char>> packed;
    for (std::size_t k = 0; k < inputs.size(); ++k) packed[inputNames[k]] = codegen::packValue(inputs[k], inputTypes[k]);
    std::map<std::string, rt::Buffer> device;
    for (std::size_t k = 0; k < sequence.kernels.size(); ++k) {
        const codegen::GeneratedKernel& kernel = sequence.kernels[k];
        const rt::KernelMetadata meta = rt::parseKernelMetadata(kernel.metadata, kernel.name + ".json");
        for (const auto& name : meta.natParams)
            if (!nats.count(name))
                throw Error("kernel " + kernel.name + " has the nat parameter " + name + " and no value is given for it");
        const std::vector<std::string>& reads = sequence.reads.at(k);
        rt::BufferArgs buffers;
        rt::ScalarArgs scalars;
        std::size_t next = 0;
        const rt::KernelArg* output = nullptr;
        for (const auto& arg : meta.args) {
            if (arg.kind == rt::ArgKind::Scalar || arg.kind == rt::ArgKind::Input) {
                if (next >= reads.size())
                    throw Error("kernel " + kernel.name + " has more inputs than the " + std::to_string(reads.size()) +
                                " given");
                const std::string& source = reads[next++];
                if (auto b = device.find(source); b != device.end()) {
                    if (arg.kind == rt::ArgKind::Scalar) throw Error("kernel " + kernel.name + ": " + source + " is not a scalar");
                    buffers.emplace(arg.name, b->second);
                    continue;
                }
                auto p = packed.find(source);
                if (p == packed.end()) throw Error("kernel " + kernel.name + " reads " + source + ", which no one gives");
                if (arg.kind == rt::ArgKind::Scalar) {
                    scalars.emplace(arg.name, p->second);
                } else {
                    rt::Buffer b(queue.context(), p->second.size());
                    b.writeBytes(queue, p->second.data(), p->second.size());
                    device.emplace(source, b);
                    buffers.emplace(arg.name, b);
                }
            } else if (arg.kind == rt::ArgKind::Output) {
                if (output) throw Error("kernel " + kernel.name + " has more than one output");
                const auto bytes = static_cast<std::size_t>(arg.bytes.evaluate(nats));
                rt::Buffer b(queue.context(), bytes);
                // A host write rather than a fill: see LaunchableKernel::temporary (Oclgrind).
                const std::vector<unsigned char> poison(bytes, 0xff);
                b.writeBytes(queue, poison.data(), poison.size());
                buffers.emplace(arg.name, b);
                device[sequence.writes.at(k)] = b;
                output = &arg;
            }
        }
        if (next != reads.size())
            throw Error("kernel " + kernel.name + " takes " + std::to_string(next) + " inputs, " +
                        std::to_string(reads.size()) + " given");
        if (!output) throw Error("kernel " + kernel.name + " has no output argument");
        rt::launchFromMetadata(queue, cache, meta, kernel.source, nats, buffers, "", scalars);
    }
    const rt::Buffer& result = device.at(sequence.writes.back());
    std::vector<unsigned char> bytes(result.bytes());
    result.readBytes(queue, bytes.data(), bytes.size());
    return codegen::unpackValue(bytes, resultType);
}

ir::Value executeKernel(const codegen::GeneratedKernel& kernel, const std::vector<ir::Value>& inputs,
                        const std::vector<ir::TypeP>& inputTypes, const ir::TypeP& resultType,
                        const rt::Queue& queue, rt::ProgramCache& cache, const rt::NatValues& nats) {
    codegen::GeneratedSequence one;
    one.name = kernel.name;
    one.kernels = {kernel};
    std::vector<std::string> names;
    for (std::size_t k = 0; k < inputs.size(); ++k) names.push_back("input" + std::to_string(k));
    one.reads = {names};
    one.writes = {"out"};
    return executeKernelSequence(one, names, inputs, inputTypes, resultType, queue, cache, nats);
}

}  // namespace liftcl::exec
