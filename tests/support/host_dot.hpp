// The dot product of two real arrays computed on the host, without the compiler: the reference
// the reduction tests compare with.
#pragma once

#include <cstddef>

#include "ir/value.hpp"

namespace liftcl::testing {

inline double hostDot(const ir::Value& xs, const ir::Value& ys) {
    double s = 0;
    for (std::size_t k = 0; k < xs.items.size(); ++k) s += xs.items[k].r * ys.items[k].r;
    return s;
}

}  // namespace liftcl::testing
