// The OpenCL C that codegen builds, as data. The emitters (emit_*.cpp) build a kernel body as a
// tree of statements (declarations with their address space, loops, conditions, scopes,
// barriers, assignments, comments) over expressions (variables, array elements, calls, literals,
// index arithmetic); the passes (local_in_place, local_split_exchange, local_sharing) rewrite
// the tree; one printer (c_printer.cpp) writes it as text at the end. No pass reads printed text.
//
// Every declared variable is a Symbol that expressions point at, so "which statements name the
// __local array A" and "rename A to B" are questions about the tree (c_queries.cpp), never a
// search through text.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "ir/arith.hpp"

namespace liftcl::codegen::c {

// A declared variable: a kernel argument, a __local array, a private variable, a loop index.
struct Symbol {
    std::string name;
};
using SymbolP = std::shared_ptr<Symbol>;
SymbolP symbol(std::string name);

// ---- expressions (immutable, shared) ----

struct Expr;
using ExprP = std::shared_ptr<const Expr>;

struct Text {  // C text that names no declared variable: operators, builtins, types, punctuation
    std::string text;
};
struct Name {  // a declared variable as a whole
    SymbolP symbol;
};
struct Element {  // array[i][j]...
    SymbolP array;
    std::vector<ExprP> indices;
};
struct Literal {  // a constant computed at compile time (a folded twiddle); value: of a complex one
    std::string text;
    std::optional<std::pair<double, double>> complexValue;
};
// A call; `facts` of a user function's call (constant folding reads them), none for builtins.
struct CallFacts {
    bool complexProduct = false;  // f(a, b) = a * b over complex numbers
    bool pairProduct = false;     // f(w, s, d) = Re(w) s + Im(w) i d
};
struct Call {
    std::string function;
    std::vector<ExprP> args;
    CallFacts facts;
};
// Index arithmetic, printed by ir::Arith::toC. `bound`: variables of `value` that stand for an
// expression (at(xs, i): the clamped index read from memory), by the variable's name.
struct Index {
    ir::Arith value;
    std::map<std::string, ExprP> bound;
};
struct Seq {  // the parts written one after the other
    std::vector<ExprP> parts;
};

struct Expr {
    std::variant<Text, Name, Element, Literal, Call, Index, Seq> node;
};

ExprP text(std::string t);
ExprP name(SymbolP s);
ExprP element(SymbolP array, std::vector<ExprP> indices);
ExprP literal(std::string text, std::optional<std::pair<double, double>> complexValue = std::nullopt);
ExprP call(std::string function, std::vector<ExprP> args, CallFacts facts = {});
ExprP index(const ir::Arith& value);
ExprP seq(std::vector<ExprP> parts);
// `(e)` then the text: `(e).x`.
ExprP member(const ExprP& e, const std::string& field);

// ---- statements (a mutable tree the passes rewrite) ----

struct Stmt;
using StmtP = std::unique_ptr<Stmt>;
using Block = std::vector<StmtP>;

struct Comment {  // an expression, so that a comment naming an array follows its renaming
    ExprP text;
};
// `qualifiers type name[extents]... = init;  // note` (qualifiers: "const", "local"; init, note optional).
struct Declare {
    std::string qualifiers;
    std::string type;
    SymbolP symbol;
    std::vector<std::int64_t> extents;
    ExprP init;
    std::string note;
};
struct Assign {
    ExprP target;
    ExprP value;
};
struct Evaluate {  // an expression for its effect (vstoren)
    ExprP expr;
};
// `for (type var = first; var < limit; step)`; `#pragma unroll` before it when `unroll`; its one
// statement on the same line, without braces, when `oneLine`.
struct For {
    enum class Step { Increment, AddStride, Stop };  // ++var, var += stride, var = stride
    std::string type;
    SymbolP var;
    ExprP first, limit;
    Step step = Step::Increment;
    ExprP stride;
    bool unroll = false;
    bool oneLine = false;
    Block body;
};
struct If {  // its one statement on the same line, without braces, when `oneLine`
    ExprP condition;
    Block body;
    bool oneLine = false;
};
struct Scope {  // { ... }
    Block body;
};
struct Barrier {  // barrier(CLK_LOCAL_MEM_FENCE), with CLK_GLOBAL_MEM_FENCE too when `global`
    bool global = false;
};

struct Stmt {
    std::variant<Comment, Declare, Assign, Evaluate, For, If, Scope, Barrier> node;
};

template <class T>
StmtP stmt(T node) {
    return std::make_unique<Stmt>(Stmt{std::move(node)});
}
StmtP comment(std::string text);
StmtP comment(ExprP text);
StmtP declare(std::string type, SymbolP symbol, ExprP init = nullptr, std::vector<std::int64_t> extents = {},
              std::string qualifiers = "");
StmtP assign(ExprP target, ExprP value);
StmtP barrier();
// for (type var = 0; var < limit; ++var) { }
StmtP countingLoop(std::string type, SymbolP var, ExprP limit, bool unroll = false);

// A copy of a statement or block, its nested statements copied (expressions and symbols shared).
StmtP clone(const Stmt& s);
Block clone(const Block& b);

// The statements nested in a statement (For, If, Scope), or nullptr.
Block* bodyOf(Stmt& s);
const Block* bodyOf(const Stmt& s);

// The visitor of a node's alternatives: std::visit(Overloaded{[](const Text&) {...}, ...}, e.node).
template <class... Fs>
struct Overloaded : Fs... {
    using Fs::operator()...;
};
template <class... Fs>
Overloaded(Fs...) -> Overloaded<Fs...>;

// ---- printing (c_printer.cpp) ----

std::string print(const ExprP& e);
// Each statement on its lines, `indent` levels (four spaces) deep.
void print(const Block& block, int indent, std::string& out);

// ---- queries and rewrites (c_queries.cpp) ----

// Calls f on the expression and every expression inside it, outermost first (bound index
// expressions included).
void forEachNode(const ExprP& e, const std::function<void(const Expr&)>& f);
// Calls f on every symbol the expression names (bound index variables included).
void forEachSymbol(const ExprP& e, const std::function<void(const Symbol*)>& f);
bool names(const ExprP& e, const Symbol* s);
// Whether the statement itself (not its body) names s: its expressions, its declared or loop variable.
bool namesOwn(const Stmt& st, const Symbol* s);
// Calls f on the statement and every statement nested in it (a statement before its body).
void forEachStatement(Stmt& st, const std::function<void(Stmt&)>& f);
void forEachStatement(Block& b, const std::function<void(Stmt&)>& f);
// The functions the statements call (bound index expressions included).
std::set<std::string> calledFunctions(const Block& b);
// Whether the statement or anything nested in it names s.
bool namesDeep(const Stmt& st, const Symbol* s);
bool namesDeep(const Block& b, const Symbol* s);

// A rewrite of expressions with default recursion: `f` returns the replacement of a node, or
// nullptr to keep the node and rewrite its parts.
using ExprRewrite = std::function<ExprP(const Expr&)>;
ExprP rewrite(const ExprP& e, const ExprRewrite& f);
// The rewrite applied to every expression of the statements, nested ones included.
void rewriteExprs(Block& b, const ExprRewrite& f);
void rewriteExprs(Stmt& st, const ExprRewrite& f);
// Every reference to `from` (names, elements, declarations) becomes one to `to`.
void replaceSymbol(Block& b, const Symbol* from, const SymbolP& to);

// The statements in order of their first line (a statement before those nested in it): the
// order in which a pass compares where arrays are named and where barriers are.
struct Linear {
    std::vector<const Stmt*> order;
    std::map<const Stmt*, std::size_t> position;
    std::map<const Stmt*, std::size_t> end;  // position of the last statement nested in it (itself when none)
};
Linear linearize(const Block& b);

// The block holding `target` and its index there; nullopt when it is not in the tree.
std::optional<std::pair<Block*, std::size_t>> parentOf(Block& root, const Stmt* target);

}  // namespace liftcl::codegen::c
