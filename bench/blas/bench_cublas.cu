// cuBLAS baseline for liftcl's BLAS programs (examples/gemv.lift, asum.lift, dot_product.lift):
// cublas{S,D}gemv on a row-major matrix as Lift writes it (m rows of n elements: column-major
// n x m, op T), cublas{S,D}asum, cublas{S,D}dot. Each size: warm-up, then the median of 20 timed
// calls (CUDA events). GB/s counts the bytes that must move: GEMV reads A, x, y and writes y;
// ASUM reads x; DOT reads x and y. CSV on stdout:
//   op,precision,m,n,median_us,gb_per_s
// Usage: bench_cublas [--gemv-sizes 4096,8192] [--vector-sizes 1048576,16777216]
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

void check(cudaError_t e, const char* what) {
    if (e != cudaSuccess) {
        std::fprintf(stderr, "bench_cublas: %s: %s\n", what, cudaGetErrorString(e));
        std::exit(1);
    }
}
void check(cublasStatus_t s, const char* what) {
    if (s != CUBLAS_STATUS_SUCCESS) {
        std::fprintf(stderr, "bench_cublas: %s: cuBLAS status %d\n", what, static_cast<int>(s));
        std::exit(1);
    }
}

std::vector<long> parseSizes(const char* text) {
    std::vector<long> out;
    std::string s(text);
    std::size_t start = 0;
    while (start <= s.size()) {
        const std::size_t comma = s.find(',', start);
        const std::string item = s.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        char* end = nullptr;
        const long v = std::strtol(item.c_str(), &end, 10);
        if (item.empty() || *end != '\0' || v <= 0) {
            std::fprintf(stderr, "bench_cublas: bad size '%s' in '%s'\n", item.c_str(), text);
            std::exit(2);
        }
        out.push_back(v);
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return out;
}

template <class T>
T* deviceRandom(std::size_t count, unsigned seed) {
    std::vector<T> host(count);
    std::mt19937 gen(seed);
    std::uniform_real_distribution<double> dist(-1.0, 1.0);
    for (auto& v : host) v = static_cast<T>(dist(gen));
    T* d = nullptr;
    check(cudaMalloc(&d, count * sizeof(T)), "cudaMalloc");
    check(cudaMemcpy(d, host.data(), count * sizeof(T), cudaMemcpyHostToDevice), "cudaMemcpy");
    return d;
}

// Median time of 20 calls of `call` after 3 warm-up calls, in microseconds.
template <class F>
double medianUs(F call) {
    for (int k = 0; k < 3; ++k) call();
    check(cudaDeviceSynchronize(), "warm-up");
    cudaEvent_t start, stop;
    check(cudaEventCreate(&start), "cudaEventCreate");
    check(cudaEventCreate(&stop), "cudaEventCreate");
    std::vector<double> times;
    for (int k = 0; k < 20; ++k) {
        check(cudaEventRecord(start), "cudaEventRecord");
        call();
        check(cudaEventRecord(stop), "cudaEventRecord");
        check(cudaEventSynchronize(stop), "cudaEventSynchronize");
        float ms = 0;
        check(cudaEventElapsedTime(&ms, start, stop), "cudaEventElapsedTime");
        times.push_back(ms * 1e3);
    }
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    std::sort(times.begin(), times.end());
    return 0.5 * (times[9] + times[10]);
}

cublasStatus_t gemv(cublasHandle_t h, int m, int n, const float* alpha, const float* A, const float* x,
                    const float* beta, float* y) {
    return cublasSgemv(h, CUBLAS_OP_T, n, m, alpha, A, n, x, 1, beta, y, 1);
}
cublasStatus_t gemv(cublasHandle_t h, int m, int n, const double* alpha, const double* A, const double* x,
                    const double* beta, double* y) {
    return cublasDgemv(h, CUBLAS_OP_T, n, m, alpha, A, n, x, 1, beta, y, 1);
}
cublasStatus_t asum(cublasHandle_t h, int n, const float* x, float* r) { return cublasSasum(h, n, x, 1, r); }
cublasStatus_t asum(cublasHandle_t h, int n, const double* x, double* r) { return cublasDasum(h, n, x, 1, r); }
cublasStatus_t dot(cublasHandle_t h, int n, const float* x, const float* y, float* r) {
    return cublasSdot(h, n, x, 1, y, 1, r);
}
cublasStatus_t dot(cublasHandle_t h, int n, const double* x, const double* y, double* r) {
    return cublasDdot(h, n, x, 1, y, 1, r);
}

void row(const char* op, const char* precision, long m, long n, double us, double bytes) {
    std::printf("%s,%s,%ld,%ld,%.3f,%.2f\n", op, precision, m, n, us, bytes / (us * 1e3));
}

template <class T>
void run(cublasHandle_t h, const char* precision, const std::vector<long>& gemvSizes,
         const std::vector<long>& vectorSizes) {
    // Scalars and results live on the device (no host synchronization inside the timed calls).
    check(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE), "cublasSetPointerMode");
    T* scalars = deviceRandom<T>(3, 7);  // alpha, beta, result
    for (long s : gemvSizes) {
        const long m = s, n = s;
        T* A = deviceRandom<T>(static_cast<std::size_t>(m * n), 1);
        T* x = deviceRandom<T>(static_cast<std::size_t>(n), 2);
        T* y = deviceRandom<T>(static_cast<std::size_t>(m), 3);
        const double us = medianUs([&] { check(gemv(h, m, n, scalars, A, x, scalars + 1, y), "gemv"); });
        row("gemv", precision, m, n, us, static_cast<double>(m * n + n + 2 * m) * sizeof(T));
        cudaFree(A);
        cudaFree(x);
        cudaFree(y);
    }
    for (long n : vectorSizes) {
        T* x = deviceRandom<T>(static_cast<std::size_t>(n), 4);
        T* y = deviceRandom<T>(static_cast<std::size_t>(n), 5);
        double us = medianUs([&] { check(asum(h, n, x, scalars + 2), "asum"); });
        row("asum", precision, 1, n, us, static_cast<double>(n) * sizeof(T));
        us = medianUs([&] { check(dot(h, n, x, y, scalars + 2), "dot"); });
        row("dot", precision, 1, n, us, 2.0 * static_cast<double>(n) * sizeof(T));
        cudaFree(x);
        cudaFree(y);
    }
    cudaFree(scalars);
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<long> gemvSizes = {4096, 8192, 16384};
    std::vector<long> vectorSizes = {1L << 20, 1L << 24, 1L << 26};
    for (int k = 1; k < argc; ++k) {
        if (!std::strcmp(argv[k], "--gemv-sizes") && k + 1 < argc) gemvSizes = parseSizes(argv[++k]);
        else if (!std::strcmp(argv[k], "--vector-sizes") && k + 1 < argc) vectorSizes = parseSizes(argv[++k]);
        else {
            std::fprintf(stderr, "usage: bench_cublas [--gemv-sizes A,B] [--vector-sizes A,B]\n");
            return 2;
        }
    }
    cublasHandle_t h;
    check(cublasCreate(&h), "cublasCreate");
    std::printf("op,precision,m,n,median_us,gb_per_s\n");
    run<float>(h, "float", gemvSizes, vectorSizes);
    run<double>(h, "double", gemvSizes, vectorSizes);
    cublasDestroy(h);
    return 0;
}
