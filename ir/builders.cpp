#include "ir/builders.hpp"

#include "ir/error.hpp"

namespace liftcl::ir::build {

namespace {
FunP withFun(Prim p, FunP f, int intArg = 0) { return makePrim(p, {}, {std::move(f)}, {}, intArg); }
ExprP callOf(FunP f, std::vector<ExprP> args, SourceLoc loc) { return makeCall(std::move(f), std::move(args), loc); }

const Fun& expect(const Fun& f, bool ok, const char* what) {
    if (f.kind != Fun::Kind::Prim || !ok)
        throw Error(std::string("internal: reading ") + what + " of " + primName(f.prim));
    return f;
}
}  // namespace

FunP map(FunP f) { return withFun(Prim::Map, std::move(f)); }
FunP mapGlb(int dimension, FunP f) { return withFun(Prim::MapGlb, std::move(f), dimension); }
FunP mapWrg(int dimension, FunP f) { return withFun(Prim::MapWrg, std::move(f), dimension); }
FunP mapLcl(int dimension, FunP f) { return withFun(Prim::MapLcl, std::move(f), dimension); }
FunP mapSeq(FunP f) { return withFun(Prim::MapSeq, std::move(f)); }
FunP mapSeqUnroll(FunP f) { return withFun(Prim::MapSeqUnroll, std::move(f)); }
FunP mapLike(Prim kind, int dimension, FunP f) {
    if (!isMapLike(kind)) throw Error("internal: mapLike of " + primName(kind));
    return withFun(kind, std::move(f), isParallelMap(kind) ? dimension : 0);
}
FunP reduce(FunP op, ExprP init, SourceLoc loc) {
    return makePrim(Prim::Reduce, {}, {std::move(op)}, {std::move(init)}, 0, loc);
}
FunP reduceSeq(FunP op, ExprP init, SourceLoc loc) {
    return makePrim(Prim::ReduceSeq, {}, {std::move(op)}, {std::move(init)}, 0, loc);
}
FunP toGlobal(FunP f) { return withFun(Prim::ToGlobal, std::move(f)); }
FunP toLocal(FunP f) { return withFun(Prim::ToLocal, std::move(f)); }
FunP toPrivate(FunP f) { return withFun(Prim::ToPrivate, std::move(f)); }
FunP memory(Prim toX, FunP f) {
    if (!isMemoryPrim(toX)) throw Error("internal: memory of " + primName(toX));
    return withFun(toX, std::move(f));
}
FunP id() { return makePrim(Prim::Id); }
FunP join() { return makePrim(Prim::Join); }
FunP transpose() { return makePrim(Prim::Transpose); }
FunP generator(std::vector<Arith> sizes, FunP generatorFun) {
    return makePrim(Prim::Array, std::move(sizes), {std::move(generatorFun)});
}

ExprP map(FunP f, ExprP xs, SourceLoc loc) { return callOf(map(std::move(f)), {std::move(xs)}, loc); }
ExprP split(Arith rowLength, ExprP xs, SourceLoc loc) {
    return callOf(makePrim(Prim::Split, {std::move(rowLength)}), {std::move(xs)}, loc);
}
ExprP join(ExprP xs, SourceLoc loc) { return callOf(join(), {std::move(xs)}, loc); }
ExprP transpose(ExprP xs, SourceLoc loc) { return callOf(transpose(), {std::move(xs)}, loc); }
ExprP zip(std::vector<ExprP> arrays, SourceLoc loc) {
    const int n = static_cast<int>(arrays.size());
    return callOf(makePrim(Prim::Zip, {}, {}, {}, n), std::move(arrays), loc);
}
ExprP pad(Arith left, Arith right, PadMode mode, ExprP xs, SourceLoc loc) {
    return callOf(makePrim(Prim::Pad, {std::move(left), std::move(right)}, {}, {}, static_cast<int>(mode)),
                  {std::move(xs)}, loc);
}
ExprP take(Arith count, ExprP xs, SourceLoc loc) {
    return callOf(makePrim(Prim::Take, {std::move(count)}), {std::move(xs)}, loc);
}
ExprP asVector(Arith width, ExprP xs, SourceLoc loc) {
    return callOf(makePrim(Prim::AsVector, {std::move(width)}), {std::move(xs)}, loc);
}
ExprP asScalar(ExprP xs, SourceLoc loc) { return callOf(makePrim(Prim::AsScalar), {std::move(xs)}, loc); }
ExprP get(int component, ExprP tuple, SourceLoc loc) {
    return callOf(makePrim(Prim::Get, {}, {}, {}, component), {std::move(tuple)}, loc);
}
ExprP at(ExprP xs, ExprP index, SourceLoc loc) {
    return callOf(makePrim(Prim::At), {std::move(xs), std::move(index)}, loc);
}
ExprP generate(std::vector<Arith> sizes, FunP generatorFun, SourceLoc loc) {
    return callOf(generator(std::move(sizes), std::move(generatorFun)), {}, loc);
}

int dimension(const Fun& parallelMap) {
    return expect(parallelMap, isParallelMap(parallelMap.prim), "the dimension").intArg;
}
PadMode padMode(const Fun& pad) {
    return static_cast<PadMode>(expect(pad, pad.prim == Prim::Pad, "the pad mode").intArg);
}
int component(const Fun& get) { return expect(get, get.prim == Prim::Get, "the component").intArg; }
int arity(const Fun& zipOrTuple) {
    return expect(zipOrTuple, zipOrTuple.prim == Prim::Zip || zipOrTuple.prim == Prim::Tuple, "the arity").intArg;
}

}  // namespace liftcl::ir::build
