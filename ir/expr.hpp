// The core IR: expressions (values) and functions, in the style of Lift.
//
//   Expr = Param | Literal | Call(Fun, args...)
//   Fun  = Lambda(params, body) | Prim(kind, nats, funs, exprs) | UserFun(def, staticArgs)
//
// Composition `f o g` is not a node: the elaborator turns it into Lambda(x => f(g(x))). Named
// definitions are expanded by the elaborator, so the core IR holds only primitives, lambdas and
// user functions. Nodes are immutable except for the `type` cache that type inference fills in.
// Parameters are compared by identity (pointer); structural equality is alpha-equivalence.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "ir/arith.hpp"
#include "ir/error.hpp"
#include "ir/type.hpp"

namespace liftcl::ir {

struct Expr;
struct Fun;
struct UserFun;
using ExprP = std::shared_ptr<const Expr>;
using FunP = std::shared_ptr<const Fun>;

// Every primitive of the language. Surface names in primName().
enum class Prim {
    // high level
    Map, Reduce, Zip, Split, Join, Transpose, Pad, Slide, Take, At, Scatter, AsVector, AsScalar, Array, CArray, Get, Tuple, Iterate, Id,
    // low level: parallel and sequential maps/reductions
    MapGlb, MapWrg, MapLcl, MapSeq, MapSeqUnroll, ReduceSeq, ReduceSeqUnroll,
    // low level: where the result of a function lives
    ToGlobal, ToLocal, ToPrivate,
};

// pad's border modes. Mirror reflects with the edge element repeated (numpy's 'symmetric'):
// [a b c] padded by 2 on each side is [b a | a b c | c b].
enum class PadMode { Wrap, Clamp, Mirror };
const char* padModeName(PadMode m);  // "wrap", "clamp", "mirror" (as written in programs)

struct Expr {
    enum class Kind { Param, Literal, Call };
    Kind kind;
    SourceLoc loc;

    // Param
    std::string name;
    TypeP declaredType;  // annotation from the source (may be null)

    // Literal: scalar, (nested) tuple of scalars, or an array literal `[e1, ..., en]` of those
    // (type [T]n), flattened in order; type says which.
    std::vector<double> literal;
    TypeP literalType;

    // Call
    FunP fun;
    std::vector<ExprP> args;

    // Filled by type inference (ir/typecheck.hpp). Null before.
    mutable TypeP type;
};

struct Fun {
    enum class Kind { Lambda, Prim, UserFun };
    Kind kind;
    SourceLoc loc;

    // Lambda
    std::vector<ExprP> params;  // each of kind Param
    ExprP body;

    // Prim
    Prim prim = Prim::Id;
    // Nat arguments, by primitive:
    //   split(m) [m]; pad(l, r, mode) [l, r]; slide(size, step) [size, step]; iterate(k) [k];
    //   array_m / carray_m [n1..nm]
    std::vector<Arith> nats;
    // Function arguments: map/mapX/reduce/reduceSeq/iterate/toX [f]; array_m [generator];
    //   carray_m [generator]
    std::vector<FunP> funs;
    // Expression arguments: reduce/reduceSeq [init]; carray_m [table: a Call of an array_k]
    std::vector<ExprP> exprs;
    // mapGlb/mapWrg/mapLcl: dimension 0..2; get: component index; pad: PadMode; zip/tuple: arity
    int intArg = 0;
    // iterate[i](k, f): name of the nat variable bound to the iteration index inside f (may be
    // empty). It is an Arith::var(binder, 0, k).
    std::string binder;

    // UserFun
    std::shared_ptr<const UserFun> userFun;
    std::vector<Arith> staticArgs;  // values for the user function's static (nat) parameters

    mutable TypeP type;  // filled by type inference: a Function type
};

// ---- construction helpers (the only way other code should build nodes) ----
ExprP makeParam(const std::string& name, TypeP declaredType = nullptr, SourceLoc loc = {});
ExprP makeLiteral(std::vector<double> components, TypeP type, SourceLoc loc = {});
ExprP makeCall(FunP fun, std::vector<ExprP> args, SourceLoc loc = {});
FunP makeLambda(std::vector<ExprP> params, ExprP body, SourceLoc loc = {});
FunP makePrim(Prim prim, std::vector<Arith> nats = {}, std::vector<FunP> funs = {},
              std::vector<ExprP> exprs = {}, int intArg = 0, SourceLoc loc = {});
FunP makeUserFun(std::shared_ptr<const UserFun> def, std::vector<Arith> staticArgs = {},
                 SourceLoc loc = {});
// Copies of a node with one field changed (rules use these).
FunP withFuns(const FunP& f, std::vector<FunP> funs);
FunP withPrim(const FunP& f, Prim prim, int intArg);

// ---- primitive facts (one table in expr.cpp: name, alias, flags, arity) ----
std::string primName(Prim p);                       // "map", "mapGlb", "toPrivate", ...
std::optional<Prim> primFromName(const std::string& name);
bool isMapLike(Prim p);        // Map and every low-level map
bool isParallelMap(Prim p);    // MapGlb, MapWrg, MapLcl
bool isReduceLike(Prim p);     // Reduce, ReduceSeq, ReduceSeqUnroll
bool isMemoryPrim(Prim p);     // ToGlobal, ToLocal, ToPrivate
bool isLowLevel(Prim p);       // any low-level primitive
bool isDataLayout(Prim p);     // Split, Join, Transpose, Pad, Slide, Take, Zip, Get, Tuple, Array, CArray
// Number of array arguments a call of the primitive takes (zip: intArg; reduce: 1 after init).
int primArity(const Fun& f);

// ---- one traversal pattern everywhere ----
// A node is either an expression or a function. Children, in order:
//   Call: [fun, args...]   Lambda: [body]   Prim: [funs..., exprs...]   others: []
using Node = std::variant<ExprP, FunP>;
std::vector<Node> children(const Node& n);
// children(n).size() and children(n)[k], without building the vector (paths are walked often).
std::size_t childCount(const Node& n);
Node childAt(const Node& n, std::size_t k);  // k < childCount(n)
// Same node with its children replaced (same count and kinds as children(n)).
Node withChildren(const Node& n, const std::vector<Node>& newChildren);
// A position in the tree: child indices from the root.
using Path = std::vector<int>;
Node nodeAt(const Node& root, const Path& path);  // throws liftcl::Error on a bad path
// The nodes from the root down to the node at `path` (path.size() + 1 of them), valid until the next
// nodeAt or nodesAlong on this thread; throws liftcl::Error on a bad path.
const std::vector<Node>& nodesAlong(const Node& root, const Path& path);
Node replaceAt(const Node& root, const Path& path, const Node& replacement);
std::string pathToString(const Path& p);  // "0.1.3"; "" for the root
Path pathFromString(const std::string& s);

// Alpha-equivalence (parameters matched by position, lengths by Arith equality).
bool alphaEqual(const Node& a, const Node& b);
bool alphaEqual(const FunP& a, const FunP& b);
// A structural hash consistent with alphaEqual (for deduplicating variants).
std::size_t structuralHash(const Node& n);

// A complete program: a named definition whose body is a function, with the nat parameters that
// remain symbolic (those not fixed by --set) listed in order.
struct Program {
    std::string name;
    std::vector<std::string> natParams;
    FunP body;
};

}  // namespace liftcl::ir
