// Small pattern-matching and building helpers the rule families share: recognize primitives and
// calls, build compositions with fresh parameters, substitute parameters, and classify functions
// as computing (they call a user function) or pure data layout.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "ir/computing.hpp"
#include "ir/expr.hpp"

namespace liftcl::rewrite {

// The expression or function of a node, or null.
ir::ExprP asExpr(const ir::Node& n);
ir::FunP asFun(const ir::Node& n);
// The call node, or null when n is not a Call.
ir::ExprP asCall(const ir::Node& n);
// A rule's transformation of call nodes only (any other node does not match): most rules rewrite a
// call and need no context.
struct Context;
std::function<std::optional<ir::Node>(const ir::Node&, const Context&)> onCall(
    std::function<std::optional<ir::Node>(const ir::ExprP& call)> rewrite);
bool isPrim(const ir::FunP& f, ir::Prim p);
bool isPrimWhere(const ir::FunP& f, bool (*predicate)(ir::Prim));
// A call of the primitive p with exactly `arity` arguments (arity < 0: any).
bool isCallOf(const ir::ExprP& e, ir::Prim p, int arity = -1);

// Type of a typed expression; throws liftcl::Error naming the node when it has none.
ir::TypeP typeOf(const ir::ExprP& e);
// Parameter k of a typed function (from its Function type), or null when unknown.
ir::TypeP paramTypeOf(const ir::FunP& f, std::size_t k = 0);
// Type of argument k of a function node: from its Function type, or else from the call that
// applies it (when the node is the function of its parent call).
ir::TypeP argTypeAt(const ir::FunP& f, const Context& ctx, std::size_t k = 0);
// Length of an array type (null type or non-array: nullopt).
std::optional<ir::Arith> lengthOf(const ir::TypeP& t);
// True when the type contains no type variable.
bool isClosedType(const ir::TypeP& t);

// A parameter with a name no source program uses ("x_r7").
ir::ExprP freshParam(const std::string& hint = "x");
// f(args)
ir::ExprP call(ir::FunP f, std::vector<ir::ExprP> args);
// λx. f(g(x))
ir::FunP compose(const ir::FunP& f, const ir::FunP& g);
// (Primitives are built with the typed builders of ir/builders.hpp.)

// Whether the node refers to the parameter (by identity).
bool mentions(const ir::Node& n, const ir::Expr* param);
int occurrences(const ir::Node& n, const ir::Expr* param);
// Replace every occurrence of `param` by `by`.
ir::Node substitute(const ir::Node& n, const ir::Expr* param, const ir::ExprP& by);

// (Whether a function computes: ir::computes, ir/computing.hpp.)
// A map-like call or function whose function argument computes.
bool isComputingMap(const ir::FunP& f);
// A high-level `map` (not yet lowered) whose function is computing.
bool isComputingHighLevelMap(const ir::Node& n);
// Whether `n` or a node below it is a computing map-like function.
bool containsComputingMap(const ir::Node& n);

// "mapGlb(0)(...)" style short description of a node for messages (one line, truncated).
std::string describe(const ir::Node& n);

}  // namespace liftcl::rewrite
