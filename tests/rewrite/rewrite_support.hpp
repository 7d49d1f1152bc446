// Test helpers for the rewrite suite: load example definitions with small sizes, run programs in
// the interpreter on random inputs, and compare two programs (same type, same values).
#pragma once

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ir/elaborate.hpp"
#include "ir/interpreter.hpp"
#include "ir/parser.hpp"
#include "ir/typecheck.hpp"
#include "rewrite/rule.hpp"
#include "support/source_path.hpp"

namespace liftcl::testing {

struct NamedProgram {
    std::string label;  // "fft/lift/stockham.lift:stockhamPass" or "generated#3"
    ir::Program program;
};

// Small values for every nat parameter name the examples use.
inline const std::map<std::string, std::int64_t>& smallNats() {
    static const std::map<std::string, std::int64_t> nats = {
        {"n", 16}, {"L", 4}, {"p", 2}, {"m", 4}, {"k", 4}, {"c", 4}, {"t", 2}, {"th", 2},
        {"tw", 2}, {"n1", 4}, {"n2", 4}, {"bound", 2}, {"base", 4}, {"r", 2}, {"w", 4},
        {"h", 4}, {"size", 3}, {"step", 1}, {"q", 2}, {"p1", 2}, {"k1", 1}, {"p2", 2},
        {"k2", 1}, {"p3", 2}, {"k3", 1}, {"b", 2}, {"a", 2}};
    return nats;
}

inline const ir::Module& moduleAt(const std::string& path) {
    static std::map<std::string, std::unique_ptr<ir::Module>> cache;
    auto& slot = cache[path];
    if (!slot) slot = std::make_unique<ir::Module>(ir::parseFile(path));
    return *slot;
}

inline ir::Program loadDefinition(const std::string& relative, const std::string& def,
                                  const std::map<std::string, std::int64_t>& nats = smallNats()) {
    const ir::Module& module = moduleAt(sourcePath(relative));
    ir::ElaborateOptions options;
    if (const auto* d = module.find(def))
        for (const auto& param : d->params)
            if (auto it = nats.find(param); it != nats.end()) options.natValues[param] = ir::Arith(it->second);
    return ir::elaborateDefinition(module, def, options);
}

// Random inputs for the parameters of a type-checked program body.
inline std::vector<ir::Value> randomInputs(const ir::FunP& body, std::uint64_t seed) {
    std::vector<ir::Value> inputs;
    for (std::size_t k = 0; k < body->params.size(); ++k) {
        const auto& t = body->params[k]->type ? body->params[k]->type : body->params[k]->declaredType;
        if (!t) throw Error("parameter " + body->params[k]->name + " has no type");
        inputs.push_back(ir::randomValue(t, seed * 31 + k));
    }
    return inputs;
}

// A program the interpreter can run on random inputs: a lambda with closed parameter types.
inline bool runnable(const ir::Program& p) {
    if (!p.natParams.empty() || p.body->kind != ir::Fun::Kind::Lambda) return false;
    try {
        rewrite::typecheckTree(p.body);
        ir::interpret(p.body, randomInputs(p.body, 1));
        return true;
    } catch (const Error&) {
        return false;
    }
}

// Result type of a type-checked program body.
inline ir::TypeP resultType(const ir::FunP& body) { return body->type ? body->type->element : nullptr; }

// Empty when `after` has the type of `before` and the same values on two random inputs;
// otherwise what differs.
inline std::string compareMeaning(const ir::FunP& before, const ir::FunP& after) {
    rewrite::typecheckTree(before);
    rewrite::typecheckTree(after);
    if (!ir::typesEqual(before->type, after->type))
        return "type changed from " + ir::typeToString(before->type) + " to " +
               ir::typeToString(after->type);
    for (std::uint64_t seed : {3u, 11u}) {
        auto inputs = randomInputs(before, seed);
        ir::Value a = ir::interpret(before, inputs);
        ir::Value b = ir::interpret(after, inputs);
        double diff = ir::maxAbsDifference(a, b);
        if (!(diff <= 1e-9)) return "values differ by " + std::to_string(diff) + " (seed " + std::to_string(seed) + ")";
    }
    return {};
}

}  // namespace liftcl::testing
