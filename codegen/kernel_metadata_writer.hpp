// The kernel metadata JSON (docs/kernel-metadata.md) that the runtime reads to launch a kernel.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ir/arith.hpp"

namespace liftcl::codegen {

struct MetadataArg {
    std::string name;
    std::string kind;  // "input" | "output" | "temporary" | "nat" | "table"
    std::string type;  // language type, "" for none
    std::optional<ir::Arith> bytes;
    std::string data;  // kind "table": its bytes in hexadecimal
};

struct KernelMetadataInfo {
    std::string kernel;
    std::string source;
    std::string precision;  // "float" | "double"
    std::vector<std::string> natParams;
    std::vector<MetadataArg> args;
    std::vector<ir::Arith> global;
    std::optional<std::vector<ir::Arith>> local;
    bool localFixed = false;
    bool persistentGroups = false;  // per-work-group tables computed before the work-group loops
    bool globalRequired = false;    // a mapWrg runs one iteration per work-group: the launch needs `global`
    std::int64_t localBytes = 0;
    std::int64_t maxRegisters = 0;  // registers per work-item asked of the driver (0: its choice)
};

// A size expression in the metadata syntax (integers, names, + - * / % and parentheses).
std::string sizeExpression(const ir::Arith& a);
std::string writeKernelMetadata(const KernelMetadataInfo& info);

}  // namespace liftcl::codegen
