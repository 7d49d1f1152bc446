// The lowering strategies produce legal low-level programs that mean what the high-level ones
// meant (checked by the interpreter).
#include <doctest/doctest.h>

#include "ir/printer.hpp"
#include "rewrite/kernel_sequence.hpp"
#include "rewrite/legality.hpp"
#include "rewrite/lowering.hpp"
#include "rewrite/rules.hpp"
#include "rewrite_support.hpp"

using namespace liftcl;
using namespace liftcl::testing;

namespace {
bool containsPrim(const ir::Node& n, ir::Prim p, int dim = -1) {
    if (const auto* f = std::get_if<ir::FunP>(&n))
        if ((*f)->kind == ir::Fun::Kind::Prim && (*f)->prim == p && (dim < 0 || (*f)->intArg == dim))
            return true;
    for (const auto& c : ir::children(n))
        if (containsPrim(c, p, dim)) return true;
    return false;
}
std::string violations(const ir::Program& p) {
    std::string s;
    for (const auto& v : rewrite::checkLegality(p)) s += v.toString() + "\n";
    return s;
}
}  // namespace

TEST_CASE("lower-stockham gives Listing 4.4: one mapGlb over butterflies, toPrivate, toGlobal") {
    const std::map<std::string, std::int64_t> nats = {{"n", 64}, {"L", 16}, {"p", 4}};
    ir::Program high = loadDefinition("fft/lift/stockham.lift", "stockhamPass", nats);
    auto result = rewrite::applyStrategyWithDerivation(high, "lower-stockham");
    auto& low = std::get<0>(result);
    auto& steps = std::get<1>(result);
    INFO(ir::printProgram(low));
    CHECK(containsPrim(low.body, ir::Prim::MapGlb, 0));
    CHECK_FALSE(containsPrim(low.body, ir::Prim::MapGlb, 1));
    CHECK(containsPrim(low.body, ir::Prim::ToPrivate));
    CHECK(containsPrim(low.body, ir::Prim::ToGlobal));
    CHECK(containsPrim(low.body, ir::Prim::ReduceSeq));
    CHECK(containsPrim(low.body, ir::Prim::Pad));  // rule 5 repeated the butterfly matrices
    bool usedRule5 = false;
    for (const auto& s : steps) usedRule5 = usedRule5 || s.rule == "dimensionality-change";
    CHECK(usedRule5);
    CHECK_MESSAGE(violations(low).empty(), violations(low));
    CHECK(compareMeaning(high.body, low.body) == "");
    // The derivation replays to the same program.
    CHECK(ir::alphaEqual(rewrite::replay(high.body, steps), ir::Node(low.body)));
}

TEST_CASE("lower-stockham at the thesis size prints a legal program that type-checks") {
    ir::Program high = loadDefinition("fft/lift/stockham.lift", "stockhamPass",
                                      {{"n", 1024}, {"L", 16}, {"p", 4}});
    ir::Program low = rewrite::applyStrategy(high, "lower-stockham");
    CHECK(violations(low).empty());
    CHECK(compareMeaning(high.body, low.body) == "");
    // What `liftcl rewrite` prints parses, type-checks and means the same.
    ir::Module printed = ir::parseModule(ir::printProgram(low), "printed.lift");
    ir::Program reparsed = ir::elaborateDefinition(printed, "stockhamPass", {});
    CHECK(compareMeaning(high.body, reparsed.body) == "");
    CHECK(violations(reparsed).empty());
}

TEST_CASE("lower-stockham-2d gives Listing 4.2: mapGlb(1) around mapGlb(0)") {
    ir::Program high = loadDefinition("fft/lift/stockham.lift", "stockhamPass", {{"n", 64}, {"L", 16}, {"p", 4}});
    ir::Program low = rewrite::applyStrategy(high, "lower-stockham-2d");
    INFO(ir::printProgram(low));
    CHECK(containsPrim(low.body, ir::Prim::MapGlb, 1));
    CHECK(containsPrim(low.body, ir::Prim::MapGlb, 0));
    CHECK(violations(low).empty());
    CHECK(compareMeaning(high.body, low.body) == "");
}

TEST_CASE("lower-stockham also lowers the adjusted pass of Listing 4.5 and Cooley-Tukey passes") {
    const std::map<std::string, std::int64_t> nats = {{"n", 64}, {"L", 16}, {"p", 4}};
    for (const auto& entry : std::vector<std::pair<std::string, std::string>>{
             {"fft/lift/stockham.lift", "stockhamPassAdjusted"},
             {"fft/lift/stockham.lift", "stockhamTwPass"}}) {
        const auto& file = std::get<0>(entry);
        const auto& def = std::get<1>(entry);
        INFO(def);
        ir::Program high = loadDefinition(file, def, nats);
        ir::Program low = rewrite::applyStrategy(high, "lower-stockham");
        INFO(ir::printProgram(low));
        CHECK(containsPrim(low.body, ir::Prim::MapGlb));
        CHECK(compareMeaning(high.body, low.body) == "");
        if (def == "stockhamTwPass") {
            // The twiddle products stay a mapGlb of their own, which the butterfly mapGlb reads
            // through split(4), i.e. elements other work-items wrote: a kernel boundary, whose
            // output memory placement writes to global memory.
            CHECK(rewrite::splitIntoKernels(low).size() == 2);
            CHECK_MESSAGE(violations(low).empty(), violations(low));
            continue;
        }
        CHECK_MESSAGE(violations(low).empty(), violations(low));
    }
}

TEST_CASE("lower-global and lower-workgroup on non-FFT examples") {
    struct Case {
        const char* file;
        const char* def;
        const char* strategy;
        ir::Prim expected;
    };
    for (const auto& c : std::vector<Case>{
             {"examples/matrix_multiply.lift", "matrixMultiply", "lower-global", ir::Prim::MapGlb},
             {"examples/matrix_multiply.lift", "matrixMultiply", "lower-global-2d", ir::Prim::MapGlb},
             {"examples/matrix_multiply.lift", "matrixMultiply", "lower-workgroup", ir::Prim::MapLcl},
             {"examples/matrix_vector.lift", "matrixVector", "lower-global", ir::Prim::MapGlb},
             {"examples/matrix_vector.lift", "matrixVector", "lower-workgroup", ir::Prim::MapWrg},
             {"examples/nbody.lift", "nbody", "lower-global-fused", ir::Prim::MapGlb},
             {"examples/mri_q.lift", "mriQ", "lower-global-fused", ir::Prim::MapGlb},
             {"examples/nearest_neighbour.lift", "nearestNeighbour", "lower-global", ir::Prim::MapGlb},
             {"examples/convolution2d.lift", "convolution", "lower-global-2d", ir::Prim::MapGlb},
             {"examples/convolution2d.lift", "convolutionTiled", "lower-global-2d", ir::Prim::MapGlb}}) {
        INFO(c.def << " " << c.strategy);
        ir::Program high = loadDefinition(c.file, c.def);
        ir::Program low = rewrite::applyStrategy(high, c.strategy);
        INFO(ir::printProgram(low));
        CHECK(containsPrim(low.body, c.expected));
        CHECK_MESSAGE(violations(low).empty(), violations(low));
        CHECK(compareMeaning(high.body, low.body) == "");
        // lower-global-fused leaves no private array of terms before a reduction.
        if (std::string(c.strategy) == "lower-global-fused") CHECK(!containsPrim(low.body, ir::Prim::ToPrivate));
    }
}

TEST_CASE("a failing strategy is reported with the program's name") {
    ir::Program high = loadDefinition("fft/lift/stockham.lift", "stockhamPass");
    CHECK_THROWS_WITH_AS(rewrite::applyStrategy(high, "rule5-nowhere"),
                         doctest::Contains("neither a combinator"), Error);
    CHECK_THROWS_WITH_AS(rewrite::applyStrategy(high, "topDown(tile(3,3))"),
                         doctest::Contains("failed on stockhamPass"), Error);
}
