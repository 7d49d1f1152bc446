// Test helpers for programs written inline: elaborate and type a definition of .lift text, and
// count a substring in printed programs or generated OpenCL C.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ir/elaborate.hpp"
#include "ir/parser.hpp"
#include "ir/typecheck.hpp"

namespace liftcl::testing {

// The definition `def` of `text` (file name `file` in messages), typed, for `precision`.
inline ir::Program loadProgramText(const std::string& text, const std::string& def,
                                   ir::ScalarKind precision = ir::ScalarKind::Double,
                                   std::map<std::string, ir::Arith> nats = {}, const std::string& file = "test.lift") {
    static std::vector<std::unique_ptr<ir::Module>> modules;  // programs refer to their module's syntax
    modules.push_back(std::make_unique<ir::Module>(ir::parseModule(text, file)));
    ir::ElaborateOptions options;
    options.precision = precision;
    options.natValues = std::move(nats);
    ir::Program p = ir::elaborateDefinition(*modules.back(), def, options);
    ir::inferFunType(p.body);
    return p;
}

inline std::size_t countOccurrences(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

}  // namespace liftcl::testing
