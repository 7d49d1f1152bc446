// The hierarchical method of FFT plans: its radix choice (two passes up to 2^16 fp32, tiles of at
// least 8 columns), plans that equal FFTW for n = 2^12 .. 2^16 in fp32 and fp64, forward,
// inverse, scaled, in and out of place, with chosen and given radices; auto picks it for powers
// of two above the local limit (fp32 and fp64); what it cannot do is refused naming the other methods.
#include <doctest/doctest.h>

#include "fft/hierarchical_passes.hpp"
#include "fft_test_support.hpp"
#include "ir/error.hpp"
#include "support/quick_mode.hpp"

using namespace liftcl;
using testing::planError;
using testing::request;

TEST_CASE("hierarchical radices: balanced powers of two whose tiles fit, few passes") {
    for (bool f64 : {false, true}) {
        const auto precision = f64 ? ir::ScalarKind::Double : ir::ScalarKind::Float;
        for (int bits = 4; bits <= 26; ++bits) {
            const std::int64_t n = std::int64_t{1} << bits;
            INFO("n = 2^" << bits << (f64 ? " fp64" : " fp32"));
            const auto radices = fft::chooseHierarchicalRadices(n, precision);
            const auto shapes = fft::hierarchicalShapes(n, precision, radices);
            REQUIRE(shapes);
            const int maxBits = f64 ? 7 : 8;  // R * 8 columns in 16 KiB
            CHECK(static_cast<int>(radices.size()) == std::max(2, (bits + maxBits - 1) / maxBits));
            for (const auto& s : *shapes) {
                CHECK(s.T * s.R * (f64 ? 16 : 8) <= fft::HierarchicalLimits{}.tileBytes);
                CHECK(s.T >= std::min<std::int64_t>(8, n / s.R));
                CHECK(s.workGroupSize <= 1024);
            }
        }
    }
    CHECK(fft::chooseHierarchicalRadices(1680, ir::ScalarKind::Float).empty());
    CHECK_FALSE(fft::hierarchicalShapes(4096, ir::ScalarKind::Float, {8, 512}));  // 512 * 8 columns > 16 KiB
    CHECK_FALSE(fft::hierarchicalShapes(4096, ir::ScalarKind::Float, {64, 32}));  // product 2048
}

TEST_CASE("hierarchical plans equal FFTW: 2^12 .. 2^16, fp32 and fp64, forward, inverse, scaled, in place") {
    int k = 0;
    // Quick mode (tests/support/quick_mode.hpp): 2^12 .. 2^14, which still has every combination below.
    const std::int64_t largest = liftcl::testing::fullOrQuick<std::int64_t>(65536, 16384);
    for (std::int64_t n = 4096; n <= largest; n *= 2, ++k) {
        for (bool f64 : {false, true}) {
            auto r = request(n, 1 + k % 2, f64);
            r.method = "hierarchical";
            r.direction = (k + f64) % 2 ? rt::FftDirection::Inverse : rt::FftDirection::Forward;
            r.scale = r.direction == rt::FftDirection::Inverse && k % 3 == 0;
            r.inPlace = (k + f64) % 3 == 1;
            const auto plan = fft::planFft(r);
            INFO("n = " << n << (f64 ? " fp64" : " fp32") << " passes " << plan.steps.size());
            CHECK(plan.method == "hierarchical");
            CHECK(plan.steps.size() == fft::chooseHierarchicalRadices(n, r.precision).size());
            if (f64) CHECK(planError<double>(r) < 1e-14);
            else CHECK(planError<float>(r) < 1e-6);
        }
    }
}

TEST_CASE("hierarchical with given radices: unequal, three passes") {
    for (const auto& radices : std::vector<std::vector<std::int64_t>>{{16, 256}, {16, 16, 16}}) {
        auto r = request(4096, 2, false);
        r.method = "hierarchical";
        r.radices = radices;
        INFO("radices " << radices.front() << "x" << radices.back() << " (" << radices.size() << " passes)");
        CHECK(fft::planFft(r).radices == radices);
        CHECK(planError<float>(r) < 1e-6);
    }
}

TEST_CASE("auto: hierarchical for powers of two above the local limit; refusals name the alternatives") {
    CHECK(fft::planFft(request(4096, 3, false)).method == "local");  // 32 KiB: one array, passes in place
    CHECK(fft::planFft(request(8192, 3, false)).method == "hierarchical");
    CHECK(fft::planFft(request(1 << 20, 1, false)).steps.size() == 3);
    CHECK(fft::planFft(request(4096, 3, true)).method == "hierarchical");
    CHECK(fft::planFft(request(4096, 3, true)).steps.size() == 2);
    CHECK(fft::planFft(request(5040, 3, true)).method == "stockham");  // not a power of two, 79 KiB
    for (std::int64_t n : {1680, 96}) {
        auto r = request(n, 2, false);
        r.method = "hierarchical";
        INFO("n = " << n);
        CHECK_THROWS_WITH_AS(fft::planFft(r), doctest::Contains("use --method auto or stockham"), Error);
    }
    auto bad = request(4096, 1, false);
    bad.method = "hierarchical";
    for (const auto& radices : std::vector<std::vector<std::int64_t>>{{64, 63}, {2, 2048}}) {
        bad.radices = radices;  // not a power of two; a tile of fewer than 8 columns
        CHECK_THROWS_WITH_AS(fft::validateRequest(bad), doctest::Contains("'hierarchical' cannot do n=4096"), Error);
    }
}
