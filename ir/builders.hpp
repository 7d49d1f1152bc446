// Typed construction of primitives, and their parameters read by name: what rules and FFT
// programs build with instead of makePrim's positional nats/funs/exprs and the shared `intArg`
// (a parallel map's dimension, pad's mode, get's component, zip's arity).
//
//     join(map(map(f), split(k, xs)))          // rather than makeCall(makePrim(Prim::Join), ...)
//     pad(0, 1, PadMode::Wrap, xs)             // rather than makePrim(Prim::Pad, {0, 1}, {}, {}, 0)
//     mapGlb(0, f), reduceSeq(add, zero)       // functions, applied with makeCall or map(f, xs)
//
// Functions (FunP) come without arguments; data-layout builders take their array and return the
// call (ExprP), optionally at a source location.
#pragma once

#include <vector>

#include "ir/expr.hpp"

namespace liftcl::ir::build {

// ---- functions ----
FunP map(FunP f);
FunP mapGlb(int dimension, FunP f);
FunP mapWrg(int dimension, FunP f);
FunP mapLcl(int dimension, FunP f);
FunP mapSeq(FunP f);
FunP mapSeqUnroll(FunP f);
FunP mapLike(Prim kind, int dimension, FunP f);  // any map-like primitive
FunP reduce(FunP op, ExprP init, SourceLoc loc = {});
FunP reduceSeq(FunP op, ExprP init, SourceLoc loc = {});
FunP toGlobal(FunP f);
FunP toLocal(FunP f);
FunP toPrivate(FunP f);
FunP memory(Prim toX, FunP f);  // ToGlobal, ToLocal or ToPrivate
FunP id();
FunP join();       // as a function (mapped over rows: map(join(), xss))
FunP transpose();  // as a function
// array_m: the sizes' elements computed by the generator from their indices (no arguments).
FunP generator(std::vector<Arith> sizes, FunP generatorFun);

// ---- calls ----
ExprP map(FunP f, ExprP xs, SourceLoc loc = {});
ExprP split(Arith rowLength, ExprP xs, SourceLoc loc = {});
ExprP join(ExprP xs, SourceLoc loc = {});
ExprP transpose(ExprP xs, SourceLoc loc = {});
ExprP zip(std::vector<ExprP> arrays, SourceLoc loc = {});
ExprP pad(Arith left, Arith right, PadMode mode, ExprP xs, SourceLoc loc = {});
ExprP take(Arith count, ExprP xs, SourceLoc loc = {});
ExprP asVector(Arith width, ExprP xs, SourceLoc loc = {});
ExprP asScalar(ExprP xs, SourceLoc loc = {});
ExprP get(int component, ExprP tuple, SourceLoc loc = {});
ExprP at(ExprP xs, ExprP index, SourceLoc loc = {});
ExprP generate(std::vector<Arith> sizes, FunP generatorFun, SourceLoc loc = {});  // array_m, called

// ---- parameters by name ----
int dimension(const Fun& parallelMap);  // mapGlb/mapWrg/mapLcl
PadMode padMode(const Fun& pad);
int component(const Fun& get);
int arity(const Fun& zipOrTuple);  // 0: as many as the call has

}  // namespace liftcl::ir::build
