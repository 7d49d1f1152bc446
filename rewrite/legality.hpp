// The legality checker for low-level programs: can the code generator turn this into OpenCL
// kernels? A program is first split where a global barrier is needed (rewrite/kernel_sequence.hpp)
// and each kernel is checked. Each violation names the node (printed, with its path in its kernel)
// and the reason:
//   * a parallel map nested in a parallel map of the same kind and dimension;
//   * mapGlb mixed with mapWrg/mapLcl (inside one another);
//   * mapLcl outside a mapWrg; a mapWrg whose function has no mapLcl;
//   * toLocal outside a mapWrg;
//   * a high-level map or reduce left that computes (calls a user function). Maps whose function
//     only rearranges data (join, split, transpose, ...) may stay high level (thesis 4.2);
//   * a parallel map's temporary result read by work-items that did not write it
//     (rewrite/cross_work_item_reads.hpp);
//   * the result not written to global memory: marked toLocal/toPrivate on the result chain, or
//     not computed at all (the convention is in ir/result_writes.hpp).
#pragma once

#include <string>
#include <vector>

#include "ir/expr.hpp"

namespace liftcl::rewrite {

struct Violation {
    ir::Path path;
    std::string node;    // the offending node, printed
    std::string reason;
    std::string toString() const;  // "at 0.1.0 `mapLcl(0)(...)`: mapLcl outside a mapWrg"
};

std::vector<Violation> checkLegality(const ir::Program& program);
std::vector<Violation> checkLegality(const ir::Node& root);
bool isLegal(const ir::Node& root);
// Throws liftcl::Error listing every violation, naming the program.
void requireLegal(const ir::Program& program);

}  // namespace liftcl::rewrite
