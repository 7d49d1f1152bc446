// Construction helpers and primitive facts of the core IR (ir/expr.hpp).
#include "ir/expr.hpp"

#include <map>

#include "ir/userfun.hpp"

namespace liftcl::ir {

// ---- construction ----

ExprP makeParam(const std::string& name, TypeP declaredType, SourceLoc loc) {
    auto e = std::make_shared<Expr>();
    e->kind = Expr::Kind::Param;
    e->loc = std::move(loc);
    e->name = name;
    e->declaredType = std::move(declaredType);
    return e;
}

ExprP makeLiteral(std::vector<double> components, TypeP type, SourceLoc loc) {
    auto e = std::make_shared<Expr>();
    e->kind = Expr::Kind::Literal;
    e->loc = std::move(loc);
    e->literal = std::move(components);
    e->literalType = std::move(type);
    return e;
}

ExprP makeCall(FunP fun, std::vector<ExprP> args, SourceLoc loc) {
    if (!fun) throw Error("makeCall: null function", loc);
    for (const auto& a : args)
        if (!a) throw Error("makeCall: null argument", loc);
    auto e = std::make_shared<Expr>();
    e->kind = Expr::Kind::Call;
    e->loc = std::move(loc);
    e->fun = std::move(fun);
    e->args = std::move(args);
    return e;
}

FunP makeLambda(std::vector<ExprP> params, ExprP body, SourceLoc loc) {
    for (const auto& p : params)
        if (!p || p->kind != Expr::Kind::Param)
            throw Error("makeLambda: a lambda parameter must be a Param node", loc);
    if (!body) throw Error("makeLambda: null body", loc);
    auto f = std::make_shared<Fun>();
    f->kind = Fun::Kind::Lambda;
    f->loc = std::move(loc);
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
    auto f = std::make_shared<Fun>();
    f->kind = Fun::Kind::Prim;
    f->loc = std::move(loc);
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
    auto f = std::make_shared<Fun>();
    f->kind = Fun::Kind::UserFun;
    f->loc = std::move(loc);
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

// ---- primitive facts ----

namespace {
struct PrimNameEntry {
    Prim prim;
    const char* name;
};
constexpr PrimNameEntry kPrimNames[] = {
    {Prim::Map, "map"},
    {Prim::Reduce, "reduce"},
    {Prim::Zip, "zip"},
    {Prim::Split, "split"},
    {Prim::Join, "join"},
    {Prim::Transpose, "transpose"},
    {Prim::Pad, "pad"},
    {Prim::Slide, "slide"},
    {Prim::Take, "take"},
    {Prim::At, "at"},
    {Prim::Scatter, "scatter"},
    {Prim::AsVector, "asVector"},
    {Prim::AsScalar, "asScalar"},
    {Prim::Array, "array"},
    {Prim::CArray, "carray"},
    {Prim::Get, "get"},
    {Prim::Tuple, "tuple"},
    {Prim::Iterate, "iterate"},
    {Prim::Id, "id"},
    {Prim::MapGlb, "mapGlb"},
    {Prim::MapWrg, "mapWrg"},
    {Prim::MapLcl, "mapLcl"},
    {Prim::MapSeq, "mapSeq"},
    {Prim::MapSeqUnroll, "mapSeqUnroll"},
    {Prim::ReduceSeq, "reduceSeq"},
    {Prim::ReduceSeqUnroll, "reduceSeqUnroll"},
    {Prim::ToGlobal, "toGlobal"},
    {Prim::ToLocal, "toLocal"},
    {Prim::ToPrivate, "toPrivate"},
};
}  // namespace

const char* padModeName(PadMode m) {
    switch (m) {
        case PadMode::Wrap: return "wrap";
        case PadMode::Clamp: return "clamp";
        case PadMode::Mirror: return "mirror";
    }
    return "clamp";
}

std::string primName(Prim p) {
    for (const auto& e : kPrimNames)
        if (e.prim == p) return e.name;
    throw Error("primName: unknown primitive");
}

std::optional<Prim> primFromName(const std::string& name) {
    for (const auto& e : kPrimNames)
        if (name == e.name) return e.prim;
    if (name == "mapGlobal") return Prim::MapGlb;
    if (name == "mapWorkgroup") return Prim::MapWrg;
    if (name == "mapLocal") return Prim::MapLcl;
    return std::nullopt;
}

bool isMapLike(Prim p) {
    return p == Prim::Map || p == Prim::MapGlb || p == Prim::MapWrg || p == Prim::MapLcl ||
           p == Prim::MapSeq || p == Prim::MapSeqUnroll;
}
bool isParallelMap(Prim p) { return p == Prim::MapGlb || p == Prim::MapWrg || p == Prim::MapLcl; }
bool isReduceLike(Prim p) {
    return p == Prim::Reduce || p == Prim::ReduceSeq || p == Prim::ReduceSeqUnroll;
}
bool isMemoryPrim(Prim p) {
    return p == Prim::ToGlobal || p == Prim::ToLocal || p == Prim::ToPrivate;
}
bool isLowLevel(Prim p) {
    return isParallelMap(p) || p == Prim::MapSeq || p == Prim::MapSeqUnroll ||
           p == Prim::ReduceSeq || p == Prim::ReduceSeqUnroll || isMemoryPrim(p);
}
bool isDataLayout(Prim p) {
    switch (p) {
        case Prim::Split: case Prim::Join: case Prim::Transpose: case Prim::Pad: case Prim::Slide:
        case Prim::Take: case Prim::At: case Prim::Scatter: case Prim::AsVector: case Prim::AsScalar:
        case Prim::Zip: case Prim::Get: case Prim::Tuple: case Prim::Array: case Prim::CArray:
            return true;
        default:
            return false;
    }
}

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
    switch (f.prim) {
        case Prim::Zip:
        case Prim::Tuple: return f.intArg;
        case Prim::At: return 2;
        case Prim::Array:
        case Prim::CArray: return 0;
        case Prim::ToGlobal:
        case Prim::ToLocal:
        case Prim::ToPrivate:
            return f.funs.empty() ? 1 : funArity(*f.funs.front());
        default: return 1;
    }
}

}  // namespace liftcl::ir
