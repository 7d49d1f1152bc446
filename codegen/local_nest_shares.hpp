// A mapLcl nest run by a fixed local size as a loop over each work-item's shares: a loop of
// extent E on S work-items runs K = ceil(E / S) times per work-item, so the nest becomes
//
//     #pragma unroll
//     for (int ip_0 = 0; ip_0 < K; ++ip_0) {          // K: the product over the nest's loops
//         const int l0_2 = get_local_id(0) + ip_0 * S;
//         if (l0_2 < E) { lines }
//     }
//
// which lets a pass (local_in_place.cpp, local_split_exchange.cpp) run a nest's body in phases
// with barriers between them, every work-item reaching every barrier, each share keeping its
// private values in its own copy ([K]). These passes still work on the emitted lines
// (c_identifiers.hpp) until codegen builds a tree of OpenCL C.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "codegen/kernel_builder.hpp"

namespace liftcl::codegen {

std::size_t indentOf(const std::string& line);
std::string trimmed(const std::string& line);

// One top-level statement of a loop body: lines [first, last].
struct Statement {
    std::size_t first, last;
};

// The top-level statements of body lines [first, last] at indentation `indent`; nullopt when
// the lines are not well nested.
std::optional<std::vector<Statement>> statements(const std::vector<std::string>& body, std::size_t first,
                                                 std::size_t last, std::size_t indent);

// A uniform perfect nest (between two for-lines only comments, nothing after an inner loop
// closes) with constant extents and local sizes: the nests these passes can run by shares.
bool runsByShares(const LocalLoopNest& nest, const std::vector<std::string>& body);

// The shares of one work-item: the product over the loops of ceil(extent / local size).
std::int64_t sharesOf(const std::vector<LocalLoop>& loops);

// True when every loop's extent is a multiple of its local size (every share runs its body).
bool everyShareRuns(const std::vector<LocalLoop>& loops);

// The loop over the shares (see above) around `lines`, at indentation `base`, index `ip`; the
// test `l < E` only for loops whose extent is not a multiple of the local size unless
// `testEveryLoop` (CodegenOptions::localShareTests).
std::vector<std::string> sharesLoop(const std::string& base, const std::string& ip,
                                    const std::vector<LocalLoop>& loops, const std::vector<std::string>& lines,
                                    bool testEveryLoop);

}  // namespace liftcl::codegen
