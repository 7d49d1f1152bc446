// rt::FftPlan's contract: plan directories round-trip, kernels() lists the passes, and bad
// buffers, queues, host data and descriptions are refused with errors naming what is wrong.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "fft_test_support.hpp"
#include "runtime/error.hpp"

using namespace liftcl;

TEST_CASE("a plan written to a directory and loaded back computes the same transform") {
    auto& dev = testing::DeviceFixture::get();
    auto r = testing::request(1680, 3);
    r.direction = rt::FftDirection::Inverse;
    r.scale = true;
    const rt::FftPlanDescription description = fft::planFft(r);
    testing::TempDir temp;
    const auto dir = temp.path() / "plan";
    rt::writeFftPlanDirectory(description, dir);
    CHECK(std::filesystem::exists(dir / "plan.json"));
    for (const auto& k : description.kernels) {
        CHECK(std::filesystem::exists(dir / (k.name + ".cl")));
        CHECK(std::filesystem::exists(dir / (k.name + ".json")));
    }
    rt::FftPlan loaded = rt::FftPlan::load(dev.cache, dev.context, dir);
    CHECK(loaded.description().n == 1680);
    CHECK(loaded.description().batch == 3);
    CHECK(loaded.description().direction == rt::FftDirection::Inverse);
    CHECK(loaded.description().scaled);
    CHECK(loaded.description().radices == description.radices);
    CHECK(loaded.kernels().size() == description.kernels.size());
    CHECK(loaded.kernels().front().metadata().kernel == description.kernels.front().name);
    const auto x = testing::randomBatch(1680, 3, 21);
    CHECK(fft::relativeL2Error(loaded.execute(dev.queue, x),
                               fft::fftwReference(x, 1680, 3, rt::FftDirection::Inverse, true)) < 1e-13);

    // A corrupt plan.json is refused naming the field.
    std::ofstream(dir / "plan.json") << R"({"format": "liftcl-fft-plan-1", "n": 1680, "batch": 3})";
    CHECK_THROWS_WITH_AS(rt::loadFftPlanDirectory(dir), doctest::Contains("'precision' is missing"), rt::Error);
    std::ofstream(dir / "plan.json") << "{";
    CHECK_THROWS_WITH_AS(rt::loadFftPlanDirectory(dir), doctest::Contains("not valid JSON"), rt::Error);
    std::filesystem::remove(dir / "plan.json");
    CHECK_THROWS_WITH_AS(rt::loadFftPlanDirectory(dir), doctest::Contains("plan.json"), rt::Error);
}

TEST_CASE("buffers, queues and host data that do not fit the plan are refused") {
    auto& dev = testing::DeviceFixture::get();
    rt::FftPlan plan(dev.cache, dev.context, fft::planFft(testing::request(64, 2)));
    rt::Buffer ok(dev.context, 64 * 2 * 16), small(dev.context, 64 * 16);
    CHECK_THROWS_WITH_AS(plan.execute(dev.queue, small, ok),
                         doctest::Contains("input buffer has 1024 bytes but needs 2048"), rt::Error);
    CHECK_THROWS_WITH_AS(plan.execute(dev.queue, ok, small),
                         doctest::Contains("output buffer has 1024 bytes but needs 2048"), rt::Error);
    CHECK_THROWS_WITH_AS(plan.execute(dev.queue, rt::Buffer(), ok), doctest::Contains("input buffer is empty"), rt::Error);
    rt::Context other(dev.device);
    rt::Queue otherQueue(other);
    rt::Buffer foreign(other, 64 * 2 * 16);
    CHECK_THROWS_WITH_AS(plan.execute(otherQueue, ok, ok), doctest::Contains("queue belongs to another"), rt::Error);
    CHECK_THROWS_WITH_AS(plan.execute(dev.queue, foreign, ok), doctest::Contains("input buffer belongs to another"),
                         rt::Error);
    CHECK_THROWS_WITH_AS(plan.execute(dev.queue, std::vector<std::complex<double>>(64)),
                         doctest::Contains("has 64 values but needs n*batch = 128"), rt::Error);
    CHECK_THROWS_WITH_AS(plan.execute(dev.queue, std::vector<std::complex<float>>(128)),
                         doctest::Contains("does not match the plan's precision"), rt::Error);
}

TEST_CASE("inconsistent plan descriptions are refused") {
    rt::FftPlanDescription d = fft::planFft(testing::request(64, 2));
    auto bad = d;
    bad.steps.front().kernel = "nope";
    CHECK_THROWS_WITH_AS(bad.validate(), doctest::Contains("unknown kernel 'nope'"), rt::Error);
    bad = d;
    bad.steps.front().inputArg = "zz";
    CHECK_THROWS_WITH_AS(bad.validate(), doctest::Contains("no input argument 'zz'"), rt::Error);
    bad = d;
    bad.kernels.front().name = "../escape";
    CHECK_THROWS_WITH_AS(bad.validate(), doctest::Contains("must be letters"), rt::Error);
    bad = d;
    bad.steps.clear();
    CHECK_THROWS_WITH_AS(bad.validate(), doctest::Contains("no steps"), rt::Error);
    bad = d;
    bad.batch = 0;
    CHECK_THROWS_WITH_AS(bad.validate(), doctest::Contains("batch must be at least 1"), rt::Error);
    bad = d;
    bad.precision = rt::Precision::Float;
    auto& dev = testing::DeviceFixture::get();
    CHECK_THROWS_WITH_AS(rt::FftPlan(dev.cache, dev.context, bad), doctest::Contains("computes in double"), rt::Error);
}
