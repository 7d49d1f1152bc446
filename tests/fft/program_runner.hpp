// Test helper: run a definition of a .lift file in the reference interpreter on complex vectors.
// Modules are parsed once per path; definitions are elaborated with the given nat values, typed
// for the input (every run checks the types first) and interpreted.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <unistd.h>

#include "fft/dft_reference.hpp"
#include "ir/elaborate.hpp"
#include "ir/interpreter.hpp"
#include "ir/parser.hpp"
#include "ir/typecheck.hpp"

namespace liftcl::testing {

using Nats = std::map<std::string, std::int64_t>;

inline std::string fftExample(const std::string& file) {
    return std::string(LIFTCL_SOURCE_DIR) + "/fft/lift/" + file;
}

inline const ir::Module& cachedModule(const std::string& path) {
    static std::map<std::string, std::unique_ptr<ir::Module>> cache;
    auto& slot = cache[path];
    if (!slot) slot = std::make_unique<ir::Module>(ir::parseFile(path));
    return *slot;
}

// A .lift file written for one test (e.g. a definition that passes a function to kronapply); it
// imports the prelude by absolute path. Kept for the run so the module cache stays valid.
inline std::string writeTestModule(const std::string& name, const std::string& definitions) {
    const auto dir = std::filesystem::temp_directory_path() / "liftcl-ir-tests";
    std::filesystem::create_directories(dir);
    const auto path = dir / (name + "-" + std::to_string(::getpid()) + ".lift");
    std::ofstream(path) << "import \"" << fftExample("prelude.lift") << "\"\n" << definitions;
    return path.string();
}

// Runs `def` on one complex vector of length n and returns the result as complex numbers.
inline std::vector<reference::ComplexL> runOnVector(const std::string& path, const std::string& def,
                                                    const Nats& nats,
                                                    const std::vector<reference::ComplexL>& input) {
    ir::ElaborateOptions options;
    for (const auto& [name, value] : nats) options.natValues[name] = ir::Arith(value);
    const ir::Program program = ir::elaborateDefinition(cachedModule(path), def, options);
    if (!program.natParams.empty())
        throw Error(def + ": nat parameter " + program.natParams.front() + " has no value");
    const ir::TypeP inType = ir::Type::arrayOf(ir::Type::complexOf(ir::ScalarKind::Double),
                                               ir::Arith(static_cast<std::int64_t>(input.size())));
    const ir::TypeP outType = ir::inferCallType(program.body, {inType});
    if (!outType->isArray() || !outType->element->isComplex())
        throw Error(def + ": the result is " + ir::typeToString(outType) + ", not [complex]n");
    const ir::Value result = ir::interpret(program.body, {reference::complexValue(input)});
    return reference::complexVector(result, def + "'s result");
}

// Deterministic non-zero test data: reals in [-1, 1) from a seed.
inline std::vector<reference::ComplexL> randomVector(std::size_t n, std::uint64_t seed) {
    const ir::TypeP t = ir::Type::arrayOf(ir::Type::complexOf(ir::ScalarKind::Double),
                                          ir::Arith(static_cast<std::int64_t>(n)));
    return reference::complexVector(ir::randomValue(t, seed), "random data");
}

// Relative L2 error of `def` against the naive DFT on random data of size n.
inline long double dftError(const std::string& path, const std::string& def, const Nats& nats,
                            std::size_t n, std::uint64_t seed = 7) {
    const auto x = randomVector(n, seed);
    return reference::relativeL2Error(runOnVector(path, def, nats, x), reference::naiveDft(x));
}

}  // namespace liftcl::testing
