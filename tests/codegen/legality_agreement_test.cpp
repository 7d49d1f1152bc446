// The legality checker (rewrite/legality.hpp) and the code generator agree (issue 13, item 5):
// whenever legality accepts a program, codegen generates it; whenever codegen refuses one, legality
// has refused it too, for the same reason. The corpus: every definition of examples/ lowered by
// lower-global, lower-global-2d, lower-workgroup and lower-global-fused (the strategies' raw
// results, before applyStrategy's check) at two sizes, the low-level examples as written, and
// hand-written programs breaking each rule codegen enforces. A named lowering strategy fails
// exactly when its raw result is illegal, naming the strategy and the offending map's path.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <regex>
#include <sstream>

#include "codegen/codegen.hpp"
#include "ir/elaborate.hpp"
#include "ir/parser.hpp"
#include "ir/printer.hpp"
#include "ir/program_loader.hpp"
#include "rewrite/ir_helpers.hpp"
#include "rewrite/kernel_sequence.hpp"
#include "rewrite/legality.hpp"
#include "rewrite/lowering.hpp"
#include "rewrite/rule.hpp"
#include "support/source_path.hpp"

using namespace liftcl;

namespace {

struct Definition {
    std::string file, name, params;
};

// The definitions of examples/ that take arrays (`def NAME(p, q) = \(...) => ...`).
std::vector<Definition> exampleDefinitions() {
    std::vector<Definition> out;
    const std::regex def(R"(^def (\w+)(\(([^)]*)\))? = \\\()");
    for (const auto& file : testing::liftSourceFiles()) {
        if (file.rfind("examples/", 0) != 0 || file.find('/', 9) != std::string::npos) continue;
        std::ifstream in(testing::sourcePath(file));
        std::string line;
        while (std::getline(in, line)) {
            std::smatch m;
            if (std::regex_search(line, m, def)) out.push_back({file, m[1], m[3]});
        }
    }
    return out;
}

std::string setOption(const std::string& params, int size) {
    std::string out, p;
    std::istringstream in(params);
    while (std::getline(in, p, ',')) {
        p.erase(std::remove(p.begin(), p.end(), ' '), p.end());
        if (!p.empty()) out += (out.empty() ? "" : ",") + p + "=" + std::to_string(size);
    }
    return out;
}

// codegen's verdict: empty when it generates every kernel, else its message.
std::string codegenRefusal(const ir::Program& low) {
    try {
        codegen::generateKernelSequence(low.name, rewrite::splitIntoKernels(low));
        return "";
    } catch (const Error& e) {
        return e.what();
    }
}

std::string violationsText(const std::vector<rewrite::Violation>& violations) {
    std::string s;
    for (const auto& v : violations) s += v.toString() + "\n";
    return s;
}

// The same rule in the words of each layer: (codegen's message, legality's reason).
const std::vector<std::pair<std::string, std::string>> kSameRule = {
    {"writes a result that other work-items read", "read by other work-items"},
    {"mapLcl must be nested in a mapWrg", "mapLcl outside a mapWrg"},
    {"allocates local memory outside a mapWrg", "toLocal outside a mapWrg"},
    {"must be lowered (mapGlb", "high-level map computes"},
    {"reduce must be lowered", "high-level reduce"},
    {"a view of its input without computation", "not computed by any map"},
};

// Checks the agreement for one program; returns whether it is legal.
bool checkAgreement(const ir::Program& low) {
    const auto violations = rewrite::checkLegality(low);
    const std::string refusal = codegenRefusal(low);
    INFO(ir::printProgram(low));
    INFO("legality: " << violationsText(violations));
    INFO("codegen: " << refusal);
    if (violations.empty()) CHECK(refusal.empty());  // legal => codegen succeeds
    if (!refusal.empty()) {
        CHECK(!violations.empty());  // codegen refuses => legality refused
        for (const auto& [codegenWords, legalityWords] : kSameRule)
            if (refusal.find(codegenWords) != std::string::npos)
                CHECK(violationsText(violations).find(legalityWords) != std::string::npos);
    }
    return violations.empty();
}

}  // namespace

TEST_CASE("legality and codegen agree on every example lowered by each strategy") {
    const auto definitions = exampleDefinitions();
    REQUIRE(definitions.size() >= 20);
    int legal = 0, illegal = 0;
    for (const auto& d : definitions)
        for (int size : {16, 1024}) {
            const ir::Program high = ir::loadProgram(testing::sourcePath(d.file), d.name,
                                                     setOption(d.params, size), ir::ScalarKind::Double);
            for (const std::string strategy :
                 {"lower-global", "lower-global-2d", "lower-workgroup", "lower-global-fused"}) {
                INFO(d.file << " " << d.name << " size " << size << " " << strategy);
                // The strategy's raw result, as applyStrategy computes it before its check.
                rewrite::typecheckTree(high.body);
                const auto result = (*rewrite::namedStrategy(strategy))(high.body);
                REQUIRE(result);
                rewrite::typecheckTree(result->root);
                ir::Program raw = high;
                raw.body = rewrite::asFun(result->root);
                const bool isLegal = checkAgreement(raw);
                (isLegal ? legal : illegal)++;
                // The named strategy fails exactly when its result is illegal, naming the map.
                if (isLegal) {
                    CHECK_NOTHROW(rewrite::applyStrategy(high, strategy));
                } else {
                    const auto first = rewrite::checkLegality(raw).front();
                    CHECK_THROWS_WITH_AS(
                        rewrite::applyStrategy(high, strategy),
                        doctest::Contains(("strategy '" + strategy + "' cannot produce a legal program").c_str()), Error);
                    CHECK_THROWS_WITH_AS(rewrite::applyStrategy(high, strategy),
                                         doctest::Contains(first.toString().c_str()), Error);
                }
            }
        }
    CHECK(legal > 100);
    CHECK(illegal >= 2);  // kmeans under lower-global-2d, transposeMatrix (nothing to compute)
}

TEST_CASE("legality and codegen agree on programs breaking each rule codegen enforces") {
    const std::string xs = "\\(xs: [[real]4]8) => ";
    const std::string cs = "\\(xs: [complex]64) => ";
    for (const std::string& source : std::vector<std::string>{
             "def k = " + xs + "mapGlb(1)(mapLcl(0)(\\x => add(x, x))) $ xs",
             "def k = " + xs + "mapGlb(0)(\\r => mapSeq(id) o mapSeq(toLocal(\\x => add(x, x))) $ r) $ xs",
             "def k = " + xs + "mapGlb(0)(map(\\x => add(x, x))) $ xs",
             "def k = " + xs + "mapGlb(0)(reduce(add, 0.0)) $ xs",
             "def k = " + xs + "join o transpose $ xs",
             "def k = " + xs + "mapGlb(0)(mapSeq(toPrivate(\\x => add(x, x)))) $ xs",
             "def k = " + xs + "mapWrg(0)(mapSeq(\\x => add(x, x))) $ xs",
             std::string("def k = \\(xs: [[complex]4]16) =>  mapGlb(1)(\\row => mapGlb(0)(cneg) o join o transpose o "
             "split(2) o mapGlb(0)(cneg) $ row) $ xs"),
             "def k = " + cs + "mapGlb(0)(cneg) o join o transpose o split(4) o mapGlb(0)(cneg) $ xs",
             "def k = " + cs + "mapGlb(0)(cneg) o mapGlb(0)(\\x => cmul(x, x)) $ xs",
             "def k = " + cs + "join o mapWrg(0)(join o mapLcl(0)(mapSeq(cneg)) o split(4) o "
                               "mapLcl(0)(toLocal(cneg))) o split(16) $ xs",
         }) {
        INFO(source);
        ir::Module module = ir::parseModule(source, "legality_agreement_test.lift");
        checkAgreement(ir::elaborateDefinition(module, "k", {}));
    }
}

TEST_CASE("a named lowering strategy that cannot produce a legal program fails naming the map") {
    const ir::Program high = ir::loadProgram(testing::sourcePath("examples/kmeans.lift"), "kmeans",
                                             "n=16,k=16,f=16", ir::ScalarKind::Double);
    CHECK_THROWS_WITH_AS(rewrite::applyStrategy(high, "lower-global-2d"),
                         doctest::Contains("strategy 'lower-global-2d' cannot produce a legal program for kmeans"),
                         Error);
    CHECK_THROWS_WITH_AS(rewrite::applyStrategy(high, "lower-global-2d"),
                         doctest::Contains("`mapGlb(\\c => "), Error);
    CHECK_NOTHROW(rewrite::applyStrategy(high, "lower-global"));
    // Strategy expressions are not checked: they may leave work for later steps.
    CHECK(rewrite::isLoweringStrategy("lower-global-2d"));
    CHECK(!rewrite::isLoweringStrategy("simplify"));
    CHECK(!rewrite::isLoweringStrategy("lower-global ; simplify"));
}
