// Where results are written and in which memory: the one convention that legality and lowering
// (rewrite/) and the code generator's allocation (codegen/address_space.cpp) read.
//
// The *result chain* of a program is the set of nodes whose values are (parts of) the value the
// program returns: starting at the body, through data-layout primitives (join, split, transpose,
// zip, get, pad, ...) to their array arguments, through lambdas to their bodies, and through
// map-like primitives, toX wrappers and iterate into their function arguments. Where the chain
// ends in a user function, a reduction or an `id` applied by a map, a value is *written*.
//
// Memory of a written value: the innermost toGlobal/toLocal/toPrivate wrapper around the write on
// the chain; a write under no wrapper goes to global memory. So the results of the kernel's
// outermost computing map (mapGlb, mapWrg, or the mapSeq/reduceSeq inside them) go to global
// memory unless marked, and marking them toLocal or toPrivate makes the program illegal. The
// same default (global) applies to unmarked intermediate results; the code generator keeps a
// reduction's accumulator in a private variable while it runs and stores it where its result
// belongs.
#pragma once

#include <optional>
#include <set>
#include <vector>

#include "ir/expr.hpp"

namespace liftcl::ir {

struct ResultWrite {
    Path path;                    // the node that writes (a user function, reduce, id)
    std::optional<Prim> memory;   // the wrapper in effect; nullopt: global by default
};

struct ResultChain {
    std::set<Path> onChain;            // every node on the result chain
    std::vector<ResultWrite> writes;       // where values of the result are computed
    std::vector<Path> uncomputed;      // parts of the result no map computes (a parameter,
                                           // a literal, an array constructor)
};

ResultChain resultChain(const Node& root);

// The memory a function's result goes to where the function itself decides it (toGlobal,
// toLocal or toPrivate): its own toX wrapper; through a lambda, that of the function its body
// returns (seen through data-layout calls: a layout of a computed value is a permuted write into
// the same memory); through a map-like primitive, its function's; a reduction's running
// accumulator is private (toPrivate; the generator stores it where the result belongs).
// nullopt: the function inherits the memory of its context (user functions, data-layout
// functions), global at the kernel's top.
std::optional<Prim> resultMemory(const FunP& f);

}  // namespace liftcl::ir
