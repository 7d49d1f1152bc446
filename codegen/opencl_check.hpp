// Offline validation and formatting of emitted OpenCL C, with clang 14 in process (no device
// needed). Built with LIFTCL_WITH_CLANG=ON the check parses the source as OpenCL C 1.2
// (-fsyntax-only, clang's builtin declarations such as get_global_id, cl_khr_fp64 available) and
// formatting uses clang's libFormat. Built without clang, checkOpenCLSource throws liftcl::Error
// and formatOpenCLSource returns its input unchanged.
#pragma once

#include <string>
#include <vector>

namespace liftcl::codegen {

struct ClDiagnostic {
    int line = 0;          // 1-based; 0 when clang gave no location
    int column = 0;        // 1-based
    std::string severity;  // "error", "warning" or "note" (a fatal error counts as "error")
    std::string message;
    // "FILE:line:col: severity: message" (or "FILE: severity: message" without a location)
    std::string toString(const std::string& fileName) const;
};

// True when the check and formatting really use clang (LIFTCL_WITH_CLANG=ON).
bool openCLCheckAvailable();

// Parses `source` as OpenCL C 1.2 and returns every diagnostic, in source order of reporting.
// `fileName` only names the source in diagnostics (nothing is read from disk).
std::vector<ClDiagnostic> checkOpenCLSource(const std::string& source, const std::string& fileName);

// True when `diagnostics` holds an error.
bool hasOpenCLErrors(const std::vector<ClDiagnostic>& diagnostics);

// clang-format with an LLVM-based style (4-space indent, 100 columns). Returns `source` unchanged
// when clang is not available or the formatter cannot make sense of it.
std::string formatOpenCLSource(const std::string& source);

}  // namespace liftcl::codegen
