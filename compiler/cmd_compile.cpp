// liftcl compile FILE --def NAME [--set n=..] [--strategy S | --from-wisdom [--device D] [--wisdom F]]
//                    [--precision f32|f64] [--twiddles table|digits|sincos]
//                    [--emit cl|header [--name CLASS] [--namespace NS]] -o OUT
// Generates the OpenCL kernel of a (lowered) definition and writes OUT.cl and OUT.json beside it
// (docs/kernel-metadata.md), or with --emit header one C++ header OUT.hpp that embeds both with a
// typed launcher (compiler/header_emitter.hpp). --from-wisdom takes the variant `liftcl explore`
// measured best for this program on the device (runtime/wisdom.hpp), with its tuned local size.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

#include "codegen/codegen.hpp"
#include "compiler/commands.hpp"
#include "compiler/explore_measure.hpp"
#include "compiler/header_emitter.hpp"
#include "compiler/program_loader.hpp"
#include "ir/error.hpp"
#include "rewrite/lowering.hpp"
#include "runtime/device_selection.hpp"
#include "runtime/wisdom.hpp"

namespace liftcl::cli {

namespace {

struct CompileOptions {
    std::string file, def, set, strategy, precision = "f64", twiddles = "table", output;
    std::string emit = "cl", className, namespaceName = "liftcl_kernels";
    bool fromWisdom = false;
    std::string device, wisdom;
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

// The kernel the wisdom file recorded for this program on the device; throws when there is none.
codegen::GeneratedKernel kernelFromWisdom(const CompileOptions& o, const ir::Program& program,
                                          const codegen::CodegenOptions& options) {
    if (!o.strategy.empty()) throw Error("--from-wisdom and --strategy exclude each other");
    const auto file = o.wisdom.empty() ? rt::Wisdom::defaultFile() : std::optional<std::filesystem::path>(o.wisdom);
    if (!file) throw Error("--from-wisdom: no wisdom file (set LIFTCL_WISDOM or --wisdom)");
    const rt::Device device = rt::chooseDevice(o.device);
    const rt::WisdomKey key = rt::WisdomKey::forDevice(device, wisdomProgramHash(program, options));
    const auto record = rt::Wisdom(*file).lookup(key);
    if (!record)
        throw Error("--from-wisdom: " + file->string() + " has nothing for " + o.def + " (with these --set, " +
                    "--precision and --twiddles) on " + device.name() + "; run `liftcl explore` first");
    std::cout << "from wisdom: " << record->choices << " (" << record->medianNs * 1e-3 << " us on " << device.name()
              << ")\n";
    const rt::KernelMetadata meta = rt::parseKernelMetadata(record->kernelMetadata, file->string());
    return {meta.kernel, record->kernelSource, record->kernelMetadata};
}

void runCompile(const CompileOptions& o) {
    if (o.emit != "cl" && o.emit != "header") throw Error("--emit: expected cl or header, not '" + o.emit + "'");
    const ir::ScalarKind precision = precisionOf(o.precision);
    ir::Program program = loadProgram(o.file, o.def, o.set, precision);
    std::filesystem::path out(o.output);
    codegen::CodegenOptions options;
    options.precision = precision;
    options.twiddles = codegen::twiddleModeFromName(o.twiddles);
    options.sourceFile = out.filename().replace_extension(".cl").string();
    codegen::GeneratedKernel k;
    if (o.fromWisdom) {
        k = kernelFromWisdom(o, program, options);
        k.metadata = metadataWithLaunch(k.metadata, {}, options.sourceFile);
    } else {
        if (!o.strategy.empty()) program = rewrite::applyStrategy(program, o.strategy);
        k = codegen::generateKernel(program, options);
    }
    if (o.emit == "header") {
        HeaderSpec spec;
        spec.className = o.className.empty() ? o.def : o.className;
        spec.namespaceName = o.namespaceName;
        spec.origin = std::filesystem::path(o.file).filename().string() + " (definition " + o.def +
                      (o.set.empty() ? "" : ", --set " + o.set) +
                      (o.strategy.empty() ? "" : ", --strategy " + o.strategy) +
                      (o.fromWisdom ? ", from wisdom" : "") + ", " + o.precision + ")";
        spec.source = k.source;
        spec.metadata = k.metadata;
        writeFile(out, emitKernelHeader(spec));
        std::cout << "wrote " << out.string() << " (class " << spec.namespaceName << "::" << spec.className
                  << ", kernel " << k.name << ")\n";
        return;
    }
    std::filesystem::path json = out;
    json.replace_extension(".json");
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
    cmd->add_option("-o,--output", opts->output, "output .cl file (metadata .json beside it), or .hpp with --emit header")
        ->required();
    cmd->add_option("--emit", opts->emit, "cl (default: OUT.cl + OUT.json) or header (a C++ header with a launcher)");
    cmd->add_option("--name", opts->className, "--emit header: the launcher class (default: the definition)");
    cmd->add_option("--namespace", opts->namespaceName, "--emit header: its namespace (default liftcl_kernels)");
    cmd->add_flag("--from-wisdom", opts->fromWisdom, "the variant `liftcl explore` recorded as best on the device");
    cmd->add_option("--device", opts->device, "--from-wisdom: the device (N, P:D or a name; default $LIFTCL_DEVICE)");
    cmd->add_option("--wisdom", opts->wisdom, "--from-wisdom: the wisdom file (default $LIFTCL_WISDOM or the cache's)");
    cmd->callback([opts] { runCompile(*opts); });
}

}  // namespace liftcl::cli
