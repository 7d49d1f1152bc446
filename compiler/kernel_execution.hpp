// Runs a generated kernel on host values through the runtime: inputs packed into buffers in the
// metadata's argument order, the output buffer poisoned (all bytes 0xff, a NaN in every float
// format) before the launch, the result unpacked to a Value of the result type. For kernels whose
// sizes are all fixed (no nat parameters left).
#pragma once

#include <vector>

#include "codegen/codegen.hpp"
#include "ir/type.hpp"
#include "ir/value.hpp"
#include "runtime/runtime.hpp"

namespace liftcl::cli {

// Throws rt::Error (a build failure is an rt::ClError with the build log) or liftcl::Error.
ir::Value executeKernel(const codegen::GeneratedKernel& kernel, const std::vector<ir::Value>& inputs,
                        const std::vector<ir::TypeP>& inputTypes, const ir::TypeP& resultType,
                        const rt::Queue& queue, rt::ProgramCache& cache);

}  // namespace liftcl::cli
