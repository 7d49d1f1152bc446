#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "cl_fixture.hpp"

using namespace liftcl::rt;

TEST_CASE("a kernel with a syntax error throws naming clBuildProgram, with the build log") {
    LIFTCL_REQUIRE_CL_DEVICE(env);
    std::string source = "kernel void broken(global float* x) { x[0] = undeclared_variable_q + ; }\n";
    try {
        Program::buildFromSource(env.context, source, "-cl-std=CL1.2");
        FAIL("the build should have failed");
    } catch (const ClError& e) {
        std::string text = e.what();
        CHECK(e.call() == "clBuildProgram");
        CHECK(text.rfind("clBuildProgram failed: CL_BUILD_PROGRAM_FAILURE (-11)", 0) == 0);
        CHECK(text.find("build log:") != std::string::npos);
        CHECK(text.find("undeclared_variable_q") != std::string::npos);
        CHECK(text.find("-cl-std=CL1.2") != std::string::npos);
    }
    CHECK_THROWS_WITH_AS(Program::buildFromSource(env.context, "kernel void k() {}", "-no-such-option-zz"),
                         doctest::Contains("clBuildProgram failed"), ClError);
}

TEST_CASE("a missing kernel name throws naming clCreateKernel") {
    LIFTCL_REQUIRE_CL_DEVICE(env);
    Program program = Program::buildFromSource(env.context, "kernel void present(global int* x) { x[0] = 1; }");
    CHECK_THROWS_WITH_AS(Kernel(program, "absent"), doctest::Contains("clCreateKernel failed: CL_INVALID_KERNEL_NAME"),
                         ClError);
    Kernel kernel(program, "present");
    CHECK(kernel.numArgs() == 1);
    CHECK(kernel.maxWorkGroupSize() >= 1);
}

TEST_CASE("buffers write, read, copy and fill; out-of-range transfers are errors") {
    LIFTCL_REQUIRE_CL_DEVICE(env);
    std::vector<float> host{1.5f, -2.0f, 3.25f, 4.0f, 5.0f, -6.5f, 7.0f, 8.125f};
    Buffer a = Buffer::fromHost<float>(env.context, env.queue, host);
    CHECK(a.bytes() == host.size() * sizeof(float));
    CHECK(a.read<float>(env.queue) == host);

    Buffer b(env.context, a.bytes());
    b.fill(env.queue, -999.0f);
    CHECK(b.read<float>(env.queue) == std::vector<float>(host.size(), -999.0f));
    b.copyFrom(env.queue, a);
    CHECK(b.read<float>(env.queue) == host);
    b.write(env.queue, std::vector<float>{42.0f, 43.0f}, 3);
    auto partly = b.read<float>(env.queue);
    CHECK(partly[2] == host[2]);
    CHECK(partly[3] == 42.0f);
    CHECK(partly[4] == 43.0f);
    CHECK(partly[5] == host[5]);

    CHECK_THROWS_WITH_AS(b.write(env.queue, host, 1), doctest::Contains("exceeds the buffer of 32 bytes"), Error);
    CHECK_THROWS_AS(b.read<float>(env.queue, 9), Error);
    CHECK_THROWS_WITH_AS(Buffer(env.context, 0), doctest::Contains("clCreateBuffer failed: CL_INVALID_BUFFER_SIZE"),
                         ClError);
}

TEST_CASE("events carry profiling times") {
    LIFTCL_REQUIRE_CL_DEVICE(env);
    Program program = Program::buildFromSource(env.context, R"(
        kernel void busy(global float* x, int n) {
            for (int i = get_global_id(0); i < n; i += get_global_size(0)) {
                float v = x[i];
                for (int k = 0; k < 64; ++k) v = v * 0.999f + 0.5f;
                x[i] = v;
            }
        })");
    Kernel kernel(program, "busy");
    const int n = 1 << 16;
    Buffer x(env.context, n * sizeof(float));
    x.fill(env.queue, 1.0f);
    kernel.setArg(0, x);
    kernel.setArg(1, cl_int{n});
    Event first = kernel.enqueue(env.queue, {1024}, {});
    Event second = kernel.enqueue(env.queue, {1024}, {});
    env.queue.finish();
    CHECK(first.endNs() >= first.startNs());
    CHECK(second.startNs() >= first.startNs());
    CHECK(Event::spanNs(first, second) >= second.durationNs());
    CHECK(Event::spanNs(first, second) > 0);
    // The kernel really ran twice: v -> v*0.999^64 + ... applied twice from 1.0.
    double expected = 1.0;
    for (int run = 0; run < 2; ++run)
        for (int k = 0; k < 64; ++k) expected = expected * 0.999 + 0.5;
    auto out = x.read<float>(env.queue);
    CHECK(std::abs(out[0] - expected) < 1e-3 * expected);
    CHECK(std::abs(out[n - 1] - expected) < 1e-3 * expected);
    CHECK_THROWS_WITH_AS(kernel.enqueue(env.queue, {}, {}), doctest::Contains("1 to 3 dimensions"), Error);
}
