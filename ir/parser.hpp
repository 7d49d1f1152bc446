// Parser of the .lift language (docs/language.md) into surface syntax (ir/syntax.hpp).
// Every error is one located liftcl::Error; nesting deeper than a fixed limit is an error rather
// than a stack overflow.
#pragma once

#include <string>

#include "ir/syntax.hpp"

namespace liftcl::ir {

// Parses one file's text. `import` lines are recorded in Module::imports, not followed. A text
// without any definition or import is an error ("empty program").
Module parseModule(const std::string& text, const std::string& file);

// Reads and parses a file and, recursively, the files it imports (paths relative to the importing
// file; each file is read once; a cycle is an error). The result holds the definitions of all of
// them; a name defined twice is an error. An unreadable file is an error naming the path.
Module parseFile(const std::string& path);

// Parses a single expression (for tests and tools); the whole text must be one expression.
SyntaxP parseExpression(const std::string& text, const std::string& file = "<expr>");

}  // namespace liftcl::ir
