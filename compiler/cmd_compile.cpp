// liftcl compile FILE --def NAME [--set n=..] [--strategy S] [--precision f32|f64]
//                    [--twiddles table|digits|sincos] -o OUT.cl
// Generates the OpenCL kernel of a (lowered) definition and writes OUT.cl and OUT.json beside it
// (docs/kernel-metadata.md).
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

#include "codegen/codegen.hpp"
#include "compiler/commands.hpp"
#include "compiler/program_loader.hpp"
#include "ir/error.hpp"
#include "rewrite/lowering.hpp"

namespace liftcl::cli {

namespace {

struct CompileOptions {
    std::string file, def, set, strategy, precision = "f64", twiddles = "table", output;
};

ir::ScalarKind precisionOf(const std::string& p) {
    if (p == "f64" || p == "double") return ir::ScalarKind::Double;
    if (p == "f32" || p == "float") return ir::ScalarKind::Float;
    throw Error("unknown precision '" + p + "' (expected f32 or f64)");
}

void writeFile(const std::filesystem::path& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
    if (!out) throw Error("cannot write " + path.string());
}

void runCompile(const CompileOptions& o) {
    const ir::ScalarKind precision = precisionOf(o.precision);
    ir::Program program = loadProgram(o.file, o.def, o.set, precision);
    if (!o.strategy.empty()) program = rewrite::applyStrategy(program, o.strategy);
    std::filesystem::path out(o.output);
    std::filesystem::path json = out;
    json.replace_extension(".json");
    codegen::CodegenOptions options;
    options.precision = precision;
    options.twiddles = codegen::twiddleModeFromName(o.twiddles);
    options.sourceFile = out.filename().string();
    const codegen::GeneratedKernel k = codegen::generateKernel(program, options);
    writeFile(out, k.source);
    writeFile(json, k.metadata);
    std::cout << "wrote " << out.string() << " and " << json.string() << " (kernel " << k.name
              << ")\n";
}

}  // namespace

void addCompileCommand(CLI::App& app) {
    auto opts = std::make_shared<CompileOptions>();
    auto* cmd = app.add_subcommand("compile", "Generate the OpenCL kernel of a lowered definition");
    cmd->add_option("file", opts->file, ".lift file")->required();
    cmd->add_option("--def", opts->def, "definition to compile")->required();
    cmd->add_option("--set", opts->set, "nat values, e.g. n=1024,L=16,p=4");
    cmd->add_option("--strategy", opts->strategy, "lowering strategy applied first (e.g. lower-stockham)");
    cmd->add_option("--precision", opts->precision, "f32 or f64 (default f64)");
    cmd->add_option("--twiddles", opts->twiddles, "table (default), digits or sincos");
    cmd->add_option("-o,--output", opts->output, "output .cl file (metadata .json beside it)")->required();
    cmd->callback([opts] { runCompile(*opts); });
}

}  // namespace liftcl::cli
