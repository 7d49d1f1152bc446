// cuFFT's errors for the accuracy table (bench/README.md): single 1D complex-to-complex plans
// (cufftPlan1d, C2C / Z2Z, batch 1), out of place, forward and inverse unnormalised as liftcl's.
// Built by bench/gpu/build.sh on the GPU machine.
#include <cuda_runtime.h>
#include <cufft.h>

#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>

#include "bench/gpu/accuracy_driver.hpp"
#include "bench/gpu/cuda_checks.hpp"

namespace {

using liftcl::bench::TransformDirection;
using liftcl::bench::TransformFunction;

using liftcl::bench::gpu::checkCuda;
using liftcl::bench::gpu::checkCufft;

template <typename Real>
struct CufftTypes;
template <>
struct CufftTypes<float> {
    using Complex = cufftComplex;
    static constexpr cufftType kType = CUFFT_C2C;
    static cufftResult exec(cufftHandle plan, Complex* in, Complex* out, int direction) {
        return cufftExecC2C(plan, in, out, direction);
    }
};
template <>
struct CufftTypes<double> {
    using Complex = cufftDoubleComplex;
    static constexpr cufftType kType = CUFFT_Z2Z;
    static cufftResult exec(cufftHandle plan, Complex* in, Complex* out, int direction) {
        return cufftExecZ2Z(plan, in, out, direction);
    }
};

// One plan and its two device buffers, freed with the last copy of the transform function.
template <typename Real>
class CufftPlan {
public:
    using Complex = typename CufftTypes<Real>::Complex;
    explicit CufftPlan(std::int64_t n) : n_(n) {
        static_assert(sizeof(Complex) == sizeof(std::complex<Real>), "interleaved complex layouts");
        checkCufft(cufftPlan1d(&plan_, static_cast<int>(n), CufftTypes<Real>::kType, 1), "cufftPlan1d");
        havePlan_ = true;
        checkCuda(cudaMalloc(&in_, bytes()), "cudaMalloc");
        checkCuda(cudaMalloc(&out_, bytes()), "cudaMalloc");
    }
    ~CufftPlan() {
        if (havePlan_) cufftDestroy(plan_);
        if (in_) cudaFree(in_);
        if (out_) cudaFree(out_);
    }
    CufftPlan(const CufftPlan&) = delete;
    CufftPlan& operator=(const CufftPlan&) = delete;

    std::vector<std::complex<Real>> run(const std::vector<std::complex<Real>>& x, TransformDirection direction) {
        if (static_cast<std::int64_t>(x.size()) != n_) throw std::runtime_error("cuFFT plan: wrong input size");
        checkCuda(cudaMemcpy(in_, x.data(), bytes(), cudaMemcpyHostToDevice), "cudaMemcpy to the device");
        checkCuda(cudaMemset(out_, 0xff, bytes()), "cudaMemset (poison)");  // NaNs if cuFFT wrote nothing
        checkCufft(CufftTypes<Real>::exec(plan_, in_, out_,
                                          direction == TransformDirection::Forward ? CUFFT_FORWARD : CUFFT_INVERSE),
                   "cufftExec");
        std::vector<std::complex<Real>> y(x.size());
        checkCuda(cudaMemcpy(y.data(), out_, bytes(), cudaMemcpyDeviceToHost), "cudaMemcpy to the host");
        return y;
    }

private:
    std::size_t bytes() const { return static_cast<std::size_t>(n_) * sizeof(Complex); }
    std::int64_t n_;
    cufftHandle plan_ = 0;
    bool havePlan_ = false;
    Complex* in_ = nullptr;
    Complex* out_ = nullptr;
};

template <typename Real>
TransformFunction<Real> makePlan(std::int64_t n) {
    auto plan = std::make_shared<CufftPlan<Real>>(n);
    return [plan](const std::vector<std::complex<Real>>& x, TransformDirection direction) {
        return plan->run(x, direction);
    };
}

}  // namespace

int main(int argc, char** argv) {
    liftcl::bench::gpu::AccuracyLibrary library;
    library.name = "cufft";
    int version = 0, runtime = 0;
    cufftGetVersion(&version);
    cudaRuntimeGetVersion(&runtime);
    cudaDeviceProp properties{};
    const cudaError_t status = cudaGetDeviceProperties(&properties, 0);
    if (status != cudaSuccess) {
        std::fprintf(stderr, "cufft_accuracy: no CUDA device: %s\n", cudaGetErrorString(status));
        return 1;
    }
    library.description = "cuFFT " + std::to_string(version) + ", CUDA runtime " + std::to_string(runtime) + ", " +
                          properties.name + "; cufftPlan1d batch 1, out of place";
    library.fp32 = makePlan<float>;
    library.fp64 = makePlan<double>;
    return liftcl::bench::gpu::runAccuracyProgram(argc, argv, library);
}
