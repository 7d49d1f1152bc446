// cuFFT's errors on the multidimensional and real shapes of the accuracy table (issue 15;
// bench/lib/bench_shape_errors.hpp): one array per plan (cufftPlanMany of rank 1-3, C2C / Z2Z or
// R2C / D2Z), forward, out of place, against FFTW in long double on liftcl's input.
//   cufft_nd_accuracy --csv OUT.csv [--max-log2 K]
// Built by bench/gpu/build.sh on the GPU machine (bench/run_gpu_nd_accuracy.sh runs it).
#include <cuda_runtime.h>
#include <cufft.h>

#include <complex>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench/gpu/cuda_checks.hpp"
#include "bench/lib/bench_shape_errors.hpp"

namespace {

using liftcl::bench::AccuracyShape;
using liftcl::bench::TransformDirection;

using liftcl::bench::gpu::checkCuda;
using liftcl::bench::gpu::checkCufft;

// The forward transform of one array of the shape by cuFFT, in Real precision.
template <typename Real>
std::vector<std::complex<Real>> cufftForward(const AccuracyShape& s, const std::vector<std::complex<Real>>& x) {
    const bool isDouble = sizeof(Real) == 8;
    std::vector<int> n(s.shape.begin(), s.shape.end());
    const std::size_t points = x.size(), W = static_cast<std::size_t>(s.shape.back());
    const std::size_t outPoints = s.real ? points / W * (W / 2 + 1) : points;
    cufftHandle plan;
    const cufftType type = s.real ? (isDouble ? CUFFT_D2Z : CUFFT_R2C) : (isDouble ? CUFFT_Z2Z : CUFFT_C2C);
    checkCufft(cufftPlanMany(&plan, static_cast<int>(n.size()), n.data(), nullptr, 1, 0, nullptr, 1, 0, type, 1),
               "cufftPlanMany");
    void *in = nullptr, *out = nullptr;
    const std::size_t inBytes = s.real ? points * sizeof(Real) : points * 2 * sizeof(Real);
    checkCuda(cudaMalloc(&in, inBytes), "cudaMalloc");
    checkCuda(cudaMalloc(&out, outPoints * 2 * sizeof(Real)), "cudaMalloc");
    if (s.real) {
        std::vector<Real> re(points);
        for (std::size_t i = 0; i < points; ++i) re[i] = x[i].real();
        checkCuda(cudaMemcpy(in, re.data(), inBytes, cudaMemcpyHostToDevice), "cudaMemcpy");
    } else {
        checkCuda(cudaMemcpy(in, x.data(), inBytes, cudaMemcpyHostToDevice), "cudaMemcpy");
    }
    if (isDouble && s.real) checkCufft(cufftExecD2Z(plan, static_cast<cufftDoubleReal*>(in), static_cast<cufftDoubleComplex*>(out)), "cufftExecD2Z");
    else if (s.real) checkCufft(cufftExecR2C(plan, static_cast<cufftReal*>(in), static_cast<cufftComplex*>(out)), "cufftExecR2C");
    else if (isDouble) checkCufft(cufftExecZ2Z(plan, static_cast<cufftDoubleComplex*>(in), static_cast<cufftDoubleComplex*>(out), CUFFT_FORWARD), "cufftExecZ2Z");
    else checkCufft(cufftExecC2C(plan, static_cast<cufftComplex*>(in), static_cast<cufftComplex*>(out), CUFFT_FORWARD), "cufftExecC2C");
    std::vector<std::complex<Real>> y(outPoints);
    checkCuda(cudaMemcpy(y.data(), out, outPoints * 2 * sizeof(Real), cudaMemcpyDeviceToHost), "cudaMemcpy");
    cufftDestroy(plan);
    cudaFree(in);
    cudaFree(out);
    return y;
}

}  // namespace

int main(int argc, char** argv) {
    std::string csvPath;
    int maxLog2 = 0;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--csv" && i + 1 < argc) csvPath = argv[++i];
        else if (a == "--max-log2" && i + 1 < argc) maxLog2 = std::atoi(argv[++i]);
        else {
            std::fprintf(stderr, "cufft_nd_accuracy: unknown option '%s' (--csv FILE [--max-log2 K])\n", a.c_str());
            return 2;
        }
    }
    if (csvPath.empty()) {
        std::fprintf(stderr, "cufft_nd_accuracy: --csv FILE is required\n");
        return 2;
    }
    std::ofstream csv(csvPath);
    csv << liftcl::bench::kShapeAccuracyCsvHeader << "\n";
    int status = 0;
    for (bool isDouble : {false, true})
        for (const AccuracyShape& s : liftcl::bench::accuracyShapes(maxLog2)) {
            try {
                const liftcl::bench::ErrorPair e =
                    isDouble ? liftcl::bench::measureShapeErrors(s, [&](const std::vector<std::complex<double>>& x, TransformDirection) {
                                   return cufftForward<double>(s, x);
                               })
                             : liftcl::bench::measureShapeErrors(s, [&](const std::vector<std::complex<float>>& x, TransformDirection) {
                                   return cufftForward<float>(s, x);
                               });
                csv << liftcl::bench::shapeAccuracyCsvLine("cufft", isDouble, s, e);
                csv.flush();
                std::printf("%s %s: rel L2 %.3e\n", isDouble ? "fp64" : "fp32", liftcl::bench::accuracyShapeText(s).c_str(), e.relL2);
            } catch (const std::exception& ex) {
                std::fprintf(stderr, "cufft_nd_accuracy: %s: %s\n", liftcl::bench::accuracyShapeText(s).c_str(), ex.what());
                status = 1;
            }
        }
    return status;
}
