// Radix choice and the refusal of sizes, batches and radices no plan can do.
#include <doctest/doctest.h>

#include <string>

#include "fft/fft_planner.hpp"
#include "fft/radix_factorization.hpp"
#include "ir/error.hpp"

using namespace liftcl;
using Radices = std::vector<std::int64_t>;

namespace {

std::string planError(std::int64_t n, std::int64_t batch, const std::string& method = "stockham",
                      Radices radices = {}) {
    fft::FftRequest r;
    r.n = n;
    r.batch = batch;
    r.method = method;
    r.radices = std::move(radices);
    try {
        fft::validateRequest(r);
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("radices: few passes, large radices first, product n") {
    CHECK(fft::chooseRadices(2) == Radices{2});
    CHECK(fft::chooseRadices(16) == Radices{16});
    CHECK(fft::chooseRadices(32) == Radices{8, 4});
    CHECK(fft::chooseRadices(4096) == Radices{16, 16, 16});
    CHECK(fft::chooseRadices(8192) == Radices{16, 8, 8, 8});
    CHECK(fft::chooseRadices(1680) == Radices{16, 7, 5, 3});
    CHECK(fft::chooseRadices(3 * 3 * 5 * 7 * 7) == Radices{7, 7, 5, 3, 3});
    for (std::int64_t n = 2; n <= 5000; ++n) {
        if (!fft::unsupportedFactors(n).empty()) continue;
        const Radices r = fft::chooseRadices(n);
        std::int64_t product = 1;
        for (auto p : r) product *= p;
        INFO("n = " << n);
        CHECK(product == n);
        CHECK_NOTHROW(fft::checkRadices(n, r));
    }
}

TEST_CASE("unsupported sizes and parameters are refused with the value and what is supported") {
    // Every n >= 2 has a plan (Bluestein beyond 23); the radix methods refuse other prime factors.
    CHECK(planError(1009, 1, "auto").empty());
    CHECK_THROWS_WITH_AS(fft::chooseRadices(1009), doctest::Contains("n=1009 has the prime factor 1009"), Error);
    CHECK_THROWS_WITH_AS(fft::chooseRadices(2 * 29), doctest::Contains("prime factor 29"), Error);
    CHECK_NOTHROW(fft::chooseRadices(2 * 17 * 23));
    CHECK_NOTHROW(fft::chooseRadices(22));
    CHECK_NOTHROW(fft::chooseRadices(2 * 13 * 13));
    CHECK(planError(0, 1).find("n=0") != std::string::npos);
    CHECK(planError(1, 1).find("at least 2") != std::string::npos);
    CHECK(planError(-4, 1).find("n=-4") != std::string::npos);
    CHECK(planError(64, 0).find("batch=0") != std::string::npos);
    CHECK(planError(1 << 20, 1 << 21).find("too large") != std::string::npos);  // 2^41 > kMaxElements
    CHECK(planError(64, 1, "radix-42").find("unknown FFT method 'radix-42'") != std::string::npos);
    CHECK(planError(64, 1, "stockham", {8, 4}).find("multiply to 32") != std::string::npos);
    CHECK(planError(64, 1, "stockham", {8, 8, 1}).find("radix 1 is not supported") != std::string::npos);
    CHECK(planError(36, 1, "stockham", {9, 4}).find("radix 9 is not supported") != std::string::npos);
    CHECK(planError(64, 1, "stockham", {8, 8}).empty());
    fft::FftRequest forwardScaled;
    forwardScaled.n = 8;
    forwardScaled.scale = true;
    CHECK_THROWS_WITH_AS(fft::validateRequest(forwardScaled), doctest::Contains("--scale"), Error);
    CHECK_THROWS_WITH_AS(fft::planFft(forwardScaled), doctest::Contains("inverse"), Error);
}

TEST_CASE("--radices parsing") {
    CHECK(fft::parseRadices("16,8,2") == Radices{16, 8, 2});
    CHECK(fft::parseRadices("4") == Radices{4});
    CHECK_THROWS_WITH_AS(fft::parseRadices("16,,2"), doctest::Contains("found ''"), Error);
    CHECK_THROWS_WITH_AS(fft::parseRadices("16,x"), doctest::Contains("'x'"), Error);
    CHECK_THROWS_WITH_AS(fft::parseRadices(""), doctest::Contains("integers"), Error);
}
