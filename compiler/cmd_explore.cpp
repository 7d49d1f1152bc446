// liftcl explore FILE --def NAME [--set n=..] --dry-run [--json OUT] [--budget N]
//                     [--split-factors 2,4,8] [--with-def NAME ...] [--print]
// Enumerates the distinct legal low-level variants of a definition (rewrite/explore.hpp) and
// lists each with its choices and derivation; ends with `variants=<count>`. The adjusted Stockham
// pattern (thesis Listing 4.5) is a different program, not a rewrite of the pass: when the file
// defines NAMEAdjusted (or --with-def names other definitions of the same type), their variants
// are listed too, labelled with the definition. Without --dry-run the variants would be compiled
// and timed; that part belongs to the runtime's tuner and is not done here.
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "compiler/commands.hpp"
#include "compiler/program_loader.hpp"
#include "ir/printer.hpp"
#include "ir/typecheck.hpp"
#include "rewrite/explore.hpp"

namespace liftcl::cli {

namespace {

struct Options {
    std::string file;
    std::string def;
    std::string set;
    bool dryRun = false;
    std::string json;
    std::size_t budget = 500;
    std::string splitFactors = "2,4,8,16";
    std::vector<std::string> withDefs;
    bool print = false;
};

std::vector<std::int64_t> parseFactors(const std::string& text) {
    std::vector<std::int64_t> out;
    std::stringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) {
        try {
            out.push_back(std::stoll(item));
        } catch (...) {
            throw Error("--split-factors: bad factor '" + item + "'");
        }
    }
    return out;
}

void run(const Options& o) {
    if (!o.dryRun)
        throw Error("liftcl explore: only --dry-run is available (listing legal variants); "
                    "compiling and timing them is the tuner's job");
    ir::Module module = loadModule(o.file);
    std::vector<std::string> defs = {o.def};
    if (module.find(o.def + "Adjusted")) defs.push_back(o.def + "Adjusted");
    for (const auto& d : o.withDefs) defs.push_back(d);

    rewrite::ExploreOptions options;
    options.budget = o.budget;
    options.splitFactors = parseFactors(o.splitFactors);
    nlohmann::json out = nlohmann::json::array();
    std::size_t count = 0;
    for (const auto& def : defs) {
        ir::Program program = loadProgram(o.file, def, o.set);
        auto report = rewrite::explore(program, options);
        std::cout << "# " << def << ": tried " << report.tried << " combinations, " << report.failed
                  << " did not apply, " << report.illegal << " illegal, " << report.duplicates
                  << " duplicates\n";
        for (const auto& v : report.variants) {
            ++count;
            std::cout << "variant " << count << " [" << def << "] " << v.choices << "\n";
            std::cout << "  derivation: " << rewrite::derivationToString(v.derivation) << "\n";
            if (o.print) std::cout << "  " << ir::printProgram(v.program) << "\n";
            nlohmann::json steps = nlohmann::json::array();
            for (const auto& s : v.derivation)
                steps.push_back({{"rule", s.rule}, {"path", ir::pathToString(s.path)}});
            out.push_back({{"index", count},
                           {"definition", def},
                           {"choices", v.choices},
                           {"derivation", steps},
                           {"program", ir::printProgram(v.program)}});
        }
    }
    if (!o.json.empty()) {
        std::ofstream f(o.json);
        if (!f) throw Error("cannot write " + o.json);
        f << out.dump(2) << "\n";
    }
    std::cout << "variants=" << count << "\n";
}

}  // namespace

void addExploreCommand(CLI::App& app) {
    auto options = std::make_shared<Options>();
    auto* cmd = app.add_subcommand("explore", "Enumerate the legal low-level variants of a definition");
    cmd->add_option("file", options->file, "The .lift file")->required();
    cmd->add_option("--def", options->def, "The definition to explore")->required();
    cmd->add_option("--set", options->set, "Nat parameters, e.g. n=1024,L=16,p=4");
    cmd->add_flag("--dry-run", options->dryRun, "List the variants and their derivations only");
    cmd->add_option("--json", options->json, "Also write the variants to this JSON file");
    cmd->add_option("--budget", options->budget, "At most this many variants per definition");
    cmd->add_option("--split-factors", options->splitFactors, "Split-join factors to try (2,4,8,16)");
    cmd->add_option("--with-def", options->withDefs, "Explore these definitions as well");
    cmd->add_flag("--print", options->print, "Print every variant's program");
    cmd->callback([options] { run(*options); });
}

}  // namespace liftcl::cli
