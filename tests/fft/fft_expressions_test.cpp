// The FFT expressions of fft/lift, run in the reference interpreter, equal a naive
// long-double DFT: Stockham (Listing 4.1, from building blocks, twiddle/DFT split, adjusted access
// pattern, precomputed twiddles), Cooley-Tukey, four-step (Theorem 3.2, Listing 4.7, recursive,
// hand-lowered Listings 4.8/4.9), for radices 2, 4, 8, mixed radices and factors 3, 5, 6.
#include <doctest/doctest.h>

#include <array>
#include <string>
#include <vector>

#include "support/quick_mode.hpp"
#include "program_runner.hpp"

namespace {

using liftcl::testing::dftError;
using liftcl::testing::fftExample;
using liftcl::testing::Nats;

constexpr long double kTolerance = 1e-12L;

struct Uniform {
    std::int64_t n, p;
};

// n = p^t for t >= 1 up to 4096.
// Quick mode (tests/support/quick_mode.hpp): n up to 1024 (the interpreter's 4096-point FFTs dominate).
std::vector<Uniform> uniformSizes(std::int64_t p,
                                  std::int64_t maxN = liftcl::testing::fullOrQuick<std::int64_t>(4096, 1024)) {
    std::vector<Uniform> sizes;
    for (std::int64_t n = p; n <= maxN; n *= p) sizes.push_back({n, p});
    return sizes;
}

// Radix groups: k1 passes of p1, then k2 of p2, then k3 of p3 (p = 1 for an empty group).
struct Mixed {
    std::int64_t p1, k1, p2, k2, p3, k3;
    std::int64_t n() const {
        std::int64_t n = 1;
        for (std::int64_t k = 0; k < k1; ++k) n *= p1;
        for (std::int64_t k = 0; k < k2; ++k) n *= p2;
        for (std::int64_t k = 0; k < k3; ++k) n *= p3;
        return n;
    }
    Nats nats() const {
        return {{"n", n()}, {"p1", p1}, {"k1", k1}, {"p2", p2}, {"k2", k2}, {"p3", p3}, {"k3", k3}};
    }
};

const std::vector<Mixed>& mixedSizes() {
    static const std::vector<Mixed> sizes = {
        // radices 2, 4, 8 mixed
        {2, 1, 4, 1, 8, 1}, {8, 1, 4, 1, 2, 1}, {2, 2, 4, 1, 8, 2}, {4, 2, 8, 1, 2, 1},
        // factors 3, 5 and 6
        {2, 1, 3, 1, 1, 0},   // 6
        {3, 2, 1, 0, 1, 0},   // 9
        {3, 1, 5, 1, 1, 0},   // 15
        {2, 1, 3, 1, 5, 1},   // 30
        {6, 2, 1, 0, 1, 0},   // 36
        {4, 1, 3, 1, 5, 1},   // 60
        {6, 3, 1, 0, 1, 0},   // 216
        {2, 3, 3, 2, 5, 1},   // 360
        {5, 1, 6, 1, 4, 1},   // 120
    };
    return sizes;
}

// Quick mode (the sanitizer pass, where the interpreter is slowest): sizes up to 512.
std::int64_t largestInterpreted() { return liftcl::testing::fullOrQuick<std::int64_t>(1 << 20, 512); }

void checkUniform(const std::string& file, const std::string& def, const std::vector<Uniform>& sizes) {
    for (const auto& s : sizes) {
        if (s.n > largestInterpreted()) continue;
        CAPTURE(file);
        CAPTURE(def);
        CAPTURE(s.n);
        CAPTURE(s.p);
        CHECK(dftError(fftExample(file), def, {{"n", s.n}, {"p", s.p}}, static_cast<std::size_t>(s.n)) <
              kTolerance);
    }
}

void checkMixed(const std::string& file) {
    for (const auto& m : mixedSizes()) {
        CAPTURE(file);
        CAPTURE(m.n());
        CAPTURE(m.p1);
        CAPTURE(m.p2);
        CAPTURE(m.p3);
        CHECK(dftError(fftExample(file), "fftMixed", m.nats(), static_cast<std::size_t>(m.n())) <
              kTolerance);
    }
}

}  // namespace

TEST_CASE("Stockham fft (Listing 4.1 passes) equals the DFT for radices 2, 4 and 8") {
    for (const std::int64_t radix : {2, 4, 8}) checkUniform("stockham.lift", "fft", uniformSizes(radix));
}

TEST_CASE("Stockham fft with mixed radices and factors 3, 5, 6 equals the DFT") {
    checkMixed("stockham.lift");
}

TEST_CASE("Stockham variants: building blocks, twiddle/DFT split, adjusted pattern, carray twiddles") {
    checkUniform("stockham.lift", "fftBlocks", {{8, 2}, {64, 4}, {512, 8}, {1024, 2}});
    checkUniform("stockham.lift", "fftTw", {{8, 2}, {64, 4}, {512, 8}, {1024, 4}});
    checkUniform("stockham.lift", "fftAdjusted", {{2, 2}, {16, 2}, {64, 4}, {512, 8}, {4096, 4}});
    // base^bound >= n: digit tables of omega_L combined by gentwfrarr (Lemma 4.1).
    for (const auto& entry :
         std::vector<std::array<std::int64_t, 4>>{{16, 2, 4, 2}, {256, 4, 2, 16}, {4096, 8, 3, 16}}) {
        const auto& n = std::get<0>(entry);
        const auto& p = std::get<1>(entry);
        const auto& bound = std::get<2>(entry);
        const auto& base = std::get<3>(entry);
        if (n > largestInterpreted()) continue;
        CAPTURE(n);
        CHECK(dftError(fftExample("stockham.lift"), "fftTwC",
                       {{"n", n}, {"p", p}, {"bound", bound}, {"base", base}},
                       static_cast<std::size_t>(n)) < kTolerance);
    }
}

TEST_CASE("Cooley-Tukey fft (bit reversal then passes) equals the DFT for radices 2, 4 and 8") {
    for (const std::int64_t radix : {2, 4, 8}) checkUniform("cooley_tukey.lift", "fft", uniformSizes(radix));
}

TEST_CASE("Cooley-Tukey fft with mixed radices and factors 3, 5, 6 equals the DFT") {
    checkMixed("cooley_tukey.lift");
}

TEST_CASE("four-step fft (Theorem 3.2 and Listing 4.7) equals the DFT") {
    const std::string file = fftExample("four_step.lift");
    for (const auto& entry : std::vector<std::array<std::int64_t, 4>>{
             {4, 2, 2, 2}, {16, 4, 4, 2}, {32, 4, 8, 2}, {64, 8, 8, 8}, {256, 16, 16, 4},
             {1024, 32, 32, 2}, {1024, 16, 64, 4}, {4096, 64, 64, 8}}) {
        const auto& n = std::get<0>(entry);
        const auto& n1 = std::get<1>(entry);
        const auto& n2 = std::get<2>(entry);
        const auto& p = std::get<3>(entry);
        CAPTURE(n);
        CAPTURE(n1);
        CHECK(n == n1 * n2);
        const Nats nats{{"n", n}, {"n1", n1}, {"p", p}};
        CHECK(dftError(file, "fft", nats, static_cast<std::size_t>(n)) < kTolerance);
        if (n <= 1024) CHECK(dftError(file, "fftListing", nats, static_cast<std::size_t>(n)) < kTolerance);
    }
}

TEST_CASE("four-step fft with mixed inner FFTs (factors 2, 3, 5, 6) equals the DFT") {
    // n = n1 * n2; the FFT of size n1 has radices a^ka b^kb, the one of size n2 c^kc d^kd.
    struct Case {
        std::int64_t n1, a, ka, b, kb, n2, c, kc, d, kd;
    };
    for (const auto& s : std::vector<Case>{{6, 2, 1, 3, 1, 6, 3, 1, 2, 1},
                                           {4, 4, 1, 1, 0, 15, 3, 1, 5, 1},
                                           {5, 5, 1, 1, 0, 6, 6, 1, 1, 0},
                                           {8, 2, 3, 1, 0, 45, 3, 2, 5, 1},
                                           {6, 6, 1, 1, 0, 36, 6, 2, 1, 0}}) {
        const std::int64_t n = s.n1 * s.n2;
        CAPTURE(n);
        CAPTURE(s.n1);
        CHECK(dftError(fftExample("four_step.lift"), "fftMixed",
                       {{"n", n}, {"n1", s.n1}, {"a", s.a}, {"ka", s.ka}, {"b", s.b}, {"kb", s.kb},
                        {"c", s.c}, {"kc", s.kc}, {"d", s.d}, {"kd", s.kd}},
                       static_cast<std::size_t>(n)) < kTolerance);
    }
}

TEST_CASE("recursive four-step fft (a four-step FFT as the inner FFT) equals the DFT") {
    for (const auto& [n1, n2, n3, p] :
         std::vector<std::array<std::int64_t, 4>>{{2, 2, 2, 2}, {4, 4, 4, 2}, {8, 8, 8, 8}, {16, 16, 16, 4}}) {
        const std::int64_t n = n1 * n2 * n3;
        CAPTURE(n);
        CHECK(dftError(fftExample("four_step.lift"), "fftRecursive",
                       {{"n", n}, {"n1", n1}, {"n2", n2}, {"p", p}},
                       static_cast<std::size_t>(n)) < kTolerance);
    }
}

TEST_CASE("hand-lowered four-step kernels (Listings 4.8 and 4.9) compose to the DFT") {
    const std::string file = fftExample("four_step.lift");
    for (const auto& entry : std::vector<std::array<std::int64_t, 4>>{
             {16, 4, 4, 2}, {64, 8, 8, 2}, {256, 16, 16, 4}, {1024, 16, 64, 4}}) {
        const auto& n = std::get<0>(entry);
        const auto& n1 = std::get<1>(entry);
        const auto& n2 = std::get<2>(entry);
        const auto& p = std::get<3>(entry);
        CAPTURE(n);
        CHECK(n == n1 * n2);
        CHECK(dftError(file, "fftLowered", {{"n", n}, {"n1", n1}, {"p", p}},
                       static_cast<std::size_t>(n)) < kTolerance);
    }
    for (const auto& entry : std::vector<std::array<std::int64_t, 6>>{
             {16, 4, 4, 2, 2, 2}, {256, 16, 16, 4, 4, 8}, {1024, 32, 32, 2, 8, 4}}) {
        const auto& n = std::get<0>(entry);
        const auto& n1 = std::get<1>(entry);
        const auto& n2 = std::get<2>(entry);
        const auto& p = std::get<3>(entry);
        const auto& th = std::get<4>(entry);
        const auto& tw = std::get<5>(entry);
        CHECK(n == n1 * n2);
        CAPTURE(n);
        CAPTURE(th);
        CAPTURE(tw);
        CHECK(dftError(file, "fftLoweredTiled",
                       {{"n", n}, {"n1", n1}, {"p", p}, {"th", th}, {"tw", tw}},
                       static_cast<std::size_t>(n)) < kTolerance);
    }
}
