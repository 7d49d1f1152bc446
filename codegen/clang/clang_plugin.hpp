// The liftcl_clang plugin: clang 14's OpenCL C check and libFormat behind a C interface.
//
// Why a plugin: PoCL, the CPU OpenCL device, loads its own LLVM (15 on Debian 12) into the process.
// Linking clang 14 into liftcl itself puts two LLVMs' identically named symbols in one symbol
// scope, and the process crashes (seen at exit, in libclang-cpp's destructors). codegen loads this
// plugin with dlopen(RTLD_LOCAL | RTLD_DEEPBIND) instead, so each LLVM binds to its own symbols.
// Only C functions and malloc'd text cross the boundary; no exception does.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "codegen/opencl_check.hpp"

extern "C" {
// Diagnostics as text, one per line: "line\tcolumn\tseverity\tmessage". Free with
// liftcl_clang_free. Never null: an internal failure becomes one error diagnostic.
char* liftcl_clang_check(const char* source, std::size_t size, const char* fileName);
// The formatted source (or the source itself when the formatter cannot make sense of it).
char* liftcl_clang_format(const char* source, std::size_t size);
void liftcl_clang_free(char* text);
}

namespace liftcl::codegen::clang_plugin {

std::vector<ClDiagnostic> check(const std::string& source, const std::string& fileName);
std::string format(const std::string& source);

}  // namespace liftcl::codegen::clang_plugin
