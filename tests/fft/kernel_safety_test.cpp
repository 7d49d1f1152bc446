// Kernel safety (doctest test-suite "oclgrind"; the ctest fft_oclgrind runs it under Oclgrind with
// scripts/oclgrind-check.sh, which fails on any race, uninitialized read or invalid access): every
// kind of kernel the FFT front end generates for n <= 2^12 runs once through rt::FftPlan against
// FFTW, with a poisoned output buffer and an input that must survive an out-of-place run.
//
// The set is compact but complete: every method of the planner's table; every radix of
// {2, 3, 4, 5, 7, 8, 16} (11 and 13 in a few shapes) as a single pass and as the first, a middle and the last pass of the
// global methods (three-pass radix lists in which each radix takes each position once); the
// planner's own radix choice for mixed sizes with 3, 5 and 7 and for 2^11, 2^12; the local method
// for every power of two it does, with its default and other radices; the three twiddle variants;
// Bluestein in one kernel and its five steps' element-wise kernels; forward, inverse and scaled inverse; fp32 and fp64; in and out of place with odd and even pass
// counts (the runtime's buffer rotation differs); batches 1 to 3. A plan whose kernels have all
// run already (same source, same placement) is skipped, so `auto`, which resolves to another
// method, costs nothing when it plans what was run.
#include <doctest/doctest.h>

#include <cstdlib>
#include <deque>
#include <functional>
#include <iostream>
#include <memory>
#include <set>
#include <sstream>
#include <string>

#include "fft/fft_method.hpp"
#include "fft_test_support.hpp"
#include "support/quick_mode.hpp"

using namespace liftcl;

namespace {

enum class Direction { Forward, Inverse, InverseScaled };

struct SafetyCase {
    std::string method;
    std::int64_t n = 0;
    std::vector<std::int64_t> radices;  // empty: the method's choice
    bool f64 = false;
    Direction direction = Direction::Forward;
    bool inPlace = false;
    std::int64_t batch = 1;
    codegen::TwiddleMode twiddles = codegen::TwiddleMode::Table;
    std::int64_t tileBytes = 0;  // hierarchical: FftRequest::hierarchicalTileBytes (0: default)
};

std::string describe(const SafetyCase& c) {
    std::ostringstream s;
    s << c.method << " n=" << c.n << " radices=";
    for (auto r : c.radices) s << r << ",";
    s << (c.radices.empty() ? "(chosen)" : "") << " " << (c.f64 ? "fp64" : "fp32") << " "
      << (c.direction == Direction::Forward ? "forward" : c.direction == Direction::Inverse ? "inverse" : "inverse-scaled")
      << " " << (c.inPlace ? "in-place" : "out-of-place") << " batch=" << c.batch << " twiddles="
      << codegen::twiddleModeName(c.twiddles);
    if (c.tileBytes > 0) s << " tile-bytes=" << c.tileBytes;
    return s.str();
}

fft::FftRequest requestOf(const SafetyCase& c) {
    fft::FftRequest r = testing::request(c.n, c.batch, c.f64);
    r.method = c.method;
    r.radices = c.radices;
    r.hierarchicalTileBytes = c.tileBytes;
    r.direction = c.direction == Direction::Forward ? rt::FftDirection::Forward : rt::FftDirection::Inverse;
    r.scale = c.direction == Direction::InverseScaled;
    r.inPlace = c.inPlace;
    r.twiddles = c.twiddles;
    return r;
}

// The cases: each dimension's values spread over the shapes by rotation rather than multiplied
// out, so that every value meets every radix position without running the full product.
std::vector<SafetyCase> safetyCases() {
    std::vector<SafetyCase> cases;
    const std::vector<std::int64_t> radices = {2, 3, 4, 5, 7, 8, 16};
    std::vector<std::vector<std::int64_t>> globalShapes;
    for (auto r : radices) globalShapes.push_back({r});  // one pass: first and last at once
    for (std::size_t i = 0; i < radices.size(); ++i)     // each radix first, in the middle, last
        globalShapes.push_back({radices[i], radices[(i + 1) % radices.size()], radices[(i + 2) % radices.size()]});
    globalShapes.push_back({7, 5});     // two passes (even count in place), mixed
    globalShapes.push_back({16, 3});
    std::size_t k = 0;
    for (const std::string method : {"stockham", "cooley-tukey"}) {
        for (const auto& shape : globalShapes) {
            std::int64_t n = 1;
            for (auto r : shape) n *= r;
            // Both precisions, both directions, both placements for every shape.
            cases.push_back({method, n, shape, false, Direction::Forward, k % 2 == 0, 1 + std::int64_t(k % 3)});
            cases.push_back({method, n, shape, true, k % 2 ? Direction::Inverse : Direction::InverseScaled, k % 2 == 1,
                             1 + std::int64_t((k + 1) % 3)});
            ++k;
        }
        // The planner's radix choice: mixed sizes with 3, 5, 7 (four passes: even), 2^11, 2^12.
        cases.push_back({method, 105, {}, false, Direction::Inverse, true, 2});  // 7*5*3
        cases.push_back({method, 1680, {}, true, Direction::Forward, true, 1});  // 16*7*5*3
        cases.push_back({method, 2048, {}, true, Direction::InverseScaled, false, 1});
        cases.push_back({method, 4096, {}, false, Direction::Forward, false, 1});
        // Twiddles from digit tables and computed with sincos (Table is the default above).
        for (auto twiddles : {codegen::TwiddleMode::Digits, codegen::TwiddleMode::Sincos}) {
            const bool digits = twiddles == codegen::TwiddleMode::Digits;
            cases.push_back({method, 280, {5, 7, 8}, digits, Direction::InverseScaled, digits, 2, twiddles});
            cases.push_back({method, 256, {16, 16}, !digits, Direction::Forward, !digits, 1, twiddles});
        }
    }
    // local: every power of two it does (fp64 up to 1024), default radices.
    for (std::int64_t n = 2, i = 0; n <= 2048; n *= 2, ++i) {
        cases.push_back({"local", n, {}, false, i % 2 ? Direction::Inverse : Direction::Forward, i % 2 == 0,
                         1 + i % 3});
        if (n <= 1024)
            cases.push_back({"local", n, {}, true, i % 2 ? Direction::Forward : Direction::InverseScaled, i % 2 == 1,
                             1 + (i + 1) % 3});
    }
    // local with other radices: 16 and 2 (not chosen by default), the largest radix not first, and
    // the mixed radices --radices lets it take.
    for (const auto& shape : std::vector<std::vector<std::int64_t>>{{16, 16}, {2, 2, 2}, {2, 16, 4}, {4, 8}, {5, 3}, {7, 4}})
        cases.push_back({"local", [&] { std::int64_t n = 1; for (auto r : shape) n *= r; return n; }(), shape,
                         shape.size() % 2 == 0, Direction::InverseScaled, shape.size() % 2 == 1, 2});
    // local with several transforms per work-group (mapLcl(1) over them): one, two and three passes.
    cases.push_back({"local", 8, {}, false, Direction::Forward, true, 12});
    cases.push_back({"local", 16, {}, true, Direction::InverseScaled, false, 8});
    cases.push_back({"local", 128, {}, false, Direction::Inverse, false, 4});
    // local with the twiddle variants asked for.
    cases.push_back({"local", 64, {}, false, Direction::Forward, false, 3, codegen::TwiddleMode::Digits});
    cases.push_back({"local", 64, {}, true, Direction::Inverse, true, 2, codegen::TwiddleMode::Sincos});
    // hierarchical at 2^12: radices 64x64 (first and last pass, T = 16), fp64 inverse-scaled in
    // place, and unequal radices 16x256 (T = 8, three column passes).
    cases.push_back({"hierarchical", 4096, {}, false, Direction::Forward, false, 2});
    cases.push_back({"hierarchical", 4096, {}, true, Direction::InverseScaled, true, 1});
    cases.push_back({"hierarchical", 4096, {16, 256}, false, Direction::Inverse, false, 1});
    // a 32 KiB tile (8 columns of 512): its column passes written in place, the work-group fixed.
    cases.push_back({"hierarchical", 4096, {8, 512}, false, Direction::Forward, false, 1, codegen::TwiddleMode::Table, 32768});
    // auto resolves to local, hierarchical or stockham: mostly plans already run (skipped by the dedupe).
    cases.push_back({"auto", 64, {}, false, Direction::Inverse, false, 3});
    cases.push_back({"auto", 96, {}, true, Direction::Forward, true, 2});
    cases.push_back({"auto", 4096, {}, false, Direction::Forward, false, 1});
    // local exchanging real, then imaginary parts through one __local array (8192 fp32 does not
    // fit as complex): the inverse's conjugations are nests of 32 shares.
    cases.push_back({"auto", 8192, {}, false, Direction::Inverse, false, 1});
    // radices 11 and 13: one pass, and first, middle and last of three.
    cases.push_back({"stockham", 143, {13, 11}, false, Direction::Forward, false, 2});
    cases.push_back({"cooley-tukey", 286, {11, 2, 13}, true, Direction::InverseScaled, true, 1});
    cases.push_back({"stockham", 286, {2, 13, 11}, true, Direction::Inverse, false, 1});
    // bluestein in one kernel (padded to 64 and 16: chirp, two local FFTs, spectrum product,
    // truncation in one work-group), and bluestein-steps (the chirp, spectrum product and truncation
    // kernels; odd and even inner pass counts, which the padded plan's buffer rotation does not
    // depend on), bluestein-two-kernels (the local FFTs with the element-wise steps around them),
    // auto for a prime.
    cases.push_back({"bluestein", 17, {}, false, Direction::Forward, true, 2});
    cases.push_back({"bluestein-two-kernels", 19, {}, true, Direction::Inverse, true, 2});
    cases.push_back({"bluestein", 7, {}, true, Direction::InverseScaled, false, 3});
    cases.push_back({"bluestein-steps", 17, {}, false, Direction::Forward, false, 2});
    cases.push_back({"bluestein-steps", 23, {}, true, Direction::InverseScaled, true, 1});
    cases.push_back({"auto", 37, {}, false, Direction::Inverse, false, 3});
    // rader-steps: the permutation, spectrum product and unpermutation kernels around FFTs of p - 1
    // (16: local); rader: one kernel (6: mixed radices; 36 = 4 9), in place and not.
    cases.push_back({"rader-steps", 17, {}, false, Direction::Forward, false, 2});
    cases.push_back({"rader", 7, {}, true, Direction::InverseScaled, true, 1});
    cases.push_back({"rader", 37, {}, false, Direction::Forward, false, 2});
    return cases;
}

// Every buffer and plan of the suite stays alive until the end, so that no buffer reuses the
// memory of a released one: Oclgrind 21.10 then reports correct values read from a buffer that
// a kernel wrote in full as uninitialized (a false positive, depending on the earlier cases).
struct KeptAlive {
    std::deque<rt::Buffer> buffers;  // a deque: references stay valid
    std::deque<rt::FftPlan> plans;   // their temporaries (Bluestein's steps) too
    ~KeptAlive() {  // released last first
        while (!buffers.empty()) buffers.pop_back();
        while (!plans.empty()) plans.pop_back();
    }
};

template <typename Real>
void runCase(const SafetyCase& c, const rt::FftPlanDescription& description, KeptAlive& kept) {
    auto& dev = testing::DeviceFixture::get();
    rt::FftPlan& plan = kept.plans.emplace_back(dev.cache, dev.context, description);
    const auto x = testing::randomBatch(c.n, c.batch, 1000 + static_cast<std::uint64_t>(c.n));
    const auto host = testing::toPrecision<Real>(x);
    const auto expected = fft::fftwReference(x, c.n, c.batch, description.direction, description.scaled);
    const auto result = testing::executePoisoned(plan, host, c.inPlace, [&](std::size_t bytes) -> rt::Buffer& {
        return kept.buffers.emplace_back(dev.context, bytes);
    });
    const double tolerance = c.f64 ? 1e-12 : 2e-5;
    CHECK(fft::relativeL2Error(result, expected) < tolerance);
}

}  // namespace

TEST_SUITE("oclgrind") {

TEST_CASE("kernel safety: every kind of generated FFT kernel runs correctly (under Oclgrind: cleanly)") {
    // Every method of the table is exercised.
    std::set<std::string> methodsCovered;
    std::set<std::pair<std::size_t, bool>> kernelsRun;  // source hash, in place
    int plansRun = 0, plansSkipped = 0;
    KeptAlive kept;
    // To reproduce one finding: LIFTCL_KERNEL_SAFETY_ONLY=TEXT runs the cases whose description
    // (as in the failure's context) contains TEXT.
    const char* only = std::getenv("LIFTCL_KERNEL_SAFETY_ONLY");
    const std::vector<SafetyCase> cases = safetyCases();
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const SafetyCase& c = cases[i];
        if (only && describe(c).find(only) == std::string::npos) continue;
        // Quick mode (the sanitizer pass, 160 s here; Oclgrind's pass runs them all): every other
        // case, and the first of each method.
        if (liftcl::testing::quickMode() && i % 2 == 1 && methodsCovered.count(c.method)) continue;
        INFO(describe(c));
        try {
            const rt::FftPlanDescription description = fft::planFft(requestOf(c));
            methodsCovered.insert(c.method);
            bool fresh = false;
            for (const auto& k : description.kernels)
                fresh = kernelsRun.insert({std::hash<std::string>{}(k.source), c.inPlace}).second || fresh;
            if (!fresh) {
                ++plansSkipped;
                continue;
            }
            ++plansRun;
        if (std::getenv("LIFTCL_KERNEL_SAFETY_VERBOSE")) std::cerr << "kernel safety: " << describe(c) << std::endl;
            if (c.f64) runCase<double>(c, description, kept);
            else runCase<float>(c, description, kept);
        } catch (const std::exception& e) {  // one failing plan does not hide the others
            FAIL_CHECK(e.what());
        }
    }
    for (const fft::Method* m : only ? std::vector<const fft::Method*>{} : fft::methods()) {
        INFO("method " << m->name());
        CHECK(methodsCovered.count(m->name()) == 1);
    }
    MESSAGE(plansRun << " plans run, " << plansSkipped << " skipped (kernels already run), " << kernelsRun.size()
                     << " distinct kernel/placement pairs");
}

}  // TEST_SUITE
