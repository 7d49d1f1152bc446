// What the OpenCL driver made of a kernel: builds one .cl file for the first GPU (else the first
// device) with the given options and prints, per kernel, CL_KERNEL_WORK_GROUP_SIZE, the private and
// local memory, and the build log (with NVIDIA's `-cl-nv-verbose`, ptxas's own register and spill
// counts — the driver's JIT, which bench/gpu/ptx_registers.sh can only estimate offline). With
// --time it also runs the first kernel on two buffers (input, output; an FFT pass kernel's
// arguments) and prints the median of 20 runs, so a hand-edited copy of a generated kernel can be
// timed beside the original (an experiment's answer, not a result: the edit may compute something
// else).
// With --time ... --args KERNEL.json the arguments follow the kernel's metadata instead: its input and
// output get the two buffers, its tables their bytes ("data"), so kernels with tables (twiddles,
// Rader's indices) run too.
// Build: g++ -O2 -std=c++17 -o kernel_info bench/gpu/kernel_info.cpp -lOpenCL
// Usage: kernel_info FILE.cl [--time GLOBAL LOCAL BYTES [--args KERNEL.json]] [build options...]
// (GLOBAL and LOCAL: 1024, or 1024x32 for a 2D NDRange)
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

int fail(const char* call, cl_int code) {
    std::fprintf(stderr, "kernel_info: %s failed with OpenCL error %d\n", call, code);
    return 1;
}

// Runs the kernel on an input buffer of deterministic values and an output buffer, 3 warm-up and
// 20 timed runs (profiling events), and prints the median in microseconds.
std::vector<unsigned char> hexBytes(const std::string& hex) {
    std::vector<unsigned char> bytes(hex.size() / 2);
    for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<unsigned char>(std::stoi(hex.substr(2 * i, 2), nullptr, 16));
    return bytes;
}

// Sets the kernel's arguments from its metadata (argsFile) or, without one, input and output as 0 and 1.
int setArguments(cl_context context, cl_kernel kernel, cl_mem in, cl_mem out, const std::string& argsFile,
                 std::vector<cl_mem>& tables) {
    if (argsFile.empty()) {
        clSetKernelArg(kernel, 0, sizeof in, &in);
        clSetKernelArg(kernel, 1, sizeof out, &out);
        return 0;
    }
    std::ifstream file(argsFile);
    if (!file) {
        std::fprintf(stderr, "kernel_info: cannot read %s\n", argsFile.c_str());
        return 1;
    }
    const nlohmann::json meta = nlohmann::json::parse(file);
    cl_uint index = 0;
    for (const auto& arg : meta.at("args")) {
        const std::string kind = arg.at("kind");
        cl_int err = CL_SUCCESS;
        if (kind == "input") err = clSetKernelArg(kernel, index, sizeof in, &in);
        else if (kind == "output") err = clSetKernelArg(kernel, index, sizeof out, &out);
        else if (kind == "table") {
            auto data = hexBytes(arg.at("data"));
            cl_mem t = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, data.size(), data.data(), &err);
            if (err != CL_SUCCESS) return fail("clCreateBuffer (table)", err);
            tables.push_back(t);
            err = clSetKernelArg(kernel, index, sizeof t, &t);
        } else {
            std::fprintf(stderr, "kernel_info: argument %s of kind %s is not supported\n",
                         arg.at("name").get<std::string>().c_str(), kind.c_str());
            return 1;
        }
        if (err != CL_SUCCESS) return fail("clSetKernelArg", err);
        ++index;
    }
    return 0;
}

// "1024" or "1024x32" (a 2D NDRange, as the hierarchical passes' metadata gives it).
std::vector<std::size_t> rangeOf(const std::string& text) {
    std::vector<std::size_t> dims;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t x = text.find('x', start);
        dims.push_back(std::stoull(text.substr(start, x == std::string::npos ? std::string::npos : x - start)));
        if (x == std::string::npos) break;
        start = x + 1;
    }
    return dims;
}

int timeMedianUs(cl_context context, cl_device_id device, cl_kernel kernel, const std::vector<std::size_t>& global,
                 const std::vector<std::size_t>& local, std::size_t bytes, const std::string& argsFile) {
    if (global.size() != local.size() || global.empty() || global.size() > 3) {
        std::fprintf(stderr, "kernel_info: GLOBAL and LOCAL need the same 1-3 dimensions (e.g. 1024x32 and 8x32)\n");
        return 1;
    }
    cl_int err = CL_SUCCESS;
    cl_command_queue queue = clCreateCommandQueue(context, device, CL_QUEUE_PROFILING_ENABLE, &err);
    if (err != CL_SUCCESS) return fail("clCreateCommandQueue", err);
    std::vector<float> values(bytes / sizeof(float));
    for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<float>((i * 7919) % 1000) / 1000.0f - 0.5f;
    cl_mem in = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, values.data(), &err);
    if (err != CL_SUCCESS) return fail("clCreateBuffer (input)", err);
    cl_mem out = clCreateBuffer(context, CL_MEM_READ_WRITE, bytes, nullptr, &err);
    if (err != CL_SUCCESS) return fail("clCreateBuffer (output)", err);
    std::vector<cl_mem> tables;
    if (setArguments(context, kernel, in, out, argsFile, tables) != 0) return 1;
    std::vector<double> times;
    for (int run = 0; run < 23; ++run) {
        cl_event event = nullptr;
        err = clEnqueueNDRangeKernel(queue, kernel, static_cast<cl_uint>(global.size()), nullptr, global.data(), local.data(), 0,
                                     nullptr, &event);
        if (err != CL_SUCCESS) return fail("clEnqueueNDRangeKernel", err);
        clWaitForEvents(1, &event);
        cl_ulong start = 0, end = 0;
        clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_START, sizeof start, &start, nullptr);
        clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_END, sizeof end, &end, nullptr);
        if (run >= 3) times.push_back(static_cast<double>(end - start) * 1e-3);
        clReleaseEvent(event);
    }
    std::sort(times.begin(), times.end());
    std::printf("time: median %.1f us over %zu runs (global %zu..., local %zu..., %zu bytes per buffer)\n",
                times[times.size() / 2], times.size(), global[0], local[0], bytes);
    clReleaseMemObject(in);
    clReleaseMemObject(out);
    for (cl_mem t : tables) clReleaseMemObject(t);
    clReleaseCommandQueue(queue);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: kernel_info FILE.cl [--time GLOBAL LOCAL BYTES [--args KERNEL.json]] [build options...]\n");
        return 2;
    }
    std::ifstream file(argv[1]);
    if (!file) {
        std::fprintf(stderr, "kernel_info: cannot read %s\n", argv[1]);
        return 2;
    }
    std::stringstream text;
    text << file.rdbuf();
    const std::string source = text.str();
    std::vector<std::size_t> timeGlobal, timeLocal;
    std::size_t timeBytes = 0;
    std::string argsFile;
    int first = 2;
    if (argc >= 6 && std::string(argv[2]) == "--time") {
        timeGlobal = rangeOf(argv[3]), timeLocal = rangeOf(argv[4]), timeBytes = std::stoull(argv[5]);
        first = 6;
        if (argc >= 8 && std::string(argv[6]) == "--args") argsFile = argv[7], first = 8;
    }
    std::string options;
    for (int i = first; i < argc; ++i) options += std::string(i > first ? " " : "") + argv[i];

    cl_platform_id platforms[8];
    cl_uint platformCount = 0;
    cl_int err = clGetPlatformIDs(8, platforms, &platformCount);
    if (err != CL_SUCCESS) return fail("clGetPlatformIDs", err);
    cl_device_id device = nullptr;
    for (cl_uint p = 0; p < platformCount && !device; ++p)
        if (clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_GPU, 1, &device, nullptr) != CL_SUCCESS) device = nullptr;
    for (cl_uint p = 0; p < platformCount && !device; ++p)  // no GPU: any device (PoCL on the CPU)
        if (clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, 1, &device, nullptr) != CL_SUCCESS) device = nullptr;
    if (!device) return fail("clGetDeviceIDs", CL_DEVICE_NOT_FOUND);
    cl_context context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
    if (err != CL_SUCCESS) return fail("clCreateContext", err);
    const char* sources[] = {source.c_str()};
    cl_program program = clCreateProgramWithSource(context, 1, sources, nullptr, &err);
    if (err != CL_SUCCESS) return fail("clCreateProgramWithSource", err);
    const cl_int built = clBuildProgram(program, 1, &device, options.c_str(), nullptr, nullptr);
    std::size_t logBytes = 0;
    clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &logBytes);
    std::vector<char> log(logBytes + 1, '\0');
    clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, logBytes, log.data(), nullptr);
    std::printf("%s options '%s': build %s\n%s\n", argv[1], options.c_str(), built == CL_SUCCESS ? "ok" : "FAILED",
                log.data());
    if (built != CL_SUCCESS) return fail("clBuildProgram", built);
    cl_kernel kernels[16];
    cl_uint kernelCount = 0;
    err = clCreateKernelsInProgram(program, 16, kernels, &kernelCount);
    if (err != CL_SUCCESS) return fail("clCreateKernelsInProgram", err);
    for (cl_uint k = 0; k < kernelCount; ++k) {
        char name[256] = {0};
        clGetKernelInfo(kernels[k], CL_KERNEL_FUNCTION_NAME, sizeof name - 1, name, nullptr);
        std::size_t workGroup = 0;
        cl_ulong privateBytes = 0, localBytes = 0;
        clGetKernelWorkGroupInfo(kernels[k], device, CL_KERNEL_WORK_GROUP_SIZE, sizeof workGroup, &workGroup, nullptr);
        clGetKernelWorkGroupInfo(kernels[k], device, CL_KERNEL_PRIVATE_MEM_SIZE, sizeof privateBytes, &privateBytes,
                                 nullptr);
        clGetKernelWorkGroupInfo(kernels[k], device, CL_KERNEL_LOCAL_MEM_SIZE, sizeof localBytes, &localBytes, nullptr);
        std::printf("kernel %s: CL_KERNEL_WORK_GROUP_SIZE %zu, private %llu B, local %llu B\n", name, workGroup,
                    static_cast<unsigned long long>(privateBytes), static_cast<unsigned long long>(localBytes));
        if (k == 0 && timeBytes > 0 && timeMedianUs(context, device, kernels[k], timeGlobal, timeLocal, timeBytes, argsFile) != 0)
            return 1;
        clReleaseKernel(kernels[k]);
    }
    clReleaseProgram(program);
    clReleaseContext(context);
    return 0;
}
