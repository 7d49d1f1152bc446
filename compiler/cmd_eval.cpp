// liftcl eval FILE --def NAME [--set n=..] (--input X.json | --random SEED) [--check-dft]
//                  [--precision f32|f64]
// Runs a definition in the reference interpreter and prints the result as JSON (a complex number
// as [re, im]). --check-dft compares the result with a naive long-double DFT of the input and ends
// with a line `rel_l2_error=<value>`.
#include <cstdint>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "compiler/commands.hpp"
#include "compiler/common_options.hpp"
#include "fft/dft_reference.hpp"  // the one long-double DFT, shared with the test suites
#include "ir/program_loader.hpp"
#include "ir/interpreter.hpp"
#include "ir/precision.hpp"
#include "ir/typecheck.hpp"

namespace liftcl::cli {

namespace {

struct Options : DefinitionArgs {
    std::string input;
    std::optional<std::uint64_t> seed;
    bool checkDft = false;
    std::string precision = "f64";
};

// The length of an array type, which --set must have made a constant.
std::int64_t constantLength(const ir::TypeP& t, const std::string& what) {
    if (auto c = t->length.tryConstant()) return *c;
    throw Error(what + " has the symbolic length " + t->length.toString() +
                "; give its nat parameters with --set");
}

// A closed data type: scalars, tuples and arrays with constant lengths.
void requireClosed(const ir::TypeP& t, const std::string& what) {
    switch (t->kind) {
        case ir::Type::Kind::Scalar: return;
        case ir::Type::Kind::Tuple:
            for (const auto& c : t->elements) requireClosed(c, what);
            return;
        case ir::Type::Kind::Array:
            constantLength(t, what);
            requireClosed(t->element, what);
            return;
        default:
            throw Error(what + " has the type " + ir::typeToString(t) +
                        ", which is not known; annotate the parameter, e.g. \\(xs: [complex]n) => ...");
    }
}

// A JSON value as a host value of the type; `where` names the position for error messages.
ir::Value fromJson(const nlohmann::json& j, const ir::TypeP& t, const std::string& where) {
    switch (t->kind) {
        case ir::Type::Kind::Scalar:
            if (t->scalar == ir::ScalarKind::Int) {
                if (!j.is_number_integer())
                    throw Error("input: expected an integer at " + where + ", found " + j.dump());
                return ir::Value::ofInt(j.get<std::int64_t>());
            }
            if (!j.is_number())
                throw Error("input: expected a number at " + where + ", found " + j.dump());
            return ir::Value::ofReal(j.get<double>());
        case ir::Type::Kind::Tuple: {
            if (!j.is_array() || j.size() != t->elements.size())
                throw Error("input: expected " + std::to_string(t->elements.size()) +
                            " numbers [re, im] or tuple components at " + where + ", found " +
                            j.dump().substr(0, 60));
            std::vector<ir::Value> items;
            for (std::size_t k = 0; k < j.size(); ++k)
                items.push_back(fromJson(j[k], t->elements[k], where + "[" + std::to_string(k) + "]"));
            return ir::Value::tuple(std::move(items));
        }
        case ir::Type::Kind::Array: {
            const std::int64_t n = constantLength(t, "input " + where);
            if (!j.is_array() || static_cast<std::int64_t>(j.size()) != n)
                throw Error("input: expected an array of " + std::to_string(n) + " elements (" +
                            ir::typeToString(t) + ") at " + where + ", found " +
                            (j.is_array() ? std::to_string(j.size()) + " elements"
                                          : j.dump().substr(0, 60)));
            std::vector<ir::Value> items;
            items.reserve(j.size());
            for (std::size_t k = 0; k < j.size(); ++k)
                items.push_back(fromJson(j[k], t->element, where + "[" + std::to_string(k) + "]"));
            return ir::Value::array(std::move(items));
        }
        default: throw Error("input: " + where + " has no data type");
    }
}

nlohmann::json readJsonFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error("cannot read input file '" + path + "'");
    std::stringstream text;
    text << in.rdbuf();
    try {
        return nlohmann::json::parse(text.str());
    } catch (const nlohmann::json::parse_error& e) {
        throw Error(path + ": invalid JSON (" + std::string(e.what()) + ")");
    }
}

// The parameter types of the program: its annotations, or else what inference finds.
std::vector<ir::TypeP> inputTypes(const ir::Program& program) {
    const ir::TypeP funType = ir::inferFunType(program.body);
    std::vector<ir::TypeP> types = funType->elements;
    const auto& params = program.body->params;
    for (std::size_t k = 0; k < types.size(); ++k) {
        const std::string name = k < params.size() ? params[k]->name : std::to_string(k);
        if (k < params.size() && params[k]->declaredType) types[k] = params[k]->declaredType;
        requireClosed(types[k], "parameter " + name);
    }
    return types;
}

std::vector<ir::Value> makeInputs(const Options& options, const ir::Program& program,
                                  const std::vector<ir::TypeP>& types) {
    std::vector<ir::Value> inputs;
    if (options.seed) {
        for (std::size_t k = 0; k < types.size(); ++k)
            inputs.push_back(ir::randomValue(types[k], *options.seed + k));
        return inputs;
    }
    const nlohmann::json j = readJsonFile(options.input);
    const auto& params = program.body->params;
    auto nameOf = [&](std::size_t k) { return k < params.size() ? params[k]->name : std::to_string(k); };
    if (types.size() == 1) {
        inputs.push_back(fromJson(j, types[0], nameOf(0)));
        return inputs;
    }
    // Several parameters: an array with one entry per parameter.
    if (!j.is_array() || j.size() != types.size())
        throw Error("input: " + program.name + " takes " + std::to_string(types.size()) +
                    " parameters; the input must be an array of " + std::to_string(types.size()) +
                    " values");
    for (std::size_t k = 0; k < types.size(); ++k) inputs.push_back(fromJson(j[k], types[k], nameOf(k)));
    return inputs;
}

void run(const Options& options) {
    if (options.seed.has_value() == !options.input.empty())
        throw Error("eval: give exactly one of --input FILE.json and --random SEED");
    const ir::ScalarKind precision = ir::parsePrecision(options.precision, "--precision");

    const ir::Program program = ir::loadProgram(options.file, options.def, options.set, precision);
    if (!program.natParams.empty()) {
        std::string names;
        for (const auto& p : program.natParams) names += (names.empty() ? "" : ", ") + p;
        throw Error("eval: " + program.name + " needs values for its nat parameters " + names +
                    " (--set " + program.natParams.front() + "=...)");
    }
    if (program.body->kind != ir::Fun::Kind::Lambda)
        throw Error("eval: " + program.name + " must be a lambda with annotated parameters, e.g. "
                    "\\(xs: [complex]n) => ...");
    const std::vector<ir::TypeP> types = inputTypes(program);
    const std::vector<ir::Value> inputs = makeInputs(options, program, types);
    const ir::Value result = ir::interpret(program.body, inputs);
    std::cout << ir::valueToJson(result) << "\n";

    if (options.checkDft) {
        if (inputs.size() != 1)
            throw Error("--check-dft: " + program.name + " must take one [complex]n input");
        const auto x = reference::complexVector(inputs[0], "--check-dft: the input");
        const auto y = reference::complexVector(result, "--check-dft: the result");
        if (x.size() != y.size())
            throw Error("--check-dft: the result has " + std::to_string(y.size()) +
                        " elements, the input " + std::to_string(x.size()));
        const long double error = reference::relativeL2Error(y, reference::naiveDft(x));
        std::cout << "rel_l2_error=" << std::setprecision(6) << std::scientific
                  << static_cast<double>(error) << "\n";
    }
}

}  // namespace

void addEvalCommand(CLI::App& app) {
    auto* cmd = app.add_subcommand("eval", "Run a definition in the reference interpreter");
    auto options = std::make_shared<Options>();
    addDefinitionArgs(*cmd, *options, "run");
    cmd->add_option("--input", options->input, "JSON file with the input (complex as [re, im])");
    cmd->add_option("--random", options->seed, "Random input from this seed");
    cmd->add_flag("--check-dft", options->checkDft,
                  "Compare with a naive long-double DFT of the input (prints rel_l2_error=...)");
    cmd->add_option("--precision", options->precision, "f32 or f64 (what real means)");
    cmd->callback([options] { run(*options); });
}

}  // namespace liftcl::cli
