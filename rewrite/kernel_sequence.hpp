// Multi-kernel programs: a lowered program whose stages need a global barrier between them (a
// parallel map's result read by work-items that did not write it, e.g. the partial results of a
// two-stage reduction) becomes a sequence of kernels with intermediate global buffers.
//
// The body's *spine* is the body call and, recursively, the array arguments of calls of
// primitives (layout functions, maps, reductions). Where a parallel map on the spine has its
// result read by other work-items (rewrite/cross_work_item_reads.hpp), that call becomes a kernel
// of its own whose output is an intermediate buffer, and the rest of the program reads that buffer
// as a parameter. Splitting repeats (innermost first) until no such read is left on the spine;
// reads that are not on the spine stay violations (checkLegality reports them per kernel).
#pragma once

#include <string>
#include <vector>

#include "ir/expr.hpp"

namespace liftcl::rewrite {

// The kernels in execution order. A single kernel keeps the program's name; stage k of several is
// named NAME_kK, and the parameter through which a later stage reads stage k's output has that
// name too (so the buffer between two kernels is named after the kernel that writes it). Each
// stage takes only the parameters it uses, in the program's order, then the intermediates.
std::vector<ir::Program> splitIntoKernels(const ir::Program& lowered);

// The paths (from `lambda`) of the calls whose results become kernel outputs when the program is
// split, also through lambdas applied in place (compositions), which splitting inlines first.
// Memory placement writes their results to global memory like the program's result.
std::vector<ir::Path> kernelOutputs(const ir::FunP& lambda);

}  // namespace liftcl::rewrite
