// The legality checker rejects illegal low-level programs with a message naming the node and the
// reason, and accepts the low-level examples.
#include <doctest/doctest.h>

#include "compiler/program_loader.hpp"
#include "rewrite/legality.hpp"
#include "rewrite_support.hpp"

using namespace liftcl;
using namespace liftcl::testing;

namespace {
ir::Program parseProgram(const std::string& source, const std::string& def) {
    ir::Module module = ir::parseModule(source, "legality_test.lift");
    return ir::elaborateDefinition(module, def, {});
}
std::string firstViolation(const std::string& source) {
    auto violations = rewrite::checkLegality(parseProgram(source, "k"));
    REQUIRE_MESSAGE(!violations.empty(), "expected a violation in: " << source);
    return violations.front().toString();
}
}  // namespace

TEST_CASE("legal low-level examples pass") {
    for (const auto& [file, def] : std::vector<std::pair<std::string, std::string>>{
             {"examples/dot_product.lift", "dotPartial"},
             {"examples/dot_product.lift", "dotSeq"},
             {"examples/matrix_multiply.lift", "matrixMultiplyGlb"},
             {"examples/transpose.lift", "transposeGlb"},
             {"examples/transpose.lift", "transposeTiled"}}) {
        INFO(def);
        ir::Program p = loadDefinition(file, def);
        std::string all;
        for (const auto& v : rewrite::checkLegality(p)) all += v.toString() + "\n";
        CHECK_MESSAGE(all.empty(), all);
    }
}

TEST_CASE("violations name the node and the reason") {
    const std::string xs = "\\(xs: [[real]4]8) => ";
    SUBCASE("nested parallel maps of the same dimension") {
        auto msg = firstViolation("def k = " + xs + "mapGlb(0)(mapGlb(0)(\\x => add(x, x))) $ xs");
        CHECK(msg.find("mapGlb(0) nested in a mapGlb of the same dimension") != std::string::npos);
        CHECK(msg.find("mapGlb") != std::string::npos);
        CHECK(msg.find("at '") != std::string::npos);
    }
    SUBCASE("mapLcl outside a mapWrg") {
        auto msg = firstViolation("def k = " + xs + "mapGlb(1)(mapLcl(0)(\\x => add(x, x))) $ xs");
        CHECK(msg.find("mapLcl outside a mapWrg") != std::string::npos);
        CHECK(msg.find("`mapLcl") != std::string::npos);
    }
    SUBCASE("mapWrg without mapLcl") {
        auto msg = firstViolation("def k = " + xs + "mapWrg(0)(mapSeq(\\x => add(x, x))) $ xs");
        CHECK(msg.find("without a mapLcl") != std::string::npos);
    }
    SUBCASE("toLocal outside a mapWrg") {
        auto msg = firstViolation("def k = " + xs + "mapGlb(0)(mapSeq(toLocal(\\x => add(x, x)))) $ xs");
        CHECK(msg.find("toLocal outside a mapWrg") != std::string::npos);
    }
    SUBCASE("a computing map left high level") {
        auto msg = firstViolation("def k = " + xs + "mapGlb(0)(map(\\x => add(x, x))) $ xs");
        CHECK(msg.find("high-level map computes") != std::string::npos);
        CHECK(msg.find("add") != std::string::npos);
    }
    SUBCASE("a reduce left high level") {
        auto msg = firstViolation("def k = " + xs + "mapGlb(0)(reduce(add, 0.0)) $ xs");
        CHECK(msg.find("high-level reduce") != std::string::npos);
    }
    SUBCASE("the result written to private memory") {
        auto msg = firstViolation("def k = " + xs + "mapGlb(0)(mapSeq(toPrivate(\\x => add(x, x)))) $ xs");
        CHECK(msg.find("written to private memory") != std::string::npos);
    }
    SUBCASE("the result not computed at all") {
        auto msg = firstViolation("def k = " + xs + "join o transpose $ xs");
        CHECK(msg.find("not computed by any map") != std::string::npos);
    }
    SUBCASE("mapGlb mixed with mapWrg") {
        auto msg = firstViolation("def k = " + xs + "mapWrg(0)(mapLcl(0)(mapGlb(0)(\\x => add(x, x)))) $ xs");
        CHECK(msg.find("mapGlb inside a mapWrg/mapLcl") != std::string::npos);
    }
}

TEST_CASE("maps of layout functions may stay high level, and intermediate private results are fine") {
    ir::Program p = parseProgram(
        "def k = \\(xs: [[real]4]8) => join o map(transpose o split(2)) o "
        "mapGlb(0)(mapSeq(toGlobal(\\x => add(x, x))) o mapSeq(toPrivate(\\x => mul(x, x)))) $ xs",
        "k");
    std::string all;
    for (const auto& v : rewrite::checkLegality(p)) all += v.toString() + "\n";
    CHECK_MESSAGE(all.empty(), all);
}

TEST_CASE("requireLegal throws naming the program and every violation") {
    ir::Program p = parseProgram(
        "def bad = \\(xs: [[real]4]8) => mapLcl(0)(map(\\x => add(x, x))) $ xs", "bad");
    CHECK_THROWS_WITH_AS(rewrite::requireLegal(p), doctest::Contains("program bad is not a legal"), Error);
    CHECK(rewrite::checkLegality(p).size() >= 2);
}
