// An OpenCL program built for the context's device, from OpenCL C source or from a program binary
// (as the disk cache stores it). A failed build throws ClError naming clBuildProgram, with the
// build log appended.
#pragma once

#include <string>
#include <vector>

#include "runtime/cl_handle.hpp"
#include "runtime/context.hpp"

namespace liftcl::rt {

class Program {
public:
    Program() = default;

    static Program buildFromSource(const Context& context, const std::string& source, const std::string& options = "");
    static Program buildFromBinary(const Context& context, const std::vector<unsigned char>& binary,
                                   const std::string& options = "");

    cl_program get() const { return handle_.get(); }
    explicit operator bool() const { return static_cast<bool>(handle_); }
    const Device& device() const { return device_; }

    std::string buildLog() const;
    std::vector<unsigned char> binary() const;  // CL_PROGRAM_BINARIES for the program's one device

private:
    Program(cl_program program, const Device& device) : handle_(program), device_(device) {}
    void build(const std::string& options) const;

    ClHandle<cl_program, clRetainProgram, clReleaseProgram> handle_;
    Device device_;
};

}  // namespace liftcl::rt
