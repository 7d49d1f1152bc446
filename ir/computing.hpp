// Two facts about functions that rewrite and codegen both ask, each defined once here (they are
// different questions: `map(id)` computes nothing, yet `mapGlb(id)` writes a copy).
#pragma once

#include "ir/expr.hpp"

namespace liftcl::ir {

// It calls a user function or reduces somewhere (a generator's own function excepted: array
// constructors are evaluated element by element where they are read; and a scatter's index
// function, a layout). A high-level map of such
// a function must be lowered before code generation.
bool computes(const Node& n);

// Applying it writes values that need memory (a user function, id's copy, a low-level map or
// reduction, toX, iterate, a map of such a function), as opposed to a layout change of its input
// that codegen reads through a view.
bool writesValues(const FunP& f);
// Some call in the expression writes values.
bool containsValueWrites(const ExprP& e);

}  // namespace liftcl::ir
