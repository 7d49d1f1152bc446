// OpenCL C validation with clang 14 (inside the liftcl_clang plugin, see clang_plugin.hpp): the
// source is parsed as OpenCL C 1.2 with -fsyntax-only from an in-memory file, and clang's
// diagnostics are collected with their locations instead of being printed.
#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/FileManager.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/FrontendActions.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/ADT/SmallString.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/VirtualFileSystem.h>

#include <cstdlib>
#include <memory>

#include "codegen/clang/clang_plugin.hpp"

#ifndef LIFTCL_CLANG_RESOURCE_DIR
#error "LIFTCL_CLANG_RESOURCE_DIR must name clang's resource directory (set by CMake)"
#endif

namespace liftcl::codegen::clang_plugin {
namespace {

class CollectingConsumer : public clang::DiagnosticConsumer {
public:
    explicit CollectingConsumer(std::vector<ClDiagnostic>& out) : out_(out) {}

    void HandleDiagnostic(clang::DiagnosticsEngine::Level level,
                          const clang::Diagnostic& info) override {
        clang::DiagnosticConsumer::HandleDiagnostic(level, info);  // keeps the error counts
        if (level == clang::DiagnosticsEngine::Ignored) return;
        ClDiagnostic d;
        switch (level) {
        case clang::DiagnosticsEngine::Note: d.severity = "note"; break;
        case clang::DiagnosticsEngine::Remark: d.severity = "remark"; break;
        case clang::DiagnosticsEngine::Warning: d.severity = "warning"; break;
        default: d.severity = "error"; break;
        }
        llvm::SmallString<256> text;
        info.FormatDiagnostic(text);
        d.message = text.str().str();
        if (info.getLocation().isValid() && info.hasSourceManager()) {
            clang::PresumedLoc loc = info.getSourceManager().getPresumedLoc(info.getLocation());
            if (loc.isValid()) {
                d.line = static_cast<int>(loc.getLine());
                d.column = static_cast<int>(loc.getColumn());
            }
        }
        out_.push_back(std::move(d));
    }

private:
    std::vector<ClDiagnostic>& out_;
};

std::string resourceDir() {
    // An override for relocated installs; the default is the directory found by CMake.
    if (const char* dir = std::getenv("LIFTCL_CLANG_RESOURCE_DIR"); dir && *dir) return dir;
    return LIFTCL_CLANG_RESOURCE_DIR;
}

}  // namespace

std::vector<ClDiagnostic> check(const std::string& source, const std::string& fileName) {
    // The source lives in an in-memory overlay under a fixed virtual path, so nothing on disk is
    // read or shadowed; diagnostics are reported with line/column only.
    const std::string virtualPath = "/liftcl-virtual/" + (fileName.empty() ? std::string("kernel.cl")
                                                                             : fileName);
    auto memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
    memory->addFile(virtualPath, 0, llvm::MemoryBuffer::getMemBufferCopy(source, virtualPath));
    auto overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(llvm::vfs::getRealFileSystem());
    overlay->pushOverlay(memory);
    auto files = llvm::makeIntrusiveRefCnt<clang::FileManager>(clang::FileSystemOptions(), overlay);

    // spir: a target on which every OpenCL extension (cl_khr_fp64 included) is supported.
    // -finclude-default-header with -fdeclare-opencl-builtins declares the builtins (get_global_id,
    // sin, ...) without parsing the whole of opencl-c.h, which keeps a check fast.
    std::vector<std::string> args = {
        "clang", "-fsyntax-only", "-x", "cl", "-cl-std=CL1.2", "-target", "spir-unknown-unknown",
        "-Xclang", "-finclude-default-header", "-Xclang", "-fdeclare-opencl-builtins",
        "-Xclang", "-cl-ext=+cl_khr_fp64", "-resource-dir", resourceDir(), "-Wall",
        // without carets clang does not print its "N errors generated." summary to stderr
        "-fno-caret-diagnostics", virtualPath};

    std::vector<ClDiagnostic> diagnostics;
    CollectingConsumer consumer(diagnostics);
    clang::tooling::ToolInvocation invocation(args, std::make_unique<clang::SyntaxOnlyAction>(),
                                              files.get());
    invocation.setDiagnosticConsumer(&consumer);
    const bool ok = invocation.run();
    if (!ok && diagnostics.empty()) {
        diagnostics.push_back({0, 0, "error", "clang could not check " + fileName + " (no diagnostic given)"});
    }
    return diagnostics;
}

}  // namespace liftcl::codegen::clang_plugin
