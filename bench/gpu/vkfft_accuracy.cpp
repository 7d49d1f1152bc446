// VkFFT's errors for the accuracy table (bench/README.md): VkFFT 1.2.26 (header-only, OpenCL
// backend), 1D complex-to-complex, batch 1, in place (VkFFT's default), forward (-1) and inverse
// (+1) unnormalised (normalize = 0) as liftcl's. The device: the first GPU of the first platform
// that has one (an NVIDIA platform first), else the first device; printed. Built by
// bench/gpu/build.sh on the GPU machine.
#define VKFFT_BACKEND 3  // OpenCL
#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>
#include <vkFFT.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench/gpu/accuracy_driver.hpp"

namespace {

using liftcl::bench::TransformDirection;
using liftcl::bench::TransformFunction;

void checkCl(cl_int status, const char* what) {
    if (status != CL_SUCCESS) throw std::runtime_error(std::string(what) + ": OpenCL error " + std::to_string(status));
}

std::string deviceInfo(cl_device_id device, cl_device_info what) {
    std::size_t size = 0;
    if (clGetDeviceInfo(device, what, 0, nullptr, &size) != CL_SUCCESS) return "?";
    std::string text(size, '\0');
    clGetDeviceInfo(device, what, size, text.data(), nullptr);
    while (!text.empty() && text.back() == '\0') text.pop_back();
    return text;
}

std::string platformName(cl_platform_id platform) {
    std::size_t size = 0;
    if (clGetPlatformInfo(platform, CL_PLATFORM_NAME, 0, nullptr, &size) != CL_SUCCESS) return "?";
    std::string text(size, '\0');
    clGetPlatformInfo(platform, CL_PLATFORM_NAME, size, text.data(), nullptr);
    while (!text.empty() && text.back() == '\0') text.pop_back();
    return text;
}

// The OpenCL device, context and queue every plan uses (VkFFT keeps pointers to the handles).
struct OpenClDevice {
    cl_platform_id platform = nullptr;
    cl_device_id device = nullptr;
    cl_context context = nullptr;
    cl_command_queue queue = nullptr;
    bool fp64 = false;
    std::string description;

    OpenClDevice() {
        cl_uint count = 0;
        checkCl(clGetPlatformIDs(0, nullptr, &count), "clGetPlatformIDs");
        std::vector<cl_platform_id> platforms(count);
        checkCl(clGetPlatformIDs(count, platforms.data(), nullptr), "clGetPlatformIDs");
        int bestScore = -1;  // 2: NVIDIA GPU, 1: other GPU, 0: any device
        for (cl_platform_id p : platforms) {
            cl_uint devices = 0;
            if (clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 0, nullptr, &devices) != CL_SUCCESS || devices == 0) continue;
            std::vector<cl_device_id> ids(devices);
            clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, devices, ids.data(), nullptr);
            for (cl_device_id d : ids) {
                cl_device_type type = 0;
                clGetDeviceInfo(d, CL_DEVICE_TYPE, sizeof type, &type, nullptr);
                const bool gpu = (type & CL_DEVICE_TYPE_GPU) != 0;
                const int score = gpu ? (platformName(p).find("NVIDIA") != std::string::npos ? 2 : 1) : 0;
                if (score > bestScore) bestScore = score, platform = p, device = d;
            }
        }
        if (!device) throw std::runtime_error("no OpenCL device");
        cl_device_fp_config doubles = 0;
        clGetDeviceInfo(device, CL_DEVICE_DOUBLE_FP_CONFIG, sizeof doubles, &doubles, nullptr);
        fp64 = doubles != 0;
        cl_int status = CL_SUCCESS;
        context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &status);
        checkCl(status, "clCreateContext");
        queue = clCreateCommandQueue(context, device, 0, &status);
        checkCl(status, "clCreateCommandQueue");
        description = deviceInfo(device, CL_DEVICE_NAME) + " (" + platformName(platform) + ", " +
                      deviceInfo(device, CL_DEVICE_VERSION) + ", driver " + deviceInfo(device, CL_DRIVER_VERSION) + ")";
    }
    ~OpenClDevice() {
        if (queue) clReleaseCommandQueue(queue);
        if (context) clReleaseContext(context);
    }
    OpenClDevice(const OpenClDevice&) = delete;
    OpenClDevice& operator=(const OpenClDevice&) = delete;
};

// One VkFFT application of size n with its in-place buffer.
template <typename Real>
class VkfftPlan {
public:
    VkfftPlan(std::shared_ptr<OpenClDevice> device, std::int64_t n) : device_(std::move(device)), n_(n) {
        bytes_ = static_cast<std::uint64_t>(n) * sizeof(std::complex<Real>);
        cl_int status = CL_SUCCESS;
        buffer_ = clCreateBuffer(device_->context, CL_MEM_READ_WRITE, bytes_, nullptr, &status);
        checkCl(status, "clCreateBuffer");
        VkFFTConfiguration configuration = {};
        configuration.FFTdim = 1;
        configuration.size[0] = static_cast<std::uint64_t>(n);
        configuration.size[1] = configuration.size[2] = 1;
        configuration.numberBatches = 1;
        configuration.doublePrecision = sizeof(Real) == 8 ? 1 : 0;
        configuration.normalize = 0;
        configuration.platform = &device_->platform;
        configuration.device = &device_->device;
        configuration.context = &device_->context;
        configuration.buffer = &buffer_;
        configuration.bufferSize = &bytes_;
        const VkFFTResult result = initializeVkFFT(&application_, configuration);
        if (result != VKFFT_SUCCESS)
            throw std::runtime_error("initializeVkFFT: VkFFTResult " + std::to_string(static_cast<int>(result)));
        initialised_ = true;
    }
    ~VkfftPlan() {
        if (initialised_) deleteVkFFT(&application_);
        if (buffer_) clReleaseMemObject(buffer_);
    }
    VkfftPlan(const VkfftPlan&) = delete;
    VkfftPlan& operator=(const VkfftPlan&) = delete;

    std::vector<std::complex<Real>> run(const std::vector<std::complex<Real>>& x, TransformDirection direction) {
        if (static_cast<std::int64_t>(x.size()) != n_) throw std::runtime_error("VkFFT plan: wrong input size");
        cl_command_queue queue = device_->queue;
        checkCl(clEnqueueWriteBuffer(queue, buffer_, CL_TRUE, 0, bytes_, x.data(), 0, nullptr, nullptr),
                "clEnqueueWriteBuffer");
        VkFFTLaunchParams launch = {};
        launch.commandQueue = &queue;
        launch.buffer = &buffer_;
        const VkFFTResult result =
            VkFFTAppend(&application_, direction == TransformDirection::Forward ? -1 : 1, &launch);
        if (result != VKFFT_SUCCESS)
            throw std::runtime_error("VkFFTAppend: VkFFTResult " + std::to_string(static_cast<int>(result)));
        checkCl(clFinish(queue), "clFinish");
        std::vector<std::complex<Real>> y(x.size());
        checkCl(clEnqueueReadBuffer(queue, buffer_, CL_TRUE, 0, bytes_, y.data(), 0, nullptr, nullptr),
                "clEnqueueReadBuffer");
        return y;
    }

private:
    std::shared_ptr<OpenClDevice> device_;
    std::int64_t n_;
    std::uint64_t bytes_ = 0;
    cl_mem buffer_ = nullptr;
    VkFFTApplication application_ = {};
    bool initialised_ = false;
};

template <typename Real>
liftcl::bench::gpu::PlanFactory<Real> planFactory(const std::shared_ptr<OpenClDevice>& device) {
    return [device](std::int64_t n) -> TransformFunction<Real> {
        auto plan = std::make_shared<VkfftPlan<Real>>(device, n);
        return [plan](const std::vector<std::complex<Real>>& x, TransformDirection direction) {
            return plan->run(x, direction);
        };
    };
}

}  // namespace

int main(int argc, char** argv) {
    std::shared_ptr<OpenClDevice> device;
    try {
        device = std::make_shared<OpenClDevice>();
    } catch (const std::exception& e) {
        std::fprintf(stderr, "vkfft_accuracy: %s\n", e.what());
        return 1;
    }
    liftcl::bench::gpu::AccuracyLibrary library;
    library.name = "vkfft";
    library.description = "VkFFT " + std::to_string(VkFFTGetVersion()) + " (OpenCL backend) on " +
                          device->description + "; batch 1, in place";
    library.fp32 = planFactory<float>(device);
    if (device->fp64) library.fp64 = planFactory<double>(device);
    return liftcl::bench::gpu::runAccuracyProgram(argc, argv, library);
}
