// Address-space inference (first codegen pass, as in Lift): where the result of a computing call
// is written, as OpenCL address spaces. The rule is ir::resultMemory (ir/result_writes.hpp):
// toGlobal/toLocal/toPrivate decide explicitly; otherwise a map's result lives where its body
// writes, a reduceSeq's accumulator is private, and the rest inherits the enclosing toX context,
// global at the kernel level. carray/array tables are __constant.
#pragma once

#include <optional>
#include <string>

#include "ir/expr.hpp"

namespace liftcl::codegen {

enum class AddressSpace { Global, Local, Private, Constant };


// The address space the function's result is written to when nothing outside decides it;
// nullopt when the function inherits its context (user functions, data-layout functions).
std::optional<AddressSpace> inferResultSpace(const ir::FunP& f);

// The space of a call's result: the function's own choice, else the enclosing toX context, else
// global.
AddressSpace resultSpace(const ir::FunP& f, std::optional<AddressSpace> context);

}  // namespace liftcl::codegen
