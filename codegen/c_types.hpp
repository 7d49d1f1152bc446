// OpenCL C spellings of language types and literals. `real`/`complex` are typedefs emitted at
// the top of every kernel; tuples other than complex become structs `Tuple_<components>`.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "ir/type.hpp"

namespace liftcl::codegen {

class CTypes {
public:
    explicit CTypes(ir::ScalarKind real) : real_(real) {}
    // The C name of a scalar or tuple type; registers struct definitions as needed.
    std::string name(const ir::TypeP& type);
    // struct typedefs, in dependency order.
    std::string structDefinitions() const;
    // A real or int constant with full precision for the kernel's precision.
    std::string realLiteral(double value) const;
    // A C expression building a value of a tuple type from component expressions.
    std::string construct(const ir::TypeP& type, const std::vector<std::string>& components);
    // What a construction writes before and after its components: "(complex)(" and ")", "(Tuple_..){" and "}".
    std::pair<std::string, std::string> constructorBrackets(const ir::TypeP& type);
    // The member access of component k: .x/.y of complex, .s0 .. .sf of a vector, ._k of a struct.
    static std::string field(const ir::TypeP& tuple, int k);
    ir::ScalarKind real() const { return real_; }

private:
    ir::ScalarKind real_;
    std::vector<std::string> structOrder_;
    std::map<std::string, std::string> structs_;
};

}  // namespace liftcl::codegen
