// cuFFT reference for liftcl's multidimensional and real FFT families (bench/run_gpu_nd.sh):
// cufftPlanMany of rank 1-3, C2C and R2C (Z2Z / D2Z in fp64) forward and C2R (Z2D) inverse, out of
// place, batched so the complex side holds about TOTAL bytes (argument 2, default 2^27).
//
//   cufft_nd_bench OUT.csv [TOTAL_BYTES [FAMILIES]]
//
// FAMILIES: a comma-separated list of the families below (default: all of them).
// Families and sizes (the issue's sweeps): c2c 1D, r2c 1D, 2d, 3d, r2c2d, r2c3d, and the C2R ones
// over the R2C shapes (c2r, c2r2d, c2r3d: bench/lib/bench_families.cpp); fp32 and fp64.
// Metrics as `liftcl bench` and the harness: median of 20 timed executions (cudaEvent around each)
// after 3 warm-up ones; gbps = (bytes read + bytes written) / time, where a real array counts its
// real values and a half spectrum its n/W*(W/2+1) complex values; gflops = 5 N log2(N) batch / t
// with N the number of points (2.5 N log2 N for real transforms). CSV columns:
// library,precision,N,batch,median_ms,gflops,gbps,note  (N as 64x64; note: family=...).
#include <cufft.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

struct Family {
    const char* name;
    bool real;
    std::vector<std::vector<int>> shapes;
    bool inverse = false;  // real: C2R (the half spectrum in, the real values out)
};

const std::vector<Family>& families() {
    static const std::vector<Family> f = {
        {"c2c", false, {{16}, {1024}, {4096}, {16384}, {65536}, {1 << 20}, {1 << 24}}},
        {"r2c", true, {{16}, {1024}, {4096}, {16384}, {65536}, {1 << 20}, {1 << 24}}},
        {"2d", false, {{32, 32}, {64, 64}, {128, 128}, {512, 512}, {2048, 2048}, {8192, 8192}, {1000, 1000}}},
        {"r2c2d", true, {{32, 32}, {128, 128}, {512, 512}, {2048, 2048}, {8192, 8192}}},
        {"3d",
         false,
         {{16, 16, 16},
          {32, 32, 32},
          {64, 64, 64},
          {128, 128, 128},
          {256, 256, 256},
          {512, 512, 512},
          {100, 100, 100}}},
        {"r2c3d", true, {{16, 16, 16}, {32, 32, 32}, {64, 64, 64}, {128, 128, 128}, {512, 512, 512}}},
        {"c2r", true, {{16}, {1024}, {4096}, {16384}, {65536}, {1 << 20}, {1 << 24}}, true},
        {"c2r2d", true, {{32, 32}, {128, 128}, {512, 512}, {2048, 2048}, {8192, 8192}}, true},
        {"c2r3d", true, {{16, 16, 16}, {32, 32, 32}, {64, 64, 64}, {128, 128, 128}, {512, 512, 512}}, true},
    };
    return f;
}

bool ok(cudaError_t e, const char* what) {
    if (e == cudaSuccess) return true;
    std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
    return false;
}

std::string shapeText(const std::vector<int>& s) {
    std::string t;
    for (int e : s) t += (t.empty() ? "" : "x") + std::to_string(e);
    return t;
}

// One point: returns false (and writes an error row) when cuFFT refuses it or memory runs out.
void measure(FILE* csv, const Family& family, const std::vector<int>& shape, bool f64, std::size_t totalBytes) {
    const std::size_t complexBytes = f64 ? 16 : 8, realBytes = complexBytes / 2;
    long long points = 1;
    for (int e : shape) points *= e;
    const long long halfPoints = points / shape.back() * (shape.back() / 2 + 1);
    const long long complexPoints = family.real ? halfPoints : points;
    const long long batch = std::max<long long>(1, static_cast<long long>(totalBytes / complexBytes) / complexPoints);
    const bool c2r = family.real && family.inverse;
    const std::size_t realSide = (family.real ? points * realBytes : points * complexBytes) * batch;
    const std::size_t complexSide = complexPoints * complexBytes * batch;
    const std::size_t inBytes = c2r ? complexSide : realSide;
    const std::size_t outBytes = c2r ? realSide : complexSide;
    const char* precision = f64 ? "fp64" : "fp32";
    const std::string name = shapeText(shape);
    void *in = nullptr, *out = nullptr;
    if (!ok(cudaMalloc(&in, inBytes), "cudaMalloc") || !ok(cudaMalloc(&out, outBytes), "cudaMalloc")) {
        std::fprintf(csv, "cufft,%s,%s,%lld,,,,family=%s;skipped: out of memory\n", precision, name.c_str(), batch, family.name);
        cudaFree(in);
        cudaFree(out);
        cudaGetLastError();
        return;
    }
    cudaMemset(in, 0, inBytes);  // timing only: cuFFT's speed does not depend on the values
    std::vector<int> n(shape.begin(), shape.end());
    const cufftType type = c2r           ? (f64 ? CUFFT_Z2D : CUFFT_C2R)
                           : family.real ? (f64 ? CUFFT_D2Z : CUFFT_R2C)
                                         : (f64 ? CUFFT_Z2Z : CUFFT_C2C);
    cufftHandle plan;
    const int idist = static_cast<int>(c2r ? complexPoints : points),
              odist = static_cast<int>(c2r ? points : complexPoints);
    if (cufftPlanMany(&plan, static_cast<int>(n.size()), n.data(), nullptr, 1, idist, nullptr, 1, odist, type,
                      static_cast<int>(batch)) != CUFFT_SUCCESS) {
        std::fprintf(csv, "cufft,%s,%s,%lld,,,,family=%s;error: cufftPlanMany refused\n", precision, name.c_str(), batch,
                     family.name);
        cudaFree(in);
        cudaFree(out);
        return;
    }
    auto run = [&] {
        if (type == CUFFT_C2C) cufftExecC2C(plan, (cufftComplex*)in, (cufftComplex*)out, CUFFT_FORWARD);
        else if (type == CUFFT_Z2Z) cufftExecZ2Z(plan, (cufftDoubleComplex*)in, (cufftDoubleComplex*)out, CUFFT_FORWARD);
        else if (type == CUFFT_R2C) cufftExecR2C(plan, (cufftReal*)in, (cufftComplex*)out);
        else if (type == CUFFT_C2R)
            cufftExecC2R(plan, (cufftComplex*)in, (cufftReal*)out);
        else if (type == CUFFT_Z2D)
            cufftExecZ2D(plan, (cufftDoubleComplex*)in, (cufftDoubleReal*)out);
        else cufftExecD2Z(plan, (cufftDoubleReal*)in, (cufftDoubleComplex*)out);
    };
    for (int i = 0; i < 3; ++i) run();
    cudaDeviceSynchronize();
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    std::vector<float> ms;
    for (int i = 0; i < 20; ++i) {
        cudaEventRecord(start);
        run();
        cudaEventRecord(stop);
        cudaEventSynchronize(stop);
        float t = 0;
        cudaEventElapsedTime(&t, start, stop);
        ms.push_back(t);
    }
    std::sort(ms.begin(), ms.end());
    const double median = 0.5 * (ms[9] + ms[10]);
    const double seconds = median * 1e-3;
    const double flops = (family.real ? 2.5 : 5.0) * static_cast<double>(points) * std::log2(static_cast<double>(points)) *
                         static_cast<double>(batch);
    std::fprintf(csv, "cufft,%s,%s,%lld,%.6f,%.3f,%.3f,family=%s;min_ms=%.6f\n", precision, name.c_str(), batch, median,
                 flops / seconds * 1e-9, static_cast<double>(inBytes + outBytes) / seconds * 1e-9, family.name,
                 static_cast<double>(ms.front()));
    std::fflush(csv);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    cufftDestroy(plan);
    cudaFree(in);
    cudaFree(out);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: cufft_nd_bench OUT.csv [TOTAL_BYTES [FAMILIES]]\n");
        return 2;
    }
    const std::size_t total = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : (std::size_t{1} << 27);
    FILE* csv = std::fopen(argv[1], "w");
    if (!csv) {
        std::fprintf(stderr, "cannot write %s\n", argv[1]);
        return 1;
    }
    std::fprintf(csv, "library,precision,N,batch,median_ms,gflops,gbps,note\n");
    const std::string chosen = argc > 3 ? "," + std::string(argv[3]) + "," : "";
    for (const Family& family : families()) {
        if (!chosen.empty() && chosen.find("," + std::string(family.name) + ",") == std::string::npos) continue;
        for (const auto& shape : family.shapes)
            for (bool f64 : {false, true}) measure(csv, family, shape, f64, total);
    }
    std::fclose(csv);
    return 0;
}
