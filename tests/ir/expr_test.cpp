// Core IR: construction, primitive facts, traversal and paths, alpha-equivalence and hashing.
#include <doctest/doctest.h>

#include "ir/expr.hpp"
#include "ir/userfun.hpp"

using namespace liftcl;
using namespace liftcl::ir;

namespace {

TypeP cplx() { return Type::complexOf(ScalarKind::Double); }

FunP userFun(const std::string& name) { return makeUserFun(lookupUserFun(name, ScalarKind::Double)); }

// \x => f(x)
FunP wrap(const FunP& f, const std::string& paramName) {
    auto x = makeParam(paramName);
    return makeLambda({x}, makeCall(f, {x}));
}

FunP modpsort(const Arith& p) {  // join o transpose o split(p)
    auto x = makeParam("x");
    return makeLambda(
        {x}, makeCall(makePrim(Prim::Join),
                      {makeCall(makePrim(Prim::Transpose),
                                {makeCall(makePrim(Prim::Split, {p}), {x})})}));
}

}  // namespace

TEST_CASE("primitive names round-trip and aliases resolve") {
    const Prim all[] = {Prim::Map, Prim::Reduce, Prim::Zip, Prim::Split, Prim::Join,
                        Prim::Transpose, Prim::Pad, Prim::Slide, Prim::Array, Prim::CArray,
                        Prim::Get, Prim::Tuple, Prim::Iterate, Prim::Id, Prim::MapGlb,
                        Prim::MapWrg, Prim::MapLcl, Prim::MapSeq, Prim::MapSeqUnroll,
                        Prim::ReduceSeq, Prim::ReduceSeqUnroll, Prim::ToGlobal, Prim::ToLocal,
                        Prim::ToPrivate};
    for (Prim p : all) {
        auto back = primFromName(primName(p));
        REQUIRE(back.has_value());
        CHECK(*back == p);
    }
    CHECK(primName(Prim::MapSeqUnroll) == "mapSeqUnroll");
    CHECK(primName(Prim::ToPrivate) == "toPrivate");
    CHECK(primFromName("mapGlobal") == Prim::MapGlb);
    CHECK(primFromName("mapWorkgroup") == Prim::MapWrg);
    CHECK(primFromName("mapLocal") == Prim::MapLcl);
    CHECK_FALSE(primFromName("mapp").has_value());
    CHECK_FALSE(primFromName("").has_value());
}

TEST_CASE("primitive predicates") {
    CHECK(isMapLike(Prim::Map));
    CHECK(isMapLike(Prim::MapSeqUnroll));
    CHECK_FALSE(isMapLike(Prim::Reduce));
    CHECK(isParallelMap(Prim::MapLcl));
    CHECK_FALSE(isParallelMap(Prim::MapSeq));
    CHECK(isReduceLike(Prim::ReduceSeqUnroll));
    CHECK_FALSE(isReduceLike(Prim::Map));
    CHECK(isMemoryPrim(Prim::ToLocal));
    CHECK_FALSE(isMemoryPrim(Prim::Id));
    CHECK(isLowLevel(Prim::ReduceSeq));
    CHECK(isLowLevel(Prim::ToGlobal));
    CHECK_FALSE(isLowLevel(Prim::Map));
    CHECK_FALSE(isLowLevel(Prim::Transpose));
    CHECK(isDataLayout(Prim::CArray));
    CHECK(isDataLayout(Prim::Slide));
    CHECK_FALSE(isDataLayout(Prim::Map));
    CHECK_FALSE(isDataLayout(Prim::Iterate));
}

TEST_CASE("primArity counts array arguments") {
    CHECK(primArity(*makePrim(Prim::Map, {}, {userFun("cid")})) == 1);
    CHECK(primArity(*makePrim(Prim::Zip, {}, {}, {}, 3)) == 3);
    CHECK(primArity(*makePrim(Prim::Tuple, {}, {}, {}, 2)) == 2);
    CHECK(primArity(*makePrim(Prim::Array, {4, 4}, {userFun("genDFT")})) == 0);
    auto reduce = makePrim(Prim::Reduce, {}, {userFun("cadd")},
                           {makeLiteral({0.0, 0.0}, cplx())});
    CHECK(primArity(*reduce) == 1);
    // toX(f) takes what f takes
    CHECK(primArity(*makePrim(Prim::ToGlobal, {}, {makePrim(Prim::Zip, {}, {}, {}, 2)})) == 2);
}

TEST_CASE("construction helpers validate their input") {
    CHECK_THROWS_AS(makeLambda({makeLiteral({1.0}, cplx())}, makeParam("x")), Error);
    CHECK_THROWS_AS(makeCall(nullptr, {}), Error);
    // gentw has one static parameter
    CHECK_THROWS_AS(makeUserFun(lookupUserFun("gentw", ScalarKind::Double)), Error);
    auto g = makeUserFun(lookupUserFun("gentw", ScalarKind::Double), {Arith(16)});
    CHECK(g->staticArgs.size() == 1);
}

TEST_CASE("withFuns and withPrim copy a node and drop its cached type") {
    auto m = makePrim(Prim::Map, {}, {userFun("cid")});
    m->type = Type::functionOf({cplx()}, cplx());
    auto g = withPrim(m, Prim::MapGlb, 1);
    CHECK(g->prim == Prim::MapGlb);
    CHECK(g->intArg == 1);
    CHECK(g->funs.size() == 1);
    CHECK(g->type == nullptr);
    CHECK(m->prim == Prim::Map);  // the original is untouched
    auto h = withFuns(m, {userFun("cneg")});
    CHECK(h->funs[0]->userFun->name == "cneg");
    CHECK(m->funs[0]->userFun->name == "cid");
    CHECK_THROWS_AS(withPrim(userFun("cid"), Prim::Map, 0), Error);
}

TEST_CASE("children, nodeAt and replaceAt follow the documented order") {
    auto f = modpsort(Arith::var("p", 1));
    // root: lambda; 0: body = join(...) ; 0.0: join prim ; 0.1: transpose(...) call
    auto body = std::get<ExprP>(nodeAt(f, pathFromString("0")));
    CHECK(body->kind == Expr::Kind::Call);
    auto join = std::get<FunP>(nodeAt(f, pathFromString("0.0")));
    CHECK(join->prim == Prim::Join);
    auto split = std::get<FunP>(nodeAt(f, pathFromString("0.1.1.0")));
    CHECK(split->prim == Prim::Split);
    CHECK(split->nats[0] == Arith::var("p", 1));
    CHECK(children(Node(split)).empty());
    CHECK_THROWS_AS(nodeAt(f, {0, 5}), Error);
    CHECK_THROWS_AS(nodeAt(f, {-1}), Error);

    // Replace split(p) by split(4): only that node changes.
    auto g = std::get<FunP>(replaceAt(f, {0, 1, 1, 0}, Node(makePrim(Prim::Split, {4}))));
    CHECK(std::get<FunP>(nodeAt(g, {0, 1, 1, 0}))->nats[0] == Arith(4));
    CHECK(std::get<FunP>(nodeAt(f, {0, 1, 1, 0}))->nats[0] == Arith::var("p", 1));
    // The parameter is still the lambda's own one.
    auto x = std::get<ExprP>(nodeAt(g, {0, 1, 1, 1}));
    CHECK(x == g->params[0]);

    // Prim children: funs then exprs
    auto reduce = makePrim(Prim::Reduce, {}, {userFun("cadd")},
                           {makeLiteral({0.0, 0.0}, cplx())});
    auto kids = children(Node(reduce));
    REQUIRE(kids.size() == 2);
    CHECK(std::holds_alternative<FunP>(kids[0]));
    CHECK(std::holds_alternative<ExprP>(kids[1]));
    CHECK_THROWS_AS(withChildren(Node(reduce), {kids[1], kids[0]}), Error);
    CHECK_THROWS_AS(withChildren(Node(reduce), {kids[0]}), Error);
}

TEST_CASE("paths print and parse") {
    CHECK(pathToString({}) == "");
    CHECK(pathToString({0, 1, 3}) == "0.1.3");
    CHECK(pathFromString("0.1.3") == Path{0, 1, 3});
    CHECK(pathFromString("") == Path{});
    CHECK(pathFromString("12") == Path{12});
    CHECK_THROWS_AS(pathFromString("0..1"), Error);
    CHECK_THROWS_AS(pathFromString("a"), Error);
    CHECK_THROWS_AS(pathFromString("1.-2"), Error);
}

TEST_CASE("alpha-equivalence matches bound parameters by position") {
    auto p = Arith::var("p", 1);
    CHECK(alphaEqual(modpsort(p), modpsort(p)));       // different parameter nodes and names
    CHECK_FALSE(alphaEqual(modpsort(p), modpsort(4)));  // different nat
    CHECK(structuralHash(Node(modpsort(p))) == structuralHash(Node(modpsort(p))));

    auto cid = userFun("cid");
    CHECK(alphaEqual(wrap(cid, "a"), wrap(cid, "b")));
    CHECK_FALSE(alphaEqual(wrap(cid, "a"), wrap(userFun("cneg"), "a")));
    CHECK(structuralHash(Node(wrap(cid, "a"))) == structuralHash(Node(wrap(cid, "b"))));

    // \(x, y) => zip(x, y) differs from \(x, y) => zip(y, x)
    auto x = makeParam("x"), y = makeParam("y");
    auto zip = makePrim(Prim::Zip, {}, {}, {}, 2);
    auto xy = makeLambda({x, y}, makeCall(zip, {x, y}));
    auto yx = makeLambda({x, y}, makeCall(zip, {y, x}));
    CHECK_FALSE(alphaEqual(xy, yx));

    // Free parameters are compared by identity.
    auto free1 = makeParam("v"), free2 = makeParam("v");
    CHECK(alphaEqual(Node(free1), Node(free1)));
    CHECK_FALSE(alphaEqual(Node(free1), Node(free2)));

    // Literals compare by value and type.
    CHECK(alphaEqual(Node(makeLiteral({0.0, 1.0}, cplx())), Node(makeLiteral({0.0, 1.0}, cplx()))));
    CHECK_FALSE(
        alphaEqual(Node(makeLiteral({0.0, 1.0}, cplx())), Node(makeLiteral({0.0, 2.0}, cplx()))));
    // An expression is never equal to a function.
    CHECK_FALSE(alphaEqual(Node(free1), Node(cid)));
}

TEST_CASE("alpha-equivalence renames the iteration variable of iterate[i]") {
    auto n = Arith::var("n", 1);
    auto mk = [&](const std::string& binder) {
        auto it = makePrim(Prim::Iterate, {3}, {modpsort(pow(2, Arith::var(binder, 0, 3)))});
        auto copy = std::make_shared<Fun>(*it);
        copy->binder = binder;
        return FunP(copy);
    };
    CHECK(alphaEqual(mk("i"), mk("j")));
    CHECK(structuralHash(Node(mk("i"))) == structuralHash(Node(mk("j"))));
    auto other = makePrim(Prim::Iterate, {3}, {modpsort(pow(2, Arith::var("i", 0, 3)))});
    CHECK_FALSE(alphaEqual(mk("i"), other));  // there `i` is free, not bound
    (void)n;
}
