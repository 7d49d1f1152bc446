// Variant enumeration: distinct legal variants, each meaning what the source means, each
// replayable from its derivation; and the `liftcl explore` / `liftcl rewrite` commands.
#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "rewrite/explore.hpp"
#include "rewrite/legality.hpp"
#include "rewrite_support.hpp"

using namespace liftcl;
using namespace liftcl::testing;

TEST_CASE("exploring a Stockham pass gives many distinct legal variants that mean the same") {
    ir::Program high = loadDefinition("fft/lift/stockham.lift", "stockhamPass", {{"n", 64}, {"L", 16}, {"p", 4}});
    auto report = rewrite::explore(high);
    REQUIRE(report.variants.size() >= 20);
    std::set<std::string> labels;
    for (std::size_t k = 0; k < report.variants.size(); ++k) {
        const auto& v = report.variants[k];
        INFO(v.choices);
        labels.insert(v.choices);
        CHECK(rewrite::checkLegality(v.program).empty());
        CHECK(compareMeaning(high.body, v.program.body) == "");
        CHECK(ir::alphaEqual(rewrite::replay(high.body, v.derivation), ir::Node(v.program.body)));
        if (k > 0) CHECK_FALSE(ir::alphaEqual(report.variants[k - 1].program.body, v.program.body));
    }
    CHECK(labels.size() == report.variants.size());
}

TEST_CASE("the budget bounds the number of variants") {
    ir::Program high = loadDefinition("fft/lift/stockham.lift", "stockhamPass", {{"n", 64}, {"L", 16}, {"p", 4}});
    rewrite::ExploreOptions options;
    options.budget = 5;
    CHECK(rewrite::explore(high, options).variants.size() == 5);
}

TEST_CASE("explore: two-level partial reductions come first, legal, meaning the source") {
    ir::Program high = loadDefinition("examples/asum.lift", "asum", {{"n", 4096}});
    rewrite::ExploreOptions options;
    options.twoLevelReductions = {{256, 16}};
    options.partialReductions = {64};
    const auto report = rewrite::explore(high, options);
    REQUIRE_FALSE(report.variants.empty());
    CHECK(report.variants.front().choices.rfind("partial-reductions(256,16) / ", 0) == 0);
    int twoLevel = 0;
    for (const auto& v : report.variants) {
        if (v.choices.rfind("partial-reductions(256,16) / ", 0) != 0) continue;
        INFO(v.choices);
        ++twoLevel;
        CHECK(rewrite::checkLegality(v.program).empty());
        CHECK(compareMeaning(high.body, v.program.body) == "");
    }
    CHECK(twoLevel >= 2);
}

namespace {
std::string runCli(const std::string& args, int& rc) {
    const auto out = std::filesystem::temp_directory_path() / ("liftcl-rewrite-cli-" + std::to_string(::getpid()));
    rc = std::system((std::string(LIFTCL_BINARY) + " " + args + " > " + out.string() + " 2>&1").c_str());
    std::ifstream in(out);
    std::stringstream s;
    s << in.rdbuf();
    std::filesystem::remove(out);
    return s.str();
}
}  // namespace

TEST_CASE("liftcl explore and liftcl rewrite on the thesis Stockham pass") {
    if (!std::filesystem::exists(LIFTCL_BINARY)) {
        MESSAGE("liftcl is not built; skipping the CLI checks");
        return;
    }
    const std::string file = sourcePath("fft/lift/stockham.lift");
    int rc = 0;
    std::string out = runCli("explore " + file + " --def stockhamPass --set n=1024,L=16,p=4 --dry-run", rc);
    CHECK(rc == 0);
    auto pos = out.rfind("variants=");
    REQUIRE(pos != std::string::npos);
    CHECK(std::stoi(out.substr(pos + 9)) >= 20);

    out = runCli("rewrite " + file + " --def stockhamPass --set n=1024,L=16,p=4 --strategy lower-stockham --legality", rc);
    CHECK(rc == 0);
    CHECK(out.find("mapGlb") != std::string::npos);
    CHECK(out.find("toPrivate") != std::string::npos);
    CHECK(out.find("toGlobal") != std::string::npos);
    CHECK(out.find("// legal") != std::string::npos);

    out = runCli("rewrite " + file + " --def stockhamPass --set n=1024,L=16,p=4 --list", rc);
    CHECK(rc == 0);
    CHECK(out.find("map-to-mapGlb(0) @ ") != std::string::npos);

    out = runCli("rewrite " + file + " --def stockhamPass --set n=1024,L=16,p=4 --rule reduce-to-reduceSeq --at 0", rc);
    CHECK(rc != 0);
    CHECK(out.find("does not apply at '0'") != std::string::npos);
}
