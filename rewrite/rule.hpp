// Rewrite rules as data (thesis ch. 4, Lift's `Rule(description, partial function)`).
//
// A rule has a name, an optional guard and a transformation of one node. Both see the node and its
// Context: the whole tree, the path of the node in it and the chain of enclosing nodes, so a guard
// can ask "inside a mapWrg", "the length is divisible by k" (types are filled in: rules are applied
// to type-checked trees) or "on the path that writes the kernel's result". Parameterized rules
// (split-join with factor k, mapGlb of dimension d) are families: functions from parameters to
// rules (see rules.hpp).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ir/expr.hpp"

namespace liftcl::rewrite {

using ir::Node;
using ir::Path;

// Where a node sits in the tree it is rewritten in.
struct Context {
    Node root;
    Path path;
    // Root first, parent last (empty at the root). Looked up on first use: most guards reject a
    // node by its own shape, and strategies ask for the context of every node they visit.
    const std::vector<Node>& ancestors() const;
    mutable std::vector<Node> ancestorNodes;
    mutable bool ancestorsKnown = false;

    // Enclosing primitives (innermost last) whose *function* arguments contain the node.
    std::vector<ir::FunP> enclosingPrims() const;
    bool inside(ir::Prim p) const;
    bool inside(ir::Prim p, int dim) const;  // a mapGlb/mapWrg/mapLcl of that dimension
    bool insideParallelMap() const;
};

Context contextAt(const Node& root, const Path& path);

// Whether a rule may apply at a node; the transformation of the node, nullopt when the node does
// not have the rule's shape.
using Guard = std::function<bool(const Node&, const Context&)>;
using Transform = std::function<std::optional<Node>(const Node&, const Context&)>;

struct Rule {
    std::string name;         // unique, as used on the command line: "split-join(4)"
    std::string description;  // one line: "map(f) -> join o map(map(f)) o split(k), k | length"
    Guard guard;              // may be empty (always true)
    Transform transform;

    // Guard and transformation together.
    std::optional<Node> tryApply(const Node& node, const Context& context) const;
};

// A rule from its parts (guard and transformation, or a transformation alone): every rule family
// builds its rules with these.
Rule makeRule(std::string name, std::string description, Guard guard, Transform transform);
Rule makeRule(std::string name, std::string description, Transform transform);

// One step of a derivation.
struct Application {
    std::string rule;
    Path path;
};
using Derivation = std::vector<Application>;

// Type-checks a whole tree (a function: the program body, or an expression with typed free
// parameters), filling every node's type.
void typecheckTree(const Node& root);

// Every path (pre-order) where the rule applies. `root` must be type-checked.
std::vector<Path> applicablePositions(const Node& root, const Rule& rule);
// Applies the rule at the path and type-checks the result. Throws liftcl::Error naming the rule
// and the path when the rule does not apply there, or when the result does not type-check (a bug
// in the rule).
Node applyRuleAt(const Node& root, const Rule& rule, const Path& path);
// Like applyRuleAt, nullopt when the rule does not apply.
std::optional<Node> tryApplyRuleAt(const Node& root, const Rule& rule, const Path& path);

}  // namespace liftcl::rewrite
