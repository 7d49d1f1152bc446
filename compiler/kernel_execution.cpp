#include "compiler/kernel_execution.hpp"

#include <string>

#include "codegen/host_layout.hpp"
#include "ir/error.hpp"

namespace liftcl::cli {

ir::Value executeKernel(const codegen::GeneratedKernel& kernel, const std::vector<ir::Value>& inputs,
                        const std::vector<ir::TypeP>& inputTypes, const ir::TypeP& resultType,
                        const rt::Queue& queue, rt::ProgramCache& cache, const rt::NatValues& nats) {
    const rt::KernelMetadata meta = rt::parseKernelMetadata(kernel.metadata, kernel.name + ".json");
    for (const auto& name : meta.natParams)
        if (!nats.count(name))
            throw Error("kernel " + kernel.name + " has the nat parameter " + name + " and no value is given for it");
    if (inputs.size() != inputTypes.size()) throw Error("executeKernel: one type per input value is needed");
    rt::BufferArgs buffers;
    std::size_t next = 0;
    const rt::KernelArg* output = nullptr;
    for (const auto& arg : meta.args) {
        if (arg.kind == rt::ArgKind::Input) {
            if (next >= inputs.size())
                throw Error("kernel " + kernel.name + " has more inputs than the " + std::to_string(inputs.size()) +
                            " given");
            const auto bytes = codegen::packValue(inputs[next], inputTypes[next]);
            ++next;
            rt::Buffer b(queue.context(), bytes.size());
            b.writeBytes(queue, bytes.data(), bytes.size());
            buffers.emplace(arg.name, std::move(b));
        } else if (arg.kind == rt::ArgKind::Output) {
            if (output) throw Error("kernel " + kernel.name + " has more than one output");
            const auto bytes = static_cast<std::size_t>(arg.bytes.evaluate(nats));
            rt::Buffer b(queue.context(), bytes);
            // A host write rather than a fill: see LaunchableKernel::temporary (Oclgrind).
            const std::vector<unsigned char> poison(bytes, 0xff);
            b.writeBytes(queue, poison.data(), poison.size());
            buffers.emplace(arg.name, std::move(b));
            output = &arg;
        }
    }
    if (next != inputs.size())
        throw Error("kernel " + kernel.name + " takes " + std::to_string(next) + " inputs, " +
                    std::to_string(inputs.size()) + " given");
    if (!output) throw Error("kernel " + kernel.name + " has no output argument");
    rt::launchFromMetadata(queue, cache, meta, kernel.source, nats, buffers);
    std::vector<unsigned char> bytes(buffers.at(output->name).bytes());
    buffers.at(output->name).readBytes(queue, bytes.data(), bytes.size());
    return codegen::unpackValue(bytes, resultType);
}

}  // namespace liftcl::cli
