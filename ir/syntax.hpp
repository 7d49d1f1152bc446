// Surface syntax of the .lift language, as parsed (before elaboration into the core IR).
// Owned by the parser; see docs/language.md.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ir/error.hpp"

namespace liftcl::ir {

struct Syntax;
using SyntaxP = std::shared_ptr<const Syntax>;

struct Definition {
    std::string name;
    std::vector<std::string> params;
    SyntaxP body;
    SourceLoc loc;
};

struct Module {
    std::string file;
    std::vector<Definition> definitions;
    const Definition* find(const std::string& name) const;
};

}  // namespace liftcl::ir
