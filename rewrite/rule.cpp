// Applying rules at positions: contexts, listing positions, application with re-typing.
#include "rewrite/rule.hpp"

#include "ir/builders.hpp"
#include "ir/typecheck.hpp"
#include "rewrite/ir_helpers.hpp"

namespace liftcl::rewrite {

using namespace ir;

const std::vector<Node>& Context::ancestors() const {
    if (!ancestorsKnown) {
        const std::vector<Node>& nodes = nodesAlong(root, path);
        ancestorNodes.assign(nodes.begin(), nodes.end() - 1);
        ancestorsKnown = true;
    }
    return ancestorNodes;
}

std::vector<FunP> Context::enclosingPrims() const {
    std::vector<FunP> out;
    const std::vector<Node>& ancestors = this->ancestors();
    for (std::size_t k = 0; k < ancestors.size(); ++k) {
        auto f = asFun(ancestors[k]);
        if (!f || f->kind != Fun::Kind::Prim) continue;
        // The child taken is a function argument (funs come first among a primitive's children).
        if (static_cast<std::size_t>(path[k]) < f->funs.size()) out.push_back(f);
    }
    return out;
}
bool Context::inside(Prim p) const {
    for (const auto& f : enclosingPrims())
        if (f->prim == p) return true;
    return false;
}
bool Context::inside(Prim p, int dim) const {
    for (const auto& f : enclosingPrims())
        if (f->prim == p && build::dimension(*f) == dim) return true;
    return false;
}
bool Context::insideParallelMap() const {
    for (const auto& f : enclosingPrims())
        if (isParallelMap(f->prim)) return true;
    return false;
}

Rule makeRule(std::string name, std::string description, Guard guard, Transform transform) {
    Rule r;
    r.name = std::move(name);
    r.description = std::move(description);
    r.guard = std::move(guard);
    r.transform = std::move(transform);
    return r;
}
Rule makeRule(std::string name, std::string description, Transform transform) {
    return makeRule(std::move(name), std::move(description), nullptr, std::move(transform));
}

Context contextAt(const Node& root, const Path& path) {
    nodesAlong(root, path);  // (throws on a bad path)
    return Context{root, path};
}

std::optional<Node> Rule::tryApply(const Node& node, const Context& context) const {
    if (guard && !guard(node, context)) return std::nullopt;
    return transform(node, context);
}

void typecheckTree(const Node& root) {
    if (auto f = asFun(root))
        inferFunType(f);
    else
        inferExprType(asExpr(root));
}

static void collect(const Node& root, const Node& cur, Context& ctx, const Rule& rule,
                    std::vector<Path>& out) {
    if (rule.tryApply(cur, ctx)) out.push_back(ctx.path);
    auto kids = children(cur);
    ctx.ancestorNodes.push_back(cur);
    for (std::size_t k = 0; k < kids.size(); ++k) {
        ctx.path.push_back(static_cast<int>(k));
        collect(root, kids[k], ctx, rule, out);
        ctx.path.pop_back();
    }
    ctx.ancestorNodes.pop_back();
}

std::vector<Path> applicablePositions(const Node& root, const Rule& rule) {
    std::vector<Path> out;
    Context ctx{root, {}};
    ctx.ancestorsKnown = true;  // kept along the walk
    collect(root, root, ctx, rule, out);
    return out;
}

std::optional<Node> tryApplyRuleAt(const Node& root, const Rule& rule, const Path& path) {
    Context ctx = contextAt(root, path);
    auto replacement = rule.tryApply(nodeAt(root, path), ctx);
    if (!replacement) return std::nullopt;
    Node result = replaceAt(root, path, *replacement);
    try {
        typecheckTree(result);
    } catch (const Error& e) {
        throw Error("rule " + rule.name + " at '" + pathToString(path) +
                    "' produced a program that does not type-check (" + e.message() +
                    "); rewritten node: " + describe(*replacement));
    }
    return result;
}

Node applyRuleAt(const Node& root, const Rule& rule, const Path& path) {
    auto result = tryApplyRuleAt(root, rule, path);
    if (!result)
        throw Error("rule " + rule.name + " does not apply at '" + pathToString(path) +
                    "' to " + describe(nodeAt(root, path)));
    return *result;
}

}  // namespace liftcl::rewrite
