// exec/kernel_execution (the one pack / poison / launch / unpack sequence the CLI and the tests
// share): a kernel that keeps its nat parameters runs with values given at launch and equals the
// interpreter; a missing value is refused by name.
#include <doctest/doctest.h>

#include <cmath>

#include "support/kernel_harness.hpp"

using namespace liftcl;

TEST_CASE("executeKernel runs a kernel with nat parameters given at launch") {
    const std::string file = testing::sourcePath("examples/kernels/simple.lift");
    const ir::Program symbolic = ir::loadProgram(file, "scaleTransposed", "", ir::ScalarKind::Double);
    REQUIRE(symbolic.natParams.size() == 2);
    const codegen::GeneratedKernel kernel = codegen::generateKernel(symbolic);
    for (const auto& entry : {std::pair<long, long>{96, 8}, {40, 5}}) {
        const auto& n = std::get<0>(entry);
        const auto& m = std::get<1>(entry);
        INFO("n=" << n << ",m=" << m);
        // The same definition with fixed sizes gives the concrete types and the expected value.
        const ir::Program fixed = ir::loadProgram(
            file, "scaleTransposed", "n=" + std::to_string(n) + ",m=" + std::to_string(m), ir::ScalarKind::Double);
        const ir::TypeP inputType = fixed.body->params[0]->declaredType;
        const std::vector<ir::Value> inputs{ir::randomValue(inputType, 5 + static_cast<std::uint64_t>(n))};
        const ir::Value result = testing::runKernel(kernel, inputs, {inputType}, ir::inferCallType(fixed.body, {inputType}),
                                                    {{"n", n}, {"m", m}});
        const double err = ir::maxAbsDifference(result, ir::interpret(fixed.body, inputs));
        CHECK(!std::isnan(err));
        CHECK(err < 1e-12);
    }
    const ir::TypeP type = ir::loadProgram(file, "scaleTransposed", "n=96,m=8", ir::ScalarKind::Double).body->params[0]->declaredType;
    CHECK_THROWS_WITH_AS(testing::runKernel(kernel, {ir::randomValue(type, 1)}, {type}, type, {{"n", 96}}),
                         doctest::Contains("nat parameter m and no value is given"), Error);
}
