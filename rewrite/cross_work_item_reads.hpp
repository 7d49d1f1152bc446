// Part of the legality checker: reads of a parallel map's temporary result by work-items that did
// not write it. The code generator keeps such a result in the memory of the work-items (or
// work-groups) that computed it; only a mapLcl result in local memory is followed by a barrier.
// Nothing else synchronizes work-items within one kernel, so another parallel map may read that
// temporary only elementwise, in a loop of the same kind and dimension over the same elements:
// applied to it directly, through a zip, or through a high-level map of a layout function (which
// keeps the outer index). Any other consumer (split, join, transpose, pad, slide, a reduction, a
// sequential map, a map of another kind or dimension, a user function) reads elements that other
// work-items wrote, and codegen refuses it (codegen/emit_loops.cpp, readByWriterOnly).
//
// Conservative in one direction only: consumers it cannot follow (a lambda parameter bound to the
// result, a tuple) are left to the code generator, so a program it accepts may still be refused
// there; a program it rejects is always refused there.
#pragma once

#include <vector>

#include "ir/expr.hpp"
#include "rewrite/legality.hpp"

namespace liftcl::rewrite {

std::vector<Violation> crossWorkItemReads(const ir::Node& root);

}  // namespace liftcl::rewrite
