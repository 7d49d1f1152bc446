// Code generation of a program of several kernels and its sequence description (codegen.hpp).
#include <nlohmann/json.hpp>

#include "codegen/codegen.hpp"
#include "ir/error.hpp"

namespace liftcl::codegen {

GeneratedSequence generateKernelSequence(const std::string& name, const std::vector<ir::Program>& stages,
                                         const CodegenOptions& options) {
    if (stages.empty()) throw Error("codegen: " + name + " has no kernel");
    GeneratedSequence out;
    out.name = name;
    if (stages.size() == 1) {
        out.kernels.push_back(generateKernel(stages[0], options));
        std::vector<std::string> reads;
        for (const auto& p : stages[0].body->params) reads.push_back(p->name);
        out.reads.push_back(reads);
        out.writes.push_back("out");
        return out;
    }
    nlohmann::ordered_json kernels = nlohmann::ordered_json::array();
    for (std::size_t k = 0; k < stages.size(); ++k) {
        CodegenOptions stageOptions = options;
        stageOptions.kernelName = stages[k].name;
        stageOptions.sourceFile = stages[k].name + ".cl";
        GeneratedKernel kernel = generateKernel(stages[k], stageOptions);
        std::vector<std::string> reads;
        for (const auto& p : stages[k].body->params) reads.push_back(p->name);
        const std::string writes = k + 1 == stages.size() ? "out" : stages[k].name;
        kernels.push_back({{"kernel", kernel.name},
                           {"metadata", kernel.name + ".json"},
                           {"reads", reads},
                           {"writes", writes}});
        out.kernels.push_back(std::move(kernel));
        out.reads.push_back(std::move(reads));
        out.writes.push_back(writes);
    }
    nlohmann::ordered_json j;
    j["format"] = "liftcl-sequence-1";
    j["name"] = name;
    j["nat_params"] = stages[0].natParams;
    j["kernels"] = kernels;
    out.metadata = j.dump(2) + "\n";
    return out;
}

}  // namespace liftcl::codegen
