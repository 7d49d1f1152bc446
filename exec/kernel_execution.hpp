// Runs a generated kernel on host values through the runtime: inputs packed into buffers in the
// metadata's argument order, the output buffer poisoned (all bytes 0xff, a NaN in every float
// format) before the launch, the result unpacked to a Value of the result type. A kernel with nat
// parameters left needs a value for each in `nats` (sizes, NDRange and the kernel's arguments).
// The one place that does this: `liftcl run`, random-program trials and the tests use it.
#pragma once

#include <string>
#include <vector>

#include "codegen/codegen.hpp"
#include "ir/type.hpp"
#include "ir/value.hpp"
#include "runtime/runtime.hpp"

namespace liftcl::exec {

// Throws rt::Error (a build failure is an rt::ClError with the build log) or liftcl::Error.
ir::Value executeKernel(const codegen::GeneratedKernel& kernel, const std::vector<ir::Value>& inputs,
                        const std::vector<ir::TypeP>& inputTypes, const ir::TypeP& resultType,
                        const rt::Queue& queue, rt::ProgramCache& cache, const rt::NatValues& nats = {});

// A program of several kernels (codegen::GeneratedSequence): the inputs named as the kernels'
// `reads` name them (the program's parameters); every kernel's output poisoned before it runs;
// intermediates stay on the device. Returns the last kernel's output.
ir::Value executeKernelSequence(const codegen::GeneratedSequence& sequence,
                                const std::vector<std::string>& inputNames, const std::vector<ir::Value>& inputs,
                                const std::vector<ir::TypeP>& inputTypes, const ir::TypeP& resultType,
                                const rt::Queue& queue, rt::ProgramCache& cache, const rt::NatValues& nats = {});

}  // namespace liftcl::exec
