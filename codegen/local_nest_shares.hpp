// A mapLcl nest run by a fixed local size as a loop over each work-item's shares: a loop of
// extent E on S work-items runs K = ceil(E / S) times per work-item, so the nest becomes
//
//     #pragma unroll
//     for (int ip_0 = 0; ip_0 < K; ++ip_0) {          // K: the product over the nest's loops
//         const int l0_2 = get_local_id(0) + ip_0 * S;
//         if (l0_2 < E) { statements }
//     }
//
// which lets a pass (local_in_place.cpp, local_split_exchange.cpp) run a nest's body in phases
// with barriers between them, every work-item reaching every barrier, each share keeping its
// private values in its own copy ([K]).
#pragma once

#include <cstdint>
#include <vector>

#include "codegen/c_tree.hpp"
#include "codegen/kernel_builder.hpp"

namespace liftcl::codegen {

// The body of the nest's innermost loop.
c::Block& innermostBody(const LocalLoopNest& nest);

// A uniform perfect nest (an inner loop is the last statement of the outer one's body, only
// comments before it) with constant extents and local sizes: the nests these passes can run by shares.
bool runsByShares(const LocalLoopNest& nest);

// The shares of one work-item: the product over the loops of ceil(extent / local size).
std::int64_t sharesOf(const std::vector<LocalLoop>& loops);

// True when every loop's extent is a multiple of its local size (every share runs its body).
bool everyShareRuns(const std::vector<LocalLoop>& loops);

// The loop over the shares (see above) around `body`, index `ip`; the test `l < E` only for
// loops whose extent is not a multiple of the local size unless `testEveryLoop`
// (CodegenOptions::localShareTests).
c::StmtP sharesLoop(const c::SymbolP& ip, const std::vector<LocalLoop>& loops, c::Block body, bool testEveryLoop);

}  // namespace liftcl::codegen
