#include "runtime/program.hpp"

#include "runtime/cl_error.hpp"

namespace liftcl::rt {

Program Program::buildFromSource(const Context& context, const std::string& source, const std::string& options) {
    const char* text = source.c_str();
    std::size_t length = source.size();
    cl_int err = CL_SUCCESS;
    cl_program program = clCreateProgramWithSource(context.get(), 1, &text, &length, &err);
    check(err, "clCreateProgramWithSource");
    Program result(program, context.device());
    result.build(options);
    return result;
}

Program Program::buildFromBinary(const Context& context, const std::vector<unsigned char>& binary,
                                 const std::string& options) {
    cl_device_id device = context.device().id();
    const unsigned char* data = binary.data();
    std::size_t length = binary.size();
    cl_int binaryStatus = CL_SUCCESS;
    cl_int err = CL_SUCCESS;
    cl_program program = clCreateProgramWithBinary(context.get(), 1, &device, &length, &data, &binaryStatus, &err);
    check(err, "clCreateProgramWithBinary");
    Program result(program, context.device());
    check(binaryStatus, "clCreateProgramWithBinary (binary status)");
    result.build(options);
    return result;
}

void Program::build(const std::string& options) const {
    cl_device_id device = device_.id();
    cl_int err = clBuildProgram(get(), 1, &device, options.c_str(), nullptr, nullptr);
    if (err == CL_SUCCESS) return;
    std::string log;
    try {
        log = buildLog();
    } catch (const ClError& e) {
        log = std::string("(no build log: ") + e.what() + ")";
    }
    std::string detail = "build options: '" + options + "'\nbuild log:\n" + log;
    throw ClError("clBuildProgram", err, detail);
}

std::string Program::buildLog() const {
    std::size_t size = 0;
    check(clGetProgramBuildInfo(get(), device_.id(), CL_PROGRAM_BUILD_LOG, 0, nullptr, &size), "clGetProgramBuildInfo");
    std::string log(size, '\0');
    check(clGetProgramBuildInfo(get(), device_.id(), CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr),
          "clGetProgramBuildInfo");
    while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
    return log;
}

std::vector<unsigned char> Program::binary() const {
    cl_uint devices = 0;
    check(clGetProgramInfo(get(), CL_PROGRAM_NUM_DEVICES, sizeof(devices), &devices, nullptr), "clGetProgramInfo");
    if (devices != 1) throw Error("Program::binary expects a program for one device, this one has " +
                                  std::to_string(devices));
    std::size_t size = 0;
    check(clGetProgramInfo(get(), CL_PROGRAM_BINARY_SIZES, sizeof(size), &size, nullptr), "clGetProgramInfo");
    std::vector<unsigned char> binary(size);
    unsigned char* data = binary.data();
    check(clGetProgramInfo(get(), CL_PROGRAM_BINARIES, sizeof(data), &data, nullptr), "clGetProgramInfo");
    return binary;
}

}  // namespace liftcl::rt
