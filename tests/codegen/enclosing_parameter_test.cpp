// A map whose result is a temporary gets its type inferred on its own (codegen emitMap); when its
// function reads the parameter of an enclosing lambda, that parameter is free in the map. The
// hierarchical FFT's last column pass of an inverse transform, `\x => map(post) $ matrixMult(DFT,
// x)`, failed with "parameter 'x' is not bound and has no type": a free parameter now keeps the type
// the check of the whole program gave it.
#include <doctest/doctest.h>

#include <cmath>

#include "ir/elaborate.hpp"
#include "ir/parser.hpp"
#include "support/kernel_harness.hpp"

using namespace liftcl;

TEST_CASE("a temporary map reading an enclosing lambda's parameter is generated and equals the interpreter") {
    // Per row ts of 8 rows: x = ts squared (private), then conj(DFT_4 x); the rows map of the DFT is
    // the temporary whose body reads x.
    const ir::Module module = ir::parseModule(
        "def k = \\(vs: [[complex]4]8) => mapGlb(\\ts => ((\\x => mapSeq(toGlobal(cconj)) o join o "
        "mapSeq(\\row => reduceSeq(cadd, {0.0, 0.0}) o mapSeq(\\t => cmul(t.0, t.1)) $ zip(row, x)) $ "
        "array_2(4, 4, genDFT)) o toPrivate(mapSeq(\\e => cmul(e, e)))) $ ts) $ vs\n",
        "enclosing_parameter.lift");
    const ir::Program program = ir::elaborateDefinition(module, "k", {});
    const codegen::GeneratedKernel kernel = codegen::generateKernel(program);
    INFO(kernel.source);
    std::vector<ir::TypeP> types{program.body->params[0]->declaredType};
    std::vector<ir::Value> inputs{ir::randomValue(types[0], 31)};
    const ir::Value result = testing::runKernel(kernel, inputs, types, ir::inferCallType(program.body, types));
    const double err = ir::maxAbsDifference(result, ir::interpret(program.body, inputs));
    CHECK(!std::isnan(err));
    CHECK(err < 1e-12);
}

TEST_CASE("a parameter bound nowhere is still refused by name") {
    const ir::Module module =
        ir::parseModule("def k = \\(vs: [complex]4) => mapGlb(\\e => cmul(e, y)) $ vs\n", "unbound.lift");
    CHECK_THROWS_WITH_AS(ir::elaborateDefinition(module, "k", {}), doctest::Contains("y"), Error);
}
