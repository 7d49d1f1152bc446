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

// Whether OpenCL C lays a value of this array-free type out as the packed bytes above: false for a
// struct whose vector member (complex, real4, ...) is aligned to its size with padding before or
// after it ({float4, float} is 32 bytes in OpenCL C, 20 packed). Such elements cannot be buffers.
bool packedLayoutMatchesOpenCl(const ir::TypeP& type);

}  // namespace liftcl::codegen
