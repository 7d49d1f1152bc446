// Formatting of emitted OpenCL C with clang's libFormat (an LLVM-based clang-format style).
#include <clang/Format/Format.h>
#include <clang/Tooling/Core/Replacement.h>

#include "codegen/clang/clang_plugin.hpp"

namespace liftcl::codegen::clang_plugin {

std::string format(const std::string& source) {
    clang::format::FormatStyle style = clang::format::getLLVMStyle(clang::format::FormatStyle::LK_Cpp);
    style.IndentWidth = 4;
    style.ContinuationIndentWidth = 4;
    style.ColumnLimit = 100;
    style.AllowShortFunctionsOnASingleLine = clang::format::FormatStyle::SFS_Empty;
    style.SortIncludes = clang::format::FormatStyle::SI_Never;
    const std::vector<clang::tooling::Range> whole = {
        clang::tooling::Range(0, static_cast<unsigned>(source.size()))};
    const clang::tooling::Replacements replacements =
        clang::format::reformat(style, source, whole, "kernel.cl");
    llvm::Expected<std::string> formatted = clang::tooling::applyAllReplacements(source, replacements);
    if (!formatted) {
        llvm::consumeError(formatted.takeError());
        return source;
    }
    return *formatted;
}

}  // namespace liftcl::codegen::clang_plugin
