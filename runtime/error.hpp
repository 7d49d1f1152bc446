// The exception type of the runtime library. The runtime depends on nothing of the compiler, so it
// has its own error type; an OpenCL failure is the subclass ClError (cl_error.hpp).
#pragma once

#include <stdexcept>
#include <string>

namespace liftcl::rt {

class Error : public std::runtime_error {
public:
    explicit Error(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace liftcl::rt
