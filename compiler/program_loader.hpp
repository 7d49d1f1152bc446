// Shared by the subcommands: read a .lift file, parse it, and elaborate one definition with the
// nat values of a `--set n=1024,L=16,p=4` option and a precision.
#pragma once

#include <map>
#include <string>

#include "ir/elaborate.hpp"
#include "ir/expr.hpp"

namespace liftcl::cli {

// "n=1024,L=16,p=4" -> {n:1024, L:16, p:4}. Throws liftcl::Error naming the bad item.
std::map<std::string, ir::Arith> parseSetOption(const std::string& text);
// Reads and parses FILE (imports resolved relative to it). Throws liftcl::Error for an unreadable
// file or a syntax error (file:line:col).
ir::Module loadModule(const std::string& file);
// loadModule + elaborateDefinition.
ir::Program loadProgram(const std::string& file, const std::string& def, const std::string& setOption,
                        ir::ScalarKind precision = ir::ScalarKind::Double);

}  // namespace liftcl::cli
