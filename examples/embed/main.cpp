// An application that embeds liftcl kernels: matrixVector.hpp and dotPartial.hpp were generated at
// build time by liftcl_add_kernels (see CMakeLists.txt). The app runs both on the default OpenCL
// device (LIFTCL_DEVICE chooses another), checks each result against a plain host loop, and exits
// 1 on a mismatch or an error.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <random>
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

}  // namespace

int main() {
    try {
        const liftcl::rt::Device device = liftcl::rt::chooseDevice();
        std::printf("device: %s (%s)\n", device.name().c_str(), device.platformName().c_str());
        liftcl::rt::Context context(device);
        liftcl::rt::Queue queue(context);
        liftcl::rt::ProgramCache cache;
        const bool ok = checkMatrixVector(cache, context, queue) & checkDotPartial(cache, context, queue);
        return ok ? 0 : 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "embed_app: %s\n", e.what());
        return 1;
    }
}
