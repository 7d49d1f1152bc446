// User functions of the scalar sublanguage in kernels: the generated OpenCL C (checked by clang
// where the build has it) runs on the device and equals the interpreter.
#include <doctest/doctest.h>

#include "codegen/opencl_check.hpp"
#include "support/kernel_harness.hpp"

using namespace liftcl;

TEST_CASE("user functions with conditionals, lets, conversions and math run as the interpreter says") {
    for (const char* def : {"transformGlb", "roots", "polars"}) {
        for (ir::ScalarKind precision : {ir::ScalarKind::Float, ir::ScalarKind::Double}) {
            INFO(def << (precision == ir::ScalarKind::Float ? " f32" : " f64"));
            codegen::CodegenOptions options;
            options.precision = precision;
            const testing::KernelRun run =
                testing::runAndCompare("examples/user_functions.lift", def, "n=96", options);
            CHECK(run.maxAbsError < (precision == ir::ScalarKind::Float ? 1e-5 : 1e-12));
            if (codegen::openCLCheckAvailable())
                CHECK(!codegen::hasOpenCLErrors(codegen::checkOpenCLSource(run.kernel.source, "k.cl")));
        }
    }
}

TEST_CASE("a user function named like an OpenCL builtin is emitted under another name") {
    const ir::Program p = ir::loadProgram(testing::sourcePath("examples/user_functions.lift"), "roots", "n=8",
                                           ir::ScalarKind::Double);
    const std::string src = codegen::generateKernel(p).source;
    CHECK(src.find("uf_sqrt(") != std::string::npos);
    CHECK(src.find("return sqrt(a);") != std::string::npos);
}

TEST_CASE("scalar kernel parameters are passed by value and recorded in the metadata") {
    for (const char* def : {"axpy", "offset"}) {
        INFO(def);
        const testing::KernelRun run = testing::runAndCompare("examples/user_functions.lift", def, "n=80");
        CHECK(run.maxAbsError < 1e-12);
        CHECK(run.kernel.metadata.find("\"kind\": \"scalar\"") != std::string::npos);
    }
    // A launch without the scalar's value is refused by name.
    const ir::Program p = ir::loadProgram(testing::sourcePath("examples/user_functions.lift"), "axpy", "n=8",
                                           ir::ScalarKind::Double);
    const codegen::GeneratedKernel k = codegen::generateKernel(p);
    const rt::KernelMetadata meta = rt::parseKernelMetadata(k.metadata);
    auto& dev = testing::DeviceFixture::get();
    rt::LaunchableKernel kernel(dev.cache, dev.context, meta, k.source);
    rt::BufferArgs buffers;
    for (const char* name : {"xs", "ys", "out"}) buffers.emplace(name, rt::Buffer(dev.context, 64));
    CHECK_THROWS_WITH_AS(kernel.launch(dev.queue, {}, buffers), doctest::Contains("no value given for the scalar argument 'a' (double)"),
                         rt::Error);
    CHECK_THROWS_WITH_AS(kernel.launch(dev.queue, {}, buffers, {}, {{"a", rt::scalarBytes(1.0f)}}),
                         doctest::Contains("has 4 bytes but double has 8"), rt::Error);
}
