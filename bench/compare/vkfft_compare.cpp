// VkFFT over OpenCL beside liftcl: the batched forward transform, in place (VkFFT's own mode;
// every row's note says `inplace`), timed with the stamp kernels of `liftcl bench`: 1D complex,
// and with --family 2D/3D complex and real (R2C from rows padded to 2*(W/2+1) values, as in-place
// R2C reads them). The batch goes to numberBatches; when VkFFT refuses that for a 1D complex
// point, to the unused second and third dimensions (size[1] x size[2]), which it also batches.
// Options and output: bench/compare/comparison.hpp.
#define VKFFT_BACKEND 3
#include <vkFFT.h>

#include <stdexcept>
#include <string>

#include "bench/compare/opencl_library.hpp"

namespace liftcl::bench {
namespace {

class VkFft : public OpenClLibrary {
public:
    std::string name() const override { return "vkfft"; }
    std::string device() const override {
        const int v = VkFFTGetVersion();
        return OpenClLibrary::device() + ", VkFFT " + std::to_string(v / 10000) + "." +
               std::to_string(v / 100 % 100) + "." + std::to_string(v % 100);
    }
    std::string note() const override { return "inplace"; }
    bool multidimensional() const override { return true; }

protected:
    bool inPlace() const override { return true; }
    bool paddedRealInput() const override { return true; }
    std::string plan(const BenchCase& c) override {
        device_ = OpenClLibrary::context().device().id();
        context_ = OpenClLibrary::context().get();
        queue_ = OpenClLibrary::queue().get();
        buffer_ = output().get();
        bufferBytes_ = static_cast<std::uint64_t>(c.bytes());
        VkFFTResult r = initialize(c, false);
        if (r != VKFFT_SUCCESS && c.shape.size() < 2 && !c.real) r = initialize(c, true);
        if (r != VKFFT_SUCCESS) return "unsupported: initializeVkFFT error " + std::to_string(static_cast<int>(r));
        return "";
    }
    void enqueue() override {
        VkFFTLaunchParams launch = {};
        launch.commandQueue = &queue_;
        launch.buffer = &buffer_;
        const VkFFTResult r = VkFFTAppend(&application_, -1, &launch);
        if (r != VKFFT_SUCCESS) throw std::runtime_error("VkFFTAppend error " + std::to_string(static_cast<int>(r)));
    }
    void destroyPlan() override {
        if (initialized_) deleteVkFFT(&application_);
        initialized_ = false;
    }

private:
    // batchOverDimensions: the batch as size[1] x size[2] instead of numberBatches.
    VkFFTResult initialize(const BenchCase& c, bool batchOverDimensions) {
        destroyPlan();
        VkFFTConfiguration configuration = {};
        // VkFFT's size[0] is the fastest axis (the shape's last).
        const std::vector<std::int64_t> shape = c.shape.empty() ? std::vector<std::int64_t>{c.n} : c.shape;
        configuration.FFTdim = shape.size();
        configuration.size[0] = configuration.size[1] = configuration.size[2] = 1;
        for (std::size_t k = 0; k < shape.size(); ++k)
            configuration.size[k] = static_cast<std::uint64_t>(shape[shape.size() - 1 - k]);
        configuration.performR2C = c.real ? 1 : 0;
        if (batchOverDimensions) {
            std::uint64_t rows = static_cast<std::uint64_t>(c.batch);
            while (rows > 65535) rows = (rows + 1) / 2;
            while (static_cast<std::uint64_t>(c.batch) % rows != 0) --rows;
            configuration.size[1] = rows;
            configuration.size[2] = static_cast<std::uint64_t>(c.batch) / rows;
        } else {
            configuration.numberBatches = static_cast<std::uint64_t>(c.batch);
        }
        configuration.doublePrecision = c.isDouble ? 1 : 0;
        configuration.device = &device_;
        configuration.context = &context_;
        configuration.buffer = &buffer_;
        configuration.bufferSize = &bufferBytes_;
        application_ = {};
        const VkFFTResult r = initializeVkFFT(&application_, configuration);
        initialized_ = r == VKFFT_SUCCESS;
        return r;
    }

    cl_device_id device_ = nullptr;
    cl_context context_ = nullptr;
    cl_command_queue queue_ = nullptr;
    cl_mem buffer_ = nullptr;
    std::uint64_t bufferBytes_ = 0;
    VkFFTApplication application_ = {};
    bool initialized_ = false;
};

}  // namespace
}  // namespace liftcl::bench

int main(int argc, char** argv) {
    return liftcl::bench::comparisonMain<liftcl::bench::VkFft>("vkfft", argc, argv);
}
