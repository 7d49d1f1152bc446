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

using namespace liftcl;
using namespace liftcl::testing;

namespace {

ir::Program program(const std::string& source) {
    return ir::elaborateDefinition(ir::parseModule(source, "reduce.lift"), "r");
}

const char* const kDot =
    "def r = \\(xs: [real]64, ys: [real]64) => reduce(add, 0.0) o map(\\t => t.0 * t.1) $ zip(xs, ys)";

// Host reference of a plain sum of products, written without the compiler.
double hostDot(const ir::Value& xs, const ir::Value& ys) {
    double s = 0;
    for (std::size_t k = 0; k < xs.items.size(); ++k) s += xs.items[k].r * ys.items[k].r;
    return s;
}

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
    for (const auto& [file, def] : std::vector<std::pair<std::string, std::string>>{
             {"examples/dot_product.lift", "dot"}, {"examples/asum.lift", "asum"},
             {"examples/gemv.lift", "gemv"}, {"examples/gesummv.lift", "gesummv"}}) {
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
