// Type inference with symbolic lengths. Fills Expr::type and Fun::type of every node and returns
// the type of the checked function. Errors are liftcl::Error located at the offending node, e.g.
//   stockham.lift:12:5: error: split(3) needs a length divisible by 3, found [complex]8
// Lambda parameters without an annotation get their type from the context (map, reduce, ...) or,
// at the top of a definition, a type variable; lengths that are unknown become fresh length
// variables, so point-free definitions such as `join o transpose o split(p)` get the type
// [T]m -> [T]m.
#pragma once

#include <vector>

#include "ir/expr.hpp"

namespace liftcl::ir {

// Type of a function applied to arguments of the given types (the usual entry point when the
// input types are known, e.g. for codegen and eval).
TypeP inferCallType(const FunP& f, const std::vector<TypeP>& argTypes);
// Type of a function on its own (a Function type; may contain type/length variables).
TypeP inferFunType(const FunP& f);
// Type of an expression whose free parameters carry declared types.
TypeP inferExprType(const ExprP& e);

}  // namespace liftcl::ir
