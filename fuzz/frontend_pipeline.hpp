// The front end as the fuzzers and their regression test drive it: parse a .lift text, check that
// printing is stable, then elaborate and type-check every definition. Only liftcl::Error (a
// rejected input) may leave the libraries; anything else (another exception, a crash, a sanitizer
// report) is a bug, and so is a broken printer round trip, reported by PipelineBug.
#pragma once

#include <stdexcept>
#include <string>

#include "ir/elaborate.hpp"
#include "ir/error.hpp"
#include "ir/parser.hpp"
#include "ir/syntax_printer.hpp"
#include "ir/typecheck.hpp"

namespace liftcl::fuzz {

// Thrown for a property violation that is not an exception from the libraries (deliberately not
// a liftcl::Error, so nothing mistakes it for a rejected input).
struct PipelineBug : std::logic_error {
    using std::logic_error::logic_error;
};

// Per elaboration: 6x the largest program of the examples and the FFT planner (about 500 nodes),
// low enough that an input of many exponentially expanding definitions stays well under
// libFuzzer's -timeout under ASan (seconds per 100 such definitions).
constexpr long kFuzzMaxElaboratedNodes = 3000;

// Every definition is elaborated with its nat parameters left symbolic and type-checked, in double
// precision and, when its elaboration is accepted, in single precision (elaboration refuses in both
// alike: refusing twice would only double the time of inputs made of refused definitions).
inline void runFrontEnd(const std::string& text) {
    ir::Module module;
    try {
        module = ir::parseModule(text, "fuzz.lift");
    } catch (const Error&) {
        return;  // rejected with a located error: fine
    }

    // The printer's contract: its output parses, and printing that again gives the same text.
    const std::string printed = ir::printModule(module);
    std::string reprinted;
    try {
        reprinted = ir::printModule(ir::parseModule(printed, "printed.lift"));
    } catch (const Error& e) {
        throw PipelineBug("printed module does not parse: " + std::string(e.what()) + "\n" + printed);
    }
    if (reprinted != printed) {
        throw PipelineBug("printing is not stable:\n" + printed + "\n--- reprinted ---\n" + reprinted);
    }

    for (const auto& definition : module.definitions) {
        for (ir::ScalarKind precision : {ir::ScalarKind::Double, ir::ScalarKind::Float}) {
            ir::ElaborateOptions options;
            options.precision = precision;
            options.maxNodes = kFuzzMaxElaboratedNodes;
            ir::Program program;
            try {
                program = ir::elaborateDefinition(module, definition.name, options);
            } catch (const Error&) {
                break;  // rejected with an error: fine
            }
            try {
                ir::inferFunType(program.body);
            } catch (const Error&) {
                // rejected with an error: fine
            }
        }
    }
}

}  // namespace liftcl::fuzz
