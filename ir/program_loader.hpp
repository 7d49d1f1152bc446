// Loading a program from a file, as the CLI and the tests do: read a .lift file, parse it, and
// elaborate one definition with the nat values of a `--set n=1024,L=16,p=4` option and a precision.
#pragma once

#include <map>
#include <string>

#include "ir/elaborate.hpp"
#include "ir/expr.hpp"

namespace liftcl::ir {

// "n=1024,L=16,p=4" -> {n:1024, L:16, p:4}. Throws liftcl::Error naming the bad item.
std::map<std::string, ir::Arith> parseSetOption(const std::string& text);
// Throws liftcl::Error for a --set name that is not a parameter of the definition `def` (naming
// its parameters), or, when `def` is empty, of any definition of the module. Unknown definitions
// are left to elaborateDefinition.
void checkSetNames(const ir::Module& module, const std::string& def, const std::map<std::string, ir::Arith>& values);
// Reads and parses FILE (imports resolved relative to it). Throws liftcl::Error for an unreadable
// file or a syntax error (file:line:col).
ir::Module loadModule(const std::string& file);
// loadModule + checkSetNames + elaborateDefinition.
ir::Program loadProgram(const std::string& file, const std::string& def, const std::string& setOption,
                        ir::ScalarKind precision = ir::ScalarKind::Double);

}  // namespace liftcl::ir
