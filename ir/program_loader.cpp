// Reading a .lift file and turning one of its definitions into a program (shared by the
// subcommands).
#include "ir/program_loader.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <string_view>

#include "ir/error.hpp"
#include "ir/parser.hpp"

namespace liftcl::ir {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

bool isIdentifier(std::string_view s) {
    if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
    for (char c : s)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
    return true;
}

}  // namespace

std::map<std::string, ir::Arith> parseSetOption(const std::string& text) {
    std::map<std::string, ir::Arith> values;
    if (trim(text).empty()) return values;
    std::string_view rest = text;
    while (true) {
        const auto comma = rest.find(',');
        const std::string_view item = trim(rest.substr(0, comma));
        const auto eq = item.find('=');
        const std::string_view name = eq == std::string_view::npos ? item : trim(item.substr(0, eq));
        const std::string_view number =
            eq == std::string_view::npos ? std::string_view{} : trim(item.substr(eq + 1));
        std::int64_t value = 0;
        const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), value);
        if (eq == std::string_view::npos || !isIdentifier(name) || number.empty() ||
            ec != std::errc{} || end != number.data() + number.size())
            throw Error("--set: expected NAME=INTEGER, found '" + std::string(item) + "'");
        if (value <= 0)
            throw Error("--set: " + std::string(name) + " must be a positive integer, found " +
                        std::string(number));
        if (!values.emplace(std::string(name), ir::Arith(value)).second)
            throw Error("--set: " + std::string(name) + " is given twice");
        if (comma == std::string_view::npos) break;
        rest = rest.substr(comma + 1);
    }
    return values;
}

void checkSetNames(const ir::Module& module, const std::string& def, const std::map<std::string, ir::Arith>& values) {
    const auto isParameter = [](const ir::Definition& d, const std::string& name) {
        return std::find(d.params.begin(), d.params.end(), name) != d.params.end();
    };
    for (const auto& entry : values) {
        const std::string& name = entry.first;  // not a structured binding: clang 14 cannot capture one
        if (def.empty()) {
            if (std::none_of(module.definitions.begin(), module.definitions.end(),
                             [&](const ir::Definition& d) { return isParameter(d, name); }))
                throw Error("--set: " + name + " is not a parameter of any definition in " + module.file);
            continue;
        }
        const ir::Definition* d = module.find(def);
        if (!d || isParameter(*d, name)) continue;
        std::string params;
        for (const auto& p : d->params) params += (params.empty() ? "" : ", ") + p;
        throw Error("--set: " + name + " is not a parameter of '" + def + "' (" +
                    (params.empty() ? "it has no parameters" : "its parameters: " + params) + ")");
    }
}

ir::Module loadModule(const std::string& file) { return ir::parseFile(file); }

ir::Program loadProgram(const std::string& file, const std::string& def, const std::string& setOption,
                        ir::ScalarKind precision) {
    ir::ElaborateOptions options;
    options.precision = precision;
    options.natValues = parseSetOption(setOption);
    const ir::Module module = loadModule(file);
    checkSetNames(module, def, options.natValues);
    return ir::elaborateDefinition(module, def, options);
}

}  // namespace liftcl::ir
