// Lookup of the embedded .lift sources and their assembly into one module.
#include "fft/embedded_sources.hpp"

#include <set>
#include <string>

#include "ir/error.hpp"
#include "ir/parser.hpp"

namespace liftcl::fft {

std::string_view embeddedSource(std::string_view name) {
    for (const auto& source : embeddedSources())
        if (source.name == name) return source.text;
    throw Error("no embedded FFT source named '" + std::string(name) + "'");
}

ir::Module embeddedModule(const std::vector<std::string_view>& files) {
    ir::Module module;
    module.file = "<embedded fft library>";
    std::set<std::string> names;
    for (const auto file : files) {
        ir::Module part = ir::parseModule(std::string(embeddedSource(file)), std::string(file));
        for (auto& def : part.definitions) {
            if (!names.insert(def.name).second)
                throw Error("embedded FFT sources: '" + def.name + "' is defined twice (in " + std::string(file) + ")");
            module.definitions.push_back(std::move(def));
        }
        for (auto& userFun : part.userFuns) {
            if (!names.insert(userFun.name).second)
                throw Error("embedded FFT sources: '" + userFun.name + "' is defined twice (in " + std::string(file) + ")");
            module.userFuns.push_back(std::move(userFun));
        }
    }
    return module;
}

}  // namespace liftcl::fft
