// Replays every descriptor under tests/fft/fuzz_regressions/ (the FFT descriptor fuzzer's seeds and
// the inputs it found) through the planner as the fuzzer drives it: each must be planned into a
// consistent plan of the transform asked for, or refused with a liftcl::Error or rt::Error.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "support/fuzz_inputs.hpp"
#include "fuzz/fft_descriptor_pipeline.hpp"

TEST_CASE("FFT descriptor fuzz inputs are planned or refused with an error") {
    const auto inputs = liftcl::testing::fuzzInputs("tests/fft/fuzz_regressions", ".txt");
    REQUIRE(inputs.size() >= 5);
    liftcl::testing::checkEachReplaysWithoutThrowing(inputs, liftcl::fuzz::runFftDescriptor);
}

TEST_CASE("the fuzz driver maps descriptor words to the request, and leaves refusals to the planner") {
    using liftcl::fuzz::parseFuzzFftDescriptor;
    const auto d = parseFuzzFftDescriptor(
        "n=4096 batch=3 precision=f32 direction=inverse scaled=1 placement=in-place radices=16,16,16");
    REQUIRE(d);
    CHECK(d->request.n == 4096);
    CHECK(d->request.batch == 3);
    CHECK(d->request.precision == liftcl::ir::ScalarKind::Float);
    CHECK(d->request.direction == liftcl::rt::FftDirection::Inverse);
    CHECK(d->request.scale);
    CHECK(d->request.inPlace);
    CHECK(d->request.method == "auto");
    CHECK(d->radices == "16,16,16");
    CHECK(d->twiddles == "table");
    // The planner, not the driver, refuses n=1 and batch=0 (the driver only bounds sizes).
    const auto bad = parseFuzzFftDescriptor("n=1 batch=0");
    REQUIRE(bad);
    CHECK_THROWS_AS(liftcl::fft::planFft(bad->request), liftcl::Error);
    CHECK_FALSE(parseFuzzFftDescriptor("n=32768"));
    CHECK_FALSE(parseFuzzFftDescriptor("size=8"));
}
