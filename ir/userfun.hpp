// User functions: scalar functions with an OpenCL C body and a host implementation.
//
// The built-in library (cadd, csub, cmul, cid, add, mul, omega, genB, genTwiddle, genDFTSlice,
// gentw, gentwfrarr, ...) lives in ir/userfun_library.cpp. Real-valued user functions are generic
// in the precision: lookupUserFun instantiates `real` as float or double.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ir/type.hpp"
#include "ir/value.hpp"

namespace liftcl::ir {

struct UserFun {
    std::string name;
    std::vector<std::string> paramNames;
    std::vector<TypeP> paramTypes;  // a carray generator's first parameter is its table (an array)
    TypeP returnType;
    // Nat parameters fixed where the function is used, e.g. gentw(n): passed to the OpenCL
    // function as leading `int` arguments and to the host implementation as `statics`.
    std::vector<std::string> staticParamNames;
    // OpenCL C function body, including braces, in terms of staticParamNames then paramNames.
    // Real scalars are spelled `real` and complex values `complex` (a struct with .x, .y is NOT
    // used: complex is the OpenCL vector type real2, components .x and .y).
    std::string clBody;
    // Host implementation. Arrays (a carray table) arrive as Value arrays.
    std::function<Value(const std::vector<Value>& args, const std::vector<std::int64_t>& statics)>
        host;
};

using UserFunP = std::shared_ptr<const UserFun>;

// The built-in user function with this name, instantiated for the given real precision;
// nullptr when there is none.
UserFunP lookupUserFun(const std::string& name, ScalarKind real);
// Names of all built-in user functions (for error messages and documentation).
std::vector<std::string> userFunNames();

}  // namespace liftcl::ir
