// OpenCL error codes as text, and the error thrown when an OpenCL call fails. Every OpenCL call in
// the runtime goes through check(), so a failure always names the call and the code, e.g.
// "clCreateBuffer failed: CL_INVALID_BUFFER_SIZE (-61)".
#pragma once

#include <CL/cl.h>

#include <string>
#include <string_view>

#include "runtime/error.hpp"

namespace liftcl::rt {

// "CL_INVALID_VALUE" for -30; "unknown OpenCL error" for codes outside OpenCL 1.2 and the
// common extensions.
std::string_view clErrorName(cl_int code);

class ClError : public Error {
public:
    // detail (e.g. a build log) is appended on its own lines after the one-line summary.
    ClError(std::string call, cl_int code, const std::string& detail = "");
    const std::string& call() const { return call_; }
    cl_int code() const { return code_; }

private:
    std::string call_;
    cl_int code_;
};

// Throws ClError(call, err) unless err is CL_SUCCESS.
inline void check(cl_int err, const char* call) {
    if (err != CL_SUCCESS) throw ClError(call, err);
}

}  // namespace liftcl::rt
