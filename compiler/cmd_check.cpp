// liftcl check FILE.cl...: parses OpenCL C files as OpenCL C 1.2 with clang (no device needed) and
// prints clang's diagnostics as `FILE.cl:line:col: error: message`; a clean file prints
// `FILE.cl: ok`. Exits 1 when a file has an error. --format prints the clang-formatted source.
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "codegen/opencl_check.hpp"
#include "compiler/commands.hpp"
#include "ir/error.hpp"

namespace liftcl::cli {
namespace {

struct CheckOptions {
    std::vector<std::string> files;
    bool format = false;
    bool quietWarnings = false;
};

std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error("cannot read " + path);
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) throw Error("cannot read " + path);
    return text.str();
}

// Checks one file; returns its number of errors.
int checkFile(const std::string& path, const CheckOptions& options) {
    const std::string source = readFile(path);
    const auto diagnostics = codegen::checkOpenCLSource(source, path);
    int errors = 0, warnings = 0;
    for (const auto& d : diagnostics) {
        if (d.severity == "error") ++errors;
        if (d.severity == "warning") ++warnings;
        if (d.severity != "error" && options.quietWarnings) continue;
        std::cerr << d.toString(path) << "\n";
    }
    if (errors == 0) {
        std::cout << path << ": ok";
        if (warnings > 0) std::cout << " (" << warnings << (warnings == 1 ? " warning)" : " warnings)");
        std::cout << "\n";
    }
    if (options.format) std::cout << codegen::formatOpenCLSource(source);
    return errors;
}

}  // namespace

void addCheckCommand(CLI::App& app) {
    auto options = std::make_shared<CheckOptions>();
    auto* cmd = app.add_subcommand(
        "check", "Check OpenCL C files with clang as OpenCL C 1.2 (syntax and types; no device needed)");
    cmd->add_option("FILE", options->files, "OpenCL C source files (.cl)")->required();
    cmd->add_flag("--format", options->format, "Also print each file formatted with clang-format");
    cmd->add_flag("--no-warnings", options->quietWarnings, "Print errors only");
    cmd->callback([options] {
        int failed = 0;
        for (const auto& file : options->files) {
            if (checkFile(file, *options) > 0) ++failed;
        }
        if (failed > 0) {
            throw Error(std::to_string(failed) + (failed == 1 ? " file has" : " files have") +
                        " OpenCL C errors");
        }
    });
}

}  // namespace liftcl::cli
