// Lowering strategies: compositions of rules and strategy combinators that turn a high-level
// program into a low-level one the code generator accepts (checked by rewrite/legality.hpp).
//
//   lower-global        outermost computing maps -> mapGlb(0); inner maps -> mapSeq; reduce ->
//                       reduceSeq; intermediate sequential results toPrivate; the result written
//                       by toGlobal (a reduction's result copied out by mapSeq(toGlobal(id)))
//   lower-global-2d     as lower-global, with the outermost computing map that contains another
//                       one -> mapGlb(1) and that inner one -> mapGlb(0) (thesis Listing 4.2)
//   lower-stockham      rule 5 (after the fissions that expose its pattern) to fold the 2D map of a
//                       Stockham pass into one dimension, then lower-global (Listing 4.4)
//   lower-stockham-2d   lower-global-2d without rule 5 (Listing 4.2 with memories)
//   lower-workgroup     outermost computing map -> mapWrg(0) (split-join by the largest power of
//                       two first when it has no inner map), the next -> mapLcl(0), inner ones
//                       mapSeq; intermediate results of mapLcl toLocal, of mapSeq toPrivate
//   lower-reduction     a reduce -> partial reductions (rewrite/reduction_rules.cpp): P work-items
//                       (mapGlb(0)) each reduce n/P elements (x[j], x[j+P], ... when the operator
//                       is commutative), maps before the reduce fused into reduceSeq; then a second
//                       kernel reduces the P partial results (rewrite/kernel_sequence.hpp)
//   lower-reduction-workgroup
//                       partial reductions as above, P the local size, in a mapWrg (one work-group
//                       per reduction, or per row of a map of reductions: GEMV), then their tree
//                       reduction in local memory (tree-reduction: log2 P steps, a barrier each)
//   simplify            normalize(join-split, split-join, transpose-transpose, map(id), beta)
//   fuse                normalize(map-fusion)
// Domain libraries register more (registerStrategy below), e.g. fft/'s lower-hierarchical-fft.
//
// Names are strategy expressions (rewrite/strategy_parser.hpp), so the CLI also accepts e.g.
// "topDown(split-join(4)) ; lower-global" or "normalize(map-fusion) <+ id".
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "ir/expr.hpp"
#include "rewrite/strategy.hpp"

namespace liftcl::rewrite {

// The strategy of a name or expression applied to the program body; throws liftcl::Error when
// the strategy fails or the name is unknown. The result is type-checked. A named lowering strategy
// (a registered name beginning with "lower-") must produce a program the code generator accepts:
// its result is checked with the legality checker (rewrite/legality.hpp, the rules codegen
// enforces) and an illegal one throws, naming the strategy and each offending map with its path.
// Strategy expressions (e.g. "topDown(split-join(4)) ; lower-global") are not checked.
ir::Program applyStrategy(const ir::Program& program, const std::string& strategy);
// Same, with the derivation it made.
std::pair<ir::Program, Derivation> applyStrategyWithDerivation(const ir::Program& program,
                                                              const std::string& strategy);

// Whether the text is the name of a registered lowering strategy (one applyStrategy checks).
bool isLoweringStrategy(const std::string& strategy);
// Throws liftcl::Error naming the strategy, the program and every legality violation (the map
// printed, with its path), unless the lowered program is legal.
void requireLoweredLegal(const ir::Program& lowered, const std::string& strategy);

// The named strategies: (name, description). Lookup by name; nullopt when unknown.
std::vector<std::pair<std::string, std::string>> namedStrategies();
std::optional<Strategy> namedStrategy(const std::string& name);
// Adds a named strategy next to the generic ones above, so a domain library (fft/, through
// fft::registerFftStrategies) contributes its own without rewrite/ knowing it. A name that is
// already registered keeps its first definition.
void registerStrategy(std::string name, std::string description, std::function<Strategy()> make);

// Building blocks the named strategies and exploration share.
Strategy lowerGlobal(bool twoDimensions);
// lowerGlobal with the maps that feed a sequential reduction fused into it (reduceSeq-map-fusion),
// so an all-pairs sum (N-Body, MRI-Q) needs no private array of the terms.
Strategy lowerGlobalFused(bool twoDimensions);
Strategy distributeGlobal(bool twoDimensions);  // only the mapGlb step of lowerGlobal
Strategy distributeWorkgroup();                 // only the mapWrg/mapLcl step of lowerWorkgroup
Strategy sequentialRemainder();                 // computing maps left -> mapSeq, reduce -> reduceSeq
Strategy lowerWorkgroup();
Strategy dimensionalityChangeWithFission();  // rule 5 where fissions expose its pattern
Strategy memoryPlacement(bool privateIntermediates);
Strategy unrollSequential();
// The first high-level reduce of constant length n split into P partial reductions (strided when
// its operator is commutative), the maps before it fused into them.
// With everyReduction, every outermost such reduce (GESUMMV's two dot products per row), each once.
Strategy partialReductions(std::int64_t partials, bool everyReduction = false);
// Every reduction of partial reductions under a map (a reduce of 2^k elements whose argument
// reduces) as k halving steps (tree-reduction): in a mapWrg, a tree in local memory. Fails where
// there is none.
Strategy treeOfPartials();
// An elementwise map over the per-element reductions moved into them (zip-join-fusion, after beta
// reduction), where it applies: GEMV's alpha * r + beta * y in the rows' work-groups, one kernel.
Strategy fuseElementwiseIntoReductions();
Strategy lowerReduction(std::int64_t partials);  // partialReductions, then lower-global's steps  // mapSeq/reduceSeq -> unrolled where the length is a constant

}  // namespace liftcl::rewrite
