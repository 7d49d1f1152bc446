// Times the single-kernel local-memory FFTs (compiler/fft/local_method.hpp) on the default OpenCL
// device: fp32, batch = 2^26/n, n = 2^4..2^12 (those that fit the device's local memory), median of
// 20 kernel executions (device profiling), and a buffer copy of the same size for reference.
// GB/s = 2 * n * batch * sizeof(complex) / t. Not part of the build; bench/gpu_local_fft.sh
// compiles it against the libraries of a liftcl build.
#include <algorithm>
#include <cstdio>
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
}  // namespace

int main(int argc, char** argv) {
    const bool fp64 = argc > 1 && std::string(argv[1]) == "f64";
    const ir::ScalarKind precision = fp64 ? ir::ScalarKind::Double : ir::ScalarKind::Float;
    const std::size_t complexBytes = fp64 ? 16 : 8;
    const long total = fp64 ? (1L << 25) : (1L << 26);
    rt::Device device = rt::chooseDevice(rt::deviceSpecFromEnvironment().value_or(""));
    rt::Context context{device};
    rt::Queue queue{context};
    rt::ProgramCache cache;
    const std::size_t bytes = static_cast<std::size_t>(total) * complexBytes;
    rt::Buffer a(context, bytes), b(context, bytes);
    const float one = 0.5f;
    a.fillBytes(queue, &one, sizeof one, bytes).wait();
    {
        std::vector<double> t;
        for (int r = 0; r < 20; ++r) t.push_back(static_cast<double>(b.copyFrom(queue, a).durationNs()));
        std::printf("copy %zu MiB: %.1f GB/s (read + write)\n", bytes >> 20, 2.0 * bytes / median(t));
    }
    fft::LocalFftLimits limits;
    limits.localMemoryBytes = 48 * 1024;
    std::printf("%-6s %-10s %-12s %-8s %-10s %-8s\n", "n", "batch", "radices", "wg", "time_us", "GB/s");
    for (long n = 16; n <= 4096; n *= 2) {
        const long batch = total / n;
        auto shape = fft::localFftShape(n, precision, {}, limits);
        if (!shape) {
            std::printf("%-6ld does not fit\n", n);
            continue;
        }
        try {
            auto program = fft::composeLocalMemoryFft(n, batch, precision, false, {}, limits);
            auto kernel = codegen::generateKernel(*program, fft::localFftCodegenOptions(*shape, precision));
            auto meta = rt::parseKernelMetadata(kernel.metadata, kernel.name);
            rt::BufferArgs buffers;
            for (const auto& arg : meta.args) buffers.emplace(arg.name, arg.kind == rt::ArgKind::Input ? a : b);
            std::vector<double> t;
            for (int r = 0; r < 23; ++r) {
                auto e = rt::launchFromMetadata(queue, cache, meta, kernel.source, {}, buffers);
                if (r >= 3) t.push_back(static_cast<double>(e.durationNs()));
            }
            std::string radices;
            for (auto p : shape->radices) radices += (radices.empty() ? "" : ",") + std::to_string(p);
            const double ns = median(t);
            std::printf("%-6ld %-10ld %-12s %-8ld %-10.1f %-8.1f\n", n, batch, radices.c_str(),
                        shape->workGroupSize, ns * 1e-3, 2.0 * static_cast<double>(bytes) / ns);
        } catch (const std::exception& e) {
            std::printf("%-6ld error: %s\n", n, e.what());
        }
    }
}
