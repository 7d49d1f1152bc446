// Planned FFTs (fft/ front end, rt::FftPlan) on the test device against FFTW: many sizes
// and radices, both methods, fp64 and fp32, forward and inverse, in and out of place, batches.
#include <doctest/doctest.h>

#include "fft_test_support.hpp"

using namespace liftcl;
using testing::planError;
using testing::request;

TEST_CASE("Stockham plans equal FFTW for mixed radix sizes, fp64") {
    // 2^k with every radix, 3, 5, 7 and their products, with chosen radices.
    for (std::int64_t n : {2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 3, 5, 7, 9, 15, 21, 35, 49, 60, 96, 105,
                           210, 360, 375, 441, 1000, 1680, 2187, 3125}) {
        auto r = request(n, 3);
        r.method = "stockham";
        INFO("n = " << n);
        CHECK(planError<double>(r) < 1e-13);
    }
}

TEST_CASE("user radices in any order, Stockham and Cooley-Tukey") {
    const std::vector<std::vector<std::int64_t>> cases = {
        {2, 2, 2, 2, 2, 2}, {4, 4, 4}, {8, 8}, {16, 4}, {4, 16}, {2, 8, 4}, {3, 5, 7}, {7, 5, 3}, {2, 3, 2, 5}, {16, 3, 3}};
    for (const std::string method : {"stockham", "cooley-tukey"}) {
        for (const auto& radices : cases) {
            auto r = request(1, 2);
            r.method = method;
            r.radices = radices;
            r.n = 1;
            for (auto p : radices) r.n *= p;
            INFO(method << " n = " << r.n << " radices[0] = " << radices.front() << " passes " << radices.size());
            CHECK(planError<double>(r) < 1e-13);
        }
    }
}

TEST_CASE("Cooley-Tukey plans equal FFTW (chosen radices)") {
    for (std::int64_t n : {2, 8, 64, 1024, 4096, 12, 1680}) {
        auto r = request(n, 2);
        r.method = "cooley-tukey";
        INFO("n = " << n);
        CHECK(planError<double>(r) < 1e-13);
    }
}

TEST_CASE("fp32 plans: relative L2 error below 2e-6 for 2^k, 1e-5 for mixed radices") {
    for (int k = 1; k <= 14; ++k) {
        INFO("n = 2^" << k);
        CHECK(planError<float>(request(std::int64_t{1} << k, 4, false)) < 2e-6);
    }
    for (std::int64_t n : {1680, 1000, 2205}) {
        INFO("n = " << n);
        CHECK(planError<float>(request(n, 2, false)) < 1e-5);
    }
}

TEST_CASE("the other twiddle variants (digit tables, sincos) are as accurate") {
    for (auto mode : {codegen::TwiddleMode::Digits, codegen::TwiddleMode::Sincos}) {
        auto r = request(4096, 2);
        r.twiddles = mode;
        INFO(codegen::twiddleModeName(mode));
        CHECK(planError<double>(r) < 1e-13);
    }
}

TEST_CASE("inverse transforms: unscaled and scaled equal FFTW's backward transform; round trip") {
    auto& dev = testing::DeviceFixture::get();
    for (std::int64_t n : {8, 64, 4096, 1680, 7}) {
        for (bool scale : {false, true}) {
            auto r = request(n, 3);
            r.direction = rt::FftDirection::Inverse;
            r.scale = scale;
            INFO("n = " << n << " scaled " << scale);
            CHECK(planError<double>(r) < 1e-13);
        }
        // forward then scaled inverse gives the input back
        auto inverse = request(n, 3);
        inverse.direction = rt::FftDirection::Inverse;
        inverse.scale = true;
        rt::FftPlan forwardPlan(dev.cache, dev.context, fft::planFft(request(n, 3)));
        rt::FftPlan inversePlan(dev.cache, dev.context, fft::planFft(inverse));
        const auto x = testing::randomBatch(n, 3, 5);
        const auto back = inversePlan.execute(dev.queue, forwardPlan.execute(dev.queue, x));
        INFO("round trip n = " << n);
        CHECK(fft::relativeL2Error(back, x) < 1e-14);
    }
}

TEST_CASE("in place and out of place on device buffers, every pass count; the input survives out of place") {
    auto& dev = testing::DeviceFixture::get();
    // 1, 2, 3 and 4 passes: the in-place schedules differ with the parity of the pass count.
    for (std::int64_t n : {16, 256, 4096, 65536}) {
        const std::int64_t batch = 2;
        auto r = request(n, batch);
        r.method = "stockham";
        rt::FftPlan plan(dev.cache, dev.context, fft::planFft(r));
        INFO("n = " << n << " passes " << plan.description().steps.size());
        const rt::FftExecution e = testing::checkOutOfPlaceThenInPlace(plan, n, batch, 9);
        CHECK(e.nanoseconds() > 0);
    }
}

TEST_CASE("plans with batches larger than a work-group and odd batch sizes") {
    CHECK(planError<double>(request(64, 1)) < 1e-13);
    CHECK(planError<double>(request(64, 1000)) < 1e-13);
    CHECK(planError<double>(request(4096, 64)) < 1e-13);
    CHECK(planError<double>(request(30, 77)) < 1e-13);
}

TEST_CASE("64-bit sizes: a plan whose n*batch passes 2^31 - 1 indexes with long, a smaller one with int") {
    // 16 x 2^28 = 2^32 points (32 GiB in fp32: planned here, run on a GPU that holds it).
    const auto large = fft::planFft(testing::request(16, std::int64_t{1} << 28, false));
    REQUIRE(large.kernels.size() == 1);
    CHECK(large.kernels.front().source.find("for (long ") != std::string::npos);
    const auto meta = rt::parseKernelMetadata(large.kernels.front().metadata, large.kernels.front().name);
    for (const auto& arg : meta.args)
        if (arg.kind == rt::ArgKind::Input || arg.kind == rt::ArgKind::Output)
            CHECK(arg.bytes.evaluate({}) == (std::int64_t{1} << 32) * 8);
    // Hierarchical passes of 2^20 points, batch 2^12: every pass kernel is long.
    const auto passes = fft::planFft(testing::request(1 << 20, 1 << 12, false));
    CHECK(passes.method == "hierarchical");
    for (const auto& k : passes.kernels) CHECK(k.source.find("for (long ") != std::string::npos);
    const auto small = fft::planFft(testing::request(1 << 20, 4, false));
    for (const auto& k : small.kernels) CHECK(k.source.find("for (long ") == std::string::npos);
}
