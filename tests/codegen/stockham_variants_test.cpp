// Every explored variant of a Stockham pass runs correctly on the device (poisoned output,
// compared with the interpreter on the high-level program): the legality checker leaves out the
// variants the code generator refuses; never a silently wrong kernel. Regression: rule 5 with a 2D mapGlb put
// two mapGlb(0) in one mapGlb(1) iteration, the second reading (through split) what other
// work-items of the first wrote into private memory.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "codegen/codegen.hpp"
#include "ir/typecheck.hpp"
#include "support/kernel_harness.hpp"
#include "rewrite/explore.hpp"
#include "rewrite/legality.hpp"
#include "rewrite/strategy.hpp"

using namespace liftcl;

namespace {

ir::Program loadStockham(const std::string& def, const std::string& set) {
    return ir::loadProgram(testing::sourcePath("fft/lift/stockham.lift"), def, set,
                            ir::ScalarKind::Double);
}

// "rule@path, rule@path" as `liftcl explore` prints it.
rewrite::Derivation parseDerivation(const std::string& text) {
    rewrite::Derivation steps;
    std::istringstream in(text);
    std::string step;
    while (std::getline(in, step, ',')) {
        step.erase(0, step.find_first_not_of(' '));
        const auto at = step.rfind('@');
        steps.push_back({step.substr(0, at), ir::pathFromString(step.substr(at + 1))});
    }
    return steps;
}

// The device result of a lowered program against the interpreter on the high-level one.
double deviceError(const ir::Program& high, const ir::Program& lowered, const codegen::GeneratedKernel& k) {
    std::vector<ir::TypeP> types;
    std::vector<ir::Value> inputs;
    for (std::size_t i = 0; i < lowered.body->params.size(); ++i) {
        const auto& p = lowered.body->params[i];
        types.push_back(p->declaredType ? p->declaredType : p->type);
        inputs.push_back(ir::randomValue(types.back(), 11 + i));
    }
    const ir::Value result = testing::runKernel(k, inputs, types, ir::inferCallType(lowered.body, types));
    const double err = ir::maxAbsDifference(result, ir::interpret(high.body, inputs));
    return std::isnan(err) ? INFINITY : err;
}

}  // namespace

TEST_CASE("rule 5 + glb2d Stockham variant: mapGlb results read by other work-items are refused") {
    const ir::Program high = loadStockham("stockhamPassAdjusted", "n=1024,L=16,p=4");
    // `liftcl explore ... --def stockhamPassAdjusted --set n=1024,L=16,p=4`:
    // rule5 / glb2d / private / unroll-none
    const auto derivation = parseDerivation(
        "beta@0, beta@0.1.1.1.0.0.0, beta@0.1.1.1.0.0.0.1.0.0.0, beta@0.1.1.1.1.1.1, beta@0.1.1.1.1.2, "
        "map-fission@0.1.1.1.0.0.0.1, dimensionality-change@0.1.1.1.0.0.0.1.1, map-to-mapGlb(1)@0.1.1.1.0, "
        "map-to-mapGlb(0)@0.1.1.1.0.0.0.1.0, map-to-mapGlb(0)@0.1.1.1.0.0.0.1.1.1.0, "
        "reduce-to-reduceSeq@0.1.1.1.0.0.0.1.0.0");
    ir::Program lowered = high;
    lowered.body = std::get<ir::FunP>(rewrite::replay(high.body, derivation));
    rewrite::typecheckTree(lowered.body);
    // The rewrite itself is sound: the interpreter agrees on the lowered program.
    const ir::Value input = ir::randomValue(high.body->params[0]->declaredType, 3);
    CHECK(ir::maxAbsDifference(ir::interpret(lowered.body, {input}), ir::interpret(high.body, {input})) < 1e-12);
    // The kernel would need a barrier across work-items (the products of the first mapGlb(0) live
    // in each work-item's private array, the reduction of the second reads four of them).
    CHECK_THROWS_WITH_AS(codegen::generateKernel(lowered),
                         doctest::Contains("mapGlb(0) writes a result that other work-items read (at index 4*gl0_1 + i_0)"),
                         Error);
    // The legality checker rejects it as well (so explore does not list it), naming the writer.
    const auto violations = rewrite::checkLegality(lowered);
    REQUIRE(violations.size() == 1);
    CHECK(ir::pathToString(violations.front().path) == "0.1.1.1.0.0.0.1.1.1");
    CHECK(violations.front().reason.find("mapGlb(0)'s result is read by other work-items (through `split(4)`)") !=
          std::string::npos);
}

TEST_CASE("a mapGlb result may be read only where the work-item that wrote it reads") {
    const auto file = std::filesystem::temp_directory_path() / "liftcl_glb_reads.lift";
    std::ofstream(file) << R"(
// Unfused: each work-item reads back the element it wrote.
def twice(n) = \(xs: [complex]n) => mapGlb(\x => cmul(x, x)) o mapGlb(\x => cadd(x, x)) $ xs
// A reduction over a split of the products reads what other work-items wrote.
def sums(n) = \(xs: [complex]n) => join o mapGlb(reduceSeq(cadd, {0.0, 0.0})) o split(4) o mapGlb(\x => cmul(x, x)) $ xs
// Reversed through a layout change: also another work-item's element.
def reversed(n) = \(xs: [complex]n) => mapGlb(cneg) o join o transpose o split(4) o mapGlb(cneg) $ xs
)";
    const auto load = [&](const std::string& def) {
        return ir::loadProgram(file.string(), def, "n=64", ir::ScalarKind::Double);
    };
    const ir::Program twice = load("twice");
    CHECK(deviceError(twice, twice, codegen::generateKernel(twice)) < 1e-12);
    for (const std::string def : {"sums", "reversed"}) {
        INFO(def);
        CHECK_THROWS_WITH_AS(codegen::generateKernel(load(def)),
                             doctest::Contains("writes a result that other work-items read"), Error);
    }
    std::filesystem::remove(file);
}

TEST_CASE("every explored variant of the Stockham passes compiles and runs correctly") {
    for (const std::string def : {"stockhamPass", "stockhamPassAdjusted"}) {
        const ir::Program high = loadStockham(def, "n=64,L=16,p=4");
        const auto report = rewrite::explore(high);
        REQUIRE(report.variants.size() >= 20);
        std::size_t ran = 0;
        for (const auto& v : report.variants) {
            INFO(def << ": " << v.choices << "\n  derivation: " << rewrite::derivationToString(v.derivation));
            // The legality checker leaves out what codegen would refuse (rule 5 + glb2d).
            codegen::GeneratedKernel k;
            REQUIRE_NOTHROW(k = codegen::generateKernel(v.program));
            CHECK(deviceError(high, v.program, k) < 1e-9);
            ++ran;
        }
        MESSAGE(def << ": " << ran << " variants ran correctly");
        CHECK(ran >= 20);
    }
}
