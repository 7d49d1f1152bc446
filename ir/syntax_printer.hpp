// Pretty-printer of surface syntax: `liftcl print`. The output parses back to the same tree, so
// printing is stable (print(parse(print(parse(t)))) == print(parse(t))). Comments are not kept.
#pragma once

#include <string>

#include "ir/syntax.hpp"

namespace liftcl::ir {

// The imports and definitions of a module, one per line. Definitions merged in from imported files
// (whose location names another file) are not printed: their import line stands for them.
std::string printModule(const Module& module);
std::string printDefinition(const Definition& definition);
std::string printUserFunDefinition(const UserFunDefinition& definition);
std::string printSyntax(const SyntaxP& syntax);
std::string printSyntaxType(const SyntaxTypeP& type);

}  // namespace liftcl::ir
