// `--print-stages` of `liftcl compile` and `liftcl fft`: the program after each stage of the
// pipeline, the way LLVM's -print-after-all shows a module after each pass: as parsed
// (elaborated), after each rewrite step of the strategy, lowered, the kernel body after each codegen
// pass over the OpenCL C tree that changed it (emitted, barrier-elimination, constant-folding,
// local-in-place or local-split-exchange, local-sharing), and
// the generated OpenCL C last.
// Each stage starts with a header line `// ==== <n>. <stage> ====`.
#pragma once

#include <iosfwd>
#include <string>

#include "codegen/codegen.hpp"
#include "ir/expr.hpp"

namespace liftcl::cli {

class StagePrinter {
public:
    // Prints nothing when `enabled` is false, so callers need no conditions.
    StagePrinter(std::ostream& out, bool enabled) : out_(out), enabled_(enabled) {}
    bool enabled() const { return enabled_; }
    void program(const std::string& stage, const ir::Program& program);
    void text(const std::string& stage, const std::string& text);
    // The strategy applied (rewrite::applyStrategyWithDerivation), printing the program after each
    // of its rewrite steps and then the lowered program; returns the lowered program.
    ir::Program applyStrategy(const ir::Program& program, const std::string& strategy);
    // The kernel generated from `lowered`, printed last.
    codegen::GeneratedKernel generate(const ir::Program& lowered, const codegen::CodegenOptions& options);

private:
    void header(const std::string& stage);
    std::ostream& out_;
    bool enabled_;
    int count_ = 0;
};

}  // namespace liftcl::cli
