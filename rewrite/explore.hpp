// Variant enumeration: the distinct legal low-level programs a high-level program can be lowered
// to, each with the derivation that produces it (replayable with replay()).
//
// A variant is one choice on each axis, composed as strategies:
//   restructure  the first reduce split into P partial reductions (rewrite/lowering.hpp
//                partialReductions) for every P of `partialReductions`, largest first (a program
//                of two kernels), for every pair (P, Q) of `twoLevelReductions` the P partial
//                results split again into Q (three kernels, none of them one long sequential
//                reduction) | for every P of `treeReductions` P partial reductions combined by a
//                tree in local memory (treeOfPartials, then mapWrg/mapLcl: one work-group per
//                reduction, so the distribute axis adds nothing) | none | vectorize(k) of the first
//                map of a componentwise user function, for every k of `vectorWidths` | rule 5 (after beta and fissions) | split-join(k) of the
//                outermost computing map, for every k of `splitFactors` dividing its length
// Variants come in that order (most parallel first), so a measuring budget reaches them first.
//   distribute   mapGlb(0) (1D) | mapGlb(1)/mapGlb(0) (2D) | mapWrg(0)/mapLcl(0)
//   sequential   the rest -> mapSeq/reduceSeq, reduceSeq o mapSeq fused (always)
//   memory       intermediate sequential results toPrivate | left in global memory
//   unroll       none | mapSeq -> mapSeqUnroll | mapSeq and reduceSeq unrolled
// Variants that fail, are illegal (rewrite/legality.hpp) or alpha-equal to an earlier one are
// dropped; at most `budget` are returned.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "ir/expr.hpp"
#include "rewrite/strategy.hpp"

namespace liftcl::rewrite {

struct ExploreOptions {
    std::size_t budget = 500;
    std::vector<std::int64_t> splitFactors = {2, 4, 8, 16};
    std::vector<std::int64_t> partialReductions = {256, 1024, 4096, 16384};
    // An H100 needs ~10^5 work-items to reach its bandwidth, and a second kernel reducing them in
    // one work-item takes ~200 us (2^24-element asum: 4096 partials 174 us, cuBLAS 44 us).
    std::vector<std::pair<std::int64_t, std::int64_t>> twoLevelReductions = {{65536, 256}, {16384, 128}};
    // A work-group's worth of partials, reduced by a tree in local memory (a reduction per row:
    // GEMV's 4096 rows are 4096 work-groups, each 256 work-items reading a row coalesced).
    std::vector<std::int64_t> treeReductions = {256, 128};
    // The first map of a componentwise user function on OpenCL vectors of this many reals (vload/vstore).
    std::vector<std::int64_t> vectorWidths = {4};
};

struct Variant {
    std::string choices;  // "rule5 / glb1d / private / unroll-none"
    ir::Program program;
    Derivation derivation;
};

struct ExploreReport {
    std::vector<Variant> variants;
    std::size_t tried = 0;
    std::size_t failed = 0;      // a strategy of the combination did not apply
    std::size_t illegal = 0;
    std::size_t duplicates = 0;
};

ExploreReport explore(const ir::Program& program, const ExploreOptions& options = {});

}  // namespace liftcl::rewrite
