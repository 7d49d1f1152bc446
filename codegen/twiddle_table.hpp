// Constant tables for array_m / carray_m (thesis 4.3): the elements are computed on the host by
// the generators' host implementations (omega in long double) and printed with full precision as
// `__constant` arrays. Three variants (codegen.hpp TwiddleMode): the full table of every element,
// the digit-decomposed table of a carray combined on the device, and no table (sincos/cospi on
// the fly).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "codegen/c_types.hpp"
#include "ir/expr.hpp"
#include "ir/value.hpp"

namespace liftcl::codegen {

struct ConstantTable {
    std::string name;
    std::int64_t count = 0;  // elements
    std::int64_t bytes = 0;
    std::string definition;  // `__constant complex name[count] = { ... };`
};

// The sizes of a generator primitive (array_m/carray_m, also its carray table) when they are all
// constant; nullopt otherwise.
std::optional<std::int64_t> constantElementCount(const ir::FunP& generatorPrim);
// The sizes of a generator primitive (array_m, carray_m) when all are constant and non-negative.
std::optional<std::vector<std::int64_t>> constantSizes(const ir::FunP& generatorPrim);

// Evaluates the generator primitive on the host and prints it as a __constant table of its
// element type (flattened row-major).
ConstantTable makeConstantTable(const std::string& name, const ir::FunP& generatorPrim,
                                CTypes& types);

// The order of a table's elements: the flat index i with the FIRST index fastest (the __local
// tables' order, emit_generators.cpp), or row-major, the last index fastest (a __constant table's
// order, which carray's combining function reads).
enum class TableOrder { FirstIndexFastest, RowMajor };
// The generator primitive's elements evaluated on the host, in hexadecimal bytes (reals in the
// kernel's precision, ints as 32 bits), in that order.
std::string hostTableHex(const ir::FunP& generatorPrim, ir::ScalarKind precision,
                         TableOrder order = TableOrder::FirstIndexFastest);

// The non-array values of a value, row-major (the elements of a table, flat).
void flatten(const ir::Value& v, std::vector<const ir::Value*>& out);

// Bytes of one value of a scalar/tuple type in the given precision.
std::int64_t valueBytes(const ir::TypeP& type);

}  // namespace liftcl::codegen
