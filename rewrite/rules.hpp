// The rule families, by concern (one file each, as in Lift's rewriting/): lowering to OpenCL
// primitives, memory placement, identity insertion, the dimensionality change of rule 5,
// split-join, fusion/fission, simplification, interchange and tiling. Rule names are what the CLI
// accepts (`--rule split-join(4)`); parameterized families take their parameters in parentheses.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "rewrite/rule.hpp"

namespace liftcl::rewrite {

// ---- lowering (thesis rules 1 and 2), unrolling: rewrite/lowering_rules.cpp ----
Rule mapToMapGlb(int dim);   // map -> mapGlb(d); not inside mapWrg/mapLcl or a mapGlb(d)
Rule mapToMapWrg(int dim);   // map -> mapWrg(d); not inside mapGlb/mapLcl or a mapWrg(d)
Rule mapToMapLcl(int dim);   // map -> mapLcl(d); only inside a mapWrg, not inside a mapLcl(d)
Rule mapToMapSeq();          // map -> mapSeq
Rule reduceToReduceSeq();    // reduce(f, z) -> reduceSeq(f, z)
Rule mapSeqToUnroll();       // mapSeq -> mapSeqUnroll, constant length
Rule reduceSeqToUnroll();    // reduceSeq -> reduceSeqUnroll, constant length

// ---- memory (thesis rule 3): rewrite/memory_rules.cpp ----
Rule mapLclToLocal();        // mapLcl(f) -> mapLcl(toLocal(f))
Rule mapLclToGlobal();       // mapLcl(f) -> mapLcl(toGlobal(f))
Rule mapSeqToPrivate();      // mapSeq(f) -> mapSeq(toPrivate(f))
Rule mapSeqToGlobal();       // mapSeq(f) -> mapSeq(toGlobal(f))
Rule mapLclMapSeqToLocal();  // mapLcl(mapSeq(f) o g) -> mapLcl(mapSeq(toLocal(f)) o g)

// ---- identity insertion (thesis rule 4): rewrite/identity_rules.cpp ----
Rule idAfter();   // f -> map(id) o f   (at a call producing an array)
Rule idBefore();  // f -> f o map(id)   (at a call of one array argument)

// ---- dimensionality change (thesis rule 5): rewrite/dimensionality_rules.cpp ----
// map(map(f) o zip(y))(x) -> split(n) o map(f) o zip(pad(0, (m-1)n, wrap, y), join(x))
Rule dimensionalityChange();

// ---- split-join: rewrite/split_join_rules.cpp ----
Rule splitJoin(std::int64_t k);  // map(f)(x) -> join(map(map(f))(split(k)(x))), k | length

// ---- fusion and fission: rewrite/fusion_rules.cpp ----
Rule mapFusion();        // M(f)(M(g)(x)) -> M(f o g)(x), M the same map primitive
Rule mapFission();       // M(\y. h(e))(x) -> M(h)(M(\y. e)(x)), h not using y
Rule mapFissionInner();  // M(\y. E[g(..(y))])(x) -> M(\w. E[w])(M(\y. g(..(y)))(x))
// map(h)(zip(a, join(map(g)(b)))) -> join(map(\p => map(h)(zip(p.1, g(p.0))))(zip(b, split(1)(a)))), g(b_i) : [U]1
Rule zipJoinFusion();

// ---- simplification: rewrite/simplification_rules.cpp ----
Rule joinSplitElim();            // join(split(k)(x)) -> x
Rule splitJoinElim();            // split(k)(join(x)) -> x for x : [[T]k]m
Rule transposeTransposeElim();   // transpose(transpose(x)) -> x
Rule mapIdElim();                // map(id)(x) -> x
Rule betaReduction();            // (\x. e)(a) -> e[x := a] (x used at most once, or a is a name)
Rule etaReduction();             // \x. f(x) -> f

// ---- interchange and tiling: rewrite/interchange_rules.cpp, rewrite/tiling_rules.cpp ----
Rule mapInterchange();  // M1(M2(f))(x) -> transpose(M1(M2(f))(transpose(x)))
Rule tile2D(std::int64_t rows, std::int64_t cols);  // map(map(f)) over tiles of rows x cols

// ---- iteration: rewrite/iterate_rules.cpp ----
Rule iterateUnroll();  // iterate[i](k, f) -> f[i:=k-1] o ... o f[i:=0], k a constant <= 64
// The unrolled composition of an iterate node, or null when its count is not such a constant.
ir::FunP unrollIterate(const ir::FunP& iterate);

// ---- reductions (the partial-reduction rules of the Lift papers): rewrite/reduction_rules.cpp ----
Rule partialReduction(std::int64_t k);  // reduce(f,z) -> reduce(f,z) o join o map(reduce(f,z)) o split(k)
Rule reorderStride(std::int64_t s);     // reduce(f,z) -> reduce(f,z) o join o transpose o split(s), f commutative
Rule splitMap();                        // split(k) o map(g) -> map(map(g)) o split(k)
Rule transposeMap();                    // transpose o map(map(g)) -> map(map(g)) o transpose
Rule reduceSeqMapFusion();              // reduceSeq(f, z) o mapSeq(g) -> reduceSeq(\(a, y) => f(a, g(y)), z)
Rule treeReduction();                   // reduce(f,z) of 2^k elements -> k halving steps of map(reduce(f,z)) over pairs
// Whether the reduction operator is commutative, by its form (a + b, a * b, min, max, fmin, fmax).
bool isCommutativeOperator(const ir::FunP& f);

// ---- vectorization: rewrite/vectorization_rules.cpp ----
Rule vectorize(std::int64_t k);  // map(u) -> asScalar o map(u on k-vectors) o asVector(k), u componentwise

// ---- DFT factorization: rewrite/dft_factorization_rules.cpp ----
// matrixMult(DFT(q*m), x) -> one Cooley-Tukey step: DFT_q products of twiddled DFT_m products of
// x's q-strided subsequences (m > 1)
Rule dftFactor(std::int64_t q);
// matrixMult(DFT(p), x), p odd -> the symmetric-pair form: X_k = x_0 + sum over j = 1..(p-1)/2 of
// Re(w^jk) (x_j + x_{p-j}) + Im(w^jk) i (x_j - x_{p-j}) (cpairmul): about half the multiplications
Rule dftPairs();

// ---- the registry: rewrite/rule_registry.cpp ----
struct RuleFamily {
    std::string name;      // "split-join"
    std::string category;  // "lowering", "memory", "identity", "algorithmic", "simplification"
    int parameterCount = 0;
    // Instances used by `--list`, the soundness suite and exploration.
    std::vector<std::vector<std::int64_t>> defaultInstances;
    std::function<Rule(const std::vector<std::int64_t>&)> make;
};
const std::vector<RuleFamily>& ruleFamilies();
// "map-to-mapSeq", "split-join(4)", "map-to-mapGlb(1)", "tile(4,8)". Throws liftcl::Error
// listing the families on an unknown name or a wrong parameter count.
Rule ruleByName(const std::string& name);
// Every default instance of every family.
std::vector<Rule> defaultRules();

// Instance name of a family: "split-join" + {4} -> "split-join(4)".
std::string instanceName(const std::string& family, const std::vector<std::int64_t>& params);

}  // namespace liftcl::rewrite
