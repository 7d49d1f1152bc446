// The lowering strategies (see lowering.hpp): each is a composition of rules and combinators.
#include "rewrite/lowering.hpp"

#include <mutex>
#include <set>

#include "rewrite/ir_helpers.hpp"
#include "rewrite/kernel_sequence.hpp"
#include "rewrite/legality.hpp"
#include "ir/result_writes.hpp"
#include "rewrite/rules.hpp"
#include "rewrite/strategy_parser.hpp"

namespace liftcl::rewrite {

using namespace ir;

namespace {

using Pred = std::function<bool(const Node&, const Context&)>;

bool computingMap(const Node& n, const Context&) { return isComputingHighLevelMap(n); }
// Contains a loop: a map-like or reduce-like primitive.
bool containsLoop(const Node& n) {
    if (auto f = asFun(n); isPrimWhere(f, isMapLike) || isPrimWhere(f, isReduceLike)) return true;
    for (const auto& c : children(n))
        if (containsLoop(c)) return true;
    return false;
}
// On the result chain of the program or of a call whose result becomes a kernel output
// (rewrite/kernel_sequence.hpp): both are written to global memory.
// A strategy asks this at every position of the same tree, so the chains are computed once per
// root (trees are immutable: the same root pointer is the same program) and kept for the next call.
struct GlobalResultChains {
    Node root;
    std::set<Path> onChain;                                   // the program's own result chain
    std::vector<std::pair<Path, std::set<Path>>> outputs;     // each kernel output: its chain
};
const GlobalResultChains& globalResultChains(const Node& root) {
    thread_local GlobalResultChains cached;
    if (cached.root == root) return cached;
    GlobalResultChains fresh;
    fresh.root = root;
    fresh.onChain = resultChain(root).onChain;
    for (const Path& output : kernelOutputs(asFun(root)))
        fresh.outputs.emplace_back(output, resultChain(nodeAt(root, output)).onChain);
    cached = std::move(fresh);
    return cached;
}
bool onResultChain(const Context& c) {
    const GlobalResultChains& chains = globalResultChains(c.root);
    if (chains.onChain.count(c.path) > 0) return true;
    for (const auto& [output, onChain] : chains.outputs) {
        if (c.path.size() < output.size() || !std::equal(output.begin(), output.end(), c.path.begin())) continue;
        const Path rest(c.path.begin() + static_cast<std::ptrdiff_t>(output.size()), c.path.end());
        if (onChain.count(rest) > 0) return true;
    }
    return false;
}

Strategy when(std::string label, Pred p, Rule r) { return where(std::move(label), std::move(p), rule(std::move(r))); }

// reduceSeq(...)(x) on the result chain -> map(id)(reduceSeq(...)(x)) -> mapSeq(id), so that the
// result is copied out of the accumulator (thesis: mapSeq(toGlobal(id)) o reduceSeq(...)).
Strategy copyReductionResults() {
    Pred reductionOnChain = [](const Node& n, const Context& c) {
        auto e = asCall(n);
        return e && isPrimWhere(e->fun, isReduceLike) && onResultChain(c);
    };
    Pred mapIdOnChain = [](const Node& n, const Context& c) {
        auto f = asFun(n);
        return isPrim(f, Prim::Map) && isPrim(f->funs.at(0), Prim::Id) && onResultChain(c);
    };
    return normalize(when("a reduction writing the result", reductionOnChain, idAfter())) >>
           normalize(when("map(id) on the result chain", mapIdOnChain, mapToMapSeq()));
}

Pred lengthIsConstant() {
    return [](const Node& n, const Context& c) {
        auto f = asFun(n);
        if (!f) return false;
        auto len = lengthOf(argTypeAt(f, c, 0));
        return len && len->isConstant();
    };
}

// The remaining computing maps -> mapSeq, reduce -> reduceSeq.
Strategy sequentialRest() {
    return normalize(rule(reduceToReduceSeq())) >>
           normalize(when("computing map", computingMap, mapToMapSeq()));
}

}  // namespace

Strategy memoryPlacement(bool privateIntermediates) {
    Pred writerOnChain = [](const Node& n, const Context& c) {
        auto f = asFun(n);
        return f && !f->funs.empty() && !containsLoop(f->funs[0]) && onResultChain(c);
    };
    Pred offChain = [](const Node&, const Context& c) { return !onResultChain(c); };
    auto constant = lengthIsConstant();
    Pred privateOk = [offChain, constant](const Node& n, const Context& c) {
        return c.insideParallelMap() && offChain(n, c) && constant(n, c);
    };
    Strategy s = copyReductionResults() >>
                 normalize(when("mapSeq writing the result", writerOnChain, mapSeqToGlobal())) >>
                 normalize(when("mapLcl writing the result", writerOnChain, mapLclToGlobal())) >>
                 normalize(when("intermediate mapLcl", offChain, mapLclToLocal()));
    if (privateIntermediates)
        s = s >> normalize(when("intermediate mapSeq of constant length", privateOk, mapSeqToPrivate()));
    return s;
}

Strategy unrollSequential() {
    return normalize(rule(mapSeqToUnroll())) >> normalize(rule(reduceSeqToUnroll()));
}

Strategy sequentialRemainder() { return sequentialRest(); }

Strategy lowerGlobalFused(bool twoDimensions) {
    // Beta first: a composition `reduce(f, z) o map(g)` is an application of a lambda to the map.
    return distributeGlobal(twoDimensions) >> sequentialRest() >> attempt(normalize(rule(betaReduction()))) >>
           normalize(rule(reduceSeqMapFusion())) >> memoryPlacement(true);
}

Strategy lowerGlobal(bool twoDimensions) {
    return distributeGlobal(twoDimensions) >> sequentialRest() >> memoryPlacement(true);
}

namespace {
// A map whose result a reduction consumes directly (`reduce(f, z)(map(g)(x))`): its elements are
// read by the one work-item that reduces them, so it cannot be a mapGlb of its own.
bool reducedAfter(const Context& c) {
    const std::vector<Node>& ancestors = c.ancestors();
    const std::size_t n = ancestors.size();
    if (n < 2) return false;
    const ExprP mapCall = asCall(ancestors[n - 1]);
    const ExprP consumer = asCall(ancestors[n - 2]);
    return mapCall && consumer && isPrimWhere(consumer->fun, isReduceLike);
}
// Whether `n` contains a computing high-level map that no reduction consumes directly.
bool containsMapNotReduced(const Node& n, bool reduced = false) {
    if (!reduced && isComputingHighLevelMap(n)) return true;
    const ExprP call = asCall(n);
    const bool reduction = call && isPrimWhere(call->fun, isReduceLike);
    const auto kids = children(n);
    for (std::size_t k = 0; k < kids.size(); ++k) {
        // A reduction's array arguments (children after its function) are consumed by it.
        const bool arg = reduction && k >= 1;
        if (auto c = asCall(kids[k]); arg && c && isComputingHighLevelMap(c->fun)) {
            if (containsMapNotReduced(c->fun->funs.at(0))) return true;
            for (const auto& a : c->args)
                if (containsMapNotReduced(a)) return true;
            continue;
        }
        if (containsMapNotReduced(kids[k])) return true;
    }
    return false;
}
}  // namespace

namespace {
// Every iterate of constant count becomes its k steps (their lengths may differ: Lift's halving
// Iterate): under a mapWrg each step becomes a mapLcl with a barrier after it; elsewhere the kernel
// splitter makes a kernel of each step that needs one.
Strategy iterationSteps() { return attempt(normalize(rule(iterateUnroll()))); }
}  // namespace

Strategy distributeGlobal(bool twoDimensions) {
    Strategy parallel = allTopDown(when("computing map", computingMap, mapToMapGlb(0)));
    if (twoDimensions) {
        Pred outerOfTwo = [](const Node& n, const Context& c) {
            return computingMap(n, c) && containsMapNotReduced(asFun(n)->funs.at(0));
        };
        Pred innerOrAlone = [](const Node& n, const Context& c) {
            return computingMap(n, c) && !reducedAfter(c) && (c.inside(Prim::MapGlb, 1) || !c.insideParallelMap());
        };
        parallel = allTopDown(when("computing map containing another", outerOfTwo, mapToMapGlb(1))) >>
                   allTopDown(when("computing map", innerOrAlone, mapToMapGlb(0)));
    }
    return iterationSteps() >> parallel;
}

namespace {
// The outermost computing map without an inner computing map gets a level of nesting.
Strategy nestForWorkgroups() {
    Pred flatComputing = [](const Node& n, const Context& c) {
        auto e = asCall(n);
        return e && computingMap(e->fun, c) && !containsComputingMap(e->fun->funs.at(0)) &&
               !c.insideParallelMap() && !c.inside(Prim::Map);
    };
    Strategy pick = failStrategy();
    for (std::int64_t k : {2, 4, 8, 16, 32, 64, 128, 256}) pick = rule(splitJoin(k)) | pick;
    return allTopDown(where("flat computing map", flatComputing, pick));
}
}  // namespace

Strategy lowerWorkgroup() {
    return distributeWorkgroup() >> sequentialRest() >> memoryPlacement(true);
}

Strategy distributeWorkgroup() {
    Pred outer = [](const Node& n, const Context& c) {
        return computingMap(n, c) && !c.insideParallelMap() &&
               containsComputingMap(asFun(n)->funs.at(0));
    };
    Pred inner = [](const Node& n, const Context& c) { return computingMap(n, c) && c.inside(Prim::MapWrg); };
    return iterationSteps() >> nestForWorkgroups() >> allTopDown(when("outermost computing map", outer, mapToMapWrg(0))) >>
           allTopDown(when("computing map in a mapWrg", inner, mapToMapLcl(0)));
}

namespace {
std::optional<Outcome> fissionToRule5At(const Node& root, const Path& p, int depth) {
    static const Strategy rule5 = rule(dimensionalityChange());
    static const Strategy fission = rule(mapFission());
    if (auto r = rule5(root, p)) return r;
    if (depth > 8) return std::nullopt;
    auto split = fission(root, p);
    if (!split) return std::nullopt;
    Path argument = p;
    argument.push_back(1);
    auto rest = fissionToRule5At(split->root, argument, depth + 1);
    if (!rest) return std::nullopt;
    Outcome out{rest->root, split->steps};
    out.steps.insert(out.steps.end(), rest->steps.begin(), rest->steps.end());
    return out;
}
}  // namespace

Strategy dimensionalityChangeWithFission() {
    Strategy towardRule5{"fission-to-rule5", [](const Node& root, const Path& p) {
                             return fissionToRule5At(root, p, 0);
                         }};
    return topDown(towardRule5 | (rule(mapFissionInner()) >> towardRule5));
}

Strategy partialReductions(std::int64_t partials, bool everyReduction) {
    Strategy split{"partial-reductions(" + std::to_string(partials) + ")",
                   [partials](const Node& root, const Path& p) -> std::optional<Outcome> {
                       auto e = asCall(nodeAt(root, p));
                       if (!e || !isPrim(e->fun, Prim::Reduce) || e->args.size() != 1) return std::nullopt;
                       auto len = lengthOf(e->args[0]->type);
                       auto l = len ? len->tryConstant() : std::nullopt;
                       if (!l || *l % partials != 0 || *l == partials) return std::nullopt;
                       const std::int64_t chunk = *l / partials;
                       // Commutative: work-item j reduces x[j], x[j+P], ... (coalesced reads).
                       Strategy s = isCommutativeOperator(e->fun->funs.at(0))
                                        ? rule(reorderStride(partials)) >> rule(partialReduction(chunk))
                                        : rule(partialReduction(chunk));
                       return s(root, p);
                   }};
    return (everyReduction ? allTopDown(split) : topDown(split)) >> normalize(rule(splitJoinElim())) >>
           normalize(rule(splitMap()) | rule(transposeMap())) >> normalize(rule(mapFusion()));
}

namespace {
// A reduce applied or passed to a map (map(reduce(f, z)) holds it as a function, not a call).
bool containsReduction(const Node& n) {
    if (auto f = asFun(n); f && isPrimWhere(f, isReduceLike)) return true;
    for (const auto& k : children(n))
        if (containsReduction(k)) return true;
    return false;
}
}  // namespace

Strategy fuseElementwiseIntoReductions() {
    return attempt(normalize(rule(betaReduction()))) >> attempt(topDown(rule(zipJoinFusion())));
}

Strategy treeOfPartials() {
    // The reduction of partial results (a reduce whose argument reduces) under a map, one per
    // element (a row of GEMV, a body of N-Body): its 2^k partials are combined in k halving steps,
    // which the mapWrg that the map becomes runs in local memory with a barrier each. A reduction
    // of everything (dot, asum) has no map to give work-groups: the two-level partial reductions
    // (kernels) are its variants, so the strategy fails there.
    Pred reducesPartials = [](const Node& n, const Context& c) {
        auto e = asCall(n);
        return e && c.inside(Prim::Map) && isPrim(e->fun, Prim::Reduce) && e->args.size() == 1 &&
               containsReduction(e->args[0]);
    };
    // Every such reduction (GESUMMV's two per row), each once: the halving steps it becomes are not
    // visited again. Fails where there is none.
    const Strategy trees = allTopDown(where("reduction of partial reductions under a map", reducesPartials, rule(treeReduction())));
    return Strategy{"tree-of-partials", [trees](const Node& root, const Path& p) -> std::optional<Outcome> {
                        auto out = trees(root, p);
                        if (!out || out->steps.empty()) return std::nullopt;
                        return out;
                    }};
}

Strategy lowerReduction(std::int64_t partials) {
    return partialReductions(partials) >> distributeGlobal(false) >> sequentialRest() >>
           normalize(rule(reduceSeqMapFusion())) >> attempt(normalize(rule(betaReduction()))) >>
           memoryPlacement(true);
}

namespace {
struct Named {
    std::string name;
    std::string description;
    std::function<Strategy()> make;
};
// The generic strategies; a domain library adds its own through registerStrategy.
std::vector<Named>& registry() {
    static std::vector<Named> named = {
        {"lower-global", "outermost computing maps -> mapGlb(0), inner -> mapSeq, toPrivate/toGlobal",
         [] { return lowerGlobal(false); }},
        {"lower-global-2d", "as lower-global with two nested computing maps -> mapGlb(1)/mapGlb(0)",
         [] { return lowerGlobal(true); }},
        {"lower-global-fused", "lower-global, the maps that feed a reduceSeq fused into it (no private array of terms)",
         [] { return lowerGlobalFused(false); }},
        {"lower-stockham", "rule 5 then lower-global: the Stockham pass of Listing 4.4",
         [] {
             return attempt(normalize(rule(betaReduction())) >> dimensionalityChangeWithFission()) >>
                    lowerGlobal(false);
         }},
        {"lower-stockham-2d", "lower-global-2d: the Stockham pass of Listing 4.2, with memories",
         [] { return lowerGlobal(true); }},
        {"lower-workgroup", "mapWrg(0)/mapLcl(0) with toLocal intermediates",
         [] { return lowerWorkgroup(); }},
        {"lower-reduction",
         "two kernels: P partial reductions on mapGlb(0) (strided when the operator is commutative), "
         "then their reduction; P the largest power of two <= 4096 that fits",
         [] {
             Strategy s = failStrategy();
             for (std::int64_t p = 2; p <= 4096; p *= 2) s = lowerReduction(p) | s;
             return s;
         }},
        {"lower-reduction-workgroup",
         "a reduce -> P partial reductions (P the local size, 256 or the largest power of two that fits) in a "
         "mapWrg, then their tree reduction in local memory (log2 P halving steps, a barrier each)",
         [] {
             Strategy s = failStrategy();
             for (std::int64_t p = 2; p <= 256; p *= 2)
                 s = (fuseElementwiseIntoReductions() >> partialReductions(p, true) >> treeOfPartials() >>
                      distributeWorkgroup() >> sequentialRest() >>
                      normalize(rule(reduceSeqMapFusion())) >> memoryPlacement(true)) | s;
             return s;
         }},
        {"unroll", "mapSeq/reduceSeq of constant length -> unrolled", [] { return unrollSequential(); }},
        {"simplify", "normalize(join-split, split-join, transpose-transpose, map(id), beta)",
         [] {
             return normalize(rule(joinSplitElim()) | rule(splitJoinElim()) |
                              rule(transposeTransposeElim()) | rule(mapIdElim()) | rule(betaReduction()));
         }},
        {"fuse", "normalize(map-fusion)", [] { return normalize(rule(mapFusion())); }},
    };
    return named;
}
std::mutex& registryMutex() {
    static std::mutex m;
    return m;
}
}  // namespace

void registerStrategy(std::string name, std::string description, std::function<Strategy()> make) {
    std::lock_guard lock(registryMutex());
    for (const auto& n : registry())
        if (n.name == name) return;
    registry().push_back({std::move(name), std::move(description), std::move(make)});
}

std::vector<std::pair<std::string, std::string>> namedStrategies() {
    std::lock_guard lock(registryMutex());
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& n : registry()) out.emplace_back(n.name, n.description);
    return out;
}

std::optional<Strategy> namedStrategy(const std::string& name) {
    std::lock_guard lock(registryMutex());
    for (const auto& n : registry())
        if (n.name == name) {
            Strategy s = n.make();
            s.name = name;
            return s;
        }
    return std::nullopt;
}

std::pair<Program, Derivation> applyStrategyWithDerivation(const Program& program,
                                                           const std::string& strategy) {
    Strategy s = parseStrategy(strategy);
    typecheckTree(program.body);
    auto result = s(program.body);
    if (!result)
        throw Error("strategy '" + strategy + "' failed on " + program.name, program.body->loc);
    typecheckTree(result->root);
    Program out = program;
    out.body = asFun(result->root);
    if (isLoweringStrategy(strategy)) requireLoweredLegal(out, strategy);
    return {out, result->steps};
}

bool isLoweringStrategy(const std::string& strategy) {
    const auto first = strategy.find_first_not_of(" \t");
    const auto last = strategy.find_last_not_of(" \t");
    if (first == std::string::npos) return false;
    const std::string name = strategy.substr(first, last - first + 1);
    if (name.rfind("lower-", 0) != 0) return false;
    std::lock_guard lock(registryMutex());
    for (const auto& n : registry())
        if (n.name == name) return true;
    return false;
}

void requireLoweredLegal(const Program& lowered, const std::string& strategy) {
    const auto violations = checkLegality(lowered);
    if (violations.empty()) return;
    std::string msg = "strategy '" + strategy + "' cannot produce a legal program for " + lowered.name +
                      " (the code generator would refuse it):";
    for (const auto& v : violations) msg += "\n  " + v.toString();
    throw Error(msg, lowered.body->loc);
}

Program applyStrategy(const Program& program, const std::string& strategy) {
    return applyStrategyWithDerivation(program, strategy).first;
}

}  // namespace liftcl::rewrite
