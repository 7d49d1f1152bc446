#include "compiler/header_emitter.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <sstream>
#include <string_view>
#include <vector>

#include "ir/error.hpp"
#include "runtime/kernel_metadata.hpp"

namespace liftcl::cli {

namespace {

// Pieces of embedded text stay well below the 64 KiB that compilers promise for one literal.
constexpr std::size_t kPieceBytes = 16000;

// C++ keywords that a .lift name could spell, and the names the launcher itself uses.
constexpr std::array<std::string_view, 40> kReserved = {
    "auto",   "bool",     "break",  "case",     "char",    "class",    "const",  "continue", "default", "delete",
    "do",     "double",   "else",   "enum",     "extern",  "float",    "for",    "goto",     "if",      "inline",
    "int",    "long",     "new",    "operator", "private", "public",   "return", "short",    "signed",  "sizeof",
    "static", "struct",   "switch", "template", "this",    "typedef",  "union",  "unsigned", "void",    "while"};
constexpr std::array<std::string_view, 4> kLauncherNames = {"queue", "overrides", "kernel_", "real"};

bool isIdentifier(std::string_view s) {
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
    return std::all_of(s.begin(), s.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

// A C++ parameter name for a metadata argument name.
std::string parameterName(const std::string& name) {
    std::string out;
    for (char c : name) out += std::isalnum(static_cast<unsigned char>(c)) || c == '_' ? c : '_';
    if (out.empty() || std::isdigit(static_cast<unsigned char>(out[0]))) out = "arg_" + out;
    const auto clash = [&](auto& list) { return std::find(list.begin(), list.end(), out) != list.end(); };
    if (clash(kReserved) || clash(kLauncherNames)) out += "_";
    return out;
}

std::string quoted(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

// A raw-literal delimiter that does not occur in the text.
std::string delimiterFor(const std::string& text) {
    std::string delimiter = "liftcl";
    for (int i = 0; text.find(")" + delimiter + "\"") != std::string::npos; ++i) delimiter = "liftcl" + std::to_string(i);
    return delimiter;
}

// `static constexpr std::string_view NAME[] = {R"d(piece)d", ...};`
std::string piecesArray(const std::string& name, const std::string& text) {
    const std::string d = delimiterFor(text);
    std::string out = "    static constexpr std::string_view " + name + "[] = {\n";
    for (std::size_t pos = 0; pos < text.size() || pos == 0; pos += kPieceBytes) {
        out += "        R\"" + d + "(" + text.substr(pos, kPieceBytes) + ")" + d + "\",\n";
        if (text.empty()) break;
    }
    return out + "    };\n";
}

std::string join(const std::vector<std::string>& items, const std::string& separator) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) out += (i ? separator : "") + items[i];
    return out;
}

}  // namespace

std::string emitKernelHeader(const HeaderSpec& spec) {
    if (!isIdentifier(spec.className))
        throw Error("--emit header: the class name '" + spec.className + "' is not a C++ identifier (use --name)");
    if (!isIdentifier(spec.namespaceName))
        throw Error("--emit header: the namespace '" + spec.namespaceName + "' is not a C++ identifier");
    const rt::KernelMetadata meta = rt::parseKernelMetadata(spec.metadata, spec.className + " metadata");
    const std::string& cls = spec.className;

    std::vector<std::string> bufferParams, bufferArgs, natParams, natArgs, summary, scalarParams, scalarArgs;
    for (const rt::KernelArg& arg : meta.args) {
        if (arg.kind == rt::ArgKind::Scalar) {  // by value, in the kernel's C type
            const std::string cType = arg.type == "int" ? "std::int32_t" : arg.type;
            scalarParams.push_back(cType + " " + parameterName(arg.name));
            scalarArgs.push_back("{" + quoted(arg.name) + ", liftcl::rt::scalarBytes(" + parameterName(arg.name) + ")}");
            summary.push_back("scalar " + arg.name + " " + arg.type);
            continue;
        }
        if (arg.kind != rt::ArgKind::Input && arg.kind != rt::ArgKind::Output) continue;
        bufferParams.push_back("const liftcl::rt::Buffer& " + parameterName(arg.name));
        bufferArgs.push_back("{" + quoted(arg.name) + ", " + parameterName(arg.name) + "}");
        summary.push_back(std::string(rt::argKindName(arg.kind)) + " " + arg.name +
                          (arg.type.empty() ? "" : " " + arg.type) + " (" + arg.bytes.text() + " bytes)");
    }
    for (const std::string& nat : meta.natParams) {
        natParams.push_back("std::int64_t " + parameterName(nat));
        natArgs.push_back("{" + quoted(nat) + ", " + parameterName(nat) + "}");
    }
    const std::string natValues = "liftcl::rt::NatValues{" + join(natArgs, ", ") + "}";

    std::ostringstream h;
    h << "// Generated by `liftcl compile --emit header` from " << spec.origin << ".\n"
      << "// Do not edit: regenerate instead. Needs only the liftcl runtime (liftcl::runtime).\n"
      << "//\n// Kernel " << meta.kernel << ":\n";
    for (const auto& s : summary) h << "//   " << s << "\n";
    if (!meta.natParams.empty()) h << "//   nat parameters: " << join(meta.natParams, ", ") << "\n";
    h << "#pragma once\n\n"
      << "#include <cstddef>\n#include <cstdint>\n#include <string>\n#include <string_view>\n\n"
      << "#include \"runtime/runtime.hpp\"\n\n"
      << "namespace " << spec.namespaceName << " {\n\n"
      << "class " << cls << " {\npublic:\n"
      << "    using real = " << (meta.precision == rt::Precision::Double ? "double" : "float")
      << ";  // the kernel's precision (complex values are pairs of real)\n"
      << "    static constexpr std::string_view kernelName = " << quoted(meta.kernel) << ";\n\n"
      << "    // The OpenCL C source.\n"
      << "    static std::string source() {\n"
      << "        std::string text;\n"
      << "        for (std::string_view piece : sourcePieces) text += piece;\n"
      << "        return text;\n    }\n"
      << "    // The kernel metadata (docs/kernel-metadata.md).\n"
      << "    static std::string metadataJson() {\n"
      << "        std::string text;\n"
      << "        for (std::string_view piece : metadataPieces) text += piece;\n"
      << "        return text;\n    }\n"
      << "    static liftcl::rt::KernelMetadata metadata() {\n"
      << "        return liftcl::rt::parseKernelMetadata(metadataJson(), " << quoted(cls + " (embedded)") << ");\n"
      << "    }\n\n"
      << "    // Builds the kernel for the context's device through the cache (memory and disk).\n"
      << "    " << cls << "(liftcl::rt::ProgramCache& cache, const liftcl::rt::Context& context)\n"
      << "        : kernel_(cache, context, metadata(), source()) {}\n\n";
    for (const rt::KernelArg& arg : meta.args) {
        if (arg.kind != rt::ArgKind::Input && arg.kind != rt::ArgKind::Output) continue;
        h << "    // Bytes of the " << rt::argKindName(arg.kind) << " buffer " << arg.name << ": " << arg.bytes.text()
          << ".\n"
          << "    std::size_t " << parameterName(arg.name) << "Bytes(" << join(natParams, ", ") << ") const {\n"
          << "        return kernel_.argBytes(" << quoted(arg.name) << ", " << natValues << ");\n    }\n";
    }
    std::vector<std::string> launchParams = {"const liftcl::rt::Queue& queue"};
    launchParams.insert(launchParams.end(), bufferParams.begin(), bufferParams.end());
    launchParams.insert(launchParams.end(), scalarParams.begin(), scalarParams.end());
    launchParams.insert(launchParams.end(), natParams.begin(), natParams.end());
    launchParams.push_back("const liftcl::rt::LaunchOverrides& overrides = {}");
    h << "\n    // Enqueues one launch (it does not wait: use the event or queue.finish()). Throws\n"
      << "    // liftcl::rt::Error for a buffer that is too small or a nat value out of range.\n"
      << "    liftcl::rt::Event operator()(" << join(launchParams, ", ") << ") {\n"
      << "        return kernel_.launch(queue, " << natValues << ",\n"
      << "                              liftcl::rt::BufferArgs{" << join(bufferArgs, ", ") << "}, overrides,\n"
      << "                              liftcl::rt::ScalarArgs{" << join(scalarArgs, ", ") << "});\n"
      << "    }\n\n"
      << "    liftcl::rt::LaunchableKernel& kernel() { return kernel_; }\n\n"
      << "private:\n"
      << piecesArray("sourcePieces", spec.source) << piecesArray("metadataPieces", spec.metadata)
      << "\n    liftcl::rt::LaunchableKernel kernel_;\n"
      << "};\n\n"
      << "}  // namespace " << spec.namespaceName << "\n";
    return h.str();
}

}  // namespace liftcl::cli
