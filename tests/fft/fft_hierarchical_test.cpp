// The hierarchical method of FFT plans: its radix choice (two passes up to 2^16 fp32, tiles of at
// least 8 columns), plans that equal FFTW for n = 2^12 .. 2^16 in fp32 and fp64, forward,
// inverse, scaled, in and out of place, with chosen and given radices; auto picks it for powers
// of two above the local limit (fp32 and fp64); what it cannot do is refused naming the other methods.
#include <doctest/doctest.h>

#include <complex>
#include <numbers>

#include "fft/fft_strategies.hpp"
#include "fft/hierarchical_method.hpp"
#include "fft/hierarchical_passes.hpp"
#include "ir/interpreter.hpp"
#include "rewrite/lowering.hpp"
#include "fft_test_support.hpp"
#include "ir/error.hpp"
#include "support/quick_mode.hpp"

using namespace liftcl;
using testing::planError;
using testing::request;

TEST_CASE("hierarchical radices: balanced radices whose tiles fit, few passes") {
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
    // Other 2,3,5,7-smooth sizes: two radices when a pair fits, tiles as wide as n/R allows.
    for (auto entry : std::vector<std::pair<std::int64_t, bool>>{
             {1680, false}, {10080, false}, {15120, true}, {100000, false}, {362880, true}}) {
        auto& n = std::get<0>(entry);
        auto& f64 = std::get<1>(entry);
        INFO("n = " << n << (f64 ? " fp64" : " fp32"));
        const auto precision = f64 ? ir::ScalarKind::Double : ir::ScalarKind::Float;
        const auto radices = fft::chooseHierarchicalRadices(n, precision);
        REQUIRE_FALSE(radices.empty());
        std::int64_t product = 1;
        for (auto r : radices) product *= r;
        CHECK(product == n);
        CHECK(radices.size() == (n <= 16384 ? 2u : 3u));
        const auto shapes = fft::hierarchicalShapes(n, precision, radices);
        REQUIRE(shapes);
        for (const auto& s : *shapes) CHECK((n / s.R) % s.T == 0);
    }
    CHECK(fft::chooseHierarchicalRadices(1160, ir::ScalarKind::Float).empty());  // 29 is no radix
    CHECK(fft::chooseHierarchicalRadices(17408, ir::ScalarKind::Float) == std::vector<std::int64_t>{136, 128});
    // fp64 (radices up to 128): three passes with the twos split 2,4,4, not four of 2^10 even first.
    CHECK(fft::chooseHierarchicalRadices(17408, ir::ScalarKind::Double) == std::vector<std::int64_t>{68, 16, 16});
    CHECK(fft::chooseHierarchicalRadices(12, ir::ScalarKind::Float).empty());
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
            CHECK(plan.steps.size() == fft::chooseHierarchicalRadices(n, r.precision, fft::hierarchicalLimitsFor(r)).size());
            if (f64) CHECK(planError<double>(r) < 1e-14);
            else CHECK(planError<float>(r) < 1e-6);
        }
    }
}

TEST_CASE("hierarchical plans of 2,3,5,7-smooth sizes equal FFTW: two and three passes, narrow tiles") {
    // 10080 = 120 x 84 (tiles of 4 and 8 columns), 15120 fp64 = 126 x 120 (radices with 7, 5 and
    // 3), 100000 = 100 x 50 x 20 (three passes; 2 columns in the last), inverse, scaled, in place.
    struct Case {
        std::int64_t n;
        bool f64, inverse, scale, inPlace;
        std::int64_t tileBytes = 0;
    };
    for (const Case c : {Case{10080, false, false, false, false}, Case{15120, true, true, true, false},
                         Case{100000, false, true, false, true}, Case{6000, true, false, false, false},
                         Case{15120, true, false, false, false, 32 * 1024}, Case{100000, false, false, false, true, 32 * 1024}}) {
        auto r = request(c.n, 2, c.f64);
        r.hierarchicalTileBytes = c.tileBytes;  // 32 KiB: 15120 fp64 = 140 x 108, 100000 fp32 = 500 x 200
        r.method = "hierarchical";
        r.direction = c.inverse ? rt::FftDirection::Inverse : rt::FftDirection::Forward;
        r.scale = c.scale;
        r.inPlace = c.inPlace;
        INFO("n = " << c.n << (c.f64 ? " fp64" : " fp32") << " tile " << c.tileBytes);
        CHECK(fft::planFft(r).steps.size() ==
              fft::chooseHierarchicalRadices(c.n, r.precision, fft::hierarchicalLimitsFor(r)).size());
        if (c.f64) CHECK(planError<double>(r) < 1e-14);
        else CHECK(planError<float>(r) < 1e-6);
    }
}

TEST_CASE("hierarchical pass counts of powers of two: one pass more where its wider tiles cost less") {
    for (bool f64 : {false, true}) {
        const auto precision = f64 ? ir::ScalarKind::Double : ir::ScalarKind::Float;
        for (int bits = 14; bits <= 26; ++bits) {
            const std::int64_t n = std::int64_t{1} << bits;
            INFO("n = 2^" << bits << (f64 ? " fp64" : " fp32"));
            const auto limits = fft::hierarchicalLimitsFor(request(n, 1, f64));
            const auto radices = fft::chooseHierarchicalRadices(n, precision, limits);
            const auto chosen = fft::hierarchicalShapes(n, precision, radices, limits);
            REQUIRE(chosen);
            // Against the balanced plans of one pass fewer and one more: none costs less.
            for (std::size_t count : {radices.size() - 1, radices.size() + 1}) {
                if (count < 2) continue;
                std::vector<std::int64_t> other;
                for (std::size_t q = 0; q < count; ++q)
                    other.push_back(std::int64_t{1} << (bits / count + (q < bits % count ? 1 : 0)));
                if (const auto shapes = fft::hierarchicalShapes(n, precision, other, limits))
                    CHECK(fft::hierarchicalPlanCost(*chosen, precision) <= fft::hierarchicalPlanCost(*shapes, precision));
            }
        }
    }
    // Rows of 128 bytes cost least; narrower rows more, fp64's 64-byte rows more than fp32's.
    fft::HierarchicalPassShape wide, half, quarter;
    wide.T = 16, half.T = 8, quarter.T = 4;
    CHECK(fft::hierarchicalPassCost(wide, ir::ScalarKind::Float) == 1.0);
    CHECK(fft::hierarchicalPassCost(half, ir::ScalarKind::Float) > 1.0);
    CHECK(fft::hierarchicalPassCost(quarter, ir::ScalarKind::Float) > fft::hierarchicalPassCost(half, ir::ScalarKind::Float));
    CHECK(fft::hierarchicalPassCost(half, ir::ScalarKind::Double) == 1.0);
    CHECK(fft::hierarchicalPassCost(quarter, ir::ScalarKind::Double) > fft::hierarchicalPassCost(half, ir::ScalarKind::Float));
}

namespace {
// A size's expected hierarchical plan: its radices and each pass kernel's tile width (its first local size).
struct TileCase {
    std::int64_t n;
    bool f64;
    std::vector<std::int64_t> radices, widths;
};

// Each case's auto plan is hierarchical with those radices and tile widths, and equals FFTW.
void checkTilePlans(const std::vector<TileCase>& cases, rt::FftDirection direction) {
    for (const TileCase& c : cases) {
        INFO("n = " << c.n << (c.f64 ? " fp64" : " fp32"));
        auto r = request(c.n, 2, c.f64);
        r.direction = direction;
        const auto plan = fft::planFft(r);
        CHECK(plan.method == "hierarchical");
        CHECK(plan.radices == c.radices);
        for (std::size_t q = 0; q < c.widths.size() && q < plan.kernels.size(); ++q) {
            const auto meta = rt::parseKernelMetadata(plan.kernels[q].metadata, plan.kernels[q].name);
            CHECK(meta.ndrange.local->at(0).evaluate({}) == c.widths[q]);
        }
        if (c.n > 20000 && liftcl::testing::quickMode()) continue;
        if (c.f64)
            CHECK(planError<double>(r) < 1e-14);
        else
            CHECK(planError<float>(r) < 1e-6);
    }
}
}  // namespace

TEST_CASE(
    "hierarchical odd sizes: tiles up to 16 columns, of 32 KiB in fp64 and in fp32 only where 16 KiB leaves no plan") {
    // 12155 = 143 x 85: the second pass's 143 columns in tiles of 13 (8 columns at most left 1);
    // fp32 16807 = 49 x 49 x 7 in 16 KiB tiles (343 x 49 in 32 KiB ran slower); fp32 59049 16 KiB (3 columns).
    checkTilePlans({{12155, true, {143, 85}, {5, 13}},
                    {12155, false, {143, 85}, {5, 13}},
                    {16807, false, {49, 49, 7}, {7, 7, 49}},
                    {59049, false, {243, 243}, {3, 3}},
                    {59049, true, {243, 243}, {3, 3}}},
                   rt::FftDirection::Forward);
}

TEST_CASE("hierarchical even mixed sizes: 32 KiB tiles up to 16 columns in fp64, in fp32 where they save a pass") {
    // fp64 20000 was 50 x 20 x 20 in 16 KiB tiles (three passes), 15120 140 x 108 in tiles 6 and 7
    // wide; fp32 100000 was 100 x 50 x 20; fp32 15120 keeps its 16 KiB tiles of at most 8 columns.
    checkTilePlans({{20000, true, {200, 100}, {10, 10}},
                    {15120, true, {140, 108}, {12, 14}},
                    {100000, false, {500, 200}, {8, 10}},
                    {15120, false, {140, 108}, {6, 7}}},
                   rt::FftDirection::Inverse);
}

TEST_CASE("hierarchical passes of a small radix over few columns take wider tiles: two warps at least") {
    // (n, fp64, the pass, its tile width): 16807 fp64's radix-7 pass had 7 columns of one butterfly,
    // 7 work-items a work-group (49 now); 83521 fp64's radix-17 passes one column (17); 100000 fp64's
    // radix-20 pass 10 columns (25).
    struct Case {
        std::int64_t n;
        bool f64;
        std::size_t pass;
        std::int64_t width;
    };
    for (const Case& c : {Case{16807, true, 2, 49}, Case{83521, true, 3, 17}, Case{100000, true, 2, 25}}) {
        INFO("n = " << c.n << (c.f64 ? " fp64" : " fp32"));
        const auto precision = c.f64 ? ir::ScalarKind::Double : ir::ScalarKind::Float;
        const auto limits = fft::hierarchicalLimitsFor(request(c.n, 2, c.f64));
        const auto radices = fft::chooseHierarchicalRadices(c.n, precision, limits);
        const auto shapes = fft::hierarchicalShapes(c.n, precision, radices, limits);
        REQUIRE(shapes);
        REQUIRE(shapes->size() > c.pass);
        CHECK(shapes->at(c.pass).T == c.width);
        for (const auto& shape : *shapes) CHECK(shape.workGroupSize >= 17);
        if (c.n > 20000 && liftcl::testing::quickMode()) continue;
        auto r = request(c.n, 2, c.f64);
        r.direction = rt::FftDirection::Inverse;
        r.scale = true;
        if (c.f64) CHECK(planError<double>(r) < 1e-14);
        else CHECK(planError<float>(r) < 1e-6);
    }
}

TEST_CASE("hierarchical column tiles: at most 256 work-items a group, 4 points an item where the smallest radix is 2") {
    // (n, pass, work-items per column): 30000 fp32 = 200 x 150, radix 150 = 2,3,5,5 over 8 columns
    // took 75 work-items a column (600 a group), now 30 (5 points each); 50000 = 250 x 200, radix
    // 250 = 2,5,5,5 over 8 columns 125 (1000 a group), now 25; 59049's radix 243 = 3^5 keeps one per
    // butterfly (81: 4 points an item measured slower there).
    struct Case {
        std::int64_t n;
        std::size_t pass;
        std::int64_t itemsPerColumn;
    };
    for (const Case& c : {Case{30000, 1, 30}, Case{50000, 0, 25}, Case{59049, 0, 81}}) {
        INFO("n = " << c.n);
        auto r = request(c.n, 2, false);
        const auto limits = fft::hierarchicalLimitsFor(r);
        const auto radices = fft::chooseHierarchicalRadices(c.n, ir::ScalarKind::Float, limits);
        const auto shapes = fft::hierarchicalShapes(c.n, ir::ScalarKind::Float, radices, limits);
        REQUIRE(shapes);
        REQUIRE(shapes->size() > c.pass);
        CHECK(shapes->at(c.pass).itemsPerColumn == c.itemsPerColumn);
        const auto plan = fft::planFft(r);
        REQUIRE(plan.kernels.size() == shapes->size());
        for (std::size_t q = 0; q < shapes->size(); ++q) {
            const auto& shape = shapes->at(q);
            CHECK(shape.workGroupSize <= 256);
            CHECK(shape.workGroupSize == shape.T * shape.itemsPerColumn);
            const auto meta = rt::parseKernelMetadata(plan.kernels[q].metadata, plan.kernels[q].name);
            REQUIRE(meta.ndrange.local);
            CHECK((*meta.ndrange.local)[0].evaluate({}) == shape.T);
            CHECK((*meta.ndrange.local)[1].evaluate({}) <= shape.itemsPerColumn);
        }
        if (c.n > 40000 && liftcl::testing::quickMode()) continue;
        for (const bool inverse : {false, true}) {
            r.direction = inverse ? rt::FftDirection::Inverse : rt::FftDirection::Forward;
            CHECK(planError<float>(r) < 1e-6);
        }
    }
}

TEST_CASE("hierarchical tiles of 32 KiB: column passes in place, one __local tile, two passes to 2^18 fp32") {
    // Two copies of a 32 KiB tile do not fit 48 KiB: the passes write in place (one copy, a fixed
    // work-group); radices up to 512 fp32 / 256 fp64, so 2^18 fp32 and 2^16 fp64 take two passes.
    struct Case {
        std::int64_t n;
        bool f64, inverse;
    };
    for (const Case c : {Case{1 << 18, false, false}, Case{1 << 16, true, true}, Case{10080, false, true}}) {
        auto r = request(c.n, 2, c.f64);
        r.method = "hierarchical";
        r.hierarchicalTileBytes = 32768;
        r.direction = c.inverse ? rt::FftDirection::Inverse : rt::FftDirection::Forward;
        INFO("n = " << c.n << (c.f64 ? " fp64" : " fp32"));
        const auto plan = fft::planFft(r);
        // 10080 = 120 x 84: its tiles (at most 8 x 120 points) stay small enough for ping-pong.
        const bool largeTiles = c.n >= (1 << 16);
        if (largeTiles) CHECK(plan.steps.size() == 2);
        for (const auto& k : plan.kernels) {
            const auto meta = rt::parseKernelMetadata(k.metadata, k.name);
            CHECK(meta.localBytes.evaluate({}) <= 48 * 1024);
            CHECK((k.source.find("local complex ltmp_1[") == std::string::npos) == largeTiles);
            CHECK(meta.ndrange.localFixed == largeTiles);
        }
        if (c.f64) CHECK(planError<double>(r) < 1e-14);
        else CHECK(planError<float>(r) < 1e-6);
    }
    // The default tile of mixed sizes (16 KiB) keeps its two ping-pong copies.
    auto mixed = request(10080, 2, false);
    mixed.method = "hierarchical";
    for (const auto& k : fft::planFft(mixed).kernels) CHECK(k.source.find("local complex ltmp_1[") != std::string::npos);
}

// A first pass whose tile rows are 128 bytes (fp32 16 columns, fp64 8) writes its results to
// __local memory, padded, and copies them out in output order (fft::stagesStore); the plans equal
// FFTW forward and inverse, in and out of place. Narrower tiles (fp32 2^18: radix 512, 8 columns),
// later passes and mixed sizes whose columns' results are long runs store from the butterflies'
// registers as before; a small radix over many columns stages (4913 = 17^3: radix 17 over 17 columns).
TEST_CASE("hierarchical first passes stage their store where a tile row is 128 bytes") {
    struct Case {
        std::int64_t n;
        bool f64;
        std::vector<bool> staged;  // per pass
    };
    for (const Case& c : {Case{1 << 16, false, {true, false}}, Case{1 << 15, true, {true, false}},
                          Case{1 << 18, false, {false, false}}, Case{10080, false, {false, false}},
                          Case{4913, false, {true, false, false}}}) {
        INFO("n = " << c.n << (c.f64 ? " fp64" : " fp32"));
        auto r = request(c.n, 2, c.f64);
        r.method = "hierarchical";
        const auto plan = fft::planFft(r);
        REQUIRE(plan.kernels.size() == c.staged.size());
        for (std::size_t i = 0; i < plan.kernels.size(); ++i) {
            const std::string& source = plan.kernels[i].source;
            CHECK((source.find("stagedCopy(") != std::string::npos) == c.staged[i]);
            if (c.staged[i]) {  // one pad element per 256 bytes: the tile's array is longer than its points
                const auto meta = rt::parseKernelMetadata(plan.kernels[i].metadata, plan.kernels[i].name);
                CHECK(meta.localBytes.evaluate({}) % 256 != 0);
            }
        }
        if (c.n == (1 << 16))  // fp32 powers of two: tiles 16 columns wide
            for (const auto& k : plan.kernels) {
                const auto meta = rt::parseKernelMetadata(k.metadata, k.name);
                REQUIRE(meta.ndrange.local);
                CHECK((*meta.ndrange.local)[0].evaluate({}) == 16);
            }
        // (Quick mode: the inverse in place only; the sanitizer pass spent 79 s on this test.)
        for (const bool inverse : liftcl::testing::fullOrQuick<std::vector<bool>>({false, true}, {true})) {
            r.direction = inverse ? rt::FftDirection::Inverse : rt::FftDirection::Forward;
            r.inPlace = inverse;
            if (c.f64) CHECK(planError<double>(r) < 1e-14);
            else CHECK(planError<float>(r) < 1e-6);
        }
    }
}

TEST_CASE("hierarchical tiles 4 columns wide: 2^20 and 2^21 fp32, 2^20 fp64 in two passes (--radices) equal FFTW") {
    if (liftcl::testing::quickMode()) return;  // the sanitizer pass: the smaller plans above cover the code
    struct Case {
        std::int64_t n;
        bool f64, inverse;
        std::vector<std::int64_t> radices;
    };
    // 2^21 fp32's 2048 and both of 2^20 fp64's 1024 by components (4 columns of one component)
    for (const Case& c : {Case{1 << 20, false, true, {1024, 1024}}, Case{1 << 21, false, false, {2048, 1024}},
                          Case{1 << 20, true, false, {1024, 1024}}}) {
        auto r = request(c.n, 1, c.f64);
        r.direction = c.inverse ? rt::FftDirection::Inverse : rt::FftDirection::Forward;
        r.scale = c.inverse;
        r.method = "hierarchical";  // the default plans these sizes in three passes of wider tiles
        r.radices = c.radices;
        INFO("n = " << c.n << (c.f64 ? " fp64" : " fp32"));
        const auto plan = fft::planFft(r);
        CHECK(plan.radices == c.radices);
        for (const auto& k : plan.kernels) {
            const auto meta = rt::parseKernelMetadata(k.metadata, k.name);
            REQUIRE(meta.ndrange.local);
            CHECK(meta.ndrange.local->size() == 2);
            CHECK(meta.ndrange.local->at(0).evaluate({}) == 4);  // the tile's 4 columns
        }
        if (c.f64) CHECK(planError<double>(r) < 1e-14);
        else CHECK(planError<float>(r) < 1e-6);
    }
}

TEST_CASE("hierarchical twiddles between passes: digit tables of omega_L (two digits to L = 2^19, three beyond where measured faster), else cospi/sinpi") {
    auto digitTables = [](const rt::FftPlanDescription& plan, std::size_t pass) {
        const std::string& src = plan.kernels.at(pass).source;
        return src.find("gentwfrarr(") != std::string::npos && src.find("const global complex* restrict gtab_") != std::string::npos;
    };
    // 2^16 = 256 x 256: the second pass (L = 2^16) reads two tables of 256 (base 256).
    auto r = request(65536, 2, false);
    const auto plan = fft::planFft(r);
    REQUIRE(plan.kernels.size() == 2);
    CHECK_FALSE(digitTables(plan, 0));  // the first pass has no twiddles between passes
    CHECK(digitTables(plan, 1));
    CHECK(plan.kernels[1].source.find("gentwfrarr(256, 2, gtab_") != std::string::npos);
    CHECK(fft::twiddleDigitBase(65536) == 256);
    CHECK(fft::twiddleDigitBase(15120) == 128);
    CHECK(fft::twiddleDigitBase(1 << 19) == 1024);
    CHECK(fft::twiddleDigitCount(1 << 19) == 2);
    CHECK(fft::twiddleDigitCount(1 << 20) == 3);
    CHECK(fft::twiddleDigitBase(1 << 24) == 256);
    CHECK(fft::twiddleDigitCount(std::int64_t{1} << 28) == 3);
    CHECK(fft::twiddleDigitCount(std::int64_t{1} << 29) == 4);
    // Under --twiddles sincos: cospi/sinpi per element.
    r.twiddles = codegen::TwiddleMode::Sincos;
    CHECK_FALSE(digitTables(fft::planFft(r), 1));
    // 2^18 fp64 = 64 x 64 x 64: the second pass (L = 4096) reads its two digit tables in global memory
    // too, where the whole table (64 KiB) would fit __constant: no __constant table at all.
    const auto plan18 = fft::planFft(request(1 << 18, 1, true));
    REQUIRE(plan18.kernels.size() == 3);
    CHECK(digitTables(plan18, 1));
    CHECK(plan18.kernels[1].source.find("__constant complex") == std::string::npos);
    // 2^20 fp32 = 128 x 128 x 64: the last pass (L = 2^20) by cospi/sinpi (three digits measured
    // slower below L = 2^23 fp32), the second (L = 2^14) by two tables.
    const auto plan20 = fft::planFft(request(1 << 20, 1, false));
    REQUIRE(plan20.kernels.size() == 3);
    CHECK(digitTables(plan20, 1));
    CHECK_FALSE(digitTables(plan20, 2));
    // 2^21 fp64 = 128 x 128 x 128: the second pass (L = 2^14) by two tables, the third (L = 2^21) by
    // three of 128; the plan equals FFTW both ways round.
    if (liftcl::testing::quickMode()) return;
    auto big = request(1 << 21, 1, true);
    const auto three = fft::planFft(big);
    REQUIRE(three.kernels.size() == 3);
    CHECK(digitTables(three, 1));
    CHECK(digitTables(three, 2));
    CHECK(three.kernels[2].source.find("gentwfrarr(128, 3, gtab_") != std::string::npos);
    CHECK(planError<double>(big) < 1e-14);
    big.direction = rt::FftDirection::Inverse;
    CHECK(planError<double>(big) < 1e-14);
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

TEST_CASE("hierarchical tiles in rounds of index ranges: a radix whose tile's components do not fit either") {
    for (const bool f64 : {false, true}) {
        for (const bool inverse : {false, true}) {
            auto r = request(4096, 2, f64);
            r.method = "hierarchical";
            if (inverse) r.direction = rt::FftDirection::Inverse, r.scale = true;
            // 4 columns of 1024 (fp32) or 512 (fp64) points: 8 KiB as components in two rounds
            r.hierarchicalTileBytes = 8 * 1024;
            r.radices = f64 ? std::vector<std::int64_t>{512, 8} : std::vector<std::int64_t>{1024, 4};
            INFO((f64 ? "fp64" : "fp32") << (inverse ? " inverse" : " forward"));
            const auto plan = fft::planFft(r);
            REQUIRE(plan.kernels.size() == 2);
            CHECK(plan.kernels[0].source.find("local real ltmp_0[" + std::to_string(f64 ? 1024 : 2048) + "]") !=
                  std::string::npos);
            CHECK(plan.kernels[0].source.find("const int ips = 1;") != std::string::npos);  // shares written out
            if (f64) CHECK(planError<double>(r) < 1e-14);
            else CHECK(planError<float>(r) < 1e-6);
        }
    }
}

TEST_CASE("hierarchical tiles of components: a radix whose tile fits only one component at a time") {
    for (const bool f64 : {false, true}) {
        auto r = request(4096, 2, f64);
        r.method = "hierarchical";
        r.hierarchicalTileBytes = 8 * 1024;  // 4 columns of 512 (fp32) or 256 (fp64) points only as components
        r.radices = f64 ? std::vector<std::int64_t>{256, 16} : std::vector<std::int64_t>{512, 8};
        INFO((f64 ? "fp64" : "fp32"));
        const auto plan = fft::planFft(r);
        REQUIRE(plan.kernels.size() == 2);
        CHECK(plan.kernels[0].source.find("local real ltmp_0[") != std::string::npos);
        CHECK(plan.kernels[1].source.find("local real ltmp_0[") == std::string::npos);
        if (f64) CHECK(planError<double>(r) < 1e-14);
        else CHECK(planError<float>(r) < 1e-6);
    }
}

TEST_CASE("auto: hierarchical for powers of two above the local limit; refusals name the alternatives") {
    CHECK(fft::planFft(request(4096, 3, false)).method == "local");  // 32 KiB: one array, passes in place
    CHECK(fft::planFft(request(8192, 3, false)).method == "local");  // 32 KiB of real, then imaginary parts
    CHECK(fft::planFft(request(16384, 3, false)).method == "local");  // 2 x 2 rounds of 32 KiB
    CHECK(fft::planFft(request(32768, 3, false)).method == "hierarchical");
    if (!liftcl::testing::quickMode()) {  // the sanitizer pass plans these passes' kinds below
        // Tiles 4 columns wide where 8 do not fit, while their passes cost less than one pass more
        // of wider tiles (hierarchicalPlanCost): fp32 2^19 as 1024 x 512 (rows of 32 and 64 bytes),
        // 2^20 in three passes of 128-byte rows; fp64 two passes to 2^17, three from 2^18.
        CHECK(fft::planFft(request(1 << 18, 1, false)).radices == std::vector<std::int64_t>{512, 512});
        CHECK(fft::planFft(request(1 << 19, 1, false)).radices == std::vector<std::int64_t>{1024, 512});
        CHECK(fft::planFft(request(1 << 20, 1, false)).radices == std::vector<std::int64_t>{128, 128, 64});
        CHECK(fft::planFft(request(1 << 21, 1, false)).radices == std::vector<std::int64_t>{128, 128, 128});
        CHECK(fft::planFft(request(1 << 22, 1, false)).steps.size() == 3);  // not 2048 x 2048: both by components
        CHECK(fft::planFft(request(1 << 17, 1, true)).radices == std::vector<std::int64_t>{512, 256});
        CHECK(fft::planFft(request(1 << 18, 1, true)).radices == std::vector<std::int64_t>{64, 64, 64});
        CHECK(fft::planFft(request(1 << 20, 1, true)).radices == std::vector<std::int64_t>{128, 128, 64});
        CHECK(fft::planFft(request(1 << 21, 1, true)).steps.size() == 3);
        CHECK(fft::planFft(request(1 << 25, 1, true)).radices == std::vector<std::int64_t>{512, 256, 256});
    }
    CHECK(fft::planFft(request(16384, 3, true)).method == "hierarchical");
    CHECK(fft::planFft(request(16384, 3, true)).steps.size() == 2);
    // Odd fp64 sizes: local where its kernel has at most 5 passes, else hierarchical.
    CHECK(fft::planFft(request(4199, 3, true)).method == "local");
    CHECK(fft::planFft(request(3315, 3, true)).method == "local");
    CHECK(fft::planFft(request(6561, 3, true)).method == "hierarchical");  // 3^8: eight passes
    CHECK(fft::planFft(request(6561, 3, false)).method == "hierarchical");
    CHECK(fft::planFft(request(7000, 3, true)).method == "local");  // 56 KiB by components: two rounds
    CHECK(fft::planFft(request(5040, 3, true)).method == "local");  // fp64 mixed sizes by components
    CHECK(fft::planFft(request(10080, 3, true)).method == "hierarchical");  // 40 points per work-item in rounds
    for (std::int64_t n : {1160, 12}) {
        auto r = request(n, 2, false);
        r.method = "hierarchical";
        INFO("n = " << n);
        CHECK_THROWS_WITH_AS(fft::planFft(r), doctest::Contains("use --method auto or stockham"), Error);
    }
    auto bad = request(4096, 1, false);
    bad.method = "hierarchical";
    bad.hierarchicalTileBytes = 4 * 1024;  // 2048 points of one column fill it (even in rounds of components)
    for (const auto& radices : std::vector<std::vector<std::int64_t>>{{64, 63}, {2, 2048}}) {
        bad.radices = radices;  // a product other than n; a tile of fewer than 8 columns
        CHECK_THROWS_WITH_AS(fft::validateRequest(bad), doctest::Contains("'hierarchical' cannot do n=4096"), Error);
    }
}

TEST_CASE("hierarchical convolution: a forward FFT's last pass, a table's product and the inverse's first pass in one kernel") {
    // The passes of hierarchicalConvolutionPasses interpreted as composed and as lowered, one after
    // the other: c x (the forward's input product), the forward FFT, conj(s * X) in the middle
    // kernel, the inverse FFT (radices reversed) conjugating back and, its output product, times o
    // and cut to 40 values: o_j sum_k s_k DFT(c x)_k e^(2 pi i jk/m), j < 40, against that sum in
    // long double.
    using LongComplex = std::complex<long double>;
    const std::int64_t m = 64, batch = 2;
    auto values = [](const std::vector<LongComplex>& v) {
        std::vector<ir::Value> items;
        for (const auto& c : v) items.push_back(ir::Value::complex(static_cast<double>(c.real()), static_cast<double>(c.imag())));
        return ir::Value::array(std::move(items));
    };
    auto rows = [&](const std::vector<LongComplex>& flat) {
        std::vector<ir::Value> items;
        for (std::int64_t b = 0; b < batch; ++b)
            items.push_back(values(std::vector<LongComplex>(flat.begin() + b * m, flat.begin() + (b + 1) * m)));
        return ir::Value::array(std::move(items));
    };
    auto flatten = [](const ir::Value& v) {
        std::vector<LongComplex> out;
        for (const auto& c : v.items) out.push_back({c[0].r, c[1].r});
        return out;
    };
    auto dft = [&](const std::vector<LongComplex>& x, long double sign) {
        std::vector<LongComplex> y(x.size());
        for (std::size_t k = 0; k < x.size(); ++k)
            for (std::size_t j = 0; j < x.size(); ++j)
                y[k] += x[j] * std::polar(1.0L, sign * 2 * std::numbers::pi_v<long double> * static_cast<long double>((j * k) % x.size()) /
                                                    static_cast<long double>(x.size()));
        return y;
    };
    const std::int64_t kept = 40;
    std::vector<LongComplex> x, c, s, o;
    for (const auto& v : testing::randomBatch(m, batch, 11)) x.emplace_back(v.real(), v.imag());
    for (const auto& v : testing::randomBatch(m, 2, 12)) (c.size() < static_cast<std::size_t>(m) ? c : s).emplace_back(v.real(), v.imag());
    for (const auto& v : testing::randomBatch(kept, 1, 13)) o.emplace_back(v.real(), v.imag());
    std::vector<LongComplex> expected;
    for (std::int64_t b = 0; b < batch; ++b) {
        std::vector<LongComplex> row(x.begin() + b * m, x.begin() + (b + 1) * m);
        for (std::int64_t j = 0; j < m; ++j) row[j] *= c[j];
        auto spectrum = dft(row, -1);
        for (std::int64_t k = 0; k < m; ++k) spectrum[k] *= s[k];
        const auto y = dft(spectrum, 1);
        for (std::int64_t j = 0; j < kept; ++j) expected.push_back(y[j] * o[j]);
    }
    fft::registerFftStrategies();
    for (const auto& radices : std::vector<std::vector<std::int64_t>>{{8, 8}, {4, 2, 8}}) {
        INFO("radices " << radices.size());
        auto forward = request(m, batch, true);
        forward.method = "hierarchical";
        forward.radices = radices;
        forward.inputProduct = fft::FftInputProduct{"c", "c", m};
        auto inverse = request(m, batch, true);
        inverse.direction = rt::FftDirection::Inverse;
        inverse.outputProduct = fft::FftOutputProduct{"o", "o", kept};
        const auto passes = fft::hierarchicalConvolutionPasses(forward, inverse, fft::FftInputProduct{"s", "s", m}, "t_");
        REQUIRE(passes.has_value());
        std::vector<std::string> names;
        for (const auto& p : *passes) names.push_back(p.name);
        std::vector<std::string> expectedNames;
        for (std::size_t q = 0; q + 1 < radices.size(); ++q) expectedNames.push_back("t_fwd_pass" + std::to_string(q));
        expectedNames.push_back("t_convolution");
        for (std::size_t q = 1; q < radices.size(); ++q) expectedNames.push_back("t_inv_pass" + std::to_string(q));
        CHECK(names == expectedNames);
        CHECK(passes->at(radices.size() - 1).tables == std::map<std::string, std::string>{{"s", "s"}});
        CHECK(passes->back().tables == std::map<std::string, std::string>{{"o", "o"}});
        for (const bool lowered : {false, true}) {
            INFO("lowered " << lowered);
            std::vector<LongComplex> data = x;
            for (const auto& pass : *passes) {
                std::vector<ir::Value> args{rows(data)};
                if (pass.tables.count("c")) args.push_back(values(c));
                if (pass.tables.count("s")) args.push_back(values(s));
                if (pass.tables.count("o")) args.push_back(values(o));
                const ir::Program program = lowered ? rewrite::applyStrategy(pass.program, pass.strategy) : pass.program;
                data = flatten(ir::interpret(program.body, args));
            }
            REQUIRE(data.size() == expected.size());
            long double worst = 0, scale = 0;
            for (std::size_t i = 0; i < data.size(); ++i) {
                worst = std::max(worst, std::abs(data[i] - expected[i]));
                scale = std::max(scale, std::abs(expected[i]));
            }
            CHECK(worst < 1e-12L * scale);
        }
    }
    // A forward FFT auto does not plan hierarchically has no such passes.
    auto local = request(m, batch, true);
    CHECK_FALSE(fft::hierarchicalConvolutionPasses(local, local, fft::FftInputProduct{"s", "s", m}, "t_").has_value());
}
