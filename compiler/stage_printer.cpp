#include "compiler/stage_printer.hpp"

#include <ostream>

#include "ir/error.hpp"
#include "ir/printer.hpp"
#include "rewrite/ir_helpers.hpp"
#include "rewrite/lowering.hpp"
#include "rewrite/strategy.hpp"

namespace liftcl::cli {

void StagePrinter::header(const std::string& stage) { out_ << "// ==== " << ++count_ << ". " << stage << " ====\n"; }

void StagePrinter::program(const std::string& stage, const ir::Program& program) {
    if (!enabled_) return;
    header(stage);
    out_ << ir::printProgram(program) << "\n\n";
}

void StagePrinter::text(const std::string& stage, const std::string& text) {
    if (!enabled_) return;
    header(stage);
    out_ << text << (text.empty() || text.back() == '\n' ? "" : "\n") << "\n";
}

ir::Program StagePrinter::applyStrategy(const ir::Program& program, const std::string& strategy) {
    auto [lowered, steps] = rewrite::applyStrategyWithDerivation(program, strategy);
    if (!enabled_) return lowered;
    // The derivation replayed one rule application at a time.
    ir::Program current = program;
    for (std::size_t k = 0; k < steps.size(); ++k) {
        const std::string step = rewrite::derivationToString({steps[k]});
        try {
            current.body = rewrite::asFun(rewrite::replay(current.body, {steps[k]}));
        } catch (const Error& e) {
            text("strategy '" + strategy + "', step " + std::to_string(k + 1) + " of " + std::to_string(steps.size()) +
                     ": " + step,
                 "// not replayable one step at a time (" + e.message() + "); the lowered program follows");
            break;
        }
        this->program("strategy '" + strategy + "', step " + std::to_string(k + 1) + " of " +
                          std::to_string(steps.size()) + ": " + step,
                      current);
    }
    this->program("lowered (strategy '" + strategy + "')", lowered);
    return lowered;
}

codegen::GeneratedKernel StagePrinter::generate(const ir::Program& lowered, const codegen::CodegenOptions& options) {
    codegen::CodegenOptions recording = options;
    recording.recordStages = enabled_;
    codegen::GeneratedKernel kernel = codegen::generateKernel(lowered, recording);
    for (const auto& [pass, body] : kernel.stages) text("codegen " + pass + " (kernel " + kernel.name + " body)", body);
    text("OpenCL C (kernel " + kernel.name + ")", kernel.source);
    return kernel;
}

}  // namespace liftcl::cli
