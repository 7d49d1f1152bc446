// The kernel metadata that codegen writes beside each generated kernel (KERNEL.json, see
// docs/kernel-metadata.md): argument order and kinds, buffer sizes and NDRange rules as size
// expressions over the nat parameters. Parsing checks the whole contract and names the offending
// field, so a launch never meets a half-valid description.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/size_expr.hpp"

namespace liftcl::rt {

inline constexpr std::string_view kKernelMetadataFormat = "liftcl-kernel-1";

// Table: a read-only buffer whose bytes the metadata carries ("data"); the kernel's launcher
// creates and binds it itself (like a temporary), so callers never pass it.
enum class ArgKind { Input, Output, Temporary, Nat, Scalar, Table };
std::string_view argKindName(ArgKind kind);

struct KernelArg {
    std::string name;
    ArgKind kind = ArgKind::Input;
    std::string type;  // the language type, informative ("" when absent); scalar: int, float or double
    SizeExpr bytes;    // buffer size in bytes (buffers only)
    std::vector<unsigned char> data;  // kind Table: the buffer's contents (bytes of them)

    bool isBuffer() const { return kind != ArgKind::Nat && kind != ArgKind::Scalar; }
};

struct NDRangeRule {
    int dims = 1;
    std::vector<SizeExpr> global;               // one per dimension
    std::optional<std::vector<SizeExpr>> local;  // nullopt: any local size works
    bool localFixed = false;                     // the kernel is only correct with exactly `local`
    // The kernel sets up per-work-group state (tables in __local memory) before its strided
    // work-group loops: launch at most the groups the device holds at once (resident_groups.hpp).
    bool persistentGroups = false;
    // A work-group loop of one iteration per group: the kernel is only correct with at least
    // `global` (never capped to fewer groups).
    bool globalRequired = false;
};

enum class Precision { Float, Double };

// The range of "max_registers" (NVIDIA's limits of registers per thread).
inline constexpr int kMinRegisterLimit = 16;
inline constexpr int kMaxRegisterLimit = 255;

struct KernelMetadata {
    std::string kernel;  // the OpenCL kernel function name
    std::string source;  // the .cl file name beside the metadata file
    Precision precision = Precision::Float;
    std::vector<std::string> natParams;
    std::vector<KernelArg> args;
    NDRangeRule ndrange;
    SizeExpr localBytes;  // "0" when absent
    // Registers per work-item to compile the kernel with where the driver takes a limit (0 when
    // absent: the driver's choice; runtime/kernel_build_options.hpp).
    int maxRegisters = 0;

    const KernelArg* findArg(std::string_view name) const;
};

// Parses the JSON text; `origin` (a file name, say) prefixes error messages. Comments in the JSON
// are allowed. Throws rt::Error "kernel metadata (origin): ..." naming the missing or bad field.
KernelMetadata parseKernelMetadata(std::string_view json, const std::string& origin = "<string>");

// Reads and parses a KERNEL.json file.
KernelMetadata loadKernelMetadata(const std::filesystem::path& file);

// The OpenCL C source the metadata names, read from the directory of the metadata file.
std::string loadKernelSource(const std::filesystem::path& metadataFile, const KernelMetadata& metadata);

}  // namespace liftcl::rt
