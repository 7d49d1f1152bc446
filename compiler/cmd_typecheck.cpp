// liftcl typecheck FILE [--set n=..] [--all]: every definition of the file with its inferred type,
// lengths symbolic in the nat parameters that --set leaves open, e.g.
//   stockhamPass(n, L, p) : [complex]n -> [complex]n
// A definition whose parameters stand for functions or values (kronapply(m, f)) and that no probe
// can type is listed with what it takes. Any other error stops the command (exit 1).
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "compiler/commands.hpp"
#include "ir/program_loader.hpp"
#include "ir/elaborate.hpp"
#include "ir/typecheck.hpp"
#include "ir/userfun.hpp"

namespace liftcl::cli {

namespace {

// Primitives whose first argument is a function (map(f), reduce(f, init), iterate takes it second).
const std::set<std::string>& functionTakingPrimitives() {
    static const std::set<std::string> names = {
        "map", "mapSeq", "mapSeqUnroll", "mapGlb", "mapGlobal", "mapGlobal0", "mapGlobal1",
        "mapGlobal2", "mapWrg", "mapWorkgroup", "mapLcl", "mapLocal", "reduce", "reduceSeq",
        "reduceSeqUnroll", "toGlobal", "toLocal", "toPrivate"};
    return names;
}

bool isName(const ir::SyntaxP& s, const std::string& name) {
    return s && s->kind == ir::Syntax::Kind::Name && s->text == name;
}

// How a definition uses a parameter that cannot be a nat: where a function is expected (f(x),
// f o g, f $ x, map(f), iterate(k, f)) or where a value is expected (zip(xs, ys), x.0, cmul(a, b),
// g $ x), directly or through another definition.
class ParamUseFinder {
public:
    enum class Use { Function, Value };

    explicit ParamUseFinder(const ir::Module& module) : module_(module) {}

    bool used(const ir::Definition& d, std::size_t index, Use use) {
        const std::string key =
            d.name + "#" + std::to_string(index) + (use == Use::Function ? "f" : "v");
        if (auto it = memo_.find(key); it != memo_.end()) return it->second;
        memo_[key] = false;  // a recursive use does not decide it
        const bool found = uses(d.body, d.params[index], use);
        memo_[key] = found;
        return found;
    }

private:
    bool uses(const ir::SyntaxP& s, const std::string& name, Use use) {
        if (!s) return false;
        using K = ir::Syntax::Kind;
        const bool fn = use == Use::Function;
        if (s->kind == K::Lambda)
            for (const auto& p : s->params)
                if (p.name == name) return false;  // shadowed
        if (s->kind == K::Compose)
            for (std::size_t k = 0; k < s->items.size(); ++k)
                if (isName(s->items[k], name) && (fn ? k + 1 < s->items.size() : k + 1 == s->items.size()))
                    return true;
        if (s->kind == K::Apply && isName(s->items[fn ? 0 : 1], name)) return true;
        if (s->kind == K::Get && !fn && isName(s->items[0], name)) return true;
        if (s->kind == K::Call && !s->items.empty()) {
            const ir::SyntaxP& head = s->items[0];
            if (fn && isName(head, name)) return true;
            // mapGlb(0)(f): the function is the argument of the outer call
            const ir::SyntaxP& prim =
                head->kind == K::Call && !head->items.empty() ? head->items[0] : head;
            if (prim->kind == K::Name) {
                auto argIs = [&](std::size_t k) { return s->items.size() > k && isName(s->items[k], name); };
                const std::string& h = prim->text;
                if (fn && functionTakingPrimitives().count(h) && argIs(1)) return true;
                if (fn && h == "iterate" && argIs(2)) return true;
                const bool takesValues = h == "zip" || h == "tuple" || h == "get" ||
                                         ir::lookupUserFun(h, ir::ScalarKind::Double) != nullptr;
                if (!fn && takesValues && head->kind == K::Name)
                    for (std::size_t k = 1; k < s->items.size(); ++k)
                        if (argIs(k)) return true;
                if (head->kind == K::Name)
                    if (const ir::Definition* d = module_.find(h))
                        for (std::size_t k = 1; k < s->items.size() && k - 1 < d->params.size(); ++k)
                            if (argIs(k) && used(*d, k - 1, use)) return true;
            }
        }
        for (const auto& item : s->items)
            if (uses(item, name, use)) return true;
        return false;
    }

    const ir::Module& module_;
    std::map<std::string, bool> memo_;
};

std::string signature(const ir::Definition& d) {
    std::string s = d.name;
    if (!d.params.empty()) {
        s += "(";
        for (std::size_t k = 0; k < d.params.size(); ++k) s += (k ? ", " : "") + d.params[k];
        s += ")";
    }
    return s;
}

std::string functionTypeText(const ir::TypeP& t) {
    if (!t->isFunction()) return ir::typeToString(t);
    std::string params;
    for (std::size_t k = 0; k < t->elements.size(); ++k)
        params += (k ? ", " : "") + ir::typeToString(t->elements[k]);
    if (t->elements.size() != 1) params = "(" + params + ")";
    return params + " -> " + ir::typeToString(t->element);
}

std::string joinNames(const std::vector<std::string>& names) {
    std::string s;
    for (std::size_t k = 0; k < names.size(); ++k) s += (k ? ", " : "") + names[k];
    return s;
}

// A definition that is not a program by itself: its body is a value (B(p, L)), or its last
// parameters stand for values (dotproduct(xs, ys)). Typed through a probe definition whose body
// takes those parameters as lambda parameters. nullopt when no probe types.
std::optional<std::string> probeValueDefinition(const ir::Module& module, const ir::Definition& d,
                                                const ir::ElaborateOptions& options) {
    const std::string probeName = "__typecheck_probe";
    for (std::size_t moved = 0; moved <= d.params.size(); ++moved) {
        ir::Module probe = module;
        ir::Definition def;
        def.name = probeName;
        def.loc = d.loc;
        def.params.assign(d.params.begin(), d.params.end() - static_cast<std::ptrdiff_t>(moved));
        std::vector<ir::LambdaParam> lambdaParams;
        for (std::size_t k = d.params.size() - moved; k < d.params.size(); ++k)
            lambdaParams.push_back({d.params[k], nullptr, d.loc});
        if (moved == 0) {  // a value body: a dummy parameter makes it a function
            auto intType = std::make_shared<ir::SyntaxType>();
            intType->name = "int";
            lambdaParams.push_back({"unused_", intType, d.loc});
        }
        def.body = ir::makeLambdaSyntax(d.loc, lambdaParams, d.body);
        probe.definitions.push_back(def);
        try {
            const ir::Program program = ir::elaborateDefinition(probe, probeName, options);
            const ir::TypeP type = ir::inferFunType(program.body);
            return moved == 0 ? ir::typeToString(type->element) : functionTypeText(type);
        } catch (const Error&) {
        }
    }
    return std::nullopt;
}

// "takes a function f", "takes functions f, g and a value x"; empty when no parameter is used as
// a function or a value.
std::string describeParams(ParamUseFinder& finder, const ir::Definition& d) {
    std::vector<std::string> functions, values;
    for (std::size_t k = 0; k < d.params.size(); ++k) {
        if (finder.used(d, k, ParamUseFinder::Use::Function)) functions.push_back(d.params[k]);
        else if (finder.used(d, k, ParamUseFinder::Use::Value)) values.push_back(d.params[k]);
    }
    std::string takes;
    if (!functions.empty())
        takes = std::string(functions.size() == 1 ? "a function " : "functions ") + joinNames(functions);
    if (!values.empty())
        takes += std::string(takes.empty() ? "" : " and ") +
                 (values.size() == 1 ? "a value " : "values ") + joinNames(values);
    return takes.empty() ? takes : "takes " + takes;
}

struct Options {
    std::string file;
    std::string set;
    bool all = false;
    bool userfuns = false;
};

void listUserFuns() {
    for (const auto& name : ir::userFunNames()) {
        auto uf = ir::lookupUserFun(name, ir::ScalarKind::Double);
        std::string params;
        for (std::size_t k = 0; k < uf->paramTypes.size(); ++k)
            params += (k ? ", " : "") + ir::typeToString(uf->paramTypes[k]);
        const std::string statics =
            uf->staticParamNames.empty() ? "" : "(" + joinNames(uf->staticParamNames) + ")";
        std::cout << name << statics << " : (" << params << ") -> " << ir::typeToString(uf->returnType)
                  << "\n";
    }
}

void run(const Options& options) {
    if (options.userfuns) {
        listUserFuns();
        if (options.file.empty()) return;
    }
    if (options.file.empty()) throw Error("typecheck: a FILE is required");
    const ir::Module module = ir::loadModule(options.file);
    ir::ElaborateOptions elaborate;
    elaborate.natValues = ir::parseSetOption(options.set);
    ir::checkSetNames(module, "", elaborate.natValues);
    ParamUseFinder finder(module);
    // Printed only when every definition checks, so an error is the only output.
    std::string listing;
    for (const auto& d : module.definitions) {
        if (!options.all && d.loc.file != module.file) continue;
        std::string type;
        try {
            const ir::Program program = ir::elaborateDefinition(module, d.name, elaborate);
            type = functionTypeText(ir::inferFunType(program.body));
        } catch (const Error&) {
            if (auto probed = probeValueDefinition(module, d, elaborate)) {
                type = *probed;
            } else {
                type = describeParams(finder, d);
                if (type.empty()) throw;
            }
        }
        listing += signature(d) + " : " + type + "\n";
    }
    std::cout << listing;
}

}  // namespace

void addTypecheckCommand(CLI::App& app) {
    auto* cmd = app.add_subcommand(
        "typecheck", "Infer the type of every definition of a .lift file (symbolic lengths)");
    auto options = std::make_shared<Options>();
    cmd->add_option("FILE", options->file, "The .lift file");
    cmd->add_option("--set", options->set, "Values of nat parameters: n=1024,p=4");
    cmd->add_flag("--all", options->all, "Also list the definitions of imported files");
    cmd->add_flag("--userfuns", options->userfuns, "List the built-in user functions");
    cmd->callback([options] { run(*options); });
}

}  // namespace liftcl::cli
