// Types of the language: scalars, tuples, arrays with a symbolic length, functions, and type
// variables (used only during inference).
//
// `complex` is not a type of its own: it is the tuple {real, real}, where `real` is the scalar
// chosen by the program's precision (double unless the program is instantiated for fp32).
// A vector (`real4`, `float8`, `double2`: OpenCL C's vector types, made by asVector) is a tuple of
// 2, 4, 8 or 16 components of one real scalar marked `vector`: it has a tuple's values and layout,
// but arithmetic and the math library apply to it componentwise, and it is a type of its own (a
// vector is not the tuple of its components, nor is float2 complex).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ir/arith.hpp"

namespace liftcl::ir {

struct Type;
using TypeP = std::shared_ptr<const Type>;

enum class ScalarKind { Float, Double, Int };

struct Type {
    enum class Kind { Scalar, Tuple, Array, Function, Var };
    Kind kind;
    ScalarKind scalar = ScalarKind::Int;  // Scalar
    std::vector<TypeP> elements;           // Tuple: components; Function: parameter types
    TypeP element;                         // Array: element type; Function: result type
    Arith length;                          // Array
    int varId = -1;                        // Var
    bool vector = false;                   // Tuple: an OpenCL vector (vectorOf)

    static TypeP scalarOf(ScalarKind s);
    static TypeP tupleOf(std::vector<TypeP> components);
    static TypeP arrayOf(TypeP element, Arith length);
    static TypeP functionOf(std::vector<TypeP> params, TypeP result);
    static TypeP freshVar();  // a new type variable (inference only)
    static TypeP complexOf(ScalarKind real);  // {real, real}
    // The vector of `width` (2, 4, 8 or 16) components of the real scalar `s`; throws otherwise.
    static TypeP vectorOf(ScalarKind s, int width);

    bool isScalar() const { return kind == Kind::Scalar; }
    bool isArray() const { return kind == Kind::Array; }
    bool isTuple() const { return kind == Kind::Tuple; }
    bool isFunction() const { return kind == Kind::Function; }
    bool isVector() const { return kind == Kind::Tuple && vector; }
    // True for {F, F} with F float or double.
    bool isComplex() const;
};

// Structural equality; array lengths compare with Arith equality (i.e. after simplification).
bool typesEqual(const TypeP& a, const TypeP& b);
// Surface syntax: float, double, int, complex (for {F,F}), {T, U}, [T]n, [T](n/L), (T, U) -> V.
std::string typeToString(const TypeP& t);
std::string scalarName(ScalarKind s);  // "float", "double", "int"
// The type of a name in type syntax (float, double, int, real, complex, and the vectors real4,
// float2, double16, ...), `real` standing for `real`; nullptr for no such name.
TypeP namedType(const std::string& name, ScalarKind real);
// Size in bytes of one value of a (closed, array-free or array) type; lengths must evaluate.
Arith typeSizeInBytes(const TypeP& t);
// Replace length variables by expressions in every array length of a type.
TypeP substituteLengths(const TypeP& t, const std::map<std::string, Arith>& replacements);

}  // namespace liftcl::ir
