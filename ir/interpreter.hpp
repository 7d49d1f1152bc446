// The reference interpreter: the semantic oracle for rules and generated kernels. Evaluates every
// primitive, high- and low-level (low-level primitives mean the same as their high-level forms),
// on host values. Nat variables still free in the program are given by `nats`.
#pragma once

#include <vector>

#include "ir/expr.hpp"
#include "ir/value.hpp"

namespace liftcl::ir {

Value interpret(const FunP& f, const std::vector<Value>& args, const Valuation& nats = {});

// The positions scatter(f) writes for an array of n elements: f(j, n) for j < n, checked to be a
// permutation of 0..n-1 (an error naming f's first bad value and `loc` otherwise). The interpreter
// and, for constant sizes, the code generator check scatters with it.
std::vector<std::int64_t> scatterDestinations(const FunP& indexFun, std::int64_t n, const SourceLoc& loc);

// Random value of a closed type (reals uniform in [-1, 1), ints in [0, 100)), deterministic in seed.
Value randomValue(const TypeP& type, std::uint64_t seed, const Valuation& nats = {});

}  // namespace liftcl::ir
