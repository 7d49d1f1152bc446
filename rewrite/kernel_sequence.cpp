// Splitting a lowered program into kernels where a global barrier is needed (kernel_sequence.hpp).
#include "rewrite/kernel_sequence.hpp"

#include <algorithm>
#include <set>

#include "rewrite/cross_work_item_reads.hpp"
#include "rewrite/ir_helpers.hpp"
#include "rewrite/rule.hpp"
#include "rewrite/rules.hpp"
#include "rewrite/strategy.hpp"

namespace liftcl::rewrite {

using namespace ir;

namespace {

// Is `path` (from the program's lambda) a call on the spine: the body, then array arguments of
// primitive calls only?
// With throughLambdas, also into the body of a lambda applied in place: `(\\x => body)(y)`.
bool onSpine(const FunP& lambda, const Path& path, bool throughLambdas = false) {
    if (path.empty() || path[0] != 0) return false;
    Node n = lambda->body;
    for (std::size_t k = 1; k < path.size(); ++k) {
        const ExprP call = asCall(n);
        const FunP fun = asFun(n);
        if (throughLambdas && call && call->fun->kind == Fun::Kind::Lambda && path[k] == 0) {
            n = call->fun;
            continue;
        }
        if (throughLambdas && fun && fun->kind == Fun::Kind::Lambda && path[k] == 0) {
            n = fun->body;
            continue;
        }
        if (!call || call->fun->kind != Fun::Kind::Prim || path[k] < 1) return false;
        n = children(n).at(static_cast<std::size_t>(path[k]));
    }
    return asCall(n) != nullptr;
}

void collectParams(const Node& n, std::set<const Expr*>& used) {
    if (const auto* e = std::get_if<ExprP>(&n); e && (*e)->kind == Expr::Kind::Param) used.insert(e->get());
    for (const auto& c : children(n)) collectParams(c, used);
}

// The program's parameters (and intermediates) that `body` uses, in their order.
std::vector<ExprP> usedParams(const std::vector<ExprP>& candidates, const ExprP& body) {
    std::set<const Expr*> used;
    collectParams(body, used);
    std::vector<ExprP> out;
    for (const auto& p : candidates)
        if (used.count(p.get())) out.push_back(p);
    return out;
}

}  // namespace

std::vector<Path> kernelOutputs(const FunP& lambda) {
    std::vector<Path> out;
    if (!lambda || lambda->kind != Fun::Kind::Lambda) return out;
    for (const auto& v : crossWorkItemReads(lambda))
        if (onSpine(lambda, v.path, true)) out.push_back(v.path);
    return out;
}

std::vector<Program> splitIntoKernels(const Program& lowered) {
    std::vector<Program> stages;
    FunP current = lowered.body;
    std::vector<ExprP> available = current->params;  // the program's parameters, then intermediates
    bool betaReduced = false;
    for (;;) {
        typecheckTree(current);
        std::vector<Path> cuts;
        const auto reads = crossWorkItemReads(current);
        for (const auto& v : reads)
            if (onSpine(current, v.path)) cuts.push_back(v.path);
        if (cuts.empty() && !reads.empty() && !betaReduced) {
            // Compositions are lambdas applied in place; inlined, their stages are on the spine.
            betaReduced = true;
            if (auto r = normalize(rule(betaReduction()))(current)) current = asFun(r->root);
            continue;
        }
        if (cuts.empty()) break;
        // The innermost cut first: no other cut lies inside it, so it is one kernel.
        const Path cut = *std::max_element(cuts.begin(), cuts.end(), [](const Path& a, const Path& b) {
            return a.size() < b.size();
        });
        const ExprP stageBody = std::get<ExprP>(nodeAt(current, cut));
        Program stage = lowered;
        stage.name = lowered.name + "_k" + std::to_string(stages.size());
        stage.body = makeLambda(usedParams(available, stageBody), stageBody, lowered.body->loc);
        stages.push_back(stage);
        const ExprP intermediate = makeParam(stage.name, stageBody->type, stageBody->loc);
        available.push_back(intermediate);
        const ExprP rest = std::get<ExprP>(replaceAt(current->body, Path(cut.begin() + 1, cut.end()), intermediate));
        current = makeLambda(usedParams(available, rest), rest, lowered.body->loc);
    }
    if (stages.empty()) return {lowered};
    Program last = lowered;
    last.name = lowered.name + "_k" + std::to_string(stages.size());
    last.body = current;
    stages.push_back(last);
    for (auto& s : stages) typecheckTree(s.body);
    return stages;
}

}  // namespace liftcl::rewrite
