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

struct ScalarBody;         // ir/scalar_fun.hpp
struct UserFunDefinition;  // ir/syntax.hpp

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
    // A function written in the scalar sublanguage (ir/scalar_fun.hpp): `host` evaluates it, and
    // codegen prints it as the OpenCL C body when clBody is empty.
    std::shared_ptr<const ScalarBody> scalarBody;
    // Real operations one call performs, for a function with a C++ host implementation (a complex
    // product: 6); the scalar sublanguage counts its own (ir::RealOperationCounter).
    int hostRealOperations = 0;
    // Name of the emitted OpenCL C function where `name` would collide with an OpenCL builtin
    // (the math library's sqrt becomes uf_sqrt); empty: `name`.
    std::string clName;
    // The `userfun` (or scalar lambda) it was built from, so the printer can write it back; null
    // for the built-in library.
    std::shared_ptr<const UserFunDefinition> definition;

    // Properties the code generator reads instead of names (set where a function is defined).
    // f(a, b) = a * b over complex numbers: a product with the constant 1, -1, i or -i folds.
    bool isComplexProduct = false;
    // f(w, s, d) = Re(w) s + Im(w) i d over complex numbers: with w constant 1 or -1 it is s or -s.
    bool isPairProduct = false;
    // f(a, b) = a + b (real or complex): a reduction by it from 0 may start from its first element.
    bool isSum = false;
    // Entry (digitpos, digit) of a digit table of powers of omega_n, n its one static argument.
    bool isRootOfUnityDigitTable = false;
    // Non-empty: over isRootOfUnityDigitTable tables, entry (j, k) is the product of the digits'
    // twiddles, omega_n^(j k), which the named function computes directly from (j * k, n).
    std::string rootOfUnityProductFunction;
};

using UserFunP = std::shared_ptr<const UserFun>;

// The built-in user function with this name (the library below, then the OpenCL C math library
// of ir/math_library.hpp), instantiated for the given real precision; nullptr when there is none.
UserFunP lookupUserFun(const std::string& name, ScalarKind real);
// Names of all built-in user functions (for error messages and documentation).
std::vector<std::string> userFunNames();

}  // namespace liftcl::ir
