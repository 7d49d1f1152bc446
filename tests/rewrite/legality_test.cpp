// The legality checker rejects illegal low-level programs with a message naming the node and the
// reason, and accepts the low-level examples.
#include <doctest/doctest.h>

#include "ir/program_loader.hpp"
#include "rewrite/cross_work_item_reads.hpp"
#include "rewrite/ir_helpers.hpp"
#include "rewrite/kernel_sequence.hpp"
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
    for (const auto& entry : std::vector<std::pair<std::string, std::string>>{
             {"examples/dot_product.lift", "dotPartial"},
             {"examples/dot_product.lift", "dotSeq"},
             {"examples/matrix_multiply.lift", "matrixMultiplyGlb"},
             {"examples/transpose.lift", "transposeGlb"},
             {"examples/transpose.lift", "transposeTiled"}}) {
        const auto& file = std::get<0>(entry);
        const auto& def = std::get<1>(entry);
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

TEST_CASE("a parallel map's temporary may be read only by the work-item that wrote it") {
    const std::string xs = "\\(xs: [complex]64) => ";
    SUBCASE("read through split by a reduction: one kernel's rule names the writing map; the program is two kernels") {
        const ir::Program p = parseProgram("def k = " + xs + "join o mapGlb(0)(reduceSeq(cadd, {0.0, 0.0})) o "
                                           "split(4) o mapGlb(0)(\\x => cmul(x, x)) $ xs", "k");
        const auto violations = rewrite::crossWorkItemReads(p.body);
        REQUIRE(violations.size() == 1);
        const std::string msg = violations.front().toString();
        CHECK(msg.find("mapGlb(0)'s result is read by other work-items (through `split(4)`)") != std::string::npos);
        CHECK(violations.front().node.rfind("mapGlb(", 0) == 0);
        CHECK(violations.front().node.find("cmul") != std::string::npos);
        // The path leads to the writing map.
        const auto writer = rewrite::asCall(ir::nodeAt(p.body, violations.front().path));
        REQUIRE(writer);
        CHECK(writer->fun->prim == ir::Prim::MapGlb);
        // As a whole the program is legal: it is split there into two kernels.
        CHECK(rewrite::checkLegality(p).empty());
        const auto kernels = rewrite::splitIntoKernels(p);
        REQUIRE(kernels.size() == 2);
        CHECK(kernels[0].name == "k_k0");
        CHECK(kernels[1].body->params.at(0)->name == "k_k0");
    }
    SUBCASE("permuted through a layout change, or read by a map of another dimension: a kernel boundary") {
        for (const std::string body : {"mapGlb(0)(cneg) o join o transpose o split(4) o mapGlb(0)(cneg) $ xs",
                                       "mapGlb(0)(cneg) o mapGlb(1)(cneg) $ xs",
                                       "mapGlb(0)(cneg) o pad(0, 4, wrap) o mapGlb(0)(cneg) $ xs"}) {
            INFO(body);
            const ir::Program p = parseProgram("def k = " + xs + body, "k");
            CHECK(!rewrite::crossWorkItemReads(p.body).empty());
            CHECK(rewrite::checkLegality(p).empty());
            CHECK(rewrite::splitIntoKernels(p).size() == 2);
        }
    }
    SUBCASE("read by other work-items off the spine (inside a map's function): still rejected") {
        const auto msg = firstViolation("def k = \\(xs: [[complex]4]16) => mapGlb(1)(\\row => "
                                        "mapGlb(0)(cneg) o join o transpose o split(2) o mapGlb(0)(cneg) $ row) $ xs");
        CHECK(msg.find("read by other work-items") != std::string::npos);
    }
    SUBCASE("read elementwise by the same kind of map, directly, through zip or a layout map: legal") {
        for (const std::string body :
             {"mapGlb(0)(cneg) o mapGlb(0)(\\x => cmul(x, x)) $ xs",
              "mapGlb(0)(\\t => cadd(t.0, t.1)) $ zip(xs, mapGlb(0)(cneg)(xs))",
              "join o mapGlb(0)(mapSeq(mapSeq(cneg))) o map(transpose) o mapGlb(0)(mapSeq(mapSeq(cneg))) o map(split(2)) o split(4) $ xs",
              "join o mapWrg(0)(join o mapLcl(0)(mapSeq(cneg)) o split(4) o mapLcl(0)(toLocal(cneg))) o split(16) $ xs"}) {
            INFO(body);
            std::string all;
            for (const auto& v : rewrite::checkLegality(parseProgram("def k = " + xs + body, "k"))) all += v.toString() + "\n";
            CHECK_MESSAGE(all.empty(), all);
        }
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

TEST_CASE("a scatter in the layout a map's results are written through is a layout, not a computation") {
    // Its index function is a user function, yet the map around it computes nothing: legal high level.
    ir::Program p = parseProgram(
        "userfun rev(j: int, n: int): int = n - 1 - j\n"
        "def k = \\(xs: [[real]4]8) => join o map(scatter(rev) o join o split(2)) o "
        "mapGlb(0)(mapSeq(toGlobal(\\x => add(x, x)))) $ xs",
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
