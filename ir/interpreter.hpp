// The reference interpreter: the semantic oracle for rules and generated kernels. Evaluates every
// primitive, high- and low-level (low-level primitives mean the same as their high-level forms),
// on host values. Nat variables still free in the program are given by `nats`.
#pragma once

#include <vector>

#include "ir/expr.hpp"
#include "ir/value.hpp"

namespace liftcl::ir {

Value interpret(const FunP& f, const std::vector<Value>& args, const Valuation& nats = {});

// Random value of a closed type (reals uniform in [-1, 1), ints in [0, 100)), deterministic in seed.
Value randomValue(const TypeP& type, std::uint64_t seed, const Valuation& nats = {});

}  // namespace liftcl::ir
