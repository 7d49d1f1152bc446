// liftcl explore FILE --def NAME [--set n=..] [--budget N] [--split-factors 2,4,8] [--with-def NAME ...]
//                     [--json OUT] [--print]
//                     [--dry-run | [--budget-s S] [--top K] [--device D] [--repetitions R]
//                                  [--precision f32|f64] [--twiddles M] [--wisdom FILE] [--no-wisdom]]
// Enumerates the distinct legal low-level variants of a definition (rewrite/explore.hpp). The
// adjusted Stockham pattern (thesis Listing 4.5) is a different program, not a rewrite of the pass:
// when the file defines NAMEAdjusted (or --with-def names other definitions of the same type),
// their variants are explored too, labelled with the definition.
//
// --dry-run lists each variant with its choices and derivation and ends with `variants=<count>`.
// Otherwise every variant is generated, built and run on the device (explore_measure.hpp): checked
// against the interpreter, timed under a few local sizes (median of R launches), within a budget
// of S seconds; a ranked table follows, and the best variant of each definition is recorded in the
// wisdom file (runtime/wisdom.hpp) unless --no-wisdom. The last line is
// `measured=<ok> failed=<build or launch failures> wrong=<wrong results> best=<variant>`.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "compiler/commands.hpp"
#include "compiler/common_options.hpp"
#include "compiler/explore_measure.hpp"
#include "ir/program_loader.hpp"
#include "compiler/progress_reporter.hpp"
#include "ir/number_format.hpp"
#include "ir/precision.hpp"
#include "ir/printer.hpp"
#include "ir/typecheck.hpp"
#include "rewrite/explore.hpp"
#include "runtime/runtime.hpp"

namespace liftcl::cli {

namespace {

struct Options : DefinitionArgs {
    bool dryRun = false;
    std::string json;
    std::size_t budget = 500;
    std::string splitFactors = "2,4,8,16";
    std::vector<std::string> withDefs;
    bool print = false;
    // Measurement (without --dry-run).
    double budgetSeconds = 120;
    std::size_t top = 10;
    std::string device;
    int repetitions = 5;
    std::string precision = "f64";
    std::string twiddles = "table";
    std::uint64_t seed = 1;
    std::string wisdom;
    bool noWisdom = false;
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

std::vector<std::string> definitionsToExplore(const Options& o) {
    ir::Module module = ir::loadModule(o.file);
    std::vector<std::string> defs = {o.def};
    if (module.find(o.def + "Adjusted")) defs.push_back(o.def + "Adjusted");
    for (const auto& d : o.withDefs) defs.push_back(d);
    return defs;
}

rewrite::ExploreOptions exploreOptions(const Options& o) {
    rewrite::ExploreOptions options;
    options.budget = o.budget;
    options.splitFactors = parseFactors(o.splitFactors);
    return options;
}

void printSummary(const std::string& def, const rewrite::ExploreReport& report) {
    std::cout << "# " << def << ": tried " << report.tried << " combinations, " << report.failed
              << " did not apply, " << report.illegal << " illegal, " << report.duplicates << " duplicates\n";
}

nlohmann::json derivationJson(const rewrite::Derivation& derivation) {
    nlohmann::json steps = nlohmann::json::array();
    for (const auto& s : derivation) steps.push_back({{"rule", s.rule}, {"path", ir::pathToString(s.path)}});
    return steps;
}

void writeJson(const std::string& file, const nlohmann::json& doc) {
    if (file.empty()) return;
    std::ofstream f(file);
    f << doc.dump(2) << "\n";
    if (!f) throw Error("cannot write " + file);
}

void listVariants(const Options& o) {
    const auto options = exploreOptions(o);
    nlohmann::json out = nlohmann::json::array();
    std::size_t count = 0;
    for (const auto& def : definitionsToExplore(o)) {
        ir::Program program = ir::loadProgram(o.file, def, o.set);
        auto report = rewrite::explore(program, options);
        printSummary(def, report);
        for (const auto& v : report.variants) {
            ++count;
            std::cout << "variant " << count << " [" << def << "] " << v.choices << "\n";
            std::cout << "  derivation: " << rewrite::derivationToString(v.derivation) << "\n";
            if (o.print) std::cout << "  " << ir::printProgram(v.program) << "\n";
            out.push_back({{"index", count},
                           {"definition", def},
                           {"choices", v.choices},
                           {"derivation", derivationJson(v.derivation)},
                           {"program", ir::printProgram(v.program)}});
        }
    }
    writeJson(o.json, out);
    std::cout << "variants=" << count << "\n";
}

// One definition under measurement: its program, reference result and variants.
struct Explored {
    std::string def;
    ir::Program program;
    Reference reference;
    rewrite::ExploreReport report;
    std::size_t firstId = 0;  // variant numbers continue across definitions
};

std::string localText(const std::vector<std::size_t>& local) {
    return local.empty() ? "auto" : rt::sizesText(local);
}

void printRanking(const std::vector<const VariantMeasurement*>& ranked, std::size_t top) {
    std::printf("%4s %7s %11s %8s %9s %9s %10s  %s\n", "rank", "variant", "time_us", "GB/s", "GFLOP/s", "max_err", "local",
                "definition: choices (derivation steps)");
    for (std::size_t i = 0; i < ranked.size() && i < top; ++i) {
        const VariantMeasurement& m = *ranked[i];
        const std::size_t steps = m.derivation.empty() ? 0 : std::count(m.derivation.begin(), m.derivation.end(), '@');
        std::printf("%4zu %7zu %11s %8s %9s %9s %10s  %s: %s (%zu steps)\n", i + 1, m.id,
                    ir::formatNumber(m.best.medianNs * 1e-3, "%.2f").c_str(), ir::formatNumber(m.gbPerSecond(), "%.3f").c_str(),
                    ir::formatNumber(m.gflopPerSecond(), "%.3g").c_str(),
                    ir::formatNumber(m.maxAbsError, "%.1e").c_str(), localText(m.best.local).c_str(), m.definition.c_str(),
                    m.choices.c_str(), steps);
    }
    if (ranked.size() > top) std::cout << "(" << ranked.size() - top << " more; --top N shows them)\n";
    std::cout << std::flush;
}

nlohmann::json measurementJson(const VariantMeasurement& m) {
    nlohmann::json timings = nlohmann::json::array();
    for (const auto& t : m.timings) timings.push_back({{"local", t.local}, {"global", t.global}, {"median_ns", t.medianNs}});
    nlohmann::json j = {{"index", m.id},          {"definition", m.definition}, {"choices", m.choices},
                        {"derivation", m.derivation}, {"ok", m.ok},           {"max_abs_error", m.maxAbsError},
                        {"timings", timings}};
    if (m.ok) {
        j["median_ns"] = m.best.medianNs;
        j["local"] = m.best.local;
        j["gb_per_s"] = m.gbPerSecond();
        j["gflop_per_s"] = m.gflopPerSecond();
        j["real_operations"] = m.realOperations;
    } else {
        j["failure"] = m.failure;
    }
    return j;
}

void recordWisdom(const Options& o, const rt::Device& device, const codegen::CodegenOptions& codegenOptions,
                  const std::vector<Explored>& explored, const std::vector<const VariantMeasurement*>& ranked) {
    if (o.noWisdom) return;
    std::optional<std::filesystem::path> file =
        o.wisdom.empty() ? rt::Wisdom::defaultFile() : std::optional<std::filesystem::path>(o.wisdom);
    if (!file) {
        std::cout << "wisdom: not recorded (no cache directory; set LIFTCL_WISDOM or --wisdom)\n";
        return;
    }
    rt::Wisdom wisdom(*file);
    for (const auto& e : explored) {
        auto best = std::find_if(ranked.begin(), ranked.end(), [&](const auto* m) { return m->definition == e.def; });
        if (best == ranked.end()) continue;
        const VariantMeasurement& m = **best;
        if (m.kernelCount > 1) {
            std::cout << "wisdom: " << e.def << " -> variant " << m.id << " runs " << m.kernelCount
                      << " kernels; wisdom records single kernels, not recorded\n";
            continue;
        }
        rt::WisdomRecord record{e.def,
                                m.choices,
                                m.derivation,
                                m.best.local,
                                m.best.global,
                                m.best.medianNs,
                                m.gbPerSecond(),
                                m.maxAbsError,
                                m.source,
                                metadataWithLaunch(m.metadata, m.best.local)};
        wisdom.record(rt::WisdomKey::forDevice(device, wisdomProgramHash(e.program, codegenOptions)), record);
        std::cout << "wisdom: " << e.def << " -> variant " << m.id << " (" << ir::formatNumber(m.best.medianNs * 1e-3, "%.2f")
                  << " us, local " << localText(m.best.local) << ") recorded in " << file->string() << "\n";
    }
}

void measureVariants(const Options& o) {
    codegen::CodegenOptions codegenOptions;
    codegenOptions.precision = ir::parsePrecision(o.precision, "--precision");
    codegenOptions.twiddles = codegen::twiddleModeFromName(o.twiddles);
    const rt::Device device = rt::chooseDevice(o.device);
    VariantMeasurer measurer(device, codegenOptions, o.repetitions);

    const auto options = exploreOptions(o);
    std::vector<Explored> explored;
    std::size_t total = 0;
    for (const auto& def : definitionsToExplore(o)) {
        ir::Program program = ir::loadProgram(o.file, def, o.set, codegenOptions.precision);
        Reference reference = Reference::of(program, codegenOptions.precision, o.seed);
        rewrite::ExploreReport report = rewrite::explore(program, options);
        printSummary(def, report);
        explored.push_back({def, std::move(program), std::move(reference), std::move(report), total + 1});
        total += explored.back().report.variants.size();
    }
    std::cout << "measuring " << total << " variants on " << device.name() << " (" << device.platformName()
              << "), budget " << o.budgetSeconds << " s, median of " << o.repetitions << " launches" << std::endl;

    // The budget is measuring time: enumerating the variants (slow in a sanitizer build) does not
    // use it up, so at least one variant is always measured.
    const auto start = std::chrono::steady_clock::now();
    const auto elapsedSeconds = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    std::vector<VariantMeasurement> measurements;
    measurements.reserve(total);
    bool outOfBudget = false;
    {
        ProgressReporter progress(total, "variants");
        for (const auto& e : explored) {
            for (std::size_t i = 0; i < e.report.variants.size() && !outOfBudget; ++i) {
                if (elapsedSeconds() > o.budgetSeconds) {
                    outOfBudget = true;
                    break;
                }
                VariantMeasurement m = measurer.measure(e.reference, e.report.variants[i]);
                m.id = e.firstId + i;
                m.definition = e.def;
                progress.step(measurements.size() + 1,
                              "variant " + std::to_string(m.id) + " " +
                                  (m.ok ? ir::formatNumber(m.best.medianNs * 1e-3, "%.2f") + " us" : "failed") + " [" + e.def +
                                  "] " + m.choices);
                measurements.push_back(std::move(m));
            }
        }
    }
    if (outOfBudget)
        std::cout << "budget of " << o.budgetSeconds << " s reached after " << measurements.size() << " of " << total
                  << " variants\n";

    std::vector<const VariantMeasurement*> ranked;
    std::size_t failed = 0, wrong = 0;
    for (const auto& m : measurements) {
        if (m.ok) {
            ranked.push_back(&m);
        } else {
            (m.wrong ? wrong : failed) += 1;
            std::cout << (m.wrong ? "WRONG" : "failed") << ": variant " << m.id << " [" << m.definition << "] "
                      << m.choices << ": " << m.failure.substr(0, m.failure.find('\n')) << "\n";
        }
    }
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const auto* a, const auto* b) { return a->best.medianNs < b->best.medianNs; });
    printRanking(ranked, o.top);
    if (!ranked.empty())
        std::cout << "best: variant " << ranked.front()->id << " derivation: " << ranked.front()->derivation << "\n";

    nlohmann::json out = nlohmann::json::array();
    for (const auto& m : measurements) out.push_back(measurementJson(m));
    writeJson(o.json, out);
    recordWisdom(o, device, codegenOptions, explored, ranked);
    std::cout << "measured=" << ranked.size() << " failed=" << failed << " wrong=" << wrong
              << " best=" << (ranked.empty() ? 0 : ranked.front()->id) << "\n";
    if (ranked.empty() && !measurements.empty()) throw Error("liftcl explore: no variant ran correctly");
}

void run(const Options& o) {
    if (o.dryRun)
        listVariants(o);
    else
        measureVariants(o);
}

}  // namespace

void addExploreCommand(CLI::App& app) {
    auto options = std::make_shared<Options>();
    auto* cmd = app.add_subcommand("explore", "Enumerate the legal low-level variants of a definition, measure and rank them");
    addDefinitionArgs(*cmd, *options, "explore");
    cmd->add_flag("--dry-run", options->dryRun, "List the variants and their derivations only");
    cmd->add_option("--json", options->json, "Also write the variants (and measurements) to this JSON file");
    cmd->add_option("--budget", options->budget, "At most this many variants per definition");
    cmd->add_option("--split-factors", options->splitFactors, "Split-join factors to try (2,4,8,16)");
    cmd->add_option("--with-def", options->withDefs, "Explore these definitions as well");
    cmd->add_flag("--print", options->print, "Print every variant's program (--dry-run)");
    cmd->add_option("--budget-s", options->budgetSeconds, "Stop measuring new variants after this many seconds (120)")
        ->check(CLI::NonNegativeNumber);
    cmd->add_option("--top", options->top, "Rows of the ranked table (10)");
    cmd->add_option("--device", options->device, "OpenCL device: N, P:D or a name substring (default: $LIFTCL_DEVICE, first GPU)");
    cmd->add_option("--repetitions", options->repetitions, "Timed launches per configuration (5)")
        ->check(CLI::Range(1, 1000));
    addPrecisionOption(*cmd, options->precision);
    addTwiddlesOption(*cmd, options->twiddles);
    cmd->add_option("--seed", options->seed, "Seed of the random input (1)");
    cmd->add_option("--wisdom", options->wisdom, "Wisdom file (default: $LIFTCL_WISDOM, else wisdom.json in the cache directory)");
    cmd->add_flag("--no-wisdom", options->noWisdom, "Do not record the best variants");
    cmd->callback([options] { run(*options); });
}

}  // namespace liftcl::cli
