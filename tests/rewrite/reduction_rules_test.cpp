// Reductions by rewriting: the partial-reduction rules keep the meaning, reorder-stride only for
// commutative operators, and lower-reduction gives two legal kernels that together compute the
// reduction (interpreted stage by stage here; on the device in tests/e2e/reduction_cli_test.cpp).
#include <doctest/doctest.h>

#include "ir/elaborate.hpp"
#include "ir/interpreter.hpp"
#include "ir/parser.hpp"
#include "ir/printer.hpp"
#include "rewrite/kernel_sequence.hpp"
#include "rewrite/legality.hpp"
#include "rewrite/lowering.hpp"
#include "rewrite/rules.hpp"
#include "rewrite/strategy_parser.hpp"
#include "rewrite_support.hpp"
#include "support/host_dot.hpp"
#include "support/program_text.hpp"

using namespace liftcl;
using namespace liftcl::testing;

namespace {

ir::Program program(const std::string& source) {
    return ir::elaborateDefinition(ir::parseModule(source, "reduce.lift"), "r");
}

const char* const kDot =
    "def r = \\(xs: [real]64, ys: [real]64) => reduce(add, 0.0) o map(\\t => t.0 * t.1) $ zip(xs, ys)";

}  // namespace

TEST_CASE("partial-reduction and reorder-stride keep the meaning of a reduction") {
    const ir::Program p = program(kDot);
    for (const std::string s : {"topDown(partial-reduction(8))", "topDown(partial-reduction(2))",
                                "topDown(reorder-stride(4))", "topDown(reorder-stride(16)) ; topDown(partial-reduction(4))"}) {
        INFO(s);
        const ir::Program q = rewrite::applyStrategy(p, s);
        CHECK(compareMeaning(p.body, q.body) == "");
    }
    // The whole length (one chunk) and non-divisors are refused.
    CHECK_THROWS(rewrite::applyStrategy(p, "topDown(partial-reduction(64))"));
    CHECK_THROWS(rewrite::applyStrategy(p, "topDown(partial-reduction(5))"));
}

TEST_CASE("reorder-stride only for commutative operators, recognized by their form") {
    CHECK_THROWS(rewrite::applyStrategy(program("def r = \\(xs: [real]64) => reduce(sub, 0.0) $ xs"),
                                        "topDown(reorder-stride(4))"));
    CHECK_THROWS(rewrite::applyStrategy(program("def r = \\(xs: [real]64) => reduce(\\(a, b) => a - b, 0.0) $ xs"),
                                        "topDown(reorder-stride(4))"));
    for (const std::string op : {"add", "\\(a, b) => b + a", "\\(a, b) => fmax(a, b)", "mul"}) {
        INFO(op);
        const ir::Program p = program("def r = \\(xs: [real]64) => reduce(" + op + ", 0.0) $ xs");
        CHECK(compareMeaning(p.body, rewrite::applyStrategy(p, "topDown(reorder-stride(4))").body) == "");
    }
}

TEST_CASE("lower-reduction: two legal kernels whose composition is the reduction") {
    const ir::Program high = program(kDot);
    const ir::Program low = rewrite::applyStrategy(high, "lower-reduction");
    INFO(ir::printProgram(low));
    CHECK(rewrite::checkLegality(low).empty());
    const std::vector<ir::Program> kernels = rewrite::splitIntoKernels(low);
    REQUIRE(kernels.size() == 2);
    // The first kernel reads the inputs strided (commutative add): a map of fused partial
    // reductions over transpose o split, on mapGlb(0).
    const std::string first = ir::printProgram(kernels[0]);
    CHECK(first.find("mapGlb(") != std::string::npos);
    CHECK(first.find("transpose(split(") != std::string::npos);
    CHECK(first.find("reduceSeq(\\(acc") != std::string::npos);  // the map fused into the reduceSeq
    CHECK(first.find("toPrivate") == std::string::npos);
    for (std::uint64_t seed : {5u, 9u}) {
        const auto inputs = randomInputs(high.body, seed);
        const ir::Value partials = ir::interpret(kernels[0].body, inputs);
        CHECK(partials.items.size() > 1);
        const ir::Value result = ir::interpret(kernels[1].body, {partials});
        REQUIRE(result.items.size() == 1);
        CHECK(result.items[0].r == doctest::Approx(hostDot(inputs[0], inputs[1])).epsilon(1e-12));
    }
    // Not commutative: contiguous chunks instead.
    const ir::Program diff = program("def r = \\(xs: [real]64) => reduce(\\(a, b) => a + 2.0 * b, 0.0) $ xs");
    const ir::Program lowDiff = rewrite::applyStrategy(diff, "lower-reduction");
    CHECK(ir::printProgram(lowDiff).find("transpose") == std::string::npos);
}

TEST_CASE("lower-global, lower-global-2d and lower-workgroup give legal programs for the BLAS examples") {
    const std::map<std::string, std::int64_t> nats = {{"n", 64}, {"m", 32}};
    for (const auto& entry : std::vector<std::pair<std::string, std::string>>{
             {"examples/dot_product.lift", "dot"}, {"examples/asum.lift", "asum"},
             {"examples/gemv.lift", "gemv"}, {"examples/gesummv.lift", "gesummv"}}) {
        const auto& file = std::get<0>(entry);
        const auto& def = std::get<1>(entry);
        const ir::Program high = loadDefinition(file, def, nats);
        for (const char* strategy : {"lower-global", "lower-global-2d", "lower-workgroup", "lower-reduction"}) {
            if (std::string(strategy) == "lower-reduction" && def.rfind("ges", 0) == 0) continue;
            INFO(def << " " << strategy);
            ir::Program low;
            try {
                low = rewrite::applyStrategy(high, strategy);
            } catch (const Error& e) {
                if (std::string(strategy) == "lower-reduction" && def == "gemv") continue;  // no top-level reduce
                FAIL(e.what());
            }
            INFO(ir::printProgram(low));
            std::string violations;
            for (const auto& v : rewrite::checkLegality(low)) violations += v.toString() + "\n";
            CHECK_MESSAGE(violations.empty(), violations);
            CHECK(compareMeaning(high.body, low.body) == "");
        }
    }
}

TEST_CASE("tree-reduction: log2 m halving steps with the meaning of the reduce, strided pairs only when commutative") {
    const ir::Program p = program(kDot);
    const ir::Program tree = rewrite::applyStrategy(p, "topDown(tree-reduction)");
    CHECK(compareMeaning(p.body, tree.body) == "");
    const std::string printed = ir::printProgram(tree);
    CAPTURE(printed);
    // 64 elements: six steps, the first pairing x[i] with x[i + 32] (split(32) then transpose).
    CHECK(testing::countOccurrences(printed, "reduce(") == 6);
    CHECK(printed.find("transpose o split(32)") != std::string::npos);
    // A non-commutative operator keeps neighbours together (x[2i], x[2i+1]) and still means the same.
    const ir::Program sub = program("def r = \\(xs: [real]16) => reduce(\\(a, b) => a - b, 0.0) $ xs");
    const ir::Program subTree = rewrite::applyStrategy(sub, "topDown(tree-reduction)");
    CHECK(ir::printProgram(subTree).find("transpose") == std::string::npos);
    // Not a power of two: refused.
    CHECK_THROWS(rewrite::applyStrategy(program("def r = \\(xs: [real]48) => reduce(add, 0.0) $ xs"),
                                        "topDown(tree-reduction)"));
}

TEST_CASE("lower-reduction-workgroup: a reduction per row becomes a work-group's tree in local memory") {
    const ir::Program p = ir::elaborateDefinition(
        ir::parseModule("def r = \\(m: [[real]1024]16) => map(\\row => reduce(add, 0.0) $ row) $ m", "rows.lift"), "r");
    const ir::Program low = rewrite::applyStrategy(p, "lower-reduction-workgroup");
    CHECK(rewrite::isLegal(low.body));
    CHECK(compareMeaning(p.body, low.body) == "");
    const std::string printed = ir::printProgram(low);
    CAPTURE(printed);
    // 256 partials (mapLcl), then eight halving steps, each a mapLcl into local memory.
    CHECK(testing::countOccurrences(printed, "mapLcl(") == 9);
    CHECK(printed.find("mapWrg(") != std::string::npos);
    // A reduction of everything has no rows to give work-groups: the strategy fails (lower-reduction does it).
    CHECK_THROWS(rewrite::applyStrategy(program(kDot), "lower-reduction-workgroup"));
}

TEST_CASE("zip-join-fusion moves an elementwise map over per-row reductions into the rows, either zip side") {
    for (const char* body : {"map(\\t => t.0 * 2.0 + t.1) $ zip(ys, join o map(\\row => reduce(add, 0.0) $ row) $ m)",
                             "map(\\t => t.1 * 2.0 - t.0) $ zip(join o map(\\row => reduce(add, 0.0) $ row) $ m, ys)"}) {
        INFO(body);
        const ir::Program p = ir::elaborateDefinition(
            ir::parseModule(std::string("def r = \\(m: [[real]8]6, ys: [real]6) => ") + body, "rows.lift"), "r");
        const ir::Program fused = rewrite::applyStrategy(p, "normalize(beta) ; topDown(zip-join-fusion)");
        CHECK(compareMeaning(p.body, fused.body) == "");
        const std::string printed = ir::printProgram(fused);
        CAPTURE(printed);
        CHECK(printed.find("split(1, ys)") != std::string::npos);
    }
    // Both zip arguments joined (GESUMMV): one map over the zipped rows computes both.
    const ir::Program both = ir::elaborateDefinition(
        ir::parseModule("def r = \\(m: [[real]8]6, k: [[real]8]6, ys: [real]6) => map(\\t => t.0 - t.1 * t.2) $ "
                        "zip(join o map(\\row => reduce(add, 0.0) $ row) $ m, join o map(\\row => reduce(add, 0.0) $ row) $ k, ys)",
                        "rows.lift"),
        "r");
    const ir::Program bothFused = rewrite::applyStrategy(both, "normalize(beta) ; topDown(zip-join-fusion)");
    CHECK(compareMeaning(both.body, bothFused.body) == "");
    CHECK(testing::countOccurrences(ir::printProgram(bothFused), "join(") == 1);
    // Rows whose function gives more than one element: not this rule.
    const ir::Program wide = ir::elaborateDefinition(
        ir::parseModule("def r = \\(m: [[real]8]6, ys: [real]12) => map(\\t => t.0 + t.1) $ zip(ys, join o map(\\row => "
                        "take(2) $ row) $ m)",
                        "rows.lift"),
        "r");
    CHECK_THROWS(rewrite::applyStrategy(wide, "normalize(beta) ; topDown(zip-join-fusion)"));
}
