// liftcl rewrite FILE --def NAME [--set n=..] (--strategy S | --list | --rule R --at PATH)
//                     [--legality] [--derivation]
//   --strategy S   applies a strategy (a name such as lower-stockham or an expression such as
//                  "topDown(split-join(4)) ; lower-global") and prints the rewritten program
//   --list         prints every rule instance and the paths where it applies
//   --rule R --at PATH  applies one rule at one position and prints the program
//   --legality     after rewriting, prints the legality violations (exit 1 if any)
//   --derivation   prints the (rule, path) steps the strategy made, as comments
#include <iostream>
#include <string>

#include "compiler/commands.hpp"
#include "compiler/common_options.hpp"
#include "ir/program_loader.hpp"
#include "ir/precision.hpp"
#include "ir/printer.hpp"
#include "rewrite/legality.hpp"
#include "rewrite/lowering.hpp"
#include "rewrite/rules.hpp"

namespace liftcl::cli {

namespace {

struct Options : DefinitionArgs {
    std::string strategy;
    bool list = false;
    std::string rule;
    std::string at;
    bool atGiven = false;
    bool legality = false;
    bool derivation = false;
    std::string precision = "f64";
};

void run(const Options& o) {
    ir::Program program = ir::loadProgram(o.file, o.def, o.set, ir::parsePrecision(o.precision, "--precision"));
    int modes = (o.strategy.empty() ? 0 : 1) + (o.list ? 1 : 0) + (o.rule.empty() ? 0 : 1);
    if (modes != 1) throw Error("liftcl rewrite: give exactly one of --strategy, --list, --rule");
    rewrite::typecheckTree(program.body);

    if (o.list) {
        int total = 0;
        for (const auto& r : rewrite::defaultRules()) {
            auto positions = rewrite::applicablePositions(program.body, r);
            for (const auto& p : positions) {
                std::cout << r.name << " @ " << (p.empty() ? "." : ir::pathToString(p)) << "\n";
                ++total;
            }
        }
        std::cout << "positions=" << total << "\n";
        return;
    }

    rewrite::Derivation steps;
    if (!o.rule.empty()) {
        if (!o.atGiven) throw Error("--rule needs --at PATH (see --list; '.' is the root)");
        ir::Path path = o.at == "." ? ir::Path{} : ir::pathFromString(o.at);
        program.body = std::get<ir::FunP>(
            rewrite::applyRuleAt(program.body, rewrite::ruleByName(o.rule), path));
        steps.push_back({o.rule, path});
    } else {
        std::tie(program, steps) = rewrite::applyStrategyWithDerivation(program, o.strategy);
    }
    if (o.derivation)
        for (const auto& s : steps)
            std::cout << "// " << s.rule << " @ " << ir::pathToString(s.path) << "\n";
    std::cout << ir::printProgram(program) << "\n";
    if (o.legality) {
        auto violations = rewrite::checkLegality(program);
        for (const auto& v : violations) std::cout << "// illegal: " << v.toString() << "\n";
        if (!violations.empty())
            throw Error(std::to_string(violations.size()) + " legality violation(s) in " + program.name);
        std::cout << "// legal\n";
    }
}

}  // namespace

void addRewriteCommand(CLI::App& app) {
    auto options = std::make_shared<Options>();
    auto* cmd = app.add_subcommand("rewrite", "Apply rewrite rules or a strategy to a definition");
    addDefinitionArgs(*cmd, *options, "rewrite");
    cmd->add_option("--strategy", options->strategy,
                    "A named strategy (lower-global, lower-global-2d, lower-global-fused, lower-stockham, "
                    "lower-stockham-2d, lower-workgroup, unroll, simplify, fuse) or an expression");
    cmd->add_flag("--list", options->list, "List every applicable rule and position");
    cmd->add_option("--rule", options->rule, "Apply one rule (see --list), e.g. split-join(4)");
    cmd->add_option("--at", options->at, "The path where --rule applies ('.' for the root)")
        ->each([options](const std::string&) { options->atGiven = true; });
    cmd->add_flag("--legality", options->legality, "Check the result with the legality checker");
    cmd->add_flag("--derivation", options->derivation, "Print the derivation as comments");
    addPrecisionOption(*cmd, options->precision);
    cmd->callback([options] { run(*options); });
}

}  // namespace liftcl::cli
