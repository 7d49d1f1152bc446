// Host values <-> the bytes of the buffers a generated kernel reads and writes: arrays flattened
// row-major, complex as real2, other tuples as packed structs, int as 32 bits.
#pragma once

#include <cstdint>
#include <vector>

#include "ir/type.hpp"
#include "ir/value.hpp"

namespace liftcl::codegen {

std::vector<unsigned char> packValue(const ir::Value& value, const ir::TypeP& type);
// The value of a (closed) type from bytes; lengths must be constant or given by `nats`.
ir::Value unpackValue(const std::vector<unsigned char>& bytes, const ir::TypeP& type,
                      const ir::Valuation& nats = {});

}  // namespace liftcl::codegen
