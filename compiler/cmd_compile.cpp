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
#include "compiler/common_options.hpp"
#include "compiler/stage_printer.hpp"
#include "compiler/explore_measure.hpp"
#include "compiler/header_emitter.hpp"
#include "ir/program_loader.hpp"
#include "ir/error.hpp"
#include "ir/precision.hpp"
#include "rewrite/kernel_sequence.hpp"
#include "rewrite/legality.hpp"
#include "rewrite/lowering.hpp"
#include "runtime/device_selection.hpp"
#include "runtime/wisdom.hpp"

namespace liftcl::cli {

namespace {

struct CompileOptions : DefinitionArgs {
    std::string strategy, precision = "f64", twiddles = "table", output;
    std::string emit = "cl", className, namespaceName = "liftcl_kernels";
    bool fromWisdom = false;
    bool printStages = false;
    std::string device, wisdom;
};

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

// A program of several kernels: STAGE.cl and STAGE.json for each beside OUT, and OUT's stem
// .sequence.json saying in which order they run and which buffers they read and write.
void writeSequence(const codegen::GeneratedSequence& sequence, const std::filesystem::path& out) {
    const std::filesystem::path dir = out.parent_path();
    for (const auto& k : sequence.kernels) {
        writeFile(dir / (k.name + ".cl"), k.source);
        writeFile(dir / (k.name + ".json"), k.metadata);
    }
    std::filesystem::path json = out;
    json.replace_extension(".sequence.json");
    writeFile(json, sequence.metadata);
    std::cout << "wrote " << sequence.kernels.size() << " kernels (";
    for (std::size_t k = 0; k < sequence.kernels.size(); ++k)
        std::cout << (k ? ", " : "") << sequence.kernels[k].name;
    std::cout << ") and " << json.string() << "\n";
}

void runCompile(const CompileOptions& o) {
    if (o.emit != "cl" && o.emit != "header") throw Error("--emit: expected cl or header, not '" + o.emit + "'");
    const ir::ScalarKind precision = ir::parsePrecision(o.precision, "--precision");
    ir::Program program = ir::loadProgram(o.file, o.def, o.set, precision);
    std::filesystem::path out(o.output);
    codegen::CodegenOptions options;
    options.precision = precision;
    options.twiddles = codegen::twiddleModeFromName(o.twiddles);
    options.sourceFile = out.filename().replace_extension(".cl").string();
    StagePrinter stages(std::cout, o.printStages);
    stages.program("parsed (" + o.def + ", " + o.precision + ")", program);
    codegen::GeneratedKernel k;
    if (o.fromWisdom) {
        k = kernelFromWisdom(o, program, options);
        k.metadata = metadataWithLaunch(k.metadata, {}, options.sourceFile);
        stages.text("OpenCL C from wisdom (kernel " + k.name + ")", k.source);
    } else {
        if (!o.strategy.empty()) program = stages.applyStrategy(program, o.strategy);
        rewrite::requireLegal(program);  // the one rule codegen's input must satisfy; names the map
        const std::vector<ir::Program> kernels = rewrite::splitIntoKernels(program);
        if (kernels.size() > 1) {
            if (o.emit == "header")
                throw Error("--emit header: " + o.def + " compiles to " + std::to_string(kernels.size()) +
                            " kernels; the header launcher takes one (write them with --emit cl)");
            if (o.output.empty()) throw Error("compile: give -o/--output");
            writeSequence(codegen::generateKernelSequence(program.name, kernels, options), out);
            return;
        }
        k = stages.generate(program, options);
    }
    if (o.output.empty()) {
        if (!o.printStages) throw Error("compile: give -o/--output (or --print-stages)");
        return;
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
    addDefinitionArgs(*cmd, *opts, "compile");
    cmd->add_option("--strategy", opts->strategy, "lowering strategy applied first (e.g. lower-stockham)");
    addPrecisionOption(*cmd, opts->precision);
    addTwiddlesOption(*cmd, opts->twiddles);
    cmd->add_option("-o,--output", opts->output,
                    "output .cl file (metadata .json beside it), or .hpp with --emit header (required without --print-stages)");
    cmd->add_flag("--print-stages", opts->printStages,
                  "print the program after each stage: parsed, each rewrite step, lowered, the kernel body after "
                  "each codegen pass, OpenCL C");
    cmd->add_option("--emit", opts->emit, "cl (default: OUT.cl + OUT.json) or header (a C++ header with a launcher)");
    cmd->add_option("--name", opts->className, "--emit header: the launcher class (default: the definition)");
    cmd->add_option("--namespace", opts->namespaceName, "--emit header: its namespace (default liftcl_kernels)");
    cmd->add_flag("--from-wisdom", opts->fromWisdom, "the variant `liftcl explore` recorded as best on the device");
    cmd->add_option("--device", opts->device, "--from-wisdom: the device (N, P:D or a name; default $LIFTCL_DEVICE)");
    cmd->add_option("--wisdom", opts->wisdom, "--from-wisdom: the wisdom file (default $LIFTCL_WISDOM or the cache's)");
    cmd->callback([opts] { runCompile(*opts); });
}

}  // namespace liftcl::cli
