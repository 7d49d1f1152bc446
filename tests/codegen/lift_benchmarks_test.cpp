// The Lift benchmark programs of examples/ (dot, ASUM, GEMV, GESUMMV, Black-Scholes): each
// high-level program equals a plain C++ reference in the interpreter, and its lowering BY STRATEGY
// (possibly several kernels: rewrite/kernel_sequence.hpp) equals the interpreter on the device.
#include <doctest/doctest.h>

#include <cmath>

#include "exec/kernel_execution.hpp"
#include "ir/program_loader.hpp"
#include "rewrite/kernel_sequence.hpp"
#include "rewrite/lowering.hpp"
#include "support/kernel_harness.hpp"

using namespace liftcl;

namespace {

struct StrategyRun {
    std::vector<ir::Value> inputs;
    ir::Value expected;  // the interpreter on the high-level program
    double maxAbsError = 0;
    std::size_t kernels = 0;
};

// Lowers `def` by `strategy`, runs its kernels in sequence on random inputs and compares them
// with the interpreter on the high-level program.
StrategyRun runByStrategy(const std::string& file, const std::string& def, const std::string& set,
                          const std::string& strategy, std::uint64_t seed = 11) {
    const ir::Program high = ir::loadProgram(testing::sourcePath(file), def, set, ir::ScalarKind::Double);
    const ir::Program low = rewrite::applyStrategy(high, strategy);
    const std::vector<ir::Program> stages = rewrite::splitIntoKernels(low);
    const codegen::GeneratedSequence sequence = codegen::generateKernelSequence(low.name, stages);
    StrategyRun run;
    run.kernels = sequence.kernels.size();
    std::vector<ir::TypeP> types;
    std::vector<std::string> names;
    for (std::size_t i = 0; i < high.body->params.size(); ++i) {
        const auto& p = high.body->params[i];
        types.push_back(p->declaredType ? p->declaredType : p->type);
        names.push_back(p->name);
        run.inputs.push_back(ir::randomValue(types.back(), seed + i));
    }
    auto& dev = testing::DeviceFixture::get();
    const ir::Value result = exec::executeKernelSequence(sequence, names, run.inputs, types,
                                                        ir::inferCallType(low.body, types), dev.queue, dev.cache);
    run.expected = ir::interpret(high.body, run.inputs);
    run.maxAbsError = ir::maxAbsDifference(result, run.expected);
    if (std::isnan(run.maxAbsError)) run.maxAbsError = INFINITY;
    return run;
}

double rowDot(const ir::Value& row, const ir::Value& x) {
    double s = 0;
    for (std::size_t j = 0; j < x.items.size(); ++j) s += row.items[j].r * x.items[j].r;
    return s;
}

}  // namespace

TEST_CASE("dot and ASUM by lower-reduction: two kernels, C++ and the interpreter agree") {
    const StrategyRun dot = runByStrategy("examples/dot_product.lift", "dot", "n=16384", "lower-reduction");
    CHECK(dot.kernels == 2);
    CHECK(dot.maxAbsError < 1e-11);
    CHECK(dot.expected.items.at(0).r == doctest::Approx(rowDot(dot.inputs[0], dot.inputs[1])).epsilon(1e-12));

    const StrategyRun asum = runByStrategy("examples/asum.lift", "asum", "n=16384", "lower-reduction");
    CHECK(asum.kernels == 2);
    CHECK(asum.maxAbsError < 1e-9);
    double s = 0;
    for (const auto& v : asum.inputs[0].items) s += std::fabs(v.r);
    CHECK(asum.expected.items.at(0).r == doctest::Approx(s).epsilon(1e-12));
}

TEST_CASE("GEMV and GESUMMV by lower-global: C++ and the interpreter agree") {
    const long m = 24, n = 40;
    const std::string set = "m=" + std::to_string(m) + ",n=" + std::to_string(n);
    const StrategyRun gemv = runByStrategy("examples/gemv.lift", "gemv", set, "lower-global");
    CHECK(gemv.maxAbsError < 1e-12);
    // alpha, M, x, beta, y
    for (long i = 0; i < m; ++i) {
        const double want = gemv.inputs[0].r * rowDot(gemv.inputs[1].items[i], gemv.inputs[2]) +
                            gemv.inputs[3].r * gemv.inputs[4].items[i].r;
        CHECK(gemv.expected.items.at(i).r == doctest::Approx(want).epsilon(1e-12));
    }
    const StrategyRun ges = runByStrategy("examples/gesummv.lift", "gesummv", set, "lower-global");
    CHECK(ges.maxAbsError < 1e-12);
    // alpha, A, B, x, beta
    for (long i = 0; i < m; ++i) {
        const double want = ges.inputs[0].r * rowDot(ges.inputs[1].items[i], ges.inputs[3]) +
                            ges.inputs[4].r * rowDot(ges.inputs[2].items[i], ges.inputs[3]);
        CHECK(ges.expected.items.at(i).r == doctest::Approx(want).epsilon(1e-12));
    }
}

TEST_CASE("Black-Scholes by lower-global: C++ and the interpreter agree") {
    const StrategyRun bs = runByStrategy("examples/black_scholes.lift", "blackScholes", "n=512", "lower-global");
    CHECK(bs.kernels == 1);
    CHECK(bs.maxAbsError < 1e-12);
    auto cnd = [](double d) {
        const double k = 1.0 / (1.0 + 0.2316419 * std::fabs(d));
        const double poly =
            k * (0.31938153 + k * (-0.356563782 + k * (1.781477937 + k * (-1.821255978 + k * 1.330274429))));
        const double c = 0.3989422804014327 * std::exp(-0.5 * d * d) * poly;
        return d > 0 ? 1.0 - c : c;
    };
    const double x = 30.0, t = 1.5, r = 0.02, v = 0.30;
    for (std::size_t i = 0; i < bs.inputs[0].items.size(); ++i) {
        const double stock = 5.0 + 25.0 * std::fabs(bs.inputs[0].items[i].r);
        const double d1 = (std::log(stock / x) + (r + 0.5 * v * v) * t) / (v * std::sqrt(t));
        const double d2 = d1 - v * std::sqrt(t);
        const double call = stock * cnd(d1) - x * std::exp(-r * t) * cnd(d2);
        const double put = x * std::exp(-r * t) * (1.0 - cnd(d2)) - stock * (1.0 - cnd(d1));
        CHECK(bs.expected.items[i].items.at(0).r == doctest::Approx(call).epsilon(1e-12));
        CHECK(bs.expected.items[i].items.at(1).r == doctest::Approx(put).epsilon(1e-12));
    }
}
