// OpenCL C checking and formatting when liftcl is built without clang (LIFTCL_WITH_CLANG=OFF):
// checking refuses with a clear error, formatting is the identity.
#ifndef LIFTCL_WITH_CLANG

#include "codegen/opencl_check.hpp"
#include "ir/error.hpp"

namespace liftcl::codegen {

bool openCLCheckAvailable() { return false; }

std::vector<ClDiagnostic> checkOpenCLSource(const std::string&, const std::string&) {
    throw Error("cannot check OpenCL C: liftcl was built without clang (LIFTCL_WITH_CLANG=OFF)");
}

std::string formatOpenCLSource(const std::string& source) { return source; }

}  // namespace liftcl::codegen

#endif  // LIFTCL_WITH_CLANG
