// Printing and classifying OpenCL C diagnostics (shared by the clang and the fallback builds).
#include <algorithm>

#include "codegen/opencl_check.hpp"

namespace liftcl::codegen {

std::string ClDiagnostic::toString(const std::string& fileName) const {
    std::string where = fileName;
    if (line > 0) where += ":" + std::to_string(line) + ":" + std::to_string(column);
    return where + ": " + severity + ": " + message;
}

bool hasOpenCLErrors(const std::vector<ClDiagnostic>& diagnostics) {
    return std::any_of(diagnostics.begin(), diagnostics.end(),
                       [](const ClDiagnostic& d) { return d.severity == "error"; });
}

}  // namespace liftcl::codegen
