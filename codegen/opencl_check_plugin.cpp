// OpenCL C checking and formatting when liftcl is built with clang (LIFTCL_WITH_CLANG=ON): the
// work is done by the liftcl_clang plugin (codegen/clang/clang_plugin.hpp says why it is a plugin),
// loaded on first use from $LIFTCL_CLANG_PLUGIN, the build tree, or lib/liftcl beside the
// installed executable.
#ifdef LIFTCL_WITH_CLANG

#include <dlfcn.h>
#include <unistd.h>

#include <filesystem>
#include <mutex>
#include <sstream>

#include "codegen/opencl_check.hpp"
#include "ir/error.hpp"

namespace liftcl::codegen {
namespace {

struct ClangPlugin {
    char* (*check)(const char*, std::size_t, const char*) = nullptr;
    char* (*format)(const char*, std::size_t) = nullptr;
    void (*release)(char*) = nullptr;
    std::string problem;  // why it could not be loaded
};

std::vector<std::string> candidatePaths() {
    std::vector<std::string> paths;
    if (const char* env = std::getenv("LIFTCL_CLANG_PLUGIN"); env && *env) paths.emplace_back(env);
    paths.emplace_back(LIFTCL_CLANG_PLUGIN_BUILD_PATH);
    std::error_code ec;
    const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec) paths.push_back((exe.parent_path().parent_path() / "lib/liftcl" /
                              std::filesystem::path(LIFTCL_CLANG_PLUGIN_BUILD_PATH).filename()).string());
    return paths;
}

const ClangPlugin& plugin() {
    static ClangPlugin loaded;
    static std::once_flag once;
    std::call_once(once, [] {
        std::string tried;
        for (const auto& path : candidatePaths()) {
            if (!std::filesystem::exists(path)) { tried += " " + path; continue; }
            // RTLD_DEEPBIND: the plugin's clang binds to its own LLVM even when PoCL's is loaded.
            void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
            if (!handle) { tried += std::string(" ") + path + " (" + dlerror() + ")"; continue; }
            loaded.check = reinterpret_cast<decltype(loaded.check)>(dlsym(handle, "liftcl_clang_check"));
            loaded.format = reinterpret_cast<decltype(loaded.format)>(dlsym(handle, "liftcl_clang_format"));
            loaded.release = reinterpret_cast<decltype(loaded.release)>(dlsym(handle, "liftcl_clang_free"));
            if (loaded.check && loaded.format && loaded.release) return;
            loaded = {};
            tried += " " + path + " (missing entry points)";
        }
        loaded.problem = "cannot load the clang plugin liftcl_clang; tried:" + tried +
                         " (set LIFTCL_CLANG_PLUGIN to its path)";
    });
    return loaded;
}

std::string takeText(const ClangPlugin& p, char* text) {
    std::string s = text ? text : "";
    p.release(text);
    return s;
}

}  // namespace

bool openCLCheckAvailable() { return plugin().check != nullptr; }

std::vector<ClDiagnostic> checkOpenCLSource(const std::string& source, const std::string& fileName) {
    const ClangPlugin& p = plugin();
    if (!p.check) throw Error(p.problem);
    std::istringstream lines(takeText(p, p.check(source.data(), source.size(), fileName.c_str())));
    std::vector<ClDiagnostic> diagnostics;
    for (std::string line; std::getline(lines, line);) {
        std::istringstream fields(line);
        ClDiagnostic d;
        std::string lineNo, column;
        std::getline(fields, lineNo, '\t');
        std::getline(fields, column, '\t');
        std::getline(fields, d.severity, '\t');
        std::getline(fields, d.message);
        d.line = std::atoi(lineNo.c_str());
        d.column = std::atoi(column.c_str());
        diagnostics.push_back(std::move(d));
    }
    return diagnostics;
}

std::string formatOpenCLSource(const std::string& source) {
    const ClangPlugin& p = plugin();
    if (!p.format) return source;
    return takeText(p, p.format(source.data(), source.size()));
}

}  // namespace liftcl::codegen

#endif  // LIFTCL_WITH_CLANG
