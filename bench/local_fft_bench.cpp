// Times the single-kernel local-memory FFTs (compiler/fft/local_method.hpp) on the default OpenCL
// device: batch = 2^26/n (fp32) or 2^25/n (fp64), n = 2^4..2^11 (those that fit the device's
// local memory), median of 20 kernel executions (device profiling), and a buffer copy of the same
// size for reference. GB/s = 2 * n * batch * sizeof(complex) / t. Each kernel's first 16
// transforms are checked against a double-precision DFT (relative L2 error). Not part of the
// build; bench/gpu_local_fft.sh compiles it against the libraries of a liftcl build.
//
// Usage: local_fft_bench [f32|f64|both] ; LIFTCL_LFFT_VARIANTS="1:0,256:1" times every size once
// per variant target:pad, target = LocalFftLimits::targetWorkGroupSize (1: one transform per
// work-group), pad = LocalFftLimits::padLocalArrays (0 or 1). Default: the defaults.
// LIFTCL_LFFT_LOG2_POINTS=k: 2^k points per precision instead.
#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "codegen/codegen.hpp"
#include "compiler/fft/local_method.hpp"
#include "runtime/runtime.hpp"

using namespace liftcl;

namespace {

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

std::vector<fft::LocalFftLimits> variantsFromEnvironment() {
    std::vector<fft::LocalFftLimits> variants;
    const char* text = std::getenv("LIFTCL_LFFT_VARIANTS");
    if (!text) return {fft::LocalFftLimits{}};
    std::stringstream in(text);
    for (std::string item; std::getline(in, item, ',');) {
        fft::LocalFftLimits limits;
        const auto colon = item.find(':');
        limits.targetWorkGroupSize = std::stol(item.substr(0, colon));
        if (colon != std::string::npos) limits.padLocalArrays = item.substr(colon + 1) != "0";
        variants.push_back(limits);
    }
    return variants;
}

// Relative L2 error of `got` (interleaved re, im of `count` transforms of size n) against a
// direct double-precision DFT of `in`.
template <typename Real>
double relativeError(const std::vector<Real>& in, const std::vector<Real>& got, long n, long count) {
    std::vector<std::complex<double>> omega(static_cast<std::size_t>(n));
    for (long j = 0; j < n; ++j) omega[j] = std::polar(1.0, -2.0 * M_PI * static_cast<double>(j) / static_cast<double>(n));
    double err = 0, ref = 0;
    for (long t = 0; t < count; ++t)
        for (long k = 0; k < n; ++k) {
            std::complex<double> sum = 0;
            for (long j = 0; j < n; ++j) {
                const std::complex<double> x(in[2 * (t * n + j)], in[2 * (t * n + j) + 1]);
                sum += x * omega[(j * k) % n];
            }
            const std::complex<double> y(got[2 * (t * n + k)], got[2 * (t * n + k) + 1]);
            err += std::norm(y - sum);
            ref += std::norm(sum);
        }
    return std::sqrt(err / ref);
}

template <typename Real>
void sweep(const rt::Context& context, const rt::Queue& queue, rt::ProgramCache& cache,
           const std::vector<fft::LocalFftLimits>& variants) {
    const bool fp64 = sizeof(Real) == 8;
    const ir::ScalarKind precision = fp64 ? ir::ScalarKind::Double : ir::ScalarKind::Float;
    const char* log2Total = std::getenv("LIFTCL_LFFT_LOG2_POINTS");  // a smaller run (e.g. on PoCL)
    const long total = log2Total ? (1L << std::stoi(log2Total)) : fp64 ? (1L << 25) : (1L << 26);
    const std::size_t bytes = static_cast<std::size_t>(total) * 2 * sizeof(Real);
    rt::Buffer a(context, bytes), b(context, bytes);
    std::vector<Real> input(static_cast<std::size_t>(2 * total));
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> dist(-1.0, 1.0);
    for (auto& v : input) v = static_cast<Real>(dist(rng));
    a.write(queue, input).wait();
    {
        std::vector<double> t;
        for (int r = 0; r < 20; ++r) t.push_back(static_cast<double>(b.copyFrom(queue, a).durationNs()));
        std::printf("%s copy %zu MiB: %.1f GB/s (read + write)\n", fp64 ? "fp64" : "fp32", bytes >> 20,
                    2.0 * static_cast<double>(bytes) / median(t));
    }
    std::printf("%-5s %-6s %-9s %-10s %-7s %-4s %-5s %-6s %-10s %-8s %-9s\n", "prec", "n", "batch", "radices", "target",
                "pad", "T", "wg", "time_us", "GB/s", "relerr");
    for (long n = 16; n <= 2048; n *= 2) {
        const long batch = total / n;
        for (fft::LocalFftLimits limits : variants) {
            limits.localMemoryBytes = 48 * 1024;
            auto shape = fft::localFftShape(n, precision, {}, limits, batch);
            if (!shape) {
                std::printf("%-5s %-6ld does not fit\n", fp64 ? "fp64" : "fp32", n);
                break;
            }
            try {
                auto program = fft::composeLocalMemoryFft(n, batch, precision, false, {}, limits);
                auto kernel = codegen::generateKernel(*program, fft::localFftCodegenOptions(*shape, precision));
                auto meta = rt::parseKernelMetadata(kernel.metadata, kernel.name);
                rt::BufferArgs buffers;
                for (const auto& arg : meta.args) buffers.emplace(arg.name, arg.kind == rt::ArgKind::Input ? a : b);
                const Real poison = std::nan("");
                b.fillBytes(queue, &poison, sizeof poison, bytes).wait();
                std::vector<double> t;
                for (int r = 0; r < 23; ++r) {
                    auto e = rt::launchFromMetadata(queue, cache, meta, kernel.source, {}, buffers);
                    if (r >= 3) t.push_back(static_cast<double>(e.durationNs()));
                }
                const long checked = std::min(batch, 16L);
                const auto got = b.read<Real>(queue, static_cast<std::size_t>(2 * n * checked));
                std::string radices;
                for (auto p : shape->radices) radices += (radices.empty() ? "" : ",") + std::to_string(p);
                const double ns = median(t);
                std::printf("%-5s %-6ld %-9ld %-10s %-7ld %-4ld %-5ld %-6ld %-10.1f %-8.1f %-9.2e\n", fp64 ? "fp64" : "fp32",
                            n, batch, radices.c_str(), static_cast<long>(limits.targetWorkGroupSize),
                            shape->localPaddingEvery, shape->transformsPerGroup, shape->workGroupSize,
                            ns * 1e-3, 2.0 * static_cast<double>(bytes) / ns, relativeError(input, got, n, checked));
            } catch (const std::exception& e) {
                std::printf("%-6ld error: %s\n", n, e.what());
            }
        }
    }
}

}  // namespace

int main(int argc, char** argv) {
    const std::string which = argc > 1 ? argv[1] : "f32";
    rt::Device device = rt::chooseDevice(rt::deviceSpecFromEnvironment().value_or(""));
    rt::Context context{device};
    rt::Queue queue{context};
    rt::ProgramCache cache;
    const auto variants = variantsFromEnvironment();
    if (which == "f32" || which == "both") sweep<float>(context, queue, cache, variants);
    if (which == "f64" || which == "both") sweep<double>(context, queue, cache, variants);
}
