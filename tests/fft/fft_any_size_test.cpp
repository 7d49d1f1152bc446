// FFTs of any size: radices 11 and 13, Rader's method for primes p with smooth p-1
// (fft/rader_method.hpp), and Bluestein's method for sizes with larger prime factors
// (fft/bluestein_method.hpp), against FFTW with poisoned outputs, forward and inverse,
// fp32 and fp64, in and out of place, batch 1 and batched; Bluestein's host tables against long
// double references; its .lift steps and its one-kernel program under the interpreter, lowered and
// not; the one-kernel plans (padded transform in one work-group) and the five-step ones.
//
// Every n from 2 to 1024 runs through `liftcl fft --input/--output` against numpy in
// tests/fft/numpy_fft_sweep.py (too slow for ctest: a plan per size); here every prime up to
// 128, the composites with factors 11 and 13 up to 1024, and a seeded sample of sizes up to 2^22.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <deque>
#include <nlohmann/json.hpp>
#include <numbers>

#include "support/quick_mode.hpp"
#include "fft/bluestein_method.hpp"
#include "fft/bluestein_one_kernel.hpp"
#include "fft/fft_variant_space.hpp"
#include "fft/radix_factorization.hpp"
#include "fft/rader_method.hpp"
#include "fft/rader_one_kernel.hpp"
#include "fft_test_support.hpp"
#include "ir/interpreter.hpp"
#include "rewrite/lowering.hpp"
#include "runtime/fft/fft_tables.hpp"

using namespace liftcl;
using LongComplex = std::complex<long double>;

namespace {

using fft::isPrime;

struct Case {
    std::int64_t n = 0;
    std::int64_t batch = 1;
    bool f64 = true;
    bool inverse = false;
    bool scaled = false;
    bool inPlace = false;
    std::string method = "auto";
    std::vector<std::int64_t> radices;  // empty: the method's own
};

std::string describe(const Case& c) {
    return "n=" + std::to_string(c.n) + " batch=" + std::to_string(c.batch) + (c.f64 ? " f64" : " f32") +
           (c.inverse ? (c.scaled ? " inverse-scaled" : " inverse") : " forward") +
           (c.inPlace ? " in-place" : " out-of-place") + " method=" + c.method;
}

// Runs the auto plan of `c` on device buffers with a NaN-poisoned output and returns the relative
// L2 error against FFTW (double; the tolerances are far above its own error).
template <typename Real>
double runCase(const Case& c, const rt::FftPlanDescription& description) {
    auto& dev = testing::DeviceFixture::get();
    rt::FftPlan plan(dev.cache, dev.context, description);
    const auto x = testing::randomBatch(c.n, c.batch, 77 + static_cast<std::uint64_t>(c.n));
    const auto host = testing::toPrecision<Real>(x);
    std::deque<rt::Buffer> buffers;
    const auto result = testing::executePoisoned(plan, host, c.inPlace, [&](std::size_t bytes) -> rt::Buffer& {
        return buffers.emplace_back(dev.context, bytes);
    });
    const rt::FftDirection direction = c.inverse ? rt::FftDirection::Inverse : rt::FftDirection::Forward;
    return fft::relativeL2Error(result, fft::fftwReference(x, c.n, c.batch, direction, c.scaled));
}

void checkCase(const Case& c) {
    INFO(describe(c));
    fft::FftRequest r = testing::request(c.n, c.batch, c.f64);
    r.direction = c.inverse ? rt::FftDirection::Inverse : rt::FftDirection::Forward;
    r.scale = c.scaled;
    r.inPlace = c.inPlace;
    r.method = c.method;
    r.radices = c.radices;
    const rt::FftPlanDescription description = fft::planFft(r);
    CHECK(description.method == (c.method == "auto" ? description.method : c.method));
    const double error = c.f64 ? runCase<double>(c, description) : runCase<float>(c, description);
    // Bluestein doubles the FFT's error (two FFTs of size m >= 2n-2 and three products).
    CHECK(error < (c.f64 ? 1e-13 : 5e-6));
}

// The cases for a list of sizes: precision, direction, scaling, placement and batch rotate over
// the sizes, so every combination meets several sizes without running the full product.
std::vector<Case> rotatedCases(const std::vector<std::int64_t>& sizes, std::int64_t maxBatch) {
    std::vector<Case> cases;
    for (std::size_t i = 0; i < sizes.size(); ++i) {
        Case c;
        c.n = sizes[i];
        c.f64 = i % 2 == 0;
        c.inverse = i % 3 != 0;
        c.scaled = i % 3 == 2;
        c.inPlace = i % 4 >= 2;
        c.batch = 1 + static_cast<std::int64_t>(i % static_cast<std::size_t>(maxBatch));
        cases.push_back(c);
    }
    return cases;
}

std::vector<LongComplex> naiveDft(const std::vector<LongComplex>& x, long double sign) {
    const std::size_t n = x.size();
    std::vector<LongComplex> y(n);
    for (std::size_t k = 0; k < n; ++k)
        for (std::size_t j = 0; j < n; ++j) {
            const long double angle = sign * 2 * std::numbers::pi_v<long double> * static_cast<long double>((j * k) % n) /
                                      static_cast<long double>(n);
            y[k] += x[j] * LongComplex(std::cos(angle), std::sin(angle));
        }
    return y;
}

ir::Value complexArray(const std::vector<LongComplex>& v) {
    std::vector<ir::Value> items;
    for (const auto& c : v) items.push_back(ir::Value::complex(static_cast<double>(c.real()), static_cast<double>(c.imag())));
    return ir::Value::array(std::move(items));
}

// The tables a method's plan binds (its resources), by name, as the runtime computes them.
std::map<std::string, ir::Value> tableValues(const fft::FftRequest& r, const fft::PlanResources& resources) {
    const rt::FftPlanDescription plan = fft::emptyPlanOf(r);
    std::map<std::string, ir::Value> tables;
    for (const auto& t : resources.tables) tables[t.name] = complexArray(rt::fftTableValues(plan, t));
    return tables;
}

std::vector<LongComplex> complexesOf(const ir::Value& v) {
    std::vector<LongComplex> out;
    for (const auto& c : v.items) out.push_back({c[0].r, c[1].r});
    return out;
}

}  // namespace

TEST_CASE("radices 11, 13, 17, 19 and 23 are chosen and planned for sizes of those primes") {
    CHECK(fft::unsupportedFactors(2 * 3 * 11 * 13 * 17 * 19 * 23).empty());
    CHECK(fft::unsupportedFactors(29 * 11) == std::vector<std::int64_t>{29});
    const auto radices = fft::chooseRadices(16 * 11 * 13);
    CHECK(std::count(radices.begin(), radices.end(), 13) == 1);
    CHECK(std::count(radices.begin(), radices.end(), 11) == 1);
    CHECK(fft::chooseRadices(17 * 19 * 23) == std::vector<std::int64_t>{23, 19, 17});
    // Not Bluestein: one pass per radix (Stockham) or one local kernel of those passes.
    const auto plan = fft::planFft(testing::request(11 * 13 * 4, 1));
    CHECK(plan.method != "bluestein");
    CHECK(plan.radices.size() == 3);
    // The composites (2431 = 11 13 17, 4199 = 13 17 19) are one local kernel each.
    for (const std::int64_t n : {2431, 4199}) {
        const auto local = fft::planFft(testing::request(n, 2, false));
        CHECK(local.method == "local");
        CHECK(local.kernels.size() == 1);
    }
    std::vector<std::int64_t> sizes = {11, 13, 121, 169, 143, 2 * 3 * 11 * 13, 1331, 11 * 13 * 16, 2197,
                                       17 * 17, 19 * 23, 2431, 4199, 17 * 1024};
    if (testing::quickMode()) sizes = {143, 19 * 23, 2431};  // sanitizers
    for (const Case& c : rotatedCases(sizes, 3)) checkCase(c);
}

TEST_CASE("Bluestein: the host tables are the chirp and the long double spectrum") {
    // The long double DFT of any length against the naive one.
    for (std::int64_t m : {1, 2, 7, 12, 30, 49, 143}) {
        std::vector<LongComplex> x(static_cast<std::size_t>(m));
        for (std::int64_t j = 0; j < m; ++j) x[static_cast<std::size_t>(j)] = {std::sin(1.0L + j), std::cos(3.0L * j)};
        const auto fast = rt::dftLongDouble(x), slow = naiveDft(x, -1);
        long double worst = 0;
        for (std::size_t k = 0; k < x.size(); ++k) worst = std::max(worst, std::abs(fast[k] - slow[k]));
        INFO("m=" << m);
        CHECK(worst < 1e-15L);
    }
    // The chirp of a large n from exact k^2 mod 2n: w_k for k = n-1 against exp(-i pi (k^2 mod 2n)/n)
    // in long double, where k^2 itself (10^12) would lose the phase in double.
    rt::FftPlanDescription plan;
    plan.n = 1000003;
    const auto post = rt::fftTableValues(plan, {"chirp", "bluestein-chirp-post", plan.n});
    const std::int64_t k = plan.n - 1;
    const long double angle = -std::numbers::pi_v<long double> *
                              static_cast<long double>((static_cast<unsigned long long>(k) * k) % (2 * plan.n)) / plan.n;
    CHECK(std::abs(post[static_cast<std::size_t>(k)] - LongComplex(std::cos(angle), std::sin(angle))) < 1e-17L);
    // An unknown kind and a wrong length are errors naming the table.
    CHECK_THROWS_WITH_AS(rt::fftTableValues(plan, {"t", "rader-whatever", 4}), doctest::Contains("'t'"), rt::Error);
    CHECK_THROWS_WITH_AS(rt::fftTableValues(plan, {"s", "bluestein-spectrum", 100}), doctest::Contains("2n-2"), rt::Error);
}

TEST_CASE("Bluestein: the padded size and its errors") {
    // The power of two where the whole method is one kernel, else the smallest 7-smooth; from 2n-2
    // (the chirp is even), so 17 pads to 32 and the Fermat prime 65537 to 2^17.
    CHECK(fft::bluesteinPaddedSize(17, ir::ScalarKind::Double) == 32);
    CHECK(fft::bluesteinPaddedSize(65537, ir::ScalarKind::Float) == 131072);
    // Several kernels: 2^21 (passes of 128) rather than the smaller 2000376 = 126^3, whose passes
    // count 1.25 times; 8400 = 100 84 (2 passes) rather than 2^14.
    CHECK(fft::bluesteinPaddedSize(1000003, ir::ScalarKind::Float) == 2097152);
    CHECK(fft::bluesteinPaddedSize(4201, ir::ScalarKind::Double) == 8400);
    CHECK(fft::bluesteinPaddedSize(1009, ir::ScalarKind::Float) == 2048);
    // fp32 hierarchical FFTs count by their tiles' width: 2^16 (256 x 256, rows of 128 bytes) rather
    // than 48020 = 245 x 196 (tiles 4 columns wide); fp64 counts passes: 4201 to 8400 = 100 x 84.
    CHECK(fft::bluesteinPaddedSize(24007, ir::ScalarKind::Float) == 65536);
    // Two kernels: the one-kernel method needs two arrays of 2048 fp64 (64 KiB); of the measured
    // paddings (bluestein_method.cpp) 2048 costs least for 1009 fp64 and 8232 = 2^3 3 7^3 is the
    // only one for 4099 fp32 (m >= 8197).
    CHECK(fft::bluesteinPaddedSize(1009, ir::ScalarKind::Double) == 2048);
    CHECK(fft::bluesteinPaddedSize(4099, ir::ScalarKind::Float) == 8232);
    // The default padded size of a batch too large for the power of two: the smallest 7-smooth.
    fft::FftRequest big = testing::request(1000003, 540000);  // 540000 * 2^21 > 2^40 >= 540000 * 2000376
    CHECK(fft::bluesteinPaddedSize(big) == 2000376);
    fft::FftRequest r = testing::request(17, 1);
    r.method = "bluestein";
    r.paddedN = 31;
    CHECK_THROWS_WITH_AS(fft::planFft(r), doctest::Contains("below 2n-2 = 32"), liftcl::Error);
    r.paddedN = 58;
    CHECK_THROWS_WITH_AS(fft::planFft(r), doctest::Contains("prime factor 29"), liftcl::Error);
    r.paddedN = 64;  // a power of two: the whole method in one kernel, no temporaries
    auto plan = fft::planFft(r);
    CHECK(plan.steps.size() == 1);
    CHECK(plan.workN == 0);
    REQUIRE(plan.tables.size() == 3);
    CHECK(plan.tables.front().length == 64);
    CHECK(runCase<double>({17, 1}, plan) < 1e-14);
    r.paddedN = 45;  // 3^2 5: one kernel too, with the local FFT's radices 3, 3, 5
    plan = fft::planFft(r);
    CHECK(plan.steps.size() == 1);
    CHECK(plan.tables.front().length == 45);
    CHECK(runCase<double>({17, 1}, plan) < 1e-14);
}

TEST_CASE("Bluestein: every prime up to 128 and sizes with prime factors 29..43, against FFTW") {
    std::vector<std::int64_t> sizes;
    for (std::int64_t n = 2; n <= 128; ++n)
        if (isPrime(n) && n > 13) sizes.push_back(n);
    for (std::int64_t n : {2 * 29, 3 * 31, 11 * 37, 13 * 41, 4 * 43 * 11, 29 * 29, 1009, 1024 - 1, 1024 - 3})
        sizes.push_back(n);
    // Quick mode (sanitizers): a prime, a product with 11 and the largest one-kernel prime.
    if (testing::quickMode()) sizes = {29, 11 * 37, 1009};
    for (const Case& c : rotatedCases(sizes, 3)) checkCase(c);
}

TEST_CASE("Bluestein: a seeded sample of sizes up to 2^22 (primes, products of two large primes, 11^k, 13^k)") {
    std::mt19937_64 rng(20261124);
    std::vector<std::int64_t> sizes = {11 * 11 * 11 * 11, 13 * 13 * 13 * 13};  // 14641, 28561: radix passes
    auto randomIn = [&](std::int64_t lo, std::int64_t hi) { return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng); };
    auto nextPrime = [](std::int64_t n) {
        while (!isPrime(n)) ++n;
        return n;
    };
    sizes.push_back(nextPrime(randomIn(2000, 20000)));
    sizes.push_back(nextPrime(randomIn(100, 300)) * nextPrime(randomIn(300, 1000)));  // two large primes
    if (testing::quickMode()) sizes = {sizes[0], sizes[3]};  // sanitizers: a power of 11, two large primes
    if (!testing::quickMode()) {
        sizes.push_back(nextPrime(randomIn(100000, 300000)));
        sizes.push_back(nextPrime(randomIn(1 << 21, 1 << 22)));  // near 2^22, batch 1
    }
    std::vector<Case> cases = rotatedCases(sizes, 2);
    for (auto& c : cases)
        if (c.n > (1 << 20)) c.batch = 1;
    for (const Case& c : cases) checkCase(c);
}

TEST_CASE("Bluestein around hierarchical FFTs: the chirp in the first pass, the spectrum product between the FFTs' passes, the chirp and the truncation in the last") {
    // Three kernels where the five steps take seven: the forward FFT's first pass reads the n inputs
    // times the chirp; its last pass, the spectrum product and the inverse FFT's first pass are one
    // kernel (hierarchicalConvolutionPasses); the inverse's last pass multiplies by the chirp and
    // writes n values per transform. The tables bound to those passes.
    fft::FftRequest r = testing::request(65537, 1, false);
    const auto plan = fft::planFft(r);
    CHECK(plan.workN == 131072);
    std::vector<std::string> names;
    for (const auto& step : plan.steps) names.push_back(step.kernel);
    CHECK(names == std::vector<std::string>{"bluestein_fwd_pass0", "bluestein_convolution", "bluestein_inv_pass1"});
    CHECK(plan.steps[0].tables == std::map<std::string, std::string>{{"chirpPadded", "chirp_padded"}});
    CHECK(plan.steps[1].tables == std::map<std::string, std::string>{{"spectrum", "spectrum"}});
    CHECK(plan.steps[2].tables == std::map<std::string, std::string>{{"chirp", "chirp_post"}});
    CHECK(runCase<float>({65537, 1, false}, plan) < 1e-5);
    // Inverse, scaled, in place, padded from 4201 to 8400 = 100 84 (the clamp pad read before the
    // chirp's zeros; the inverse FFT as 84 x 100): three kernels; fp32 pads 4201 to local FFTs,
    // five kernels (the products as kernels of their own).
    std::vector<std::pair<Case, std::size_t>> cases = {{Case{4201, 2, true, true, true, true}, 3}, {Case{4201, 3, false}, 5}};
    if (testing::quickMode()) cases.pop_back();  // sanitizers
    else {
        r.method = "bluestein-steps";  // the separate steps: seven kernels
        CHECK(fft::planFft(r).steps.size() == 7);
    }
    for (const auto& entry : cases) {
        const auto& c = std::get<0>(entry);
        const auto& kernels = std::get<1>(entry);
        INFO(describe(c));
        REQUIRE(fft::planFft(testing::request(c.n, c.batch, c.f64)).steps.size() == kernels);
        checkCase(c);
    }
}

TEST_CASE("Bluestein: its .lift steps compose to the DFT under the interpreter, lowered and not") {
    // The five steps with the FFTs of size m done by the naive DFT: pad, product and truncation as
    // planned (before and after their strategy), the tables as the runtime computes them.
    for (const bool inverse : {false, true}) {
        fft::FftRequest r = testing::request(7, 2);  // 7 is smooth: bluestein only when asked
        r.method = "bluestein-steps";
        r.direction = inverse ? rt::FftDirection::Inverse : rt::FftDirection::Forward;
        r.scale = inverse;
        const fft::BluesteinMethod method(fft::BluesteinForm::Steps);
        const auto passes = method.passes(r, {});
        const fft::PlanResources resources = method.resources(r);
        const std::map<std::string, ir::Value> tables = tableValues(r, resources);
        const std::int64_t m = resources.workN;
        const auto x = testing::randomBatch(r.n, r.batch, 5);
        std::vector<std::vector<LongComplex>> rows;
        for (std::int64_t b = 0; b < r.batch; ++b)
            rows.emplace_back(x.begin() + b * r.n, x.begin() + (b + 1) * r.n);
        auto batchValue = [&](const std::vector<std::vector<LongComplex>>& rs) {
            std::vector<ir::Value> items;
            for (const auto& row : rs) items.push_back(complexArray(row));
            return ir::Value::array(std::move(items));
        };
        auto split = [&](const std::vector<LongComplex>& flat, std::int64_t length) {
            std::vector<std::vector<LongComplex>> rs;
            for (std::size_t b = 0; b * static_cast<std::size_t>(length) < flat.size(); ++b)
                rs.emplace_back(flat.begin() + static_cast<std::ptrdiff_t>(b * length),
                                flat.begin() + static_cast<std::ptrdiff_t>((b + 1) * length));
            return rs;
        };
        // One element-wise step, interpreted as composed and as lowered; both must agree.
        auto step = [&](const fft::PassProgram& pass, const std::vector<std::vector<LongComplex>>& in) {
            INFO(pass.name);
            const ir::Value table = tables.at(pass.tables.begin()->second);
            const ir::Value high = ir::interpret(pass.program.body, {batchValue(in), table});
            const ir::Value low = ir::interpret(rewrite::applyStrategy(pass.program, pass.strategy).body, {batchValue(in), table});
            CHECK(ir::maxAbsDifference(high, low) == 0.0);
            return complexesOf(high);
        };
        auto dftRows = [&](std::vector<std::vector<LongComplex>> rs, long double sign) {
            for (auto& row : rs) row = naiveDft(row, sign);
            return rs;
        };
        const fft::PassProgram& pad = passes.front();
        const fft::PassProgram& truncate = passes.back();
        const fft::PassProgram* product = nullptr;
        for (const auto& p : passes)
            if (p.name == "bluestein_spectrum_product") product = &p;
        REQUIRE(product != nullptr);
        const auto padded = split(step(pad, rows), m);
        const auto spectrum = split(step(*product, dftRows(padded, -1)), m);
        const auto result = step(truncate, dftRows(spectrum, 1));
        std::vector<LongComplex> expected;
        for (const auto& row : rows) {
            auto y = naiveDft(row, inverse ? 1 : -1);
            for (auto& v : y) expected.push_back(inverse ? v / static_cast<long double>(r.n) : v);
        }
        REQUIRE(result.size() == expected.size());
        long double worst = 0;
        for (std::size_t i = 0; i < result.size(); ++i) worst = std::max(worst, std::abs(result[i] - expected[i]));
        INFO("inverse=" << inverse);
        CHECK(worst < 1e-13L);
    }
}

TEST_CASE("Bluestein plans round-trip through plan.json and name the memory they need") {
    fft::FftRequest r = testing::request(1009, 2);
    r.method = "bluestein";
    const auto plan = fft::planFft(r);
    CHECK(plan.method == "bluestein");
    CHECK(plan.workN == fft::bluesteinPaddedSize(1009, ir::ScalarKind::Double));
    testing::TempDir dir;
    rt::writeFftPlanDirectory(plan, dir.path());
    const auto loaded = rt::loadFftPlanDirectory(dir.path());
    CHECK(loaded.workN == plan.workN);
    REQUIRE(loaded.tables.size() == plan.tables.size());
    for (std::size_t i = 0; i < plan.tables.size(); ++i) {
        CHECK(loaded.tables[i].name == plan.tables[i].name);
        CHECK(loaded.tables[i].kind == plan.tables[i].kind);
        CHECK(loaded.tables[i].length == plan.tables[i].length);
    }
    REQUIRE(loaded.steps.size() == plan.steps.size());
    for (std::size_t i = 0; i < plan.steps.size(); ++i) CHECK(loaded.steps[i].tables == plan.steps[i].tables);
    CHECK(runCase<double>({1009, 2}, loaded) < 1e-13);
    // A step that binds an unknown table is refused by name.
    auto broken = plan;
    broken.steps.front().tables.begin()->second = "nowhere";
    CHECK_THROWS_WITH_AS(broken.validate(), doctest::Contains("unknown table 'nowhere'"), rt::Error);
    // More memory than the device has: the error names the size and the bytes.
    auto huge = plan;
    huge.batch = std::int64_t{1} << 28;  // 16 GiB per temporary
    auto& dev = testing::DeviceFixture::get();
    CHECK_THROWS_WITH_AS(rt::FftPlan(dev.cache, dev.context, huge), doctest::Contains("n=1009"), rt::Error);
}

TEST_CASE("Bluestein in one kernel and in two: its programs compose to the DFT under the interpreter, lowered and not") {
    // n = 5 padded to 16 (two radix-4 passes per FFT), a batch of 2, the tables as the runtime computes them.
    const std::int64_t n = 5, m = 16, batch = 2;
    for (const bool inverse : {false, true}) {
        INFO("inverse=" << inverse);
        rt::FftPlanDescription plan;
        plan.n = n;
        plan.batch = batch;
        plan.direction = inverse ? rt::FftDirection::Inverse : rt::FftDirection::Forward;
        plan.scaled = inverse;
        const auto x = testing::randomBatch(n, batch, 11);
        std::vector<ir::Value> rows;
        std::vector<LongComplex> expected;
        for (std::int64_t b = 0; b < batch; ++b) {
            const std::vector<LongComplex> row(x.begin() + b * n, x.begin() + (b + 1) * n);
            rows.push_back(complexArray(row));
            for (const auto& v : naiveDft(row, inverse ? 1 : -1)) expected.push_back(inverse ? v / static_cast<long double>(n) : v);
        }
        const std::vector<ir::Value> args = {ir::Value::array(std::move(rows)),
                                             complexArray(rt::fftTableValues(plan, {"c", "bluestein-chirp-padded", m})),
                                             complexArray(rt::fftTableValues(plan, {"s", "bluestein-spectrum", m})),
                                             complexArray(rt::fftTableValues(plan, {"w", "bluestein-chirp-post", n}))};
        const auto high = fft::composeBluesteinOneKernelHighLevel(n, m, batch, ir::ScalarKind::Double);
        const auto low = fft::composeBluesteinOneKernel(n, m, batch, ir::ScalarKind::Double);
        REQUIRE(high);
        REQUIRE(low);
        const ir::Value highResult = ir::interpret(high->body, args);
        const ir::Value lowResult = ir::interpret(low->body, args);
        CHECK(ir::maxAbsDifference(highResult, lowResult) < 1e-13);
        // The two kernels (lowered), the first's padded rows fed to the second: the same transform.
        const auto forwardHalf = fft::composeBluesteinHalfKernel(fft::BluesteinHalf::Forward, n, m, batch, ir::ScalarKind::Double);
        const auto inverseHalf = fft::composeBluesteinHalfKernel(fft::BluesteinHalf::Inverse, n, m, batch, ir::ScalarKind::Double);
        REQUIRE(forwardHalf);
        REQUIRE(inverseHalf);
        const ir::Value padded = ir::interpret(forwardHalf->body, {args[0], args[1], args[2]});
        const ir::Value twoKernelResult = ir::interpret(inverseHalf->body, {padded, args[3]});
        for (const ir::Value* value : {&lowResult, &twoKernelResult}) {
            std::vector<LongComplex> result;
            for (const auto& row : value->items)
                for (const auto& v : complexesOf(row)) result.push_back(v);
            REQUIRE(result.size() == expected.size());
            long double worst = 0;
            for (std::size_t i = 0; i < result.size(); ++i) worst = std::max(worst, std::abs(result[i] - expected[i]));
            CHECK(worst < 1e-13L);
        }
    }
    // A padded size the local method does not do in one work-group: no one-kernel program.
    CHECK_FALSE(fft::composeBluesteinOneKernelHighLevel(1009, 2025, 1, ir::ScalarKind::Double));
}

TEST_CASE("small primes (17..23): one pass of one dense DFT per transform, against FFTW") {
    const std::vector<std::int64_t> primes = testing::quickMode() ? std::vector<std::int64_t>{17, 23}
                                                                 : std::vector<std::int64_t>{17, 19, 23};
    for (const Case& c : rotatedCases(primes, 3)) {
        INFO(describe(c));
        fft::FftRequest r = testing::request(c.n, c.batch, c.f64);
        const auto plan = fft::planFft(r);
        CHECK(plan.method == "stockham");
        CHECK(plan.radices == std::vector<std::int64_t>{c.n});
        CHECK(plan.kernels.size() == 1);
        checkCase(c);
    }
    CHECK(fft::planFft(testing::request(29, 1)).method == "bluestein");  // above kMaxDirectDft
    CHECK(fft::planFft(testing::request(257, 1)).method == "rader");    // above 128: Rader's one kernel
    auto twoPasses = testing::request(29 * 29, 1);
    twoPasses.radices = {29, 29};  // no radix above 23
    CHECK_THROWS_WITH_AS(fft::planFft(twoPasses), doctest::Contains("radix 29 is not supported"), Error);
}

TEST_CASE("Bluestein in one kernel: the plans of primes are one kernel within the local limits, against FFTW") {
    // Small ones (the largest, m = 2048 fp32 and 1024 fp64, run in the test of every prime above):
    // both directions, in and out of place, batch 1 and more; the five separate steps beside them.
    std::vector<Case> cases = {{67, 3, false, true, false, true},      {97, 2, true, false, false, false},
                               {71, 1, true, true, true, false}};
    if (testing::quickMode()) cases.resize(2);  // sanitizers: fp32 and fp64, one of each placement
    for (const Case& c : cases) {
        INFO(describe(c));
        fft::FftRequest r = testing::request(c.n, c.batch, c.f64);
        r.direction = c.inverse ? rt::FftDirection::Inverse : rt::FftDirection::Forward;
        r.scale = c.scaled;
        r.inPlace = c.inPlace;
        const auto plan = fft::planFft(r);
        CHECK(plan.method == "bluestein");
        REQUIRE(plan.steps.size() == 1);
        CHECK(plan.workN == 0);
        checkCase(c);
        // The kernel's local memory: within the local method's limit.
        const auto metadata = nlohmann::json::parse(plan.kernels.front().metadata);
        CHECK(std::stoll(metadata.at("local_bytes").get<std::string>()) <= fft::LocalFftLimits{}.localMemoryBytes);
    }
    fft::FftRequest steps = testing::request(31, 2, true);
    steps.method = "bluestein-steps";
    const auto plan = fft::planFft(steps);
    CHECK(plan.steps.size() > 3);
    CHECK(runCase<double>({31, 2}, plan) < 1e-13);
}

TEST_CASE("Bluestein in two kernels: padded sizes the local method does but not twice, against FFTW") {
    // fp32 2053 (m = 4608, of the measured paddings), fp64 1009 (m = 2048: one kernel would need two
    // fp64 arrays of 2048, 64 KiB) and 1201 (m = 2520 = 2^3 3^2 5 7); both directions, in and out
    // of place; the two-kernel form where one kernel fits (67 fp32).
    std::vector<Case> cases = {{2053, 2, false, false, false, false, "bluestein"}, {1009, 3, true, true, true, true, "bluestein"},
                               {1201, 1, true, true, false, false, "bluestein"}, {67, 2, false, true, false, true, "bluestein-two-kernels"}};
    if (testing::quickMode()) cases = {cases[1], cases[3]};  // sanitizers: fp64 in place, the explicit form
    for (const Case& c : cases) {
        INFO(describe(c));
        fft::FftRequest r = testing::request(c.n, c.batch, c.f64);
        r.method = c.method;
        const auto plan = fft::planFft(r);
        REQUIRE(plan.steps.size() == 2);
        CHECK(plan.workN >= 2 * c.n - 2);
        CHECK(plan.kernels.front().name == "bluestein_local_forward");
        checkCase(c);
    }
    CHECK(fft::bluesteinPaddedSize(2053, ir::ScalarKind::Float) == 4608);  // 4608 * 0.462 ms < 4116 * 0.563
    // Where the FFT of m is not one local kernel, the two-kernel form is refused naming n and m.
    fft::FftRequest tooLarge = testing::request(20011, 1, false);
    tooLarge.method = "bluestein-two-kernels";
    CHECK_THROWS_WITH_AS(fft::planFft(tooLarge), doctest::Contains("n=20011: its padded size m="), liftcl::Error);
}

TEST_CASE("--tune's variants of a prime: Rader's one kernel in several radices, Bluestein's padded sizes, two kernels and five steps") {
    // fp64 2003 (two arrays of 2002 do not fit 48 KiB for Rader's one kernel): Bluestein's default first.
    const auto doubles = fft::structuralVariants(testing::request(2003, 4, true));
    REQUIRE(!doubles.empty());
    CHECK(doubles.front().method == "bluestein");
    CHECK(doubles.front().padded == fft::bluesteinPaddedSize(2003, ir::ScalarKind::Double));
    // fp32 1009: Rader in one kernel first (auto's choice), then Bluestein's one-kernel default,
    // Rader's five steps last.
    const auto variants = fft::structuralVariants(testing::request(1009, 4, false));
    REQUIRE(variants.size() > 2);
    CHECK(variants.front().method == "rader");
    CHECK(variants.back().method == "rader-steps");
    // Rader's other radices of 1008 next, the smallest largest radix first (7,4,4,3,3: no pass of 16
    // with 63 butterflies), led by the radix leaving at most 256 butterflies, each a plan that
    // computes the DFT.
    std::vector<fft::FftVariant> rader;
    for (const auto& v : variants)
        if (v.method == "rader") rader.push_back(v);
    REQUIRE(rader.size() >= 2);
    CHECK(rader[0].radices.empty());
    CHECK(rader[1].radices == std::vector<std::int64_t>{4, 7, 4, 3, 3});
    fft::FftRequest other = testing::request(1009, 2, false);
    other.method = "rader";
    other.radices = rader[1].radices;
    CHECK(runCase<float>({1009, 2, false}, fft::planFft(other)) < 5e-6);
    const auto firstBluestein = std::find_if(variants.begin(), variants.end(), [](const auto& v) { return v.method == "bluestein"; });
    REQUIRE(firstBluestein != variants.end());
    CHECK(firstBluestein->padded == 2048);  // the one-kernel default
    const auto steps = std::find_if(variants.begin(), variants.end(), [](const auto& v) { return v.method == "bluestein-steps"; });
    REQUIRE(steps != variants.end());
    CHECK(steps->padded == 2048);
    CHECK(std::any_of(variants.begin(), variants.end(), [](const auto& v) { return v.padded == 2016; }));  // smallest 7-smooth
    CHECK(std::any_of(variants.begin(), variants.end(), [](const auto& v) {  // two kernels where one fits
        return v.method == "bluestein-two-kernels" && v.padded == 2048;
    }));
}

TEST_CASE("Rader: the plans of primes with smooth p-1, against FFTW, every precision, direction and placement") {
    // 17 (16), 97 (2^5 3), 257 (2^8), 1009 (2^4 3^2 7), each in fp64 and fp32; direction, scaling,
    // placement and batch (1 and 3) rotate over them.
    std::vector<Case> cases;
    for (std::int64_t n : {17, 97, 257, 1009})
        for (const bool f64 : {true, false}) {
            Case c;
            c.n = n;
            c.f64 = f64;
            cases.push_back(c);
        }
    for (std::size_t i = 0; i < cases.size(); ++i) {
        // One kernel and the five steps, alternating.
        cases[i].method = i % 4 < 2 ? "rader" : "rader-steps";
        cases[i].inverse = i % 3 != 0;
        cases[i].scaled = i % 3 == 2;
        cases[i].inPlace = (i / 2) % 2 == 1;
        cases[i].batch = i % 2 == 0 ? 3 : 1;
    }
    // 1009 fp64 in one kernel: its FFT of 1008 written in place (three arrays do not fit), forward
    // in place and scaled inverse out of place.
    Case inPlaceFft{1009, 2, true, false, false, true, "rader"};
    cases.push_back(inPlaceFft);
    inPlaceFft.inverse = inPlaceFft.scaled = true;
    inPlaceFft.inPlace = false;
    cases.push_back(inPlaceFft);
    // sanitizers: 17 fp32, 1009 fp64 in place in five steps and in one kernel
    if (testing::quickMode()) cases = {cases[1], cases[6], cases[8]};
    for (const Case& c : cases) checkCase(c);
}

TEST_CASE("Rader in one kernel: its lowered program is the DFT under the interpreter") {
    // 13 (L = 12 = 4 3) and 29 (28 = 4 7), batch 2, forward and scaled inverse; the tables as the
    // runtime computes them (rader-row-*), passed in raderOneKernel's parameter order.
    for (const std::int64_t n : {13, 29})
        for (const bool inverse : {false, true}) {
            INFO("n=" << n << " inverse=" << inverse);
            fft::FftRequest r = testing::request(n, 2);
            r.method = "rader";
            r.direction = inverse ? rt::FftDirection::Inverse : rt::FftDirection::Forward;
            r.scale = inverse;
            const fft::RaderMethod method;
            REQUIRE(method.inOneKernel(r));
            const auto passes = method.passes(r, {});
            REQUIRE(passes.size() == 1);
            const auto tables = tableValues(r, method.resources(r));
            const auto x = testing::randomBatch(n, r.batch, 13);
            std::vector<ir::Value> rows;
            std::vector<LongComplex> expected;
            for (std::int64_t b = 0; b < r.batch; ++b) {
                const std::vector<LongComplex> row(x.begin() + b * n, x.begin() + (b + 1) * n);
                rows.push_back(complexArray(row));
                for (const auto& v : naiveDft(row, inverse ? 1 : -1)) expected.push_back(inverse ? v / static_cast<long double>(n) : v);
            }
            const ir::Value result = ir::interpret(passes[0].program.body,
                                                   {ir::Value::array(std::move(rows)), tables.at("rowInputIndex"),
                                                    tables.at("rowSpectrum"), tables.at("rowOutputIndex")});
            std::vector<LongComplex> flat;
            for (const auto& row : result.items)
                for (const auto& v : complexesOf(row)) flat.push_back(v);
            REQUIRE(flat.size() == expected.size());
            long double worst = 0;
            for (std::size_t i = 0; i < flat.size(); ++i) worst = std::max(worst, std::abs(flat[i] - expected[i]));
            CHECK(worst < 1e-13L);
        }
    // The default radices lead with the radix leaving the most butterflies (work-items) within 256
    // (fp64 192): 641 4,8,4,5 (160, not the local default 8,4,4,5's 80); in fp32 up to 256 points
    // the local default.
    CHECK(fft::raderOneKernelRadices(640, ir::ScalarKind::Float) == std::vector<std::int64_t>{4, 8, 4, 5});
    CHECK(fft::raderOneKernelRadices(768, ir::ScalarKind::Float) == std::vector<std::int64_t>{3, 8, 8, 4});
    CHECK(fft::raderOneKernelRadices(768, ir::ScalarKind::Double) == std::vector<std::int64_t>{4, 8, 8, 3});
    CHECK(fft::raderOneKernelRadices(256, ir::ScalarKind::Float).empty());
    CHECK(fft::raderOneKernelShape(641, ir::ScalarKind::Float)->radices == std::vector<std::int64_t>{4, 8, 4, 5});
    // fp64 takes a radix 16 as two of 4 (1008 = 7 x 144: 7,4,4,3,3, not 7,16,3,3).
    CHECK(fft::raderOneKernelRadices(1008, ir::ScalarKind::Double) == std::vector<std::int64_t>{7, 4, 4, 3, 3});
    // Three arrays of 1008 fp64 (48 KiB and more) do not fit: the FFT written in place, two arrays;
    // in fp32 the three fit, not in place. Two arrays of 2002 fp64 do not fit either: no one kernel.
    const auto d1009 = fft::raderOneKernelShape(1009, ir::ScalarKind::Double);
    REQUIRE(d1009);
    CHECK(d1009->inPlace);
    const auto f1009 = fft::raderOneKernelShape(1009, ir::ScalarKind::Float);
    REQUIRE(f1009);
    CHECK_FALSE(f1009->inPlace);
    CHECK_FALSE(fft::raderOneKernelShape(2003, ir::ScalarKind::Double));
    CHECK(fft::planFft(testing::request(1009, 2, true)).method == "rader");
}

TEST_CASE("Rader in one kernel: its two FFTs read one set of twiddle tables") {
    // The forward and the inverse FFT of L = p - 1 use the same twiddles: the kernel passes each
    // table once (pairwise different data) and computes none on the device, fp32 and fp64.
    for (const bool f64 : {false, true}) {
        INFO((f64 ? "fp64" : "fp32"));
        const auto plan = fft::planFft(testing::request(257, 2, f64));
        REQUIRE(plan.method == "rader");
        REQUIRE(plan.kernels.size() == 1);
        const auto meta = rt::parseKernelMetadata(plan.kernels.front().metadata, plan.kernels.front().name);
        std::vector<std::vector<unsigned char>> tables;
        for (const auto& arg : meta.args)
            if (arg.kind == rt::ArgKind::Table && arg.name.starts_with("gtab")) tables.push_back(arg.data);
        REQUIRE(tables.size() >= 2);  // 256 = 2,8,4,4: a table per pass after the first
        std::sort(tables.begin(), tables.end());
        CHECK(std::adjacent_find(tables.begin(), tables.end()) == tables.end());
        CHECK(plan.kernels.front().source.find("genTwiddle(") == std::string::npos);
    }
}

TEST_CASE("Rader: --radices of a prime auto gives to Rader are those of its FFTs of n-1") {
    // 1009 is one kernel in both precisions (fp64 with its FFT in place); both take the radices of 1008.
    // (Quick mode: fp64 only.)
    for (const bool f64 : liftcl::testing::fullOrQuick<std::vector<bool>>({false, true}, {true})) {
        Case c;
        c.n = 1009;
        c.batch = 2;
        c.f64 = f64;
        c.inverse = f64;
        c.radices = {7, 3, 3, 16};
        checkCase(c);
        fft::FftRequest r = testing::request(c.n, c.batch, f64);
        r.radices = c.radices;
        const auto plan = fft::planFft(r);
        CHECK(plan.method == "rader");
        CHECK(plan.kernels.size() == 1u);
        r.radices = {7, 3, 3};
        CHECK_THROWS_WITH_AS(fft::planFft(r), doctest::Contains("multiply to 63, not the FFT size n=1008"), liftcl::Error);
    }
}

TEST_CASE("Rader: sizes it cannot do are refused naming n") {
    fft::FftRequest r = testing::request(1000, 1);
    r.method = "rader";
    CHECK_THROWS_WITH_AS(fft::planFft(r), doctest::Contains("Rader FFT n=1000: n must be an odd prime"), liftcl::Error);
    r.n = 59;  // 58 = 2 * 29
    CHECK_THROWS_WITH_AS(fft::planFft(r), doctest::Contains("Rader FFT n=59: n-1 = 58 has the prime factor 29"),
                         liftcl::Error);
    r.n = 2;
    CHECK_THROWS_WITH_AS(fft::planFft(r), doctest::Contains("n=2"), liftcl::Error);
    r = testing::request(1009, 8400, false);  // the five steps' fp32 indices: 2 * 1008 * 8400 >= 2^24
    r.method = "rader-steps";
    CHECK_THROWS_WITH_AS(fft::planFft(r), doctest::Contains("2^24"), liftcl::Error);
    r.method = "rader";  // one kernel: its tables hold one transform's indices
    CHECK(fft::planFft(r).kernels.size() == 1);
    // The generator: 3 for 17, 11 for 1009 (the smallest of order p-1).
    CHECK(rt::raderGenerator(17) == 3);
    CHECK(rt::raderGenerator(1009) == 11);
}

TEST_CASE("Rader: its .lift steps compose to the DFT under the interpreter, lowered and not") {
    // The five steps with the FFTs of size p-1 done by the naive DFT: the gathers as planned (before
    // and after their strategy), the tables as the runtime computes them.
    for (const bool inverse : {false, true}) {
        INFO("inverse=" << inverse);
        fft::FftRequest r = testing::request(13, 2);  // 12 = 2^2 3
        r.method = "rader-steps";
        r.direction = inverse ? rt::FftDirection::Inverse : rt::FftDirection::Forward;
        r.scale = inverse;
        const fft::RaderMethod method(fft::RaderForm::Steps);
        const auto passes = method.passes(r, {});
        const fft::PlanResources resources = method.resources(r);
        const std::map<std::string, ir::Value> tables = tableValues(r, resources);
        const std::int64_t L = r.n - 1;
        CHECK(resources.workN == 2 * L);
        const auto x = testing::randomBatch(r.n, r.batch, 5);
        auto rowsOf = [](const std::vector<LongComplex>& flat, std::int64_t length) {
            std::vector<ir::Value> rs;
            for (std::size_t b = 0; b * static_cast<std::size_t>(length) < flat.size(); ++b)
                rs.push_back(complexArray({flat.begin() + static_cast<std::ptrdiff_t>(b * length),
                                           flat.begin() + static_cast<std::ptrdiff_t>((b + 1) * length)}));
            return ir::Value::array(std::move(rs));
        };
        // One gather step, interpreted as composed and as lowered; both must agree.
        auto step = [&](const std::string& name, const std::vector<LongComplex>& in, std::int64_t rowLength) {
            INFO(name);
            const auto pass = std::find_if(passes.begin(), passes.end(), [&](const auto& p) { return p.name == name; });
            REQUIRE(pass != passes.end());
            std::vector<ir::Value> args = {rowsOf(in, rowLength)};
            // The tables by argument name: the order of the definitions' parameters.
            for (const auto& entry : pass->tables) args.push_back(tables.at(entry.second));
            const ir::Value high = ir::interpret(pass->program.body, args);
            const ir::Value low = ir::interpret(rewrite::applyStrategy(pass->program, pass->strategy).body, args);
            CHECK(ir::maxAbsDifference(high, low) == 0.0);
            return complexesOf(high);
        };
        auto dftRows = [&](const std::vector<LongComplex>& flat, long double sign) {
            std::vector<LongComplex> out;
            for (std::size_t b = 0; b * static_cast<std::size_t>(L) < flat.size(); ++b)
                for (const auto& v : naiveDft({flat.begin() + static_cast<std::ptrdiff_t>(b * L),
                                               flat.begin() + static_cast<std::ptrdiff_t>((b + 1) * L)},
                                              sign))
                    out.push_back(v);
            return out;
        };
        const std::vector<LongComplex> input(x.begin(), x.end());
        const auto permuted = step("rader_permute", input, r.n);
        const auto product = step("rader_spectrum_product", dftRows(permuted, -1), L);
        const auto result = step("rader_unpermute", dftRows(product, 1), L);
        std::vector<LongComplex> expected;
        for (std::int64_t b = 0; b < r.batch; ++b) {
            const std::vector<LongComplex> row(x.begin() + b * r.n, x.begin() + (b + 1) * r.n);
            for (const auto& v : naiveDft(row, inverse ? 1 : -1)) expected.push_back(inverse ? v / static_cast<long double>(r.n) : v);
        }
        REQUIRE(result.size() == expected.size());
        long double worst = 0;
        for (std::size_t i = 0; i < result.size(); ++i) worst = std::max(worst, std::abs(result[i] - expected[i]));
        CHECK(worst < 1e-13L);
    }
}

TEST_CASE("Rader's and Bluestein's kernels fit a device's smaller local memory") {
    struct Case {
        std::int64_t n;
        bool f64;
        std::int64_t budget;
        const char* method;  // the plan's method at that budget (at 48 KiB: rader, rader, bluestein in two kernels)
    };
    // (Quick mode: two of the four; the sanitizer pass spent 96 s on this test.)
    const std::vector<Case> cases = {Case{1009, true, 32 * 1024, "bluestein"}, Case{641, false, 8 * 1024, "bluestein"},
                                     Case{2053, false, 32 * 1024, "bluestein"}, Case{4099, false, 32 * 1024, "bluestein"}};
    for (const Case& c :
         std::vector<Case>(cases.begin(), liftcl::testing::quickMode() ? cases.begin() + 2 : cases.end())) {
        INFO("n = " << c.n << (c.f64 ? " fp64" : " fp32") << ", " << c.budget << " bytes");
        auto r = testing::request(c.n, 2, c.f64);
        r.localMemoryBytes = c.budget;
        const auto plan = fft::planFft(r);
        CHECK(plan.method == c.method);
        for (const auto& k : plan.kernels) CHECK(rt::parseKernelMetadata(k.metadata, k.name).localBytes.evaluate({}) <= c.budget);
        if (c.f64) CHECK(testing::planError<double>(r) < 1e-14);
        else CHECK(testing::planError<float>(r) < 1e-6);
    }
    // Where the device's memory is larger than 48 KiB, the plans are those of 48 KiB.
    auto large = testing::request(1009, 2, true);
    const auto plain = fft::planFft(large);
    large.localMemoryBytes = 1 << 20;
    CHECK(fft::planFft(large).kernels.front().source == plain.kernels.front().source);
    CHECK(plain.method == "rader");
}
