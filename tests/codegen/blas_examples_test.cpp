// examples/gemv.lift: the high-level GEMV equals a plain C++ GEMV in the interpreter, and its
// lowering (one work-item per row, scalar parameters alpha and beta) equals it on the device.
#include <doctest/doctest.h>

#include "support/kernel_harness.hpp"

using namespace liftcl;

TEST_CASE("GEMV: the interpreter against C++, the lowered kernel against the interpreter") {
    const long m = 24, n = 40;
    const std::string set = "m=" + std::to_string(m) + ",n=" + std::to_string(n);
    const testing::KernelRun run = testing::runAndCompare("examples/gemv.lift", "gemvGlb", set, {}, "", "gemv");
    CHECK(run.maxAbsError < 1e-12);
    // run.inputs: alpha, M, x, beta, y (random, non-zero).
    const double alpha = run.inputs[0].r, beta = run.inputs[3].r;
    REQUIRE(run.expected.items.size() == static_cast<std::size_t>(m));
    for (long i = 0; i < m; ++i) {
        double dot = 0;
        for (long j = 0; j < n; ++j) dot += run.inputs[1].items[i].items[j].r * run.inputs[2].items[j].r;
        CHECK(run.expected.items[i].r == doctest::Approx(alpha * dot + beta * run.inputs[4].items[i].r).epsilon(1e-12));
    }
}
