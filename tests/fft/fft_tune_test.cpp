// The plan space of liftcl fft --tune: radix factorizations, structural variants from the method
// registry, variant text, and work-group sizes applied to a plan that still computes the FFT (vs
// FFTW). The CLI side is tests/fft/fft_tune_cli_test.cpp.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <numeric>
#include <optional>
#include <utility>

#include "fft/fft_method.hpp"
#include "fft/fft_variant.hpp"
#include "fft/fft_variant_space.hpp"
#include "fft/local_method.hpp"
#include "fft/radix_factorization.hpp"
#include "fft_test_support.hpp"
#include "ir/error.hpp"
#include "runtime/kernel_metadata.hpp"

using namespace liftcl;

TEST_CASE("radixFactorizations: supported radices, product n, largest first, bounded passes, no repeats") {
    for (const std::int64_t n : {16, 64, 360, 1680, 4096}) {
        const std::size_t maxPasses = fft::chooseRadices(n).size() + 1;
        const auto all = fft::radixFactorizations(n, maxPasses);
        INFO("n=" << n);
        CHECK(!all.empty());
        auto chosen = fft::chooseRadices(n);
        std::sort(chosen.rbegin(), chosen.rend());
        CHECK(std::find(all.begin(), all.end(), chosen) != all.end());  // the default is among them
        for (const auto& f : all) {
            CHECK(std::accumulate(f.begin(), f.end(), std::int64_t{1}, std::multiplies<>()) == n);
            CHECK(f.size() <= maxPasses);
            CHECK(std::is_sorted(f.rbegin(), f.rend()));
            for (const auto r : f)
                CHECK(std::find(fft::supportedRadices().begin(), fft::supportedRadices().end(), r) !=
                      fft::supportedRadices().end());
        }
        auto sorted = all;
        std::sort(sorted.begin(), sorted.end());
        CHECK(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end());
    }
    // 16 in at most two passes: exactly 16, 8*2 and 4*4.
    CHECK(fft::radixFactorizations(16, 2) == std::vector<std::vector<std::int64_t>>{{16}, {8, 2}, {4, 4}});
}

TEST_CASE("structural variants: concrete methods of the registry only, each with every twiddle mode") {
    const auto variants = fft::structuralVariants(testing::request(64, 2));
    CHECK(!variants.empty());
    for (const auto& v : variants) {
        CHECK(v.method != "auto");  // a choosing method is never tuned itself
        CHECK(&fft::findMethod(v.method) != nullptr);
        CHECK(!v.local);
    }
    CHECK(std::count_if(variants.begin(), variants.end(), [](const auto& v) { return v.method == "stockham"; }) > 3);
}

// Mixed sizes: the hierarchical method's radices in other tiles (bytes, columns) are variants of
// their own (which tile wins depends on the size), carried into the request and the variant's text.
TEST_CASE("structural variants: hierarchical tiles where they change the radices or the tile widths") {
    auto base = testing::request(15120, 2, true);
    const auto variants = fft::structuralVariants(base);
    std::vector<std::pair<std::int64_t, std::int64_t>> tiles;  // (bytes, columns)
    for (const auto& v : variants)
        if ((v.tileBytes > 0 || v.tileWidth > 0) && !v.powerOfTwoTiles) {  // (widths=pow2: the test below)
            CHECK(v.method == "hierarchical");
            CHECK(v.radices.empty());
            tiles.emplace_back(v.tileBytes, v.tileWidth);
        }
    // fp64 mixed sizes default to 32 KiB tiles of up to 16 columns: no variant repeats that; 16 KiB
    // tiles (at most 7 columns of 140 or 108 fp64 points: the former default's shapes) are one, and
    // once only (16 KiB, or 32 KiB, of at most 8 columns plans the same tiles).
    CHECK(std::count(tiles.begin(), tiles.end(), std::pair<std::int64_t, std::int64_t>{32 * 1024, 0}) == 0);
    CHECK(std::count(tiles.begin(), tiles.end(), std::pair<std::int64_t, std::int64_t>{32 * 1024, 16}) == 0);
    CHECK(std::count(tiles.begin(), tiles.end(), std::pair<std::int64_t, std::int64_t>{16 * 1024, 0}) == 1);
    CHECK(std::count(tiles.begin(), tiles.end(), std::pair<std::int64_t, std::int64_t>{16 * 1024, 8}) == 0);
    fft::FftVariant v{"hierarchical", {}, codegen::TwiddleMode::Table, std::nullopt};
    v.tileBytes = 32 * 1024;
    CHECK(fft::requestFor(base, v).hierarchicalTileBytes == 32 * 1024);
    CHECK(fft::planVariant(base, v).radices == std::vector<std::int64_t>{140, 108});
    v.tileWidth = 16;
    CHECK(fft::requestFor(base, v).hierarchicalMaxTileWidth == 16);
    const auto back = fft::FftVariant::parse(v.text());
    CHECK(back.tileBytes == 32 * 1024);
    CHECK(back.tileWidth == 16);
    CHECK(v.text() == "method=hierarchical radices=default twiddles=table local=default tile=32768 width=16");
    // Powers of two already default to 32 KiB tiles of 8 columns: no variant repeats that.
    for (const auto& w : fft::structuralVariants(testing::request(1 << 16, 2, true)))
        CHECK(!(w.tileBytes == 32 * 1024 && w.tileWidth == 0));
}

// The local method with fewer work-items per transform: a variant per distinct work-group size
// below the default, carried into the request, the plan's local size and the variant's text.
TEST_CASE("structural variants: the local method's work-items per transform") {
    auto base = testing::request(3000, 2, false);
    std::vector<std::int64_t> items;
    for (const auto& v : fft::structuralVariants(base))
        if (v.items > 0) {
            CHECK(v.method == "local");
            CHECK(v.radices.empty());
            items.push_back(v.items);
        }
    // 256 is the default; 64 items put two transforms in a work-group of 128 (their one array of
    // 2 x 3000 points fits 48 KiB), the size 128 items give already.
    CHECK(items == std::vector<std::int64_t>{192, 128});
    fft::FftVariant v{"local", {}, codegen::TwiddleMode::Table, std::nullopt};
    v.items = 128;
    CHECK(v.text() == "method=local radices=default twiddles=table local=default items=128");
    CHECK(fft::FftVariant::parse(v.text()).items == 128);
    CHECK(fft::requestFor(base, v).localItemsPerTransform == 128);
    const auto plan = fft::planVariant(base, v);
    const auto meta = rt::parseKernelMetadata(plan.kernels.front().metadata, plan.kernels.front().name);
    CHECK(meta.ndrange.local->at(0).evaluate({}) == 128);
    CHECK_THROWS_WITH_AS(fft::FftVariant::parse("method=local radices=default twiddles=table local=default items=x"),
                         doctest::Contains("items 'x' is not a positive integer"), Error);
    // 64 points per transform: 8 butterflies of radix 8 in the first pass, fewer than any variant's items.
    for (const auto& w : fft::structuralVariants(testing::request(64, 2, false))) CHECK(w.items == 0);
}

// The one structural variant of `base` that sets `field` (the local method's exchange or padding).
static fft::FftVariant onlyVariantSetting(const fft::FftRequest& base, std::optional<bool> fft::FftVariant::*field) {
    std::vector<fft::FftVariant> found;
    for (const auto& v : fft::structuralVariants(base))
        if (v.*field) found.push_back(v);
    REQUIRE(found.size() == 1);
    CHECK(found.front().method == "local");
    return found.front();
}

// The variant's plan computes the FFT (against FFTW, poisoned output).
static void checkPlanComputes(const fft::FftRequest& r, bool f64) {
    if (f64) CHECK(testing::planError<double>(r) < 1e-13);
    else CHECK(testing::planError<float>(r) < 5e-6);
}

// A setting of the local method's given to another method is refused naming the method it applies to.
static void checkOnlyLocalTakes(std::optional<bool> fft::FftRequest::*setting) {
    auto stockham = testing::request(64, 2, false);
    stockham.method = "stockham";
    stockham.*setting = true;
    CHECK_THROWS_WITH_AS(fft::validateRequest(stockham), doctest::Contains("applies to method local"), Error);
}

// The local method handing its points on the other way: by components where its default uses an
// array of complex values (3000 fp32), arrays where it goes by components (3000 fp64); each plan
// computes the FFT (against FFTW, poisoned output) and its kernel shows the other exchange.
TEST_CASE("structural variants: the local method's exchange by components or arrays") {
    struct Case {
        std::int64_t n;
        bool f64, components;  // the variant's exchange
    };
    for (const Case& c : {Case{3000, false, true}, Case{3000, true, false}}) {
        INFO("n = " << c.n << (c.f64 ? " fp64" : " fp32"));
        auto base = testing::request(c.n, 2, c.f64);
        const fft::FftVariant variant = onlyVariantSetting(base, &fft::FftVariant::byComponents);
        CHECK(*variant.byComponents == c.components);
        const std::string text = variant.text();
        CHECK(text.ends_with(c.components ? " exchange=components" : " exchange=arrays"));
        CHECK(fft::FftVariant::parse(text).byComponents == c.components);
        CHECK(fft::requestFor(base, variant).localByComponents == c.components);
        const auto plan = fft::planVariant(base, variant);
        REQUIRE(plan.kernels.size() == 1);
        const bool realBuffer = plan.kernels.front().source.find("local real ltmp_0[") != std::string::npos;
        CHECK(realBuffer == c.components);
        checkPlanComputes(fft::requestFor(base, variant), c.f64);
    }
    CHECK_THROWS_WITH_AS(fft::FftVariant::parse("method=local radices=default twiddles=table local=default exchange=x"),
                         doctest::Contains("exchange 'x' is not components or arrays"), Error);
    checkOnlyLocalTakes(&fft::FftRequest::localByComponents);
}

// The local method with the other padding of its __local arrays: padded where its default leaves
// them unpadded (3000 fp32, a mixed size with 2^3), unpadded where it pads them (256 fp32, a power
// of two; 1680 fp64); each plan computes the FFT and its kernel's arrays show the padding.
TEST_CASE("structural variants: the local method's arrays padded or not") {
    struct Case {
        std::int64_t n;
        bool f64, padded;  // the variant's padding
    };
    for (const Case& c : {Case{3000, false, true}, Case{256, false, false}, Case{1680, true, false}}) {
        INFO("n = " << c.n << (c.f64 ? " fp64" : " fp32"));
        CHECK(fft::padsLocalArraysByDefault(c.n, c.f64 ? ir::ScalarKind::Double : ir::ScalarKind::Float) == !c.padded);
        auto base = testing::request(c.n, 2, c.f64);
        const fft::FftVariant variant = onlyVariantSetting(base, &fft::FftVariant::padding);
        CHECK(*variant.padding == c.padded);
        const std::string text = variant.text();
        CHECK(text.ends_with(c.padded ? " padding=on" : " padding=off"));
        CHECK(fft::FftVariant::parse(text).padding == c.padded);
        auto r = fft::requestFor(base, variant);
        CHECK(r.localPadding == c.padded);
        const auto variantPlan = fft::planVariant(base, variant);
        const auto defaultPlan = fft::planFft(base);
        REQUIRE(variantPlan.kernels.size() == 1);
        REQUIRE(defaultPlan.kernels.size() == 1);
        // A padded __local array holds an element more after every 128 bytes: not a multiple of n.
        auto padded = [&](const rt::FftPlanDescription& plan) {
            const std::string& source = plan.kernels.front().source;
            const auto at = source.find(" ltmp_0[");
            REQUIRE(at != std::string::npos);
            return std::stoll(source.substr(at + 8)) % c.n != 0;
        };
        CHECK(padded(variantPlan) == c.padded);
        CHECK(padded(defaultPlan) == !c.padded);
        checkPlanComputes(r, c.f64);
    }
    CHECK_THROWS_WITH_AS(fft::FftVariant::parse("method=local radices=default twiddles=table local=default padding=x"),
                         doctest::Contains("padding 'x' is not on or off"), Error);
    checkOnlyLocalTakes(&fft::FftRequest::localPadding);
}

// The hierarchical method's kernels at other register limits than its rule's: variants carried into
// the request, the kernels' metadata and the variant's text; each plan still computes the FFT (the
// limit is a hint PoCL ignores, so the CPU checks the plumbing and the plans, the GPU the speed).
TEST_CASE("structural variants: the hierarchical passes' register limits") {
    for (const bool f64 : {false, true}) {
        INFO((f64 ? "fp64" : "fp32"));
        auto base = testing::request(65536, 2, f64);
        const std::int64_t rule = f64 ? 128 : 64;
        auto limits = [](const rt::FftPlanDescription& plan) {
            std::vector<std::int64_t> out;
            for (const auto& k : plan.kernels) {
                const auto meta = rt::parseKernelMetadata(k.metadata, k.name);
                out.push_back(meta.maxRegisters);
            }
            return out;
        };
        CHECK(limits(fft::planFft(base)) == std::vector<std::int64_t>{rule, rule});
        std::vector<std::int64_t> seen;
        for (const auto& v : fft::structuralVariants(base)) {
            if (!v.registers) continue;
            CHECK(v.method == "hierarchical");
            CHECK(*v.registers != rule);
            seen.push_back(*v.registers);
            const auto back = fft::FftVariant::parse(v.text());
            CHECK(back.registers == v.registers);
            const auto plan = fft::planVariant(base, v);
            CHECK(limits(plan) == std::vector<std::int64_t>{*v.registers, *v.registers});
        }
        CHECK(seen == (f64 ? std::vector<std::int64_t>{0, 64, 96} : std::vector<std::int64_t>{0, 96, 128}));
        fft::FftVariant driver{"hierarchical", {}, codegen::TwiddleMode::Table, std::nullopt};
        driver.registers = 0;
        CHECK(driver.text().ends_with(" registers=driver"));
        checkPlanComputes(fft::requestFor(base, driver), f64);
    }
    // Mixed sizes keep the driver's choice by default (fft::hierarchicalRegisterLimit): their variants are the limits.
    std::vector<std::int64_t> mixed;
    for (const auto& v : fft::structuralVariants(testing::request(10080, 2, false)))
        if (v.registers) mixed.push_back(*v.registers);
    CHECK(mixed == std::vector<std::int64_t>{64, 96, 128});
    CHECK_THROWS_WITH_AS(fft::FftVariant::parse("method=hierarchical radices=default twiddles=table local=default registers=x"),
                         doctest::Contains("registers 'x' is not a positive integer"), Error);
    auto tooFew = testing::request(65536, 2, false);
    tooFew.registersPerItem = 8;
    CHECK_THROWS_WITH_AS(fft::planFft(tooFew), doctest::Contains("--registers 8) must be 0 (the driver's choice) or from 16 to 255"),
                         Error);
}

// The hierarchical radices smallest first where the default leads with the larger one: 2^17 fp32 as
// 256 x 512, whose first pass then stages its store; the plan computes the FFT. Equal radices
// (2^16 as 256 x 256) have no other order.
TEST_CASE("structural variants: the hierarchical radices smallest first") {
    auto ascending = [](const fft::FftRequest& base) {
        std::vector<fft::FftVariant> out;
        for (const auto& v : fft::structuralVariants(base))
            if (v.method == "hierarchical" && !v.radices.empty() && v.radices.front() < v.radices.back()) out.push_back(v);
        return out;
    };
    const auto base = testing::request(1 << 17, 2, false);
    const auto found = ascending(base);
    REQUIRE(found.size() == 1);
    CHECK(found.front().radices == std::vector<std::int64_t>{256, 512});
    const auto plan = fft::planVariant(base, found.front());
    REQUIRE(plan.kernels.size() == 2);
    CHECK(plan.kernels[0].source.find("stagedCopy(") != std::string::npos);
    checkPlanComputes(fft::requestFor(base, found.front()), false);
    CHECK(ascending(testing::request(1 << 16, 2, false)).empty());
}

TEST_CASE("FftVariant text round-trips; bad text is refused naming the field") {
    const fft::FftVariant v{"cooley-tukey", {8, 4, 2}, codegen::TwiddleMode::Sincos, std::size_t{64}};
    CHECK(v.text() == "method=cooley-tukey radices=8,4,2 twiddles=sincos local=64");
    const auto back = fft::FftVariant::parse(v.text());
    CHECK(back.method == v.method);
    CHECK(back.radices == v.radices);
    CHECK(back.twiddles == v.twiddles);
    CHECK(back.local == v.local);
    CHECK(!fft::FftVariant::parse("method=stockham radices=default twiddles=table local=default").local);
    CHECK_THROWS_WITH_AS(fft::FftVariant::parse("method=hierarchical radices=default twiddles=table local=8 tile=big"),
                         doctest::Contains("tile 'big' is not a positive integer"), Error);
    CHECK_THROWS_WITH_AS(fft::FftVariant::parse("method=hierarchical radices=default twiddles=table local=8 width=0"),
                         doctest::Contains("width '0' is not a positive integer"), Error);
    CHECK_THROWS_WITH_AS(fft::FftVariant::parse("method=stockham radices=default twiddles=table local=0"),
                         doctest::Contains("local '0' is not a positive integer"), Error);
    CHECK_THROWS_WITH_AS(fft::FftVariant::parse("method=stockham radices=default twiddles=table"),
                         doctest::Contains("needs method=, radices=, twiddles= and local="), Error);
    CHECK_THROWS_WITH_AS(fft::FftVariant::parse("method=stockham colour=red radices=default twiddles=table local=8"),
                         doctest::Contains("unknown field 'colour'"), Error);
}

TEST_CASE("a work-group size applied to the free kernels of a plan still computes the FFT") {
    auto& dev = testing::DeviceFixture::get();
    auto r = testing::request(256, 8);
    r.method = "stockham";
    r.radices = {16, 16};
    const rt::FftPlanDescription plan = fft::planFft(r);
    const auto sized = fft::withLocalSize(plan, 32);
    REQUIRE(sized);
    bool anySet = false;
    for (const auto& k : sized->kernels) {
        const auto meta = rt::parseKernelMetadata(k.metadata, k.name);
        if (meta.ndrange.local) {
            CHECK(meta.ndrange.local->at(0).evaluate({}) == 32);
            anySet = true;
        }
    }
    CHECK(anySet);
    rt::FftPlan run(dev.cache, dev.context, *sized);
    const auto x = testing::randomBatch(256, 8, 7);
    CHECK(fft::relativeL2Error(run.execute(dev.queue, x), fft::fftwReference(x, 256, 8, rt::FftDirection::Forward, false)) <
          1e-13);
    // A size that divides no kernel's global size is refused.
    CHECK(!fft::withLocalSize(plan, 1u << 20));
    fft::FftVariant impossible{"stockham", {16, 16}, codegen::TwiddleMode::Table, std::size_t{1} << 20};
    CHECK_THROWS_WITH_AS(fft::planVariant(testing::request(256, 8), impossible),
                         doctest::Contains("no kernel of the plan takes a work-group size of 1048576"), Error);
}

// A budget that ends the enumeration early has measured the planner's own method and its other
// shapes first, then the other methods' defaults: 1680 fp64 is local (work-items, exchange, padding
// variants), 30000 fp32 hierarchical (tiles, registers).
TEST_CASE("structural variants: the planner's method and its own shapes first, then the other methods") {
    struct Case {
        std::int64_t n;
        bool f64;
        const char* chosen;
    };
    for (const Case& c : {Case{1680, true, "local"}, Case{30000, false, "hierarchical"}}) {
        INFO("n = " << c.n);
        const auto variants = fft::structuralVariants(testing::request(c.n, 2, c.f64));
        REQUIRE(variants.size() > 4);
        CHECK(variants.front().text() ==
              fft::FftVariant{c.chosen, {}, codegen::TwiddleMode::Table, std::nullopt}.text());
        const auto firstOther = std::find_if(variants.begin(), variants.end(), [&](const auto& v) { return v.method != c.chosen; });
        REQUIRE(firstOther != variants.end());
        // Every other shape of the chosen method (default radices and twiddles) comes before any other method.
        const auto ownShapes = std::count_if(variants.begin(), variants.end(), [&](const auto& v) {
            return v.method == c.chosen && v.radices.empty() && v.twiddles == codegen::TwiddleMode::Table;
        });
        CHECK(ownShapes > 1);
        CHECK(std::distance(variants.begin(), firstOther) == ownShapes);
        // Then each other method's default, before any radices or twiddles of another kind.
        const auto firstRadices = std::find_if(variants.begin(), variants.end(), [](const auto& v) { return !v.radices.empty(); });
        CHECK(std::count_if(variants.begin(), firstRadices, [](const auto& v) { return v.method == "stockham"; }) == 1);
    }
}

// Tiles whose widths are powers of two only (rows of whole 32-byte sectors): 20000 fp32 = 200 x 100
// reads its first pass in tiles 5 columns wide (40 bytes a row) by default, 4 with widths=pow2.
TEST_CASE("structural variants: hierarchical tile widths powers of two only") {
    auto base = testing::request(20000, 2, false);
    const auto variants = fft::structuralVariants(base);
    const auto pow2 = std::find_if(variants.begin(), variants.end(), [](const auto& v) { return v.powerOfTwoTiles; });
    REQUIRE(pow2 != variants.end());
    CHECK(pow2->method == "hierarchical");
    CHECK(pow2->text() == "method=hierarchical radices=default twiddles=table local=default widths=pow2");
    CHECK(fft::FftVariant::parse(pow2->text()).powerOfTwoTiles);
    CHECK_THROWS_WITH_AS(fft::FftVariant::parse("method=hierarchical radices=default twiddles=table local=default widths=4"),
                         doctest::Contains("widths '4' is not pow2"), Error);
    CHECK(fft::requestFor(base, *pow2).hierarchicalPowerOfTwoTiles);
    auto firstWidth = [](const rt::FftPlanDescription& plan) {
        const auto meta = rt::parseKernelMetadata(plan.kernels.front().metadata, plan.kernels.front().name);
        return meta.ndrange.local->at(0).evaluate({});
    };
    CHECK(firstWidth(fft::planFft(base)) == 5);
    CHECK(firstWidth(fft::planVariant(base, *pow2)) == 4);
    auto r = fft::requestFor(base, *pow2);
    CHECK(testing::planError<float>(r) < 1e-6);
    r.direction = rt::FftDirection::Inverse;
    CHECK(testing::planError<float>(r) < 1e-6);
}
