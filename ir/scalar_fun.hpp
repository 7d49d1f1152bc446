// The scalar sublanguage of user functions: `userfun dist(a: float, b: float): float = sqrt(a*a + b*b)`.
//
// A user function's body is a typed scalar expression (ScalarExpr): variables, int/real literals,
// C's arithmetic, comparisons and boolean operators, a conditional, local bindings, conversions,
// tuples and their components, calls of other user functions, and the OpenCL C math library
// (ir/math_library.hpp). Its host meaning is evaluateScalar (used by the interpreter); codegen
// prints the same tree as an OpenCL C function (codegen/emit_scalar_fun.cpp). Types follow C:
// int < float < double under the usual arithmetic conversions; comparisons and boolean operators
// give int.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ir/syntax.hpp"
#include "ir/type.hpp"
#include "ir/userfun.hpp"
#include "ir/value.hpp"

namespace liftcl::ir {

struct ScalarExpr;
using ScalarExprP = std::shared_ptr<const ScalarExpr>;

struct ScalarExpr {
    enum class Kind {
        Var,      // slot
        Literal,  // integer (int type) or real
        Unary,    // op "-" or "!", items[0]
        Binary,   // op + - * / % < <= > >= == != && ||
        Select,   // if items[0] then items[1] else items[2]
        Let,      // slot = items[0] in items[1]
        Math,     // op is the OpenCL C name, items are the arguments
        Convert,  // items[0] converted to type
        Get,      // component `slot` of the tuple items[0]
        Tuple,    // items
        Call,     // callee(items...)
    };
    Kind kind = Kind::Literal;
    TypeP type;
    std::string op;
    int slot = 0;
    std::int64_t integer = 0;
    double real = 0.0;
    std::vector<ScalarExprP> items;
    UserFunP callee;
    SourceLoc loc;
};

// The body of a scalar user function: its variables (parameters first, then let bindings, with
// names unique within the function) and the result expression.
struct ScalarBody {
    std::vector<std::string> slotNames;
    std::vector<TypeP> slotTypes;
    std::size_t paramCount = 0;
    ScalarExprP result;
};

// The host meaning: evaluates the body for the arguments (one per parameter). Real results of
// type float are rounded to float after every operation, as the device computes them. Integer
// division by zero and conversions out of int's range are errors.
Value evaluateScalar(const ScalarBody& body, const std::vector<Value>& args);

// Counts the real arithmetic evaluateScalar performs on this thread while it lives: each + - * /
// of reals and each math-library call as one operation (the usual FLOP convention; comparisons,
// selects and int arithmetic are free). A benchmark divides the count of the interpreter's
// reference run by a kernel's time (GFLOP/s). Counters nest; the innermost counts.
class RealOperationCounter {
public:
    RealOperationCounter();
    ~RealOperationCounter();
    RealOperationCounter(const RealOperationCounter&) = delete;
    RealOperationCounter& operator=(const RealOperationCounter&) = delete;
    std::uint64_t count() const { return count_; }

private:
    friend void countRealOperation(std::uint64_t n);
    std::uint64_t count_ = 0;
    RealOperationCounter* outer_;
};
void countRealOperation(std::uint64_t n = 1);

// Resolves the name of another user function called in a body (nullptr: not a user function).
using UserFunResolver = std::function<UserFunP(const std::string& name)>;

// Type-checks the definition for the precision `real` and builds the user function (host meaning
// from the body; OpenCL C printed from the body by codegen, or the definition's raw OpenCL body).
// Errors are located at the offending sub-expression. A definition without a return type (a scalar
// lambda, see the elaborator) returns its body's type.
UserFunP buildScalarUserFun(const UserFunDefinition& def, ScalarKind real,
                            const UserFunResolver& resolve);

// The OpenCL C math library function as a user function of reals (of ints for abs), for direct use
// in programs: `map(\x => sqrt(x))`. nullptr when `name` is not in the library.
UserFunP mathLibraryUserFun(const std::string& name, ScalarKind real);

}  // namespace liftcl::ir
