// Vector types on the device: asVector/asScalar over memory become vloadn/vstoren, componentwise
// user functions print as OpenCL C vector arithmetic, and each lowered program equals the
// interpreter (PoCL in CI), in fp32 and fp64.
#include <doctest/doctest.h>

#include <fstream>

#include "ir/error.hpp"
#include "support/program_text.hpp"
#include "support/strategy_run.hpp"

using namespace liftcl;
using liftcl::testing::runByStrategy;

using liftcl::testing::countOccurrences;

TEST_CASE("a map over vectors reads with vload4 and writes with vstore4, in fp32 and fp64") {
    for (auto precision : {ir::ScalarKind::Float, ir::ScalarKind::Double}) {
        CAPTURE(static_cast<int>(precision));
        const auto run = runByStrategy("examples/vector_types.lift", "scaleShift", "n=1024", "lower-global", 3, precision);
        CAPTURE(run.source);
        CHECK(run.kernels == 1);
        CHECK(countOccurrences(run.source, "vload4(0, &xs[") == 1);
        CHECK(countOccurrences(run.source, "vstore4(") == 1);
        CHECK(run.source.find(precision == ir::ScalarKind::Float ? "float4" : "double4") != std::string::npos);
        CHECK(run.maxAbsError < (precision == ir::ScalarKind::Float ? 1e-6 : 1e-14));
    }
}

TEST_CASE("a lambda with an annotated vector parameter: eight components at once") {
    const auto run = runByStrategy("examples/vector_types.lift", "halves", "n=512", "lower-global", 5, ir::ScalarKind::Float);
    CAPTURE(run.source);
    CHECK(countOccurrences(run.source, "vload8(") == 1);
    CHECK(countOccurrences(run.source, "vstore8(") == 1);
    CHECK(run.maxAbsError < 1e-6);
    for (std::size_t i = 0; i < 512; ++i)
        CHECK(run.expected.items[i].r == doctest::Approx(run.inputs[0].items[i].r * 0.5 - 1.0).epsilon(1e-6));
}

TEST_CASE("arrays of vectors are kernel parameters and results: global float4 buffers") {
    const auto run = runByStrategy("examples/vector_types.lift", "scaleVectors", "n=256", "lower-global", 9, ir::ScalarKind::Float);
    CAPTURE(run.source);
    CHECK(run.source.find("const global float4* restrict vs") != std::string::npos);
    CHECK(run.source.find("global float4* out") != std::string::npos);
    CHECK(run.maxAbsError < 1e-6);
    const double a = run.inputs[1].r;
    for (std::size_t i = 0; i < 256; ++i)
        for (std::size_t c = 0; c < 4; ++c)
            CHECK(run.expected.items[i].items[c].r == doctest::Approx(run.inputs[0].items[i].items[c].r * a).epsilon(1e-6));
}

TEST_CASE("vectors feed reductions and component reads") {
    const auto asum = runByStrategy("examples/vector_types.lift", "asum4", "n=16384", "lower-reduction");
    CAPTURE(asum.source);
    CHECK(asum.kernels == 2);
    CHECK(asum.source.find("vload4(") != std::string::npos);
    CHECK(asum.maxAbsError < 1e-10);
    double s = 0;
    for (const auto& x : asum.inputs[0].items) s += std::fabs(x.r);
    CHECK(asum.expected.items.at(0).r == doctest::Approx(s).epsilon(1e-12));

    const auto lengths = runByStrategy("examples/vector_types.lift", "lengths", "n=256", "lower-global");
    CAPTURE(lengths.source);
    CHECK(lengths.source.find(".s2") != std::string::npos);
    CHECK(lengths.maxAbsError < 1e-14);
}

TEST_CASE("a buffer of structs that OpenCL C would pad around a vector is refused, naming the type") {
    const std::string file = "/tmp/liftcl_vector_struct_test.lift";
    {
        std::ofstream out(file);
        out << "userfun withLength(v: real4): {real4, real} = {v, v.0}\n"
               "def d(n) = \\(xs: [real]n) => mapGlb(withLength) o asVector(4) $ xs\n"
               "userfun pairUp(v: real4): {real4, real4} = {v, v * 2.0}\n"
               "def ok(n) = \\(xs: [real]n) => mapGlb(pairUp) o asVector(4) $ xs\n";
    }
    const ir::Program padded = ir::loadProgram(file, "d", "n=16", ir::ScalarKind::Float);
    try {
        codegen::generateKernel(padded, {});
        FAIL("the padded struct was accepted");
    } catch (const Error& e) {
        CHECK(std::string(e.what()).find("the kernel's result has elements of type {float4, float}") != std::string::npos);
    }
    // Two vectors: no padding, accepted and run.
    codegen::CodegenOptions options;
    options.precision = ir::ScalarKind::Float;
    const ir::Program fine = ir::loadProgram(file, "ok", "n=16", ir::ScalarKind::Float);
    const auto kernel = codegen::generateKernel(fine, options);
    const ir::Value xs = ir::randomValue(fine.body->params[0]->declaredType, 4);
    const ir::Value result = testing::runKernel(kernel, {xs}, {fine.body->params[0]->declaredType},
                                                ir::inferCallType(fine.body, {fine.body->params[0]->declaredType}));
    CHECK(ir::maxAbsDifference(result, ir::interpret(fine.body, {xs})) == 0);
}
