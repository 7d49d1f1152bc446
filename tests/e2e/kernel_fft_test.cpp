// A full Stockham FFT of n = 2^k, k = 1..16, assembled from generated pass kernels (one kernel per
// pass, ping-pong buffers), equals FFTW: fp64 relative L2 error < 1e-13, fp32 < 2e-6, with the
// digit-table and the on-the-fly (sincos) twiddle variants. LIFTCL_E2E_MAX_LOG2N limits k
// (tests/e2e/size_limit.hpp).
#include <doctest/doctest.h>
#include <fftw3.h>

#include <cmath>
#include <complex>
#include <random>
#include <vector>

#include "support/kernel_harness.hpp"
#include "size_limit.hpp"

using namespace liftcl;

namespace {

template <typename Real>
double fftRelativeError(int k, codegen::TwiddleMode mode) {
    const ir::ScalarKind precision = sizeof(Real) == 8 ? ir::ScalarKind::Double : ir::ScalarKind::Float;
    const long n = 1L << k;
    std::mt19937_64 rng(1234 + static_cast<unsigned>(k));
    std::uniform_real_distribution<double> dist(-1.0, 1.0);
    std::vector<std::complex<double>> x(static_cast<std::size_t>(n));
    for (auto& v : x) v = {dist(rng), dist(rng)};

    auto& dev = testing::DeviceFixture::get();
    std::vector<Real> host(2 * static_cast<std::size_t>(n));
    for (long i = 0; i < n; ++i) host[2 * i] = static_cast<Real>(x[i].real()), host[2 * i + 1] = static_cast<Real>(x[i].imag());
    rt::Buffer a(dev.context, host.size() * sizeof(Real)), b(dev.context, host.size() * sizeof(Real));
    a.writeBytes(dev.queue, host.data(), host.size() * sizeof(Real));
    // Poisoned (NaN) by a host write, not clEnqueueFillBuffer: the next pass reads this buffer, and
    // Oclgrind 21.10's uninitialized-value plugin records a fill with a 1-byte pattern as a series
    // of 1-byte host stores, each replacing the buffer's shadow with one of 1 byte; the kernel's
    // writes beyond it are then not recorded and the next kernel's reads report "uninitialized
    // value written" (the same pass reading a host-written buffer is clean).
    const std::vector<unsigned char> poison(b.bytes(), 0xff);
    b.writeBytes(dev.queue, poison.data(), poison.size());

    // Radix 4 passes, one radix 2 pass first when k is odd.
    long L = 1;
    int remaining = k;
    while (remaining > 0) {
        const int p = remaining % 2 == 1 ? 2 : 4;
        remaining -= p == 2 ? 1 : 2;
        L *= p;
        int bound = 1;
        while ((1L << (4 * bound)) < L) ++bound;  // base 16 digits
        const std::string set = "n=" + std::to_string(n) + ",L=" + std::to_string(L) + ",p=" + std::to_string(p) +
                                ",bound=" + std::to_string(bound) + ",base=16";
        codegen::CodegenOptions o;
        o.precision = precision;
        o.twiddles = mode;
        const auto program = ir::loadProgram(testing::sourcePath("examples/kernels/stockham.lift"),
                                              "stockhamTwPassC", set, precision);
        const auto kernel = codegen::generateKernel(program, o);
        const auto meta = rt::parseKernelMetadata(kernel.metadata, kernel.name);
        rt::BufferArgs buffers;
        buffers.emplace("vs", a);
        buffers.emplace("out", b);
        rt::launchFromMetadata(dev.queue, dev.cache, meta, kernel.source, {}, buffers);
        std::swap(a, b);
    }
    a.readBytes(dev.queue, host.data(), host.size() * sizeof(Real));

    std::vector<fftwl_complex> in(static_cast<std::size_t>(n)), out(static_cast<std::size_t>(n));
    for (long i = 0; i < n; ++i) in[i][0] = x[i].real(), in[i][1] = x[i].imag();
    fftwl_plan plan = fftwl_plan_dft_1d(static_cast<int>(n), in.data(), out.data(), FFTW_FORWARD, FFTW_ESTIMATE);
    fftwl_execute(plan);
    fftwl_destroy_plan(plan);
    long double num = 0, den = 0;
    for (long i = 0; i < n; ++i) {
        const long double dr = host[2 * i] - out[i][0], di = host[2 * i + 1] - out[i][1];
        num += dr * dr + di * di;
        den += out[i][0] * out[i][0] + out[i][1] * out[i][1];
    }
    const double err = static_cast<double>(std::sqrt(num / den));
    return std::isnan(err) ? INFINITY : err;
}

}  // namespace

TEST_CASE("multi-pass Stockham FFT equals FFTW, fp64 and fp32, digit tables and sincos") {
    for (auto mode : {codegen::TwiddleMode::Digits, codegen::TwiddleMode::Sincos}) {
        for (int k = 1; k <= testing::maxLog2Size(16); ++k) {
            INFO("n = 2^" << k << ", twiddles " << codegen::twiddleModeName(mode));
            CHECK(fftRelativeError<double>(k, mode) < 1e-13);
            CHECK(fftRelativeError<float>(k, mode) < 2e-6);
        }
    }
}
