// Construction helpers and primitive facts of the core IR (ir/expr.hpp).
#include "ir/expr.hpp"

#include <map>

#include "ir/userfun.hpp"

namespace liftcl::ir {

// ---- construction ----

namespace {
// A fresh node of the kind, located at loc; the make* functions below fill in the rest.
std::shared_ptr<Expr> newExpr(Expr::Kind kind, SourceLoc loc) {
    auto e = std::make_shared<Expr>();
    e->kind = kind;
    e->loc = std::move(loc);
    return e;
}
std::shared_ptr<Fun> newFun(Fun::Kind kind, SourceLoc loc) {
    auto f = std::make_shared<Fun>();
    f->kind = kind;
    f->loc = std::move(loc);
    return f;
}
}  // namespace

ExprP makeParam(const std::string& name, TypeP declaredType, SourceLoc loc) {
    auto e = newExpr(Expr::Kind::Param, std::move(loc));
    e->name = name;
    e->declaredType = std::move(declaredType);
    return e;
}

ExprP makeLiteral(std::vector<double> components, TypeP type, SourceLoc loc) {
    auto e = newExpr(Expr::Kind::Literal, std::move(loc));
    e->literal = std::move(components);
    e->literalType = std::move(type);
    return e;
}

ExprP makeCall(FunP fun, std::vector<ExprP> args, SourceLoc loc) {
    if (!fun) throw Error("makeCall: null function", loc);
    for (const auto& a : args)
        if (!a) throw Error("makeCall: null argument", loc);
    auto e = newExpr(Expr::Kind::Call, std::move(loc));
    e->fun = std::move(fun);
    e->args = std::move(args);
    return e;
}

FunP makeLambda(std::vector<ExprP> params, ExprP body, SourceLoc loc) {
    for (const auto& p : params)
        if (!p || p->kind != Expr::Kind::Param)
            throw Error("makeLambda: a lambda parameter must be a Param node", loc);
    if (!body) throw Error("makeLambda: null body", loc);
    auto f = newFun(Fun::Kind::Lambda, std::move(loc));
    f->params = std::move(params);
    f->body = std::move(body);
    return f;
}

FunP makePrim(Prim prim, std::vector<Arith> nats, std::vector<FunP> funs, std::vector<ExprP> exprs,
              int intArg, SourceLoc loc) {
    for (const auto& g : funs)
        if (!g) throw Error("makePrim: null function argument of " + primName(prim), loc);
    for (const auto& e : exprs)
        if (!e) throw Error("makePrim: null expression argument of " + primName(prim), loc);
    auto f = newFun(Fun::Kind::Prim, std::move(loc));
    f->prim = prim;
    f->nats = std::move(nats);
    f->funs = std::move(funs);
    f->exprs = std::move(exprs);
    f->intArg = intArg;
    return f;
}

FunP makeUserFun(std::shared_ptr<const UserFun> def, std::vector<Arith> staticArgs,
                 SourceLoc loc) {
    if (!def) throw Error("makeUserFun: null user function", loc);
    if (staticArgs.size() != def->staticParamNames.size())
        throw Error(def->name + " expects " + std::to_string(def->staticParamNames.size()) +
                        " static arguments, found " + std::to_string(staticArgs.size()),
                    loc);
    auto f = newFun(Fun::Kind::UserFun, std::move(loc));
    f->userFun = std::move(def);
    f->staticArgs = std::move(staticArgs);
    return f;
}

// A copy without the cached type: the change may invalidate it.
static std::shared_ptr<Fun> copyUntyped(const FunP& f) {
    auto g = std::make_shared<Fun>(*f);
    g->type = nullptr;
    return g;
}

FunP withFuns(const FunP& f, std::vector<FunP> funs) {
    auto g = copyUntyped(f);
    g->funs = std::move(funs);
    return g;
}

FunP withPrim(const FunP& f, Prim prim, int intArg) {
    if (f->kind != Fun::Kind::Prim) throw Error("withPrim: not a primitive", f->loc);
    auto g = copyUntyped(f);
    g->prim = prim;
    g->intArg = intArg;
    return g;
}

// ---- primitive facts: one table ----

namespace {
enum PrimFlag : unsigned {
    kMapLike = 1,      // map and every low-level map
    kParallel = 2,     // mapGlb, mapWrg, mapLcl
    kReduceLike = 4,   // reduce and its low-level forms
    kMemory = 8,       // toGlobal, toLocal, toPrivate
    kLowLevel = 16,    // any low-level primitive
    kDataLayout = 32,  // changes where elements are, computes nothing (views in codegen)
};
constexpr int kArityOfIntArg = -1;    // zip, tuple: as many arguments as intArg says
constexpr int kArityOfFunction = -2;  // toX(f): as many as f takes

struct PrimInfo {
    Prim prim;
    const char* name;   // as written in programs
    const char* alias;  // another accepted spelling, or nullptr
    unsigned flags;
    int arity;  // arguments of a call, or kArityOf*
};
constexpr PrimInfo kPrims[] = {
    {Prim::Map, "map", nullptr, kMapLike, 1},
    {Prim::Reduce, "reduce", nullptr, kReduceLike, 1},
    {Prim::Zip, "zip", nullptr, kDataLayout, kArityOfIntArg},
    {Prim::Split, "split", nullptr, kDataLayout, 1},
    {Prim::Join, "join", nullptr, kDataLayout, 1},
    {Prim::Transpose, "transpose", nullptr, kDataLayout, 1},
    {Prim::Pad, "pad", nullptr, kDataLayout, 1},
    {Prim::Slide, "slide", nullptr, kDataLayout, 1},
    {Prim::Take, "take", nullptr, kDataLayout, 1},
    {Prim::At, "at", nullptr, kDataLayout, 2},
    {Prim::Scatter, "scatter", nullptr, kDataLayout, 1},
    {Prim::AsVector, "asVector", nullptr, kDataLayout, 1},
    {Prim::AsScalar, "asScalar", nullptr, kDataLayout, 1},
    {Prim::Array, "array", nullptr, kDataLayout, 0},
    {Prim::CArray, "carray", nullptr, kDataLayout, 0},
    {Prim::Get, "get", nullptr, kDataLayout, 1},
    {Prim::Tuple, "tuple", nullptr, kDataLayout, kArityOfIntArg},
    {Prim::Iterate, "iterate", nullptr, 0, 1},
    {Prim::Id, "id", nullptr, 0, 1},
    {Prim::MapGlb, "mapGlb", "mapGlobal", kMapLike | kParallel | kLowLevel, 1},
    {Prim::MapWrg, "mapWrg", "mapWorkgroup", kMapLike | kParallel | kLowLevel, 1},
    {Prim::MapLcl, "mapLcl", "mapLocal", kMapLike | kParallel | kLowLevel, 1},
    {Prim::MapSeq, "mapSeq", nullptr, kMapLike | kLowLevel, 1},
    {Prim::MapSeqUnroll, "mapSeqUnroll", nullptr, kMapLike | kLowLevel, 1},
    {Prim::ReduceSeq, "reduceSeq", nullptr, kReduceLike | kLowLevel, 1},
    {Prim::ReduceSeqUnroll, "reduceSeqUnroll", nullptr, kReduceLike | kLowLevel, 1},
    {Prim::ToGlobal, "toGlobal", nullptr, kMemory | kLowLevel, kArityOfFunction},
    {Prim::ToLocal, "toLocal", nullptr, kMemory | kLowLevel, kArityOfFunction},
    {Prim::ToPrivate, "toPrivate", nullptr, kMemory | kLowLevel, kArityOfFunction},
};

const PrimInfo& info(Prim p) {
    for (const auto& e : kPrims)
        if (e.prim == p) return e;
    throw Error("unknown primitive");
}
bool has(Prim p, unsigned flag) { return (info(p).flags & flag) != 0; }
}  // namespace

const char* padModeName(PadMode m) {
    switch (m) {
        case PadMode::Wrap: return "wrap";
        case PadMode::Clamp: return "clamp";
        case PadMode::Mirror: return "mirror";
    }
    return "clamp";
}

std::string primName(Prim p) { return info(p).name; }

std::optional<Prim> primFromName(const std::string& name) {
    for (const auto& e : kPrims)
        if (name == e.name || (e.alias && name == e.alias)) return e.prim;
    return std::nullopt;
}

bool isMapLike(Prim p) { return has(p, kMapLike); }
bool isParallelMap(Prim p) { return has(p, kParallel); }
bool isReduceLike(Prim p) { return has(p, kReduceLike); }
bool isMemoryPrim(Prim p) { return has(p, kMemory); }
bool isLowLevel(Prim p) { return has(p, kLowLevel); }
bool isDataLayout(Prim p) { return has(p, kDataLayout); }

// Number of arguments a call of any function takes.
static int funArity(const Fun& f) {
    switch (f.kind) {
        case Fun::Kind::Lambda: return static_cast<int>(f.params.size());
        case Fun::Kind::UserFun: return static_cast<int>(f.userFun->paramTypes.size());
        case Fun::Kind::Prim: return primArity(f);
    }
    return 0;
}

int primArity(const Fun& f) {
    if (f.kind != Fun::Kind::Prim) return funArity(f);
    const int arity = info(f.prim).arity;
    if (arity == kArityOfIntArg) return f.intArg;
    if (arity == kArityOfFunction) return f.funs.empty() ? 1 : funArity(*f.funs.front());
    return arity;
}

}  // namespace liftcl::ir
