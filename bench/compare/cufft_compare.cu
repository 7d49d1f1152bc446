// cuFFT beside liftcl: the batched 1D complex-to-complex forward transform through cufftPlanMany,
// out of place, timed with CUDA events around each execution; the copy row is a device-to-device
// cudaMemcpy timed the same way. Options and output: bench/compare/comparison.hpp.
#include <cuda_runtime.h>
#include <cufft.h>

#include <complex>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench/compare/comparison.hpp"
#include "bench/lib/bench_input.hpp"

namespace liftcl::bench {
namespace {

void check(cudaError_t status, const char* what) {
    if (status != cudaSuccess) throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(status));
}

class CudaEvents {
public:
    CudaEvents() {
        check(cudaEventCreate(&start_), "cudaEventCreate");
        check(cudaEventCreate(&stop_), "cudaEventCreate");
    }
    ~CudaEvents() {
        cudaEventDestroy(start_);
        cudaEventDestroy(stop_);
    }
    // Milliseconds of each timed call of `work`, after `warmup` untimed ones.
    template <typename Work>
    std::vector<double> time(Work work, int repetitions, int warmup) {
        for (int i = 0; i < warmup; ++i) work();
        check(cudaDeviceSynchronize(), "warm-up");
        std::vector<double> ms;
        for (int i = 0; i < repetitions; ++i) {
            check(cudaEventRecord(start_), "cudaEventRecord");
            work();
            check(cudaEventRecord(stop_), "cudaEventRecord");
            check(cudaEventSynchronize(stop_), "cudaEventSynchronize");
            float elapsed = 0;
            check(cudaEventElapsedTime(&elapsed, start_, stop_), "cudaEventElapsedTime");
            ms.push_back(elapsed);
        }
        return ms;
    }

private:
    cudaEvent_t start_ = nullptr, stop_ = nullptr;
};

class Cufft : public ComparedLibrary {
public:
    Cufft() {
        check(cudaGetDevice(&device_), "cudaGetDevice");
        check(cudaGetDeviceProperties(&properties_, device_), "cudaGetDeviceProperties");
    }
    std::string name() const override { return "cufft"; }
    std::string device() const override {
        int runtime = 0, driver = 0, cufft = 0;
        cudaRuntimeGetVersion(&runtime);
        cudaDriverGetVersion(&driver);
        cufftGetVersion(&cufft);
        return std::string(properties_.name) + " (CUDA runtime " + std::to_string(runtime) + ", driver " +
               std::to_string(driver) + ", cuFFT " + std::to_string(cufft) + ")";
    }
    std::int64_t memoryBytes() const override { return static_cast<std::int64_t>(properties_.totalGlobalMem); }
    std::int64_t maxBufferBytes() const override { return memoryBytes(); }

    std::string prepare(const BenchCase& c) override {
        case_ = c;
        const std::size_t bytes = static_cast<std::size_t>(c.bytes());
        if (cudaMalloc(&in_, bytes) != cudaSuccess || cudaMalloc(&out_, bytes) != cudaSuccess) {
            cudaGetLastError();
            return "skipped: cudaMalloc failed";
        }
        int n = static_cast<int>(c.n);
        const cufftResult planned = cufftPlanMany(&plan_, 1, &n, nullptr, 1, n, nullptr, 1, n,
                                                  c.isDouble ? CUFFT_Z2Z : CUFFT_C2C, static_cast<int>(c.batch));
        if (planned != CUFFT_SUCCESS) {
            plan_ = 0;
            return "error: cufftPlanMany status " + std::to_string(static_cast<int>(planned));
        }
        if (c.isDouble) upload<double>();
        else upload<float>();
        check(cudaMemset(out_, 0xff, bytes), "cudaMemset");  // NaN: a transform that writes nothing fails
        return "";
    }
    std::vector<double> time(int repetitions, int warmup) override {
        return events_.time([this] { execute(); }, repetitions, warmup);
    }
    std::vector<std::complex<double>> readTransform(std::int64_t index) override {
        return case_.isDouble ? read<double>(index) : read<float>(index);
    }
    void release() override {
        if (plan_) cufftDestroy(plan_);
        if (in_) cudaFree(in_);
        if (out_) cudaFree(out_);
        plan_ = 0;
        in_ = out_ = nullptr;
    }
    std::vector<double> timeCopy(std::int64_t bytes, int repetitions, int warmup) override {
        void *source = nullptr, *target = nullptr;
        check(cudaMalloc(&source, static_cast<std::size_t>(bytes)), "cudaMalloc");
        check(cudaMalloc(&target, static_cast<std::size_t>(bytes)), "cudaMalloc");
        check(cudaMemset(source, 1, static_cast<std::size_t>(bytes)), "cudaMemset");
        std::vector<double> ms = events_.time(
            [&] {
                check(cudaMemcpy(target, source, static_cast<std::size_t>(bytes), cudaMemcpyDeviceToDevice),
                      "cudaMemcpy");
            },
            repetitions, warmup);
        cudaFree(source);
        cudaFree(target);
        return ms;
    }

private:
    void execute() {
        const cufftResult r =
            case_.isDouble
                ? cufftExecZ2Z(plan_, static_cast<cufftDoubleComplex*>(in_), static_cast<cufftDoubleComplex*>(out_),
                               CUFFT_FORWARD)
                : cufftExecC2C(plan_, static_cast<cufftComplex*>(in_), static_cast<cufftComplex*>(out_), CUFFT_FORWARD);
        if (r != CUFFT_SUCCESS) throw std::runtime_error("cufftExec status " + std::to_string(static_cast<int>(r)));
    }
    template <typename Real>
    void upload() {
        const std::int64_t chunk = std::int64_t{1} << 22;
        std::vector<std::complex<Real>> host(static_cast<std::size_t>(std::min(chunk, case_.elements())));
        for (std::int64_t first = 0; first < case_.elements(); first += chunk) {
            const std::size_t count = static_cast<std::size_t>(std::min(chunk, case_.elements() - first));
            fillInput(host.data(), count, static_cast<std::uint64_t>(first));
            check(cudaMemcpy(static_cast<std::complex<Real>*>(in_) + first, host.data(),
                             count * sizeof(std::complex<Real>), cudaMemcpyHostToDevice),
                  "cudaMemcpy");
        }
    }
    template <typename Real>
    std::vector<std::complex<double>> read(std::int64_t index) {
        std::vector<std::complex<Real>> host(static_cast<std::size_t>(case_.n));
        check(cudaMemcpy(host.data(), static_cast<std::complex<Real>*>(out_) + index * case_.n,
                         host.size() * sizeof(std::complex<Real>), cudaMemcpyDeviceToHost),
              "cudaMemcpy");
        return std::vector<std::complex<double>>(host.begin(), host.end());
    }

    int device_ = 0;
    cudaDeviceProp properties_{};
    CudaEvents events_;
    BenchCase case_;
    cufftHandle plan_ = 0;
    void* in_ = nullptr;
    void* out_ = nullptr;
};

}  // namespace
}  // namespace liftcl::bench

int main(int argc, char** argv) {
    return liftcl::bench::comparisonMain<liftcl::bench::Cufft>("cufft", argc, argv);
}
