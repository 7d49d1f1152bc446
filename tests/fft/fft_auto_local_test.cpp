// The default method (auto) and the local-memory method of FFT plans: auto plans one kernel when
// the transform fits one work-group's local memory (two ping-pong arrays, or one array of n points
// with the passes in place), the hierarchical passes otherwise; local plans
// equal FFTW for fp32 and fp64, forward, inverse and scaled inverse, odd batches, in and out of
// place, several transforms per work-group when the batch allows it; a size local cannot do is
// refused naming the other methods.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <set>

#include "fft/fft_method.hpp"
#include "fft/local_method.hpp"
#include "fft/radix_factorization.hpp"
#include "fft_test_support.hpp"
#include "ir/error.hpp"
#include "runtime/kernel_metadata.hpp"
#include "support/quick_mode.hpp"
#include "support/scoped_env.hpp"
#include "support/temp_dir.hpp"

using namespace liftcl;
using testing::planError;
using testing::request;

TEST_CASE("a method's pass count without composing its kernels equals the kernels it composes") {
    // Bluestein weighs padded sizes by their passes (bluesteinPaddedSize): counted, not lowered.
    // (Quick mode: every method, fewer sizes; the sanitizer pass spent 46 s here.)
    using Cases = std::vector<std::pair<std::string, std::vector<std::int64_t>>>;
    const Cases cases = liftcl::testing::fullOrQuick<Cases>(
        {{"auto", {16, 360, 1024, 4096, 8192, 15120, 1 << 17}}, {"local", {64, 1000, 4096}},
         {"hierarchical", {4096, 1 << 16, 15120}}, {"stockham", {360, 1024}}, {"cooley-tukey", {512}}},
        {{"auto", {360, 8192, 15120}}, {"local", {1000}}, {"hierarchical", {1 << 16}}, {"stockham", {360}},
         {"cooley-tukey", {512}}});
    for (const auto& [methodName, sizes] : cases)
        for (std::int64_t n : sizes)
            for (bool f64 : {false, true}) {
                const std::string& name = methodName;  // clang 14: no structured binding in CAPTURE's lambda
                CAPTURE(name);
                CAPTURE(n);
                CAPTURE(f64);
                const fft::FftRequest r = request(n, 2, f64);
                const fft::Method& method = fft::findMethod(name);
                const auto radices = method.radices(r);
                const std::size_t counted = method.passCount(r, radices);
                CHECK(counted == method.passes(r, radices).size());
                CHECK(counted >= 1);
            }
}

TEST_CASE("auto: one local-memory kernel when n fits, the hierarchical passes otherwise") {
    const auto local = fft::planFft(request(1024, 64, false));
    CHECK(local.method == "local");
    CHECK(local.steps.size() == 1);
    CHECK(local.radices == std::vector<std::int64_t>{16, 8, 8});
    CHECK(fft::planFft(request(2048, 3, false)).method == "local");  // 2 x 17 KiB of local memory (ping-pong)
    CHECK(fft::planFft(request(1024, 3, true)).method == "local");   // 16 KiB in fp64
    CHECK(fft::planFft(request(4096, 3, false)).method == "local");  // 32 KiB
    CHECK(fft::planFft(request(2048, 3, true)).method == "local");   // 32 KiB in fp64
    // One array of the points' components (32 KiB): one kernel exchanging real, then imaginary parts.
    CHECK(fft::planFft(request(4096, 3, true)).method == "local");
    CHECK(fft::planFft(request(8192, 3, false)).method == "local");
    // Where the components do not fit either, in two rounds of index ranges each (register boost).
    CHECK(fft::planFft(request(8192, 3, true)).method == "local");
    CHECK(fft::planFft(request(16384, 3, false)).method == "local");
    // Powers of two above that go to the hierarchical method (fft_hierarchical_test.cpp).
    CHECK(fft::planFft(request(16384, 3, true)).method == "hierarchical");
    CHECK(fft::planFft(request(32768, 3, false)).method == "hierarchical");
    // Mixed sizes are local where one array of n fits (fp32: 96, 1680, 3000, 5040, 6000), where
    // their components fit in one round (fp32 7000 and 10080, even sizes only), and in fp64 in one
    // padded array where it fits (1680, also where its first pass is shared out: 1500, 2520), else by
    // components (3000, 5040), in two rounds where they do not fit (7000); two
    // hierarchical passes beyond (fp32 11025: odd; 15120: its components take two rounds; fp64
    // 10080: 40 points per work-item in rounds).
    // (Quick mode: one size of each way; the sanitizer pass spent 117 s on this test.)
    using Sizes = std::vector<std::pair<std::int64_t, bool>>;
    for (auto entry : liftcl::testing::fullOrQuick<Sizes>({{96, false},   {1680, false}, {1680, true}, {1500, true}, {2520, true},
                                                              {3000, false}, {3000, true},  {5040, false},
                                                              {5040, true},  {6000, false}, {7000, false},
                                                              {7000, true},  {10080, false}},
                                                             {{1680, false}, {1500, true}, {3000, true}, {10080, false}})) {
        auto& n = std::get<0>(entry);
        auto& f64 = std::get<1>(entry);
        INFO("n = " << n << (f64 ? " fp64" : " fp32"));
        CHECK(fft::planFft(request(n, 3, f64)).method == "local");
    }
    for (auto entry : liftcl::testing::fullOrQuick<Sizes>({{11025, false}, {15120, false}, {10080, true}}, {{11025, false}})) {
        auto& n = std::get<0>(entry);
        auto& f64 = std::get<1>(entry);
        INFO("n = " << n << (f64 ? " fp64" : " fp32"));
        const auto plan = fft::planFft(request(n, 3, f64));
        CHECK(plan.method == "hierarchical");
        CHECK(plan.steps.size() == 2);
        CHECK(plan.radices.size() == 2);
        CHECK(plan.radices[0] * plan.radices[1] == n);
    }
    auto explicitRadices = request(64, 2);
    explicitRadices.radices = {4, 4, 4};
    const auto withRadices = fft::planFft(explicitRadices);
    CHECK(withRadices.method == "local");
    CHECK(withRadices.radices == std::vector<std::int64_t>{4, 4, 4});
}

TEST_CASE("local: sizes it cannot do are refused naming the alternatives") {
    // fp64: 58 (factor 29: no radix), 16384 (its components in rounds of ranges would keep 64
    // points per work-item); 96 and 22 are local sizes since the mixed sizes of radix primes (up to
    // 23) are, 7000 and 8192 since their components go over in rounds of index ranges.
    for (std::int64_t n : {58, 16384}) {
        auto r = request(n, 2);
        r.method = "local";
        INFO("n = " << n);
        CHECK_THROWS_WITH_AS(fft::planFft(r), doctest::Contains("use --method auto or stockham"), Error);
    }
}

// Work-items per transform: a work-item per butterfly of the first pass, at most 256 (mixed sizes
// no longer split the first pass evenly: 3000 = 600 butterflies on 256 items); whole warps, at
// most 128, for fp64 mixed sizes exchanging components; the request's items=N where given (at most the first
// pass's butterflies, the kernel's local size), each such plan equal to FFTW.
TEST_CASE("local: work-items per transform, the default and items=N, equal FFTW") {
    auto itemsOf = [](const rt::FftPlanDescription& plan) {
        REQUIRE(plan.kernels.size() == 1);
        const auto meta = rt::parseKernelMetadata(plan.kernels.front().metadata, plan.kernels.front().name);
        REQUIRE(meta.ndrange.local);
        return meta.ndrange.local->at(0).evaluate({});
    };
    const auto f3000 = fft::localFftShape(3000, ir::ScalarKind::Float);
    REQUIRE(f3000);
    CHECK(f3000->workGroupSize == 256);
    CHECK(f3000->firstPassShares == 3);  // 5,5,5,3,8: 600 butterflies of radix 5 first
    // fp64 even mixed sizes in one padded array where it fits (1680, 1008), by components where it
    // fits only unpadded (3000) or not at all (5040): whole warps, at most 128 work-items (3000:
    // 375 first-pass butterflies of radix 8; 5040: 315 of radix 16).
    for (const std::int64_t n : {1008, 1680, 2520}) {
        INFO("fp64 " << n);
        const auto array = fft::localFftShape(n, ir::ScalarKind::Double, {}, fft::localMethodLimits());
        REQUIRE(array);
        CHECK_FALSE(array->splitExchange);
        CHECK(array->localPaddingEvery > 0);
    }
    const auto d3000 = fft::localFftShape(3000, ir::ScalarKind::Double, {}, fft::localMethodLimits());
    REQUIRE(d3000);
    CHECK(d3000->splitExchange);
    CHECK(d3000->workGroupSize % 32 == 0);
    CHECK(d3000->workGroupSize <= 128);
    const auto d5040 = fft::localFftShape(5040, ir::ScalarKind::Double);
    REQUIRE(d5040);
    CHECK(d5040->splitExchange);
    CHECK(d5040->workGroupSize == 128);
    CHECK(d5040->firstPassShares == 3);
    // fp32: the odd radices first, largest first, so the first pass has 240 butterflies, a
    // work-item each.
    const auto f1680 = fft::localFftShape(1680, ir::ScalarKind::Float);
    REQUIRE(f1680);
    CHECK(f1680->radices == std::vector<std::int64_t>{7, 5, 3, 16});
    CHECK(f1680->workGroupSize == 240);
    CHECK(fft::localFftShape(6000, ir::ScalarKind::Float)->radices == std::vector<std::int64_t>{5, 5, 5, 3, 16});
    // Even sizes in one unpadded array: the power of two last too, as one radix or the bits over 16
    // then a 16; not where the points go by components (7000, 10080) nor odd sizes.
    CHECK(f3000->radices == std::vector<std::int64_t>{5, 5, 5, 3, 8});
    CHECK(fft::localFftShape(2016, ir::ScalarKind::Float)->radices == std::vector<std::int64_t>{7, 3, 3, 2, 16});
    CHECK(fft::localFftShape(7000, ir::ScalarKind::Float)->radices.front() == 8);
    CHECK(fft::localFftShape(3000, ir::ScalarKind::Double)->radices.front() == 8);
    CHECK(fft::localFftShape(4096, ir::ScalarKind::Float)->radices.front() == 16);
    const auto d4096 = fft::localFftShape(4096, ir::ScalarKind::Double);
    REQUIRE(d4096);
    CHECK(d4096->splitExchange);
    CHECK(d4096->workGroupSize == 256);  // a work-item per first-pass butterfly
    const auto f8192 = fft::localFftShape(8192, ir::ScalarKind::Float);
    REQUIRE(f8192);
    CHECK(f8192->workGroupSize == 256);
    // By components: radix-16 passes, the bits left as one last pass.
    CHECK(f8192->radices == std::vector<std::int64_t>{16, 16, 16, 2});
    CHECK(d4096->radices == std::vector<std::int64_t>{16, 16, 16});
    auto r = request(3000, 3, false);
    r.method = "local";
    CHECK(itemsOf(fft::planFft(r)) == 256);
    struct Case {
        std::int64_t n, items, expected;
        bool f64;
    };
    // Quick mode (the sanitizer pass): two of the cases, forward only.
    const std::vector<Case> cases = liftcl::testing::fullOrQuick<std::vector<Case>>(
        {{3000, 128, 128, false}, {3000, 1000, 600, false}, {6000, 192, 192, false}, {4096, 256, 256, true},
         {1680, 64, 64, true}, {3000, 0, 128, true}},
        {{3000, 1000, 600, false}, {1680, 64, 64, true}});
    for (const Case& c : cases) {
        for (const bool inverse : liftcl::testing::fullOrQuick<std::vector<bool>>({false, true}, {false})) {
            auto q = request(c.n, 3, c.f64);
            q.method = "local";
            q.localItemsPerTransform = c.items;
            q.direction = inverse ? rt::FftDirection::Inverse : rt::FftDirection::Forward;
            INFO("n = " << c.n << (c.f64 ? " fp64" : " fp32") << " items=" << c.items << (inverse ? " inverse" : ""));
            if (!inverse) CHECK(itemsOf(fft::planFft(q)) == c.expected);
            if (c.f64) CHECK(planError<double>(q) < 1e-13);
            else CHECK(planError<float>(q) < 2e-6);
        }
    }
    auto tooMany = request(3000, 3, false);
    tooMany.method = "local";
    tooMany.localItemsPerTransform = 2000;
    CHECK_THROWS_WITH_AS(fft::planFft(tooMany), doctest::Contains("2000 work-items per transform"), Error);
    auto otherMethod = request(3000, 3, false);
    otherMethod.method = "stockham";
    otherMethod.localItemsPerTransform = 128;
    CHECK_THROWS_WITH_AS(fft::planFft(otherMethod), doctest::Contains("apply to method local (or auto) only"), Error);
}

// The twiddle tables are table arguments the host computed (omega in long double,
// CodegenOptions::localTablesFromHost), not the generator called in every work-group: each table's
// bytes are omega_{Lp}^{(i mod L) (i div L)} in the kernel's precision; fp64 kernels copy them to
// __local (unless their points fill it as components: 4096, and mixed sizes from 720 such as 1680),
// fp32 kernels read them in global memory
// (CodegenOptions::generatorTablesInGlobal).
TEST_CASE("local kernels read their twiddles from the host's tables") {
    struct Case {
        std::int64_t n;
        bool f64;
        std::vector<std::pair<std::int64_t, std::int64_t>> tables;  // (L, p) of each pass after the first
        bool copied;  // to __local (fp64 unless its points fill local memory as components)
    };
    for (const Case& c : {Case{3000, false, {{5, 5}, {25, 5}, {125, 3}}, false}, Case{1680, true, {{16, 3}, {48, 5}}, false},
                          Case{4096, false, {{16, 8}, {128, 8}}, false}, Case{4096, true, {{16, 16}, {256, 16}}, false}}) {
        INFO("n = " << c.n << (c.f64 ? " fp64" : " fp32"));
        const auto plan = fft::planFft(request(c.n, 2, c.f64));
        REQUIRE(plan.kernels.size() == 1);
        const auto meta = rt::parseKernelMetadata(plan.kernels.front().metadata, plan.kernels.front().name);
        std::vector<const rt::KernelArg*> tables;
        for (const auto& arg : meta.args)
            if (arg.kind == rt::ArgKind::Table) tables.push_back(&arg);
        REQUIRE(tables.size() >= c.tables.size());
        const std::string& source = plan.kernels.front().source;
        CHECK(source.find("] = genTwiddle(") == std::string::npos);  // no table computed on the device
        for (std::size_t t = 0; t < c.tables.size(); ++t) {
            const auto [L, p] = c.tables[t];
            const rt::KernelArg& arg = *tables[t];
            CHECK((source.find("[i] = " + arg.name + "[i];") != std::string::npos) == c.copied);
            CHECK(source.find(arg.name + "[") != std::string::npos);
            const std::size_t real = c.f64 ? 8 : 4;
            REQUIRE(arg.data.size() == static_cast<std::size_t>(L * p) * 2 * real);
            double worst = 0;
            for (std::int64_t i = 0; i < L * p; ++i) {
                double re = 0, im = 0;
                if (c.f64) {
                    std::memcpy(&re, &arg.data[static_cast<std::size_t>(i) * 16], 8);
                    std::memcpy(&im, &arg.data[static_cast<std::size_t>(i) * 16 + 8], 8);
                } else {
                    float fr = 0, fi = 0;
                    std::memcpy(&fr, &arg.data[static_cast<std::size_t>(i) * 8], 4);
                    std::memcpy(&fi, &arg.data[static_cast<std::size_t>(i) * 8 + 4], 4);
                    re = fr, im = fi;
                }
                const long double angle = -2.0L * 3.141592653589793238462643383279502884L *
                                          static_cast<long double>((i % L) * (i / L)) / static_cast<long double>(L * p);
                worst = std::max({worst, std::abs(re - static_cast<double>(std::cos(angle))),
                                  std::abs(im - static_cast<double>(std::sin(angle)))});
            }
            CHECK(worst < (c.f64 ? 2e-16 : 1e-7));
        }
    }
}

TEST_CASE("local plans equal FFTW: fp64 and fp32, forward, inverse, scaled, odd batches") {
    for (std::int64_t n : liftcl::testing::fullOrQuick<std::vector<std::int64_t>>(
             {2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048}, {2, 32, 512, 2048})) {
        // Quick mode (tests/support/quick_mode.hpp): the odd batch only.
        for (std::int64_t batch : liftcl::testing::quickMode() ? std::vector<std::int64_t>{7}
                                                               : std::vector<std::int64_t>{1, 7}) {
            for (int variant = 0; variant < 3; ++variant) {
                auto r = request(n, batch, false);
                r.method = "local";
                r.direction = variant ? rt::FftDirection::Inverse : rt::FftDirection::Forward;
                r.scale = variant == 2;
                INFO("n = " << n << " batch " << batch << " variant " << variant);
                CHECK(planError<float>(r) < 2e-6);
                if (n <= 1024) {
                    r.precision = ir::ScalarKind::Double;
                    CHECK(planError<double>(r) < 1e-13);
                }
            }
        }
    }
}

TEST_CASE("local plans of mixed sizes 2^a 3^b 5^c 7^d equal FFTW: forward, inverse, in and out of place") {
    // Quick mode: a sample of the sizes.
    const std::vector<std::int64_t> sizes = liftcl::testing::quickMode()
                                                ? std::vector<std::int64_t>{6, 105, 1680}
                                                : std::vector<std::int64_t>{3, 6, 7, 12, 20, 60, 105, 210, 1680, 3000};
    for (std::int64_t n : sizes) {
        for (int variant = 0; variant < 3; ++variant) {
            auto r = request(n, variant == 1 ? 6 : 5, false);
            r.method = "local";
            r.direction = variant ? rt::FftDirection::Inverse : rt::FftDirection::Forward;
            r.scale = variant == 2;
            r.inPlace = variant == 1;
            INFO("n = " << n << " variant " << variant);
            CHECK(fft::planFft(r).kernels.size() == 1);
            CHECK(planError<float>(r) < 2e-6);
            if (n * 16 * 2 <= 48 * 1024) {
                r.precision = ir::ScalarKind::Double;
                CHECK(planError<double>(r) < 1e-13);
            }
        }
    }
}

TEST_CASE("small transforms share a work-group: (n/p, T) work-items, T dividing the batch; equal FFTW") {
    for (std::int64_t n : liftcl::testing::fullOrQuick<std::vector<std::int64_t>>(
             {2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048}, {4, 64, 1024})) {
        for (std::int64_t batch : {64, 12}) {
            const bool f64 = n <= 1024 && batch == 64;
            auto r = request(n, batch, f64);
            r.method = "local";
            r.direction = batch == 12 ? rt::FftDirection::Inverse : rt::FftDirection::Forward;
            r.inPlace = batch == 12;
            const bool inverse = batch == 12;
            fft::LocalFftLimits limits;  // as the method plans: __local twiddle tables beside the data
            limits.twiddleTables = true;
            const auto shape = fft::localFftShape(n, r.precision, {}, limits, batch, inverse);
            REQUIRE(shape);
            // An inverse transform's conjugations are maps over all n points.
            const std::int64_t butterflies = n / shape->radices.front();
            const std::int64_t itemsPerTransform = inverse ? n : butterflies;
            INFO("n = " << n << " batch " << batch << " T = " << shape->transformsPerGroup);
            CHECK(batch % shape->transformsPerGroup == 0);
            CHECK(shape->workGroupSize == butterflies * shape->transformsPerGroup);
            if (shape->transformsPerGroup > 1)
                CHECK(itemsPerTransform * shape->transformsPerGroup <= fft::LocalFftLimits{}.targetWorkGroupSize);
            const auto single = fft::localFftShape(n, r.precision, {}, limits);  // one transform's local memory
            if (itemsPerTransform * 4 <= fft::LocalFftLimits{}.targetWorkGroupSize &&
                single->localBytes * 4 <= fft::LocalFftLimits{}.localMemoryBytes)
                CHECK(shape->transformsPerGroup >= 4);
            const auto plan = fft::planFft(r);
            REQUIRE(plan.kernels.size() == 1);
            const auto meta = rt::parseKernelMetadata(plan.kernels.front().metadata, plan.kernels.front().name);
            REQUIRE(meta.ndrange.local);
            const std::int64_t local0 = meta.ndrange.local->at(0).evaluate({});
            CHECK(local0 == std::min(itemsPerTransform, shape->workGroupSize));
            if (shape->transformsPerGroup > 1) CHECK(meta.ndrange.local->at(1).evaluate({}) == shape->transformsPerGroup);
            if (shape->transformsPerGroup > 1)
                CHECK(local0 * shape->transformsPerGroup <= fft::LocalFftLimits{}.targetWorkGroupSize);
            if (f64) CHECK(planError<double>(r) < 1e-13);
            else CHECK(planError<float>(r) < 2e-6);
        }
    }
    // The kernel's __local arrays are the shape's, padded: one element after every 128 bytes; one
    // array written in place (the local method prefers it), two ping-pong arrays without preferInPlace.
    const auto padded = fft::localFftShape(256, ir::ScalarKind::Float, {}, fft::localMethodLimits(), 8);
    REQUIRE(padded);
    CHECK(padded->localPaddingEvery == 16);
    const std::int64_t elements = padded->transformsPerGroup * 256;
    CHECK(padded->inPlace);
    CHECK(padded->localBytes == 8 * (elements + (elements - 1) / 16));
    const auto paddedPlan = fft::planFft(request(256, 8, false));
    const std::string& paddedSource = paddedPlan.kernels.front().source;
    CHECK(paddedSource.find("local complex ltmp_0[" + std::to_string(elements + (elements - 1) / 16) + "]") !=
          std::string::npos);
    CHECK(paddedSource.find("local complex ltmp_1[") == std::string::npos);
    const auto pingPong = fft::localFftShape(256, ir::ScalarKind::Float, {}, {}, 8);
    REQUIRE(pingPong);
    CHECK_FALSE(pingPong->inPlace);  // radices 8, 8, 4: two ping-pong arrays fit
    CHECK(pingPong->localBytes == 2 * 8 * (pingPong->transformsPerGroup * 256 + (pingPong->transformsPerGroup * 256 - 1) / 16));
    fft::LocalFftLimits unpadded;
    unpadded.padLocalArrays = false;
    CHECK(fft::localFftShape(256, ir::ScalarKind::Float, {}, unpadded, 8)->localPaddingEvery == 0);
    // Left open, the measured rule: fp32 mixed sizes with a power-of-two factor below 64 unpadded
    // (3000: one array of 24000 bytes written in place, or two ping-pong ones without preferInPlace),
    // 640 = 2^7 5 and fp64 padded.
    const auto mixed = fft::localFftShape(3000, ir::ScalarKind::Float, {}, fft::localMethodLimits(), 2);
    REQUIRE(mixed);
    CHECK(mixed->localPaddingEvery == 0);
    CHECK(mixed->localBytes == 3000 * 8);
    CHECK(fft::localFftShape(3000, ir::ScalarKind::Float, {}, {}, 2)->localBytes == 2 * 3000 * 8);
    CHECK(fft::localFftShape(640, ir::ScalarKind::Float, {}, {}, 2)->localPaddingEvery == 16);
    CHECK(fft::localFftShape(1680, ir::ScalarKind::Double, {}, {}, 2)->localPaddingEvery == 8);
    fft::LocalFftLimits oneTransform;
    oneTransform.targetWorkGroupSize = 1;
    CHECK(fft::localFftShape(16, ir::ScalarKind::Float, {}, oneTransform, 64)->transformsPerGroup == 1);
    // An odd batch: its largest divisor that fits (7 transforms of 16 points, 28 work-items)
    CHECK(fft::localFftShape(16, ir::ScalarKind::Float, {}, {}, 7)->transformsPerGroup == 7);
}

TEST_CASE("a batch with few factors of two groups its largest divisor that fits, not one transform a group") {
    // (batch, n): odd batches whose powers of two would leave one transform per work-group
    for (const auto& entry : std::vector<std::pair<std::int64_t, std::int64_t>>{{1001, 8}, {3 * 97, 16}, {2 * 127, 4}}) {
        const auto& batch = std::get<0>(entry);
        const auto& n = std::get<1>(entry);
        auto r = request(n, batch, batch % 2 == 1);
        r.method = "local";
        fft::LocalFftLimits limits;
        limits.twiddleTables = true;
        const auto shape = fft::localFftShape(n, r.precision, {}, limits, batch, false);
        REQUIRE(shape);
        INFO("n = " << n << " batch " << batch << " T = " << shape->transformsPerGroup);
        CHECK(batch % shape->transformsPerGroup == 0);
        CHECK(shape->transformsPerGroup > 2);
        CHECK(shape->workGroupSize <= limits.targetWorkGroupSize);
        if (r.precision == ir::ScalarKind::Double) CHECK(planError<double>(r) < 1e-13);
        else CHECK(planError<float>(r) < 2e-6);
    }
}

TEST_CASE("local plans in place and out of place on device buffers; the input survives out of place") {
    auto& dev = testing::DeviceFixture::get();
    for (std::int64_t n : {8, 256}) {
        const std::int64_t batch = 5;
        rt::FftPlan plan(dev.cache, dev.context, fft::planFft(request(n, batch)));
        REQUIRE(plan.description().method == "local");
        INFO("n = " << n);
        testing::checkOutOfPlaceThenInPlace(plan, n, batch, 13);
    }
}

TEST_CASE("local kernels read no __constant twiddle table: DFT_p folded, twiddles from the host's tables") {
    for (const bool f64 : {false, true}) {
        const auto plan = fft::planFft(request(1024, 4, f64));
        REQUIRE(plan.kernels.size() == 1);
        const std::string& source = plan.kernels.front().source;
        CHECK(source.find("__constant") == std::string::npos);
        // Every pass's table read in global memory, in fp64 as in fp32: none copied to __local.
        CHECK(source.find("cmul(gtab_") != std::string::npos);
        CHECK(source.find("ltab_") == std::string::npos);
        CHECK(source.find("genTwiddle(") == std::string::npos);
    }
}

// dft-factor: the butterflies are radix-4/2 layers. A dense DFT_p product sums p terms into each
// accumulator and multiplies by its entries; a layer of radix 2 sums two (one cadd per output),
// and the only constant products left are the (+-1 +- i)/sqrt2 ones, folded to scalings.
TEST_CASE("local kernels hold no dense DFT_p product: every butterfly output sums two terms, no constant cmul") {
    for (bool f64 : {false, true}) {
        const auto plan = fft::planFft(request(256, 4, f64));  // radices 8, 8, 4
        REQUIRE(plan.kernels.size() == 1);
        const std::string& source = plan.kernels.front().source;
        std::map<std::string, int> sums;  // accumulator -> cadd calls into it
        for (std::size_t at = source.find(" = cadd(acc_"); at != std::string::npos; at = source.find(" = cadd(acc_", at + 1)) {
            const std::size_t start = source.rfind(' ', at - 1) + 1;
            ++sums[source.substr(start, at - start)];
        }
        REQUIRE(sums.size() > 0);
        for (const auto& entry : sums) {
            const auto& acc = std::get<0>(entry);
            const auto& count = std::get<1>(entry);
            INFO(acc);
            CHECK(count == 1);
        }
        CHECK(source.find("cmul((complex)(") == std::string::npos);  // constants are folded
        CHECK(source.find("0.7071067") != std::string::npos);        // the radix-8 layer's (1-i)/sqrt2
    }
}

// dft-pairs: an odd butterfly (radix 3, 5, 7) takes its inputs in symmetric pairs x_j +- x_{p-j}:
// each output sums x_0 and (p-1)/2 pair terms (cpairmul), where the dense product summed p terms
// and multiplied by constants; the row of X_0 (w = 1) folds to plain sums.
TEST_CASE("odd butterflies of a local kernel are in symmetric pairs: no constant cmul, (p-1)/2 terms per output") {
    for (bool f64 : {false, true}) {
        const auto plan = fft::planFft(request(1680, 2, f64));  // radices 16, 3, 5, 7 (fp32: 7, 5, 3, 16)
        REQUIRE(plan.kernels.size() == 1);
        const std::string& source = plan.kernels.front().source;
        // No product by a constant of DFT_3, DFT_5 or DFT_7 (cosines -0.5; 0.309, -0.809; 0.623,
        // -0.222, -0.901); radix 16's twiddles (0.924, 0.383) stay.
        for (const char* cosine : {"-0.5", "0.3090", "-0.8090", "0.6234", "-0.2225", "-0.9009"}) {
            INFO(cosine);
            CHECK(source.find(std::string("cmul((complex)(") + cosine) == std::string::npos);
        }
        CHECK(source.find("cpairmul((complex)(") != std::string::npos);
        CHECK(source.find("cpairmul((complex)(1.0") == std::string::npos);  // folded
        std::map<std::string, int> sums;  // accumulator -> cadd calls into it
        for (std::size_t at = source.find(" = cadd(acc_"); at != std::string::npos; at = source.find(" = cadd(acc_", at + 1)) {
            const std::size_t start = source.rfind(' ', at - 1) + 1;
            ++sums[source.substr(start, at - start)];
        }
        std::set<int> counts;
        for (const auto& [acc, count] : sums) counts.insert(count);
        // radix 16 as radix-4/2 layers: 1 per output; radix 3: 1, radix 5: 2, radix 7: 3
        CHECK(counts == std::set<int>{1, 2, 3});
    }
}

// The passes write in place into ONE __local array (codegen's localInPlace: reads, barrier,
// writes), so sizes whose two ping-pong arrays did not fit 48 KiB are one kernel: 4096 fp32 and
// 2048 fp64 (32 KiB), 5040 and 6000 fp32, 1680 and 3000 fp64 (26-47 KiB).
// A size and its precision.
struct Case {
    std::int64_t n;
    bool f64;
};

template <class Real>
double poisonedPlanError(const fft::FftRequest& r) {
    auto& dev = testing::DeviceFixture::get();
    rt::FftPlan plan(dev.cache, dev.context, fft::planFft(r));
    const auto x = testing::randomBatch(r.n, r.batch, 17);
    const auto expected = fft::fftwReference(x, r.n, r.batch, r.direction, r.scale);
    const std::size_t bytes = plan.description().bufferBytes();
    rt::Buffer in(dev.context, bytes), out(dev.context, bytes);
    in.write(dev.queue, testing::toPrecision<Real>(x));
    const unsigned char poison = 0xff;  // NaN in every element a kernel forgets to write
    out.fillBytes(dev.queue, &poison, 1, bytes);
    plan.execute(dev.queue, in, out);
    dev.queue.finish();
    const auto y = out.read<std::complex<Real>>(dev.queue);
    return fft::relativeL2Error(std::vector<std::complex<double>>(y.begin(), y.end()), expected);
}

TEST_CASE("local: one kernel writing its passes in place for 4096 fp32, 2048 fp64 and mixed 5040, 6000 fp32") {
    // Quick mode: one power of two and one mixed size. (fp64 mixed sizes whose array fits only
    // unpadded go by components: the next test case.)
    const std::vector<Case> cases = liftcl::testing::quickMode()
                                        ? std::vector<Case>{{4096, false}, {5040, false}}
                                        : std::vector<Case>{{4096, false}, {2048, true}, {5040, false}, {6000, false}};
    for (const auto& c : cases) {
        for (bool inverse : {false, true}) {
            auto r = request(c.n, 2, c.f64);
            r.method = "local";  // auto prefers two hierarchical passes where the group is capped
            r.direction = inverse ? rt::FftDirection::Inverse : rt::FftDirection::Forward;
            INFO("n = " << c.n << (c.f64 ? " fp64" : " fp32") << (inverse ? " inverse" : " forward"));
            fft::LocalFftLimits limits;  // as the method plans: __local twiddle tables beside the data
            limits.twiddleTables = true;
            const auto shape = fft::localFftShape(c.n, r.precision, {}, limits, r.batch, inverse);
            REQUIRE(shape);
            CHECK(shape->inPlace);
            const auto plan = fft::planFft(r);
            CHECK(plan.method == "local");
            REQUIRE(plan.kernels.size() == 1);
            const auto& kernel = plan.kernels.front();
            // One __local data array (ltab_ are twiddle tables), the kernel's local size fixed.
            CHECK(kernel.source.find("local complex ltmp_0[") != std::string::npos);
            CHECK(kernel.source.find("local complex ltmp_1[") == std::string::npos);
            CHECK(kernel.source.find("reqd_work_group_size") != std::string::npos);
            const auto meta = rt::parseKernelMetadata(kernel.metadata, kernel.name);
            CHECK(meta.ndrange.localFixed);
            const std::int64_t localBytes = meta.localBytes.evaluate({});
            CHECK(localBytes <= fft::LocalFftLimits{}.localMemoryBytes);
            CHECK(localBytes <= shape->localBytes);
            if (c.f64) CHECK(poisonedPlanError<double>(r) < 1e-13);
            else CHECK(poisonedPlanError<float>(r) < 5e-6);
        }
    }
}

// Where one array of the points does not fit 48 KiB but their components do, the passes hand
// their points on through one __local array of reals, real parts then imaginary parts (codegen's
// localSplitExchange): 8192 fp32 and 4096 fp64 (32 KiB), 5040 fp64 (45 KiB), 7000 fp32 (31 KiB);
// and fp64 even mixed sizes whose one array would fit only unpadded (3000: their points private,
// measured faster).
TEST_CASE("local: one kernel exchanging real, then imaginary parts for 8192 fp32, 4096 fp64, 5040, 3000 fp64, 7000 fp32") {
    const std::vector<Case> cases = liftcl::testing::quickMode()
                                        ? std::vector<Case>{{8192, false}, {5040, true}}
                                        : std::vector<Case>{{8192, false}, {4096, true}, {5040, true},
                                                            {7000, false}, {3000, true}};
    for (const auto& c : cases) {
        for (bool inverse : {false, true}) {
            auto r = request(c.n, 2, c.f64);
            r.direction = inverse ? rt::FftDirection::Inverse : rt::FftDirection::Forward;
            const bool powerOfTwo = (c.n & (c.n - 1)) == 0;
            INFO("n = " << c.n << (c.f64 ? " fp64" : " fp32") << (inverse ? " inverse" : " forward"));
            const auto plan = fft::planFft(r);
            CHECK(plan.method == "local");
            // Powers of two: the fewest passes (each exchange costs four barriers), radix 16 first.
            if (powerOfTwo)
                CHECK(plan.radices == (c.n == 8192 ? std::vector<std::int64_t>{16, 16, 16, 2}
                                                   : std::vector<std::int64_t>{16, 16, 16}));
            REQUIRE(plan.kernels.size() == 1);
            const auto& kernel = plan.kernels.front();
            CHECK(kernel.source.find("local real ltmp_0[") != std::string::npos);
            CHECK(kernel.source.find("local complex ltmp_") == std::string::npos);
            const auto meta = rt::parseKernelMetadata(kernel.metadata, kernel.name);
            CHECK(meta.ndrange.localFixed);
            CHECK(meta.localBytes.evaluate({}) <= fft::LocalFftLimits{}.localMemoryBytes);
            if (c.f64) CHECK(poisonedPlanError<double>(r) < 1e-13);
            else CHECK(poisonedPlanError<float>(r) < 5e-6);
        }
    }
}

TEST_CASE("one transform per work-group: local kernels run one mapWrg trip, never capped to fewer groups") {
    // CodegenOptions::workGroupPerIteration: no loop over the batch whose invariants (the __local
    // addresses of every share) the compiler would keep in registers. So the metadata does not
    // offer persistent groups, and LIFTCL_PERSISTENT_GROUPS (which caps the groups of kernels that
    // loop) leaves these launches whole: every transform of the batch is still computed.
    for (bool f64 : {false, true}) {
        auto r = request(f64 ? 1680 : 4096, 7, f64);
        const auto plan = fft::planFft(r);
        REQUIRE(plan.kernels.size() == 1);
        const auto ndrange = rt::parseKernelMetadata(plan.kernels.front().metadata, plan.kernels.front().name).ndrange;
        CHECK(!ndrange.persistentGroups);
        CHECK(ndrange.globalRequired);
        CHECK(plan.kernels.front().source.find("one iteration per work-group") != std::string::npos);
        for (const char* groups : {"1", "3"}) {
            liftcl::testing::ScopedEnv cap("LIFTCL_PERSISTENT_GROUPS", groups);
            INFO((f64 ? "1680 fp64" : "4096 fp32") << " with LIFTCL_PERSISTENT_GROUPS=" << groups);
            if (f64) CHECK(poisonedPlanError<double>(r) < 1e-13);
            else CHECK(poisonedPlanError<float>(r) < 5e-6);
        }
    }
}

TEST_CASE("in place: a one-kernel local plan runs its kernel on the one buffer, no temporary, no copy; equal FFTW") {
    auto& dev = testing::DeviceFixture::get();
    struct InPlaceCase {
        std::int64_t n, batch;
        bool f64;
        rt::FftDirection direction;
    };
    // One array, several transforms per work-group, by components, in rounds of index ranges (16384
    // fp32), fp64 mixed by components, an inverse (its conjugations shares of n / work-items).
    const std::vector<InPlaceCase> cases = {{1024, 3, false, rt::FftDirection::Forward},
                                            {16, 37, true, rt::FftDirection::Inverse},
                                            {8192, 2, false, rt::FftDirection::Inverse},
                                            {16384, 2, false, rt::FftDirection::Forward},
                                            {1680, 3, true, rt::FftDirection::Forward},
                                            {3000, 2, false, rt::FftDirection::Inverse}};
    for (const auto& c : cases) {
        CAPTURE(c.n);
        CAPTURE(c.f64);
        auto r = request(c.n, c.batch, c.f64);
        r.direction = c.direction;
        r.inPlace = true;
        const rt::FftPlanDescription description = fft::planFft(r);
        REQUIRE(description.method == "local");
        REQUIRE(description.steps.size() == 1);
        CHECK(description.steps[0].inPlace);
        // Its data input may alias its output: no `restrict` on it (the tables keep theirs).
        CHECK(description.kernels[0].source.find("* restrict " + description.steps[0].inputArg + ",") == std::string::npos);
        // plan.json keeps the step's flag.
        const testing::TempDir dir;
        rt::writeFftPlanDirectory(description, dir.path());
        CHECK(rt::loadFftPlanDirectory(dir.path()).steps[0].inPlace);

        rt::FftPlan plan(dev.cache, dev.context, description);
        const auto x = testing::randomBatch(c.n, c.batch, 23);
        const auto expected = fft::fftwReference(x, c.n, c.batch, c.direction, false);
        rt::Buffer data(dev.context, description.bufferBytes());
        std::vector<std::complex<double>> y;
        rt::FftExecution e;
        if (c.f64) {
            data.write(dev.queue, x);
            e = plan.execute(dev.queue, data);
            y = data.read<std::complex<double>>(dev.queue);
        } else {
            data.write(dev.queue, testing::toPrecision<float>(x));
            e = plan.execute(dev.queue, data);
            const auto yf = data.read<std::complex<float>>(dev.queue);
            y.assign(yf.begin(), yf.end());
        }
        REQUIRE(e.kernels.size() == 1);
        CHECK(e.last.get() == e.kernels[0].get());  // no copy after the kernel
        CHECK(fft::relativeL2Error(y, expected) < (c.f64 ? 1e-13 : 2e-6));
    }
    // A Rader kernel reads x[0] again while it writes: its in-place plan keeps the temporary.
    auto rader = request(257, 2, false);
    rader.inPlace = true;
    const rt::FftPlanDescription raderPlan = fft::planFft(rader);
    REQUIRE(raderPlan.method == "rader");
    CHECK_FALSE(raderPlan.steps[0].inPlace);
    // Out of place, the same local kernel keeps `restrict`.
    const rt::FftPlanDescription outOfPlace = fft::planFft(request(1024, 3, false));
    CHECK_FALSE(outOfPlace.steps[0].inPlace);
    CHECK(outOfPlace.kernels[0].source.find("* restrict " + outOfPlace.steps[0].inputArg + ",") != std::string::npos);
}

// A device with less local memory than the 48 KiB the methods plan for (FftRequest::localMemoryBytes,
// the device's when a plan runs): the local kernels and the hierarchical tiles fit it, and the
// plans still equal FFTW (PoCL's 1 MiB would take anything: the metadata's local_bytes is checked).
// More than 48 KiB plans as 48 KiB: the same kernels.
TEST_CASE("1D plans fit a device's smaller local memory") {
    const std::int64_t budget = 32 * 1024;
    struct Case {
        std::int64_t n;
        bool f64;
    };
    // (Quick mode: one size of each kind; the sanitizer pass spent 129 s on this test.)
    for (const Case c : liftcl::testing::fullOrQuick<std::vector<Case>>(
             {Case{4096, false}, Case{16384, false}, Case{8192, true}, Case{1680, false}, Case{5040, true},
              Case{65536, false}, Case{65536, true}},
             {Case{16384, false}, Case{5040, true}, Case{65536, false}})) {
        INFO("n = " << c.n << (c.f64 ? " fp64" : " fp32"));
        auto r = request(c.n, 2, c.f64);
        r.localMemoryBytes = budget;
        const auto plan = fft::planFft(r);
        for (const auto& k : plan.kernels) CHECK(rt::parseKernelMetadata(k.metadata, k.name).localBytes.evaluate({}) <= budget);
        if (c.f64) CHECK(planError<double>(r) < 1e-14);
        else CHECK(planError<float>(r) < 1e-6);
    }
    // 65536 fp32 takes 32 KiB tiles where 48 KiB are there: with 32 KiB, tiles of 16.
    auto tiles = request(65536, 2, false);
    const auto defaultPlan = fft::planFft(tiles);
    CHECK(rt::parseKernelMetadata(defaultPlan.kernels[0].metadata, "pass").localBytes.evaluate({}) > budget);
    for (const std::int64_t large : {std::int64_t{48 * 1024}, std::int64_t{1} << 20}) {
        for (const std::int64_t n : liftcl::testing::fullOrQuick<std::vector<std::int64_t>>({4096, 65536}, {65536})) {
            auto r = request(n, 2, false);
            const auto plain = fft::planFft(r);
            r.localMemoryBytes = large;
            const auto withDevice = fft::planFft(r);
            REQUIRE(withDevice.kernels.size() == plain.kernels.size());
            for (std::size_t i = 0; i < plain.kernels.size(); ++i) CHECK(withDevice.kernels[i].source == plain.kernels[i].source);
        }
    }
}
