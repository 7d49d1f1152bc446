// An application that embeds liftcl kernels: matrixVector.hpp and dotPartial.hpp were generated at
// build time by liftcl_add_kernels, and FFT plans by liftcl_add_fft_plans (see CMakeLists.txt).
// The app runs the kernels and two FFT plans, created from descriptors, on the default OpenCL
// device (LIFTCL_DEVICE chooses another), checks each result against a plain host loop (a naive
// DFT for the FFTs), and exits 1 on a mismatch or an error.
#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <random>
#include <string>
#include <vector>

#include "dotPartial.hpp"
#include "matrixVector.hpp"
#include "runtime/runtime.hpp"

namespace {

using liftcl::rt::Buffer;

std::vector<float> randomVector(std::size_t size, unsigned seed) {
    std::mt19937 engine(seed);
    std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
    std::vector<float> v(size);
    for (float& x : v) x = uniform(engine);
    return v;
}

// Largest |got - want| relative to the result's scale; printed, and compared with the tolerance.
bool matches(const char* what, const std::vector<float>& got, const std::vector<double>& want) {
    double worst = 0, scale = 1;
    for (std::size_t i = 0; i < want.size(); ++i) {
        scale = std::max(scale, std::fabs(want[i]));
        const double diff = std::fabs(static_cast<double>(got[i]) - want[i]);
        worst = std::isnan(diff) ? INFINITY : std::max(worst, diff);
    }
    const double tolerance = 1e-4 * scale;
    std::printf("%s: max_abs_error=%.3g (tolerance %.3g) %s\n", what, worst, tolerance,
                worst <= tolerance ? "ok" : "MISMATCH");
    return worst <= tolerance;
}

// y = M x with m and n given at launch time.
bool checkMatrixVector(liftcl::rt::ProgramCache& cache, const liftcl::rt::Context& context,
                       const liftcl::rt::Queue& queue) {
    const std::int64_t m = 300, n = 77;
    const auto M = randomVector(static_cast<std::size_t>(m * n), 1);
    const auto x = randomVector(static_cast<std::size_t>(n), 2);
    liftcl_kernels::matrixVector kernel(cache, context);
    Buffer dM = Buffer::fromHost<float>(context, queue, M), dx = Buffer::fromHost<float>(context, queue, x);
    Buffer dy(context, kernel.outBytes(m, n));
    dy.fill(queue, NAN);  // poison: a kernel that skips an element cannot pass
    kernel(queue, dM, dx, dy, m, n).wait();
    std::vector<double> want(static_cast<std::size_t>(m), 0.0);
    for (std::int64_t r = 0; r < m; ++r)
        for (std::int64_t c = 0; c < n; ++c) want[r] += double{M[r * n + c]} * x[c];
    return matches("matrixVector m=300 n=77", dy.read<float>(queue), want);
}

// Partial dot products over chunks of 64 (the kernel is specialised to n=4096, c=64).
bool checkDotPartial(liftcl::rt::ProgramCache& cache, const liftcl::rt::Context& context,
                     const liftcl::rt::Queue& queue) {
    const std::size_t n = 4096, c = 64;
    const auto xs = randomVector(n, 3), ys = randomVector(n, 4);
    liftcl_kernels::dotPartial kernel(cache, context);
    Buffer dxs = Buffer::fromHost<float>(context, queue, xs), dys = Buffer::fromHost<float>(context, queue, ys);
    Buffer out(context, kernel.outBytes());
    out.fill(queue, NAN);
    kernel(queue, dxs, dys, out).wait();
    std::vector<double> want(n / c, 0.0);
    for (std::size_t i = 0; i < n; ++i) want[i / c] += double{xs[i]} * ys[i];
    return matches("dotPartial n=4096 c=64", out.read<float>(queue), want);
}

// The DFT of each of `batch` transforms of size n, in double precision on the host; an inverse is
// scaled by 1/n (the plan is asked for that).
std::vector<std::complex<double>> naiveDft(const std::vector<std::complex<float>>& x, std::int64_t n,
                                           std::int64_t batch, bool inverse) {
    const double pi = std::acos(-1.0), sign = inverse ? 1.0 : -1.0;
    std::vector<std::complex<double>> y(x.size());
    for (std::int64_t b = 0; b < batch; ++b)
        for (std::int64_t k = 0; k < n; ++k) {
            std::complex<double> sum = 0;
            for (std::int64_t j = 0; j < n; ++j)
                sum += std::complex<double>(x[b * n + j]) * std::polar(1.0, sign * 2 * pi * double(j * k % n) / double(n));
            y[b * n + k] = inverse ? sum / double(n) : sum;
        }
    return y;
}

// Prints the plan's relative L2 error against `want` and whether it is within the tolerance.
bool reportFft(const liftcl::rt::FftDescriptor& descriptor, const liftcl::rt::FftPlan& plan,
               const std::vector<std::complex<float>>& y, const std::vector<std::complex<double>>& want) {
    double err = 0, norm = 0;
    for (std::size_t i = 0; i < want.size(); ++i) {
        err += std::norm(std::complex<double>(y[i]) - want[i]);
        norm += std::norm(want[i]);
    }
    const double relative = std::isnan(err) ? INFINITY : std::sqrt(err / norm), tolerance = 1e-5;
    std::printf("fft %s (method %s): rel_l2_error=%.3g (tolerance %.3g) %s\n", descriptor.text().c_str(),
                plan.description().method.c_str(), relative, tolerance, relative <= tolerance ? "ok" : "MISMATCH");
    return relative <= tolerance;
}

// One FFT plan created from its descriptor (embedded at build time), run on random data and
// compared with the naive DFT by relative L2 error.
bool checkFft(liftcl::rt::ProgramCache& cache, const liftcl::rt::Context& context, const liftcl::rt::Queue& queue,
              const liftcl::rt::FftDescriptor& descriptor) {
    liftcl::rt::FftPlan plan = liftcl::rt::FftPlan::create(cache, context, descriptor);
    const auto re = randomVector(static_cast<std::size_t>(descriptor.n * descriptor.batch), 5);
    const auto im = randomVector(re.size(), 6);
    std::vector<std::complex<float>> x(re.size());
    for (std::size_t i = 0; i < x.size(); ++i) x[i] = {re[i], im[i]};
    const std::vector<std::complex<float>> y = plan.execute(queue, x);  // host to host, the descriptor's placement
    return reportFft(descriptor, plan, y, naiveDft(x, descriptor.n, descriptor.batch, descriptor.inverse));
}

// The embedded R2C plan of batch 2 8x16 real arrays against the naive 2D DFT of real values:
// X[k1][k2] = sum x[j1][j2] exp(-2 pi i (j1 k1 / 8 + j2 k2 / 16)), k2 <= 8.
bool checkRealFft2d(liftcl::rt::ProgramCache& cache, const liftcl::rt::Context& context,
                    const liftcl::rt::Queue& queue) {
    liftcl::rt::FftDescriptor descriptor;
    descriptor.n = 128;
    descriptor.batch = 2;
    descriptor.precision = liftcl::rt::Precision::Float;
    descriptor.shape = {8, 16};
    descriptor.real = true;
    liftcl::rt::FftPlan plan = liftcl::rt::FftPlan::create(cache, context, descriptor);
    const std::vector<float> x = randomVector(256, 7);
    const std::vector<std::complex<float>> y = plan.executeReal(queue, x);
    const double pi = 3.14159265358979323846;
    std::vector<std::complex<double>> want;  // in the order of y: batch, k1, k2
    for (int b = 0; b < 2; ++b)
        for (int k1 = 0; k1 < 8; ++k1)
            for (int k2 = 0; k2 <= 8; ++k2) {
                std::complex<double> sum = 0;
                for (int j1 = 0; j1 < 8; ++j1)
                    for (int j2 = 0; j2 < 16; ++j2)
                        sum += static_cast<double>(x[static_cast<std::size_t>(b * 128 + j1 * 16 + j2)]) *
                               std::polar(1.0, -2 * pi * (j1 * k1 / 8.0 + j2 * k2 / 16.0));
                want.push_back(sum);
            }
    return reportFft(descriptor, plan, y, want);
}

// A descriptor without an embedded plan is refused with a message that lists the embedded ones.
bool checkMissingFftPlan(liftcl::rt::ProgramCache& cache, const liftcl::rt::Context& context) {
    try {
        liftcl::rt::FftPlan::create(cache, context, {128, 2, liftcl::rt::Precision::Float});
    } catch (const liftcl::rt::Error& e) {
        const bool named = std::string(e.what()).find("n=128 batch=2 f32 forward") != std::string::npos &&
                           std::string(e.what()).find("n=360 batch=2 f32 forward") != std::string::npos;
        std::printf("fft n=128 (not embedded): refused%s\n", named ? " naming the embedded plans" : ": UNCLEAR MESSAGE");
        return named;
    }
    std::printf("fft n=128 (not embedded): NOT REFUSED\n");
    return false;
}

}  // namespace

int main() {
    try {
        const liftcl::rt::Device device = liftcl::rt::chooseDevice();
        std::printf("device: %s (%s)\n", device.name().c_str(), device.platformName().c_str());
        liftcl::rt::Context context(device);
        liftcl::rt::Queue queue(context);
        liftcl::rt::ProgramCache cache;
        using liftcl::rt::FftDescriptor, liftcl::rt::Precision;
        const bool ok = checkMatrixVector(cache, context, queue) & checkDotPartial(cache, context, queue) &
                        checkFft(cache, context, queue, FftDescriptor{360, 2, Precision::Float}) &
                        checkFft(cache, context, queue,
                                 FftDescriptor{64, 2, Precision::Float, /*inverse=*/true, /*inPlace=*/true, /*scaled=*/true}) &
                        checkFft(cache, context, queue,
                                 FftDescriptor{17, 2, Precision::Float, /*inverse=*/true, /*inPlace=*/true, /*scaled=*/true}) &
                        checkRealFft2d(cache, context, queue) & checkMissingFftPlan(cache, context);
        return ok ? 0 : 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "embed_app: %s\n", e.what());
        return 1;
    }
}
