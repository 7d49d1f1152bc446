// Small int arrays as interpreter values, for tests of primitives on known inputs.
#pragma once

#include <cstdint>
#include <vector>

#include "ir/value.hpp"

namespace liftcl::testing {

inline ir::Value ints(std::vector<std::int64_t> xs) {
    std::vector<ir::Value> out;
    for (auto x : xs) out.push_back(ir::Value::ofInt(x));
    return ir::Value::array(std::move(out));
}

// 0, 1, ..., n - 1
inline ir::Value iota(std::int64_t n) {
    std::vector<std::int64_t> xs;
    for (std::int64_t k = 0; k < n; ++k) xs.push_back(k);
    return ints(xs);
}

}  // namespace liftcl::testing
