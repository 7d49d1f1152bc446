// The local-memory FFT method (fft/local_method.hpp): one generated kernel per size,
// one work-group per transform, every pass in local memory; batched FFTs of n = 2^1..2^12 equal
// FFTW (long double): fp64 relative L2 error < 1e-13, fp32 < 2e-6, forward and inverse, batches
// that are not multiples of anything, random non-zero data, poisoned output buffers.
// LIFTCL_E2E_MAX_LOG2N limits the sizes (tests/e2e/size_limit.hpp).
#include <doctest/doctest.h>
#include <fftw3.h>

#include <cmath>
#include <complex>
#include <random>
#include <vector>

#include "support/kernel_harness.hpp"
#include "support/quick_mode.hpp"
#include "fft/local_method.hpp"
#include "ir/error.hpp"
#include "size_limit.hpp"

using namespace liftcl;

namespace {

// PoCL has more local memory than a GPU; the method's default limits are tested separately.
fft::LocalFftLimits testLimits() {
    fft::LocalFftLimits limits;
    limits.localMemoryBytes = 1 << 20;
    return limits;
}

struct LocalRun {
    double relativeError = INFINITY;
    std::string source;
};

template <typename Real>
LocalRun runLocalFft(long n, long batch, bool inverse, const std::vector<std::int64_t>& radices = {},
                     codegen::TwiddleMode twiddles = codegen::TwiddleMode::Table,
                     const fft::LocalFftLimits& givenLimits = testLimits()) {
    const ir::ScalarKind precision = sizeof(Real) == 8 ? ir::ScalarKind::Double : ir::ScalarKind::Float;
    fft::LocalFftLimits limits = givenLimits;
    limits.twiddleTables = twiddles == codegen::TwiddleMode::Local;
    const auto shape = fft::localFftShape(n, precision, radices, limits);
    REQUIRE(shape);
    const auto program = fft::composeLocalMemoryFft(n, batch, precision, inverse, radices, limits);
    REQUIRE(program);
    const auto kernel = codegen::generateKernel(*program, fft::localFftCodegenOptions(*shape, precision, twiddles));
    const auto meta = rt::parseKernelMetadata(kernel.metadata, kernel.name);

    const std::size_t total = static_cast<std::size_t>(n * batch);
    std::mt19937_64 rng(99 + static_cast<unsigned>(n * 31 + batch));
    std::uniform_real_distribution<double> dist(-1.0, 1.0);
    std::vector<std::complex<double>> x(total);
    for (auto& v : x) v = {dist(rng), dist(rng)};
    std::vector<Real> host(2 * total);
    for (std::size_t i = 0; i < total; ++i)
        host[2 * i] = static_cast<Real>(x[i].real()), host[2 * i + 1] = static_cast<Real>(x[i].imag());

    auto& dev = testing::DeviceFixture::get();
    rt::BufferArgs buffers;
    for (const auto& arg : meta.args) {
        if (arg.kind == rt::ArgKind::Table) continue;  // the launcher's own (host-computed twiddles)
        rt::Buffer b(dev.context, host.size() * sizeof(Real));
        if (arg.kind == rt::ArgKind::Input) {
            b.writeBytes(dev.queue, host.data(), host.size() * sizeof(Real));
        } else {
            REQUIRE(arg.kind == rt::ArgKind::Output);  // no temporaries in global memory
            // A host write, not a fill (Oclgrind: see runtime/launchable_kernel.cpp, temporary()).
            const std::vector<unsigned char> poison(b.bytes(), 0xff);
            b.writeBytes(dev.queue, poison.data(), poison.size());
        }
        buffers.emplace(arg.name, std::move(b));
    }
    rt::launchFromMetadata(dev.queue, dev.cache, meta, kernel.source, {}, buffers);
    for (const auto& arg : meta.args)
        if (arg.kind == rt::ArgKind::Output)
            buffers.at(arg.name).readBytes(dev.queue, host.data(), host.size() * sizeof(Real));

    std::vector<fftwl_complex> in(static_cast<std::size_t>(n)), out(static_cast<std::size_t>(n));
    fftwl_plan plan = fftwl_plan_dft_1d(static_cast<int>(n), in.data(), out.data(),
                                        inverse ? FFTW_BACKWARD : FFTW_FORWARD, FFTW_ESTIMATE);
    long double num = 0, den = 0;
    for (long t = 0; t < batch; ++t) {
        for (long i = 0; i < n; ++i) in[i][0] = x[t * n + i].real(), in[i][1] = x[t * n + i].imag();
        fftwl_execute(plan);
        for (long i = 0; i < n; ++i) {
            const std::size_t k = static_cast<std::size_t>(t * n + i);
            const long double dr = host[2 * k] - out[i][0], di = host[2 * k + 1] - out[i][1];
            num += dr * dr + di * di;
            den += out[i][0] * out[i][0] + out[i][1] * out[i][1];
        }
    }
    fftwl_destroy_plan(plan);
    LocalRun run;
    run.relativeError = static_cast<double>(std::sqrt(num / den));
    if (std::isnan(run.relativeError)) run.relativeError = INFINITY;
    run.source = kernel.source;
    return run;
}

int count(const std::string& text, const std::string& what) {
    int c = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++c;
    return c;
}

}  // namespace

TEST_CASE("radix choice and fitting") {
    CHECK(fft::chooseLocalRadices(2) == std::vector<std::int64_t>{2});
    CHECK(fft::chooseLocalRadices(16) == std::vector<std::int64_t>{4, 4});
    CHECK(fft::chooseLocalRadices(512) == std::vector<std::int64_t>{8, 8, 8});
    // From 2^10 on a radix-16 first pass saves one (bench/results/h100-2026-11-24-perf2).
    CHECK(fft::chooseLocalRadices(1024) == std::vector<std::int64_t>{16, 8, 8});
    CHECK(fft::chooseLocalRadices(2048) == std::vector<std::int64_t>{16, 8, 16});
    CHECK(fft::chooseLocalRadices(4096) == std::vector<std::int64_t>{16, 8, 8, 4});
    CHECK(fft::chooseLocalRadices(1680) == std::vector<std::int64_t>{16, 3, 5, 7});
    CHECK(fft::chooseLocalRadices(12) == std::vector<std::int64_t>{4, 3});  // mixed sizes: powers of two, then odd primes
    CHECK(fft::chooseLocalRadices(22) == std::vector<std::int64_t>{2, 11});  // every radix prime up to 23
    CHECK(fft::chooseLocalRadices(2431) == std::vector<std::int64_t>{11, 13, 17});
    CHECK(fft::chooseLocalRadices(58).empty());                              // 29 is no radix
    CHECK(fft::localFftShape(2048, ir::ScalarKind::Float));   // one array of 16 KiB (passes in place)
    CHECK(fft::localFftShape(2048, ir::ScalarKind::Double));  // one array of 32 KiB
    CHECK(!fft::localFftShape(4096, ir::ScalarKind::Double)->inPlace);      // one array of 64 KiB > 48 KiB,
    CHECK(fft::localFftShape(4096, ir::ScalarKind::Double)->splitExchange);  // its components' 32 KiB fit
    CHECK(fft::localFftShape(8192, ir::ScalarKind::Float)->splitExchange);
    CHECK(!fft::localFftShape(8192, ir::ScalarKind::Double));                // 64 KiB of components
    // ... unless each component goes over in rounds of index ranges (the local method's limits):
    // two of 36 KiB padded, the points private meanwhile (32 per work-item), the bits left first.
    const auto boosted = fft::localFftShape(8192, ir::ScalarKind::Double, {}, fft::localMethodLimits());
    REQUIRE(boosted);
    CHECK(boosted->splitExchange);
    CHECK(boosted->exchangeRanges == 2);
    CHECK(boosted->workGroupSize == 256);
    CHECK(boosted->localBytes == 4608 * 8);
    CHECK(boosted->radices == std::vector<std::int64_t>{4, 8, 16, 16});
    CHECK(fft::localFftShape(16384, ir::ScalarKind::Float, {}, fft::localMethodLimits())->radices ==
          std::vector<std::int64_t>{4, 16, 16, 16});
    // 16384 fp64 would keep 64 points (1 KiB) per work-item: beyond maxExchangePrivateBytes.
    CHECK(!fft::localFftShape(16384, ir::ScalarKind::Double, {}, fft::localMethodLimits()));
    fft::LocalFftLimits pingPong;
    pingPong.inPlace = false;
    pingPong.splitExchange = false;
    CHECK(!fft::localFftShape(2048, ir::ScalarKind::Double, {}, pingPong));  // two arrays of 32 KiB
    CHECK(!fft::localFftShape(64, ir::ScalarKind::Float, {8, 4}));
    CHECK(!fft::composeLocalMemoryFft(1 << 14, 3, ir::ScalarKind::Float, false));
}

TEST_CASE("one kernel: barriers between passes, one local array written in place, no global temporaries") {
    const auto shape = fft::localFftShape(512, ir::ScalarKind::Float);
    REQUIRE(shape);
    CHECK_FALSE(shape->inPlace);  // two ping-pong arrays fit 48 KiB: the planner keeps them
    CHECK(fft::localFftShape(4096, ir::ScalarKind::Float)->inPlace);  // they do not: in place
    const auto program = fft::composeLocalMemoryFft(512, 3, ir::ScalarKind::Float, false);
    REQUIRE(program);
    auto inPlace = fft::localFftCodegenOptions(*shape, ir::ScalarKind::Float);
    inPlace.localInPlace = true;
    const auto kernel = codegen::generateKernel(*program, inPlace);
    CHECK(count(kernel.source, "kernel void") == 1);
    CHECK(count(kernel.source, "barrier(") >= 3);  // passes 8, 8, 8: the middle one reads, a barrier, writes
    CHECK(count(kernel.source, "    local ") == 1);
    CHECK(count(kernel.source, "reqd_work_group_size(64, 1, 1)") == 1);
    CHECK(count(kernel.source, "get_group_id(0)") == 1);
    // Without localInPlace (the shape's choice here): two arrays (ping-pong).
    const auto pingPong = codegen::generateKernel(*program, fft::localFftCodegenOptions(*shape, ir::ScalarKind::Float));
    CHECK(count(pingPong.source, "    local ") == 2);
    CHECK(count(pingPong.source, "reqd_work_group_size") == 0);
}

TEST_CASE("split exchange in rounds of index ranges (register boost): equal FFTW, tested only where a share spans ranges") {
    // Limits small enough that not even the components fit: each goes over in 2 or 4 rounds.
    struct Case {
        long n;
        std::vector<std::int64_t> radices;
        std::int64_t items, localBytes, ranges;
        // Some share's work-items span several ranges (their accesses are tested): where a pass
        // writing the array has fewer butterflies per work-item than ranges.
        bool tested;
    };
    for (const Case& c : std::vector<Case>{{512, {4, 8, 16}, 16, 1200, 2, false},
                                           {512, {8, 8, 8}, 0, 1200, 2, true},
                                           {512, {2, 16, 16}, 0, 600, 4, true},
                                           {96, {}, 0, 300, 2, true}}) {
        fft::LocalFftLimits limits;
        limits.localMemoryBytes = c.localBytes;
        limits.itemsPerTransform = c.items;
        limits.maxExchangeRanges = 4;
        limits.maxExchangePrivateBytes = 1024;
        for (bool inverse : {false, true}) {
            INFO("n = " << c.n << (inverse ? " inverse" : " forward") << ", radices " << c.radices.size());
            const auto shape = fft::localFftShape(c.n, ir::ScalarKind::Float, c.radices, limits, 5, inverse);
            REQUIRE(shape);
            CHECK(shape->splitExchange);
            CHECK(shape->exchangeRanges == c.ranges);
            const auto run = runLocalFft<float>(c.n, 5, inverse, c.radices, codegen::TwiddleMode::Table, limits);
            CHECK(run.relativeError < 2e-6);
            CHECK(count(run.source, "local real ltmp_") == 1);
            CHECK((count(run.source, "(uint)(") > 0) == c.tested);
            CHECK(count(run.source, "#pragma unroll") == 0);  // every share written out
        }
    }
    fft::LocalFftLimits doubles;
    doubles.localMemoryBytes = 2400;  // 512 fp64: 4 KiB of components, 2 KiB + padding per range
    doubles.maxExchangeRanges = 2;
    const auto run = runLocalFft<double>(512, 3, false, {}, codegen::TwiddleMode::Table, doubles);
    CHECK(run.relativeError < 1e-13);
    CHECK(count(run.source, "local real ltmp_") == 1);
}

TEST_CASE("split exchange: one __local array of reals, real parts then imaginary parts; equal FFTW") {
    // Limits small enough that only the points' components fit (codegen/local_split_exchange.cpp).
    struct Case {
        long n;
        std::vector<std::int64_t> radices;
        std::int64_t localBytes;
    };
    for (const Case& c : std::vector<Case>{{512, {}, 2400}, {512, {16, 8, 4}, 2400}, {96, {}, 440}, {64, {8, 8}, 300}}) {
        fft::LocalFftLimits limits;
        limits.localMemoryBytes = c.localBytes;
        for (bool inverse : {false, true}) {
            INFO("n = " << c.n << (inverse ? " inverse" : " forward") << ", radices " << c.radices.size());
            const auto shape = fft::localFftShape(c.n, ir::ScalarKind::Float, c.radices, limits, 5, inverse);
            REQUIRE(shape);
            CHECK(shape->splitExchange);
            CHECK_FALSE(shape->inPlace);
            const auto run = runLocalFft<float>(c.n, 5, inverse, c.radices, codegen::TwiddleMode::Table, limits);
            CHECK(run.relativeError < 2e-6);
            CHECK(count(run.source, "    local ") == 1);
            CHECK(count(run.source, "local real ltmp_") == 1);
            CHECK(count(run.source, "reqd_work_group_size") == 1);
            CHECK(count(run.source, "stash_value") > 0);
        }
    }
    fft::LocalFftLimits doubles;
    doubles.localMemoryBytes = 4400;  // 512 fp64: 4 KiB of components (and padding)
    const auto run = runLocalFft<double>(512, 3, false, {}, codegen::TwiddleMode::Table, doubles);
    CHECK(run.relativeError < 1e-13);
    CHECK(count(run.source, "local real ltmp_") == 1);
    // Codegen refuses the option for a kernel that does not hand values between mapLcl nests.
    const auto shape = fft::localFftShape(8, ir::ScalarKind::Float, {8});
    REQUIRE(shape);
    auto options = fft::localFftCodegenOptions(*shape, ir::ScalarKind::Float);
    options.localSplitExchange = true;
    const auto onePass = fft::composeLocalMemoryFft(8, 3, ir::ScalarKind::Float, false, {8});
    REQUIRE(onePass);
    CHECK_THROWS_WITH_AS(codegen::generateKernel(*onePass, options), doctest::Contains("localSplitExchange"), Error);
}

TEST_CASE("batched local-memory FFTs equal FFTW, fp64 and fp32, n = 2^1..2^12") {
    const long batches[] = {1, 3, 5, 7, 2, 9, 6, 3, 5, 3, 2, 3};
    for (int k = 1; k <= testing::maxLog2Size(12); ++k) {
        const long n = 1L << k;
        const long batch = batches[k - 1];
        INFO("n = " << n << ", batch = " << batch);
        CHECK(runLocalFft<double>(n, batch, false).relativeError < 1e-13);
        CHECK(runLocalFft<float>(n, batch, false).relativeError < 2e-6);
    }
}

TEST_CASE("inverse transforms and other radix orders") {
    for (long n : {8L, 64L, 256L}) {
        INFO("inverse, n = " << n);
        CHECK(runLocalFft<double>(n, 3, true).relativeError < 1e-13);
        CHECK(runLocalFft<float>(n, 5, true).relativeError < 2e-6);
    }
    CHECK(runLocalFft<double>(64, 3, false, {2, 4, 8}).relativeError < 1e-13);
    CHECK(runLocalFft<double>(32, 7, false, {2, 2, 2, 2, 2}).relativeError < 1e-13);
    CHECK(runLocalFft<float>(256, 3, false, {4, 4, 4, 4}).relativeError < 2e-6);
}

TEST_CASE("twiddles from the host's tables (fp32 in global memory, fp64 in __local copies): equal FFTW, omega(0) never read") {
    const auto local = codegen::TwiddleMode::Local;
    // Quick mode (tests/support/quick_mode.hpp): forward only.
    for (bool inverse : testing::quickMode() ? std::vector<bool>{false} : std::vector<bool>{false, true}) {
        INFO("inverse " << inverse);
        const auto run = runLocalFft<float>(256, 5, inverse, {8, 8, 4}, local);
        CHECK(run.relativeError < 2e-6);
        // Pass 2 (radix 8) and pass 3 (radix 4) each read their table p - 1 times: the column of
        // omega(0) = 1 is a literal and its cmul folded. fp32 reads the table arguments themselves.
        CHECK(count(run.source, "local complex ltab_") == 0);
        CHECK(count(run.source, "cmul(gtab_0[") == 7);
        CHECK(count(run.source, "cmul(gtab_1[") == 3);
        const auto f64 = runLocalFft<double>(64, 3, inverse, {8, 8}, local);
        CHECK(f64.relativeError < 1e-13);
        CHECK(count(f64.source, "local complex ltab_") == 1);  // fp64: copied once per work-group
        CHECK(count(f64.source, "cmul(ltab_0[") == 7);
        // 1024 fp64 with its tables needs 54 KiB of local memory: not under Oclgrind's 48 KiB
        // (LIFTCL_E2E_MAX_LOG2N=6 there).
        if (testing::maxLog2Size(10) >= 10)
            CHECK(runLocalFft<double>(1024, 3, inverse, {16, 8, 8}, local).relativeError < 1e-13);
        CHECK(runLocalFft<double>(60, 3, inverse, {4, 3, 5}, local).relativeError < 1e-13);
    }
}
