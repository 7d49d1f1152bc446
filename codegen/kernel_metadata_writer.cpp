#include "codegen/kernel_metadata_writer.hpp"

#include <nlohmann/json.hpp>

namespace liftcl::codegen {

std::string sizeExpression(const ir::Arith& a) { return a.toString(); }

std::string writeKernelMetadata(const KernelMetadataInfo& info) {
    nlohmann::ordered_json j;
    j["format"] = "liftcl-kernel-1";
    j["kernel"] = info.kernel;
    j["source"] = info.source;
    j["precision"] = info.precision;
    j["nat_params"] = info.natParams;
    auto args = nlohmann::ordered_json::array();
    for (const auto& a : info.args) {
        nlohmann::ordered_json o;
        o["name"] = a.name;
        o["kind"] = a.kind;
        if (!a.type.empty()) o["type"] = a.type;
        if (a.bytes) o["bytes"] = sizeExpression(*a.bytes);
        if (!a.data.empty()) o["data"] = a.data;
        args.push_back(o);
    }
    j["args"] = args;
    nlohmann::ordered_json nd;
    nd["dims"] = info.global.size();
    auto global = nlohmann::ordered_json::array();
    for (const auto& g : info.global) global.push_back(sizeExpression(g));
    nd["global"] = global;
    if (info.local) {
        auto local = nlohmann::ordered_json::array();
        for (const auto& l : *info.local) local.push_back(sizeExpression(l));
        nd["local"] = local;
    } else {
        nd["local"] = nullptr;
    }
    nd["local_fixed"] = info.localFixed;
    if (info.persistentGroups) nd["persistent_groups"] = true;
    if (info.globalRequired) nd["global_required"] = true;
    j["ndrange"] = nd;
    j["local_bytes"] = std::to_string(info.localBytes);
    if (info.maxRegisters > 0) j["max_registers"] = info.maxRegisters;
    return j.dump(2) + "\n";
}

}  // namespace liftcl::codegen
