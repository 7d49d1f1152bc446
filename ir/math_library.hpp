// The OpenCL C math functions available to user functions under their OpenCL names, with their
// host meaning (computed in double; the caller rounds to the result type).
#pragma once

#include <string>
#include <vector>

namespace liftcl::ir {

struct MathFunction {
    enum class Domain {
        Real,     // arguments converted to the widest real among them (int -> real)
        Generic,  // ints stay ints when every argument is an int (min, max, clamp)
        Int,      // ints only (abs)
    };
    const char* name;
    int arity;
    Domain domain;
    double (*host)(const double* args);  // Real/Generic evaluation in double
};

// nullptr when `name` is not a library function.
const MathFunction* findMathFunction(const std::string& name);
std::vector<std::string> mathFunctionNames();

}  // namespace liftcl::ir
