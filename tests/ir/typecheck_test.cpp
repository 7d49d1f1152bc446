// Type inference: the thesis building blocks with symbolic sizes, and every error message.
#include <doctest/doctest.h>

#include "ir/typecheck.hpp"
#include "ir/userfun.hpp"

using namespace liftcl;
using namespace liftcl::ir;

namespace {

const Arith n = Arith::var("n", 1), L = Arith::var("L", 1), p = Arith::var("p", 1);

TypeP cplx() { return Type::complexOf(ScalarKind::Double); }
TypeP arr(TypeP t, Arith len) { return Type::arrayOf(std::move(t), std::move(len)); }

FunP uf(const std::string& name) { return makeUserFun(lookupUserFun(name, ScalarKind::Double)); }

SourceLoc at(int line, int col) { return SourceLoc{"t.lift", line, col}; }

// \x => f(g(x)), the elaborated form of `f o g`
FunP compose(const FunP& f, const FunP& g) {
    auto x = makeParam("x");
    return makeLambda({x}, makeCall(f, {makeCall(g, {x})}));
}
FunP chain(std::vector<FunP> fs) {  // fs[0] o fs[1] o ...
    FunP acc = fs.back();
    for (std::size_t k = fs.size() - 1; k-- > 0;) acc = compose(fs[k], acc);
    return acc;
}

FunP split(Arith m, SourceLoc loc = {}) { return makePrim(Prim::Split, {std::move(m)}, {}, {}, 0, loc); }
FunP join() { return makePrim(Prim::Join); }
FunP transpose() { return makePrim(Prim::Transpose); }
FunP map(FunP f) { return makePrim(Prim::Map, {}, {std::move(f)}); }

FunP modpsort(Arith q) { return chain({join(), transpose(), split(std::move(q))}); }
FunP kronapply(Arith m, FunP f) {
    return chain({join(), transpose(), map(std::move(f)), transpose(), split(std::move(m))});
}
FunP stockperm(Arith size, Arith l, Arith q) { return kronapply(exactDiv(size, l), modpsort(q)); }

std::string errorOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const Error& e) {
        return e.what();
    }
    return "(no error)";
}

}  // namespace

TEST_CASE("modpsort is [T]m -> [T]m on its own and [complex]n -> [complex]n when applied") {
    TypeP t = inferFunType(modpsort(p));
    REQUIRE(t->isFunction());
    REQUIRE(t->elements.size() == 1);
    TypeP in = t->elements[0], out = t->element;
    REQUIRE(in->isArray());
    REQUIRE(out->isArray());
    CHECK(in->element->kind == Type::Kind::Var);
    CHECK(typesEqual(in, out));  // lengths: (m/p)*p simplified to m
    CHECK(in->length.kind() == Arith::Kind::Var);
    CHECK(typesEqual(inferCallType(modpsort(p), {arr(cplx(), n)}), arr(cplx(), n)));
}

TEST_CASE("kronapply and stockperm keep the length with symbolic n, L, p") {
    CHECK(typesEqual(inferCallType(kronapply(exactDiv(n, L), modpsort(p)), {arr(cplx(), n)}),
                     arr(cplx(), n)));
    CHECK(typesEqual(inferCallType(stockperm(n, L, p), {arr(cplx(), n)}), arr(cplx(), n)));
    TypeP t = inferFunType(stockperm(n, L, p));
    CHECK(typesEqual(t->elements[0], t->element));
}

TEST_CASE("every node gets a type") {
    auto s = split(p);
    auto f = chain({join(), transpose(), s});
    inferCallType(f, {arr(cplx(), n)});
    REQUIRE(s->type);
    CHECK(typesEqual(s->type, Type::functionOf({arr(cplx(), n)},
                                               arr(arr(cplx(), p), exactDiv(n, p)))));
    REQUIRE(f->type);
    CHECK(typesEqual(f->type->element, arr(cplx(), n)));
    CHECK(typesEqual(f->params[0]->type, arr(cplx(), n)));
    CHECK(typesEqual(f->body->type, arr(cplx(), n)));
}

TEST_CASE("map, reduce, zip, pad, slide, get, tuple") {
    CHECK(typesEqual(inferCallType(map(uf("cneg")), {arr(cplx(), n)}), arr(cplx(), n)));
    auto reduce = makePrim(Prim::Reduce, {}, {uf("cadd")},
                           {makeLiteral({0.0, 0.0}, cplx())});
    CHECK(typesEqual(inferCallType(reduce, {arr(cplx(), n)}), arr(cplx(), 1)));
    // a real literal 0 stands for the complex zero
    auto reduce0 = makePrim(Prim::ReduceSeq, {}, {uf("cadd")},
                            {makeLiteral({0.0}, Type::scalarOf(ScalarKind::Double))});
    CHECK(typesEqual(inferCallType(reduce0, {arr(cplx(), n)}), arr(cplx(), 1)));
    CHECK(typesEqual(reduce0->exprs[0]->type, cplx()));

    auto zip = makePrim(Prim::Zip, {}, {}, {}, 2);
    auto real = Type::scalarOf(ScalarKind::Double);
    CHECK(typesEqual(inferCallType(zip, {arr(cplx(), n), arr(real, n)}),
                     arr(Type::tupleOf({cplx(), real}), n)));

    auto pad = makePrim(Prim::Pad, {1, 2}, {}, {}, static_cast<int>(PadMode::Clamp));
    CHECK(typesEqual(inferCallType(pad, {arr(real, n)}), arr(real, n + 3)));
    auto slide = makePrim(Prim::Slide, {3, 1});
    CHECK(typesEqual(inferCallType(slide, {arr(real, n)}), arr(arr(real, 3), n - 2)));

    auto x = makeParam("x");
    auto swap = makeLambda({x}, makeCall(makePrim(Prim::Tuple, {}, {}, {}, 2),
                                         {makeCall(makePrim(Prim::Get, {}, {}, {}, 1), {x}),
                                          makeCall(makePrim(Prim::Get, {}, {}, {}, 0), {x})}));
    auto pair = Type::tupleOf({cplx(), real});
    CHECK(typesEqual(inferCallType(swap, {pair}), Type::tupleOf({real, cplx()})));
    // Lambda parameters without annotations take their type from map
    CHECK(typesEqual(inferCallType(map(swap), {arr(pair, n)}),
                     arr(Type::tupleOf({real, cplx()}), n)));
}

TEST_CASE("at: an array and an int index give the element") {
    auto at = makePrim(Prim::At);
    auto real = Type::scalarOf(ScalarKind::Double);
    auto integer = Type::scalarOf(ScalarKind::Int);
    CHECK(typesEqual(inferCallType(at, {arr(arr(real, 3), n), integer}), arr(real, 3)));
    CHECK_THROWS_WITH_AS(inferCallType(at, {arr(real, n), real}), doctest::Contains("at's index must be an int"), Error);
    CHECK_THROWS_AS(inferCallType(at, {real, integer}), Error);
    CHECK_THROWS_AS(inferCallType(at, {arr(real, n)}), Error);
}

TEST_CASE("array and carray constructors") {
    CHECK(typesEqual(inferCallType(makePrim(Prim::Array, {p, p}, {uf("genDFT")}), {}),
                     arr(arr(cplx(), p), p)));
    CHECK(typesEqual(inferCallType(makePrim(Prim::Array, {p, p, exactDiv(L, p)}, {uf("genB")}),
                                   {}),
                     arr(arr(arr(cplx(), exactDiv(L, p)), p), p)));
    auto gentw = makeUserFun(lookupUserFun("gentw", ScalarKind::Double), {L});
    auto table = makeCall(makePrim(Prim::Array, {3, 4}, {gentw}), {});
    auto gen = makeUserFun(lookupUserFun("gentwfrarr", ScalarKind::Double), {Arith(4), Arith(3)});
    auto twiddle = makePrim(Prim::CArray, {exactDiv(L, p), p}, {gen}, {table});
    CHECK(typesEqual(inferCallType(twiddle, {}), arr(arr(cplx(), p), exactDiv(L, p))));
    // a table of the wrong shape for the generator's static parameters
    auto wrong = makeUserFun(lookupUserFun("gentwfrarr", ScalarKind::Double), {Arith(2), Arith(3)});
    CHECK_THROWS_WITH_AS(inferCallType(makePrim(Prim::CArray, {L, p}, {wrong}, {table}), {}),
                         doctest::Contains("gentwfrarr expects"), Error);
}

TEST_CASE("iterate needs the same type in and out; its binder may appear in nats") {
    auto i = Arith::var("i", 0, 3);
    auto it = std::make_shared<Fun>(*makePrim(Prim::Iterate, {3}, {modpsort(pow(2, i + 1))}));
    it->binder = "i";
    CHECK(typesEqual(inferCallType(it, {arr(cplx(), n)}), arr(cplx(), n)));
    auto bad = makePrim(Prim::Iterate, {3}, {split(2)}, {}, 0, at(4, 2));
    CHECK_THROWS_WITH_AS(inferCallType(bad, {arr(cplx(), 8)}),
                         doctest::Contains("iterate needs a function from a type to the same type"),
                         Error);
}

TEST_CASE("error messages name what was expected and what was found, at the node") {
    CHECK(errorOf([] { inferCallType(split(3, at(12, 5)), {arr(cplx(), 8)}); }) ==
          "t.lift:12:5: error: split(3) needs a length divisible by 3, found [complex]8");

    auto zip = makePrim(Prim::Zip, {}, {}, {}, 2, at(3, 1));
    CHECK(errorOf([&] { inferCallType(zip, {arr(cplx(), 8), arr(cplx(), 4)}); }) ==
          "t.lift:3:1: error: zip needs arrays of equal length, found [complex]8 and [complex]4");

    auto x = makeParam("x");
    auto threeArgs = makeLambda(
        {x}, makeCall(uf("cmul"), {x, x, x}, at(7, 9)));
    CHECK(errorOf([&] { inferCallType(threeArgs, {cplx()}); }) ==
          "t.lift:7:9: error: cmul expects 2 arguments, found 3");

    auto y = makeParam("y");
    auto arrayArg = makeLambda({y}, makeCall(uf("cadd"), {y, y}, at(2, 4)));
    CHECK(errorOf([&] { inferCallType(arrayArg, {arr(cplx(), 4)}); }) ==
          "t.lift:2:4: error: cadd expects complex, found [complex]4");

    auto get = makePrim(Prim::Get, {}, {}, {}, 2, at(1, 1));
    CHECK(errorOf([&] { inferCallType(get, {cplx()}); }) ==
          "t.lift:1:1: error: get(2) is out of range for complex");

    CHECK_THROWS_WITH_AS(inferCallType(join(), {arr(cplx(), n)}),
                         doctest::Contains("join expects an array, found complex"), Error);
    CHECK_THROWS_WITH_AS(inferCallType(map(uf("cadd")), {arr(cplx(), n)}),
                         doctest::Contains("cadd expects 2 arguments, found 1"), Error);
    // a declared parameter type is checked
    auto z = makeParam("z", arr(cplx(), n));
    CHECK_THROWS_AS(inferCallType(makeLambda({z}, z), {arr(cplx(), 4)}), Error);
}

TEST_CASE("inferExprType on free parameters with declared types") {
    auto xs = makeParam("xs", arr(cplx(), n));
    auto e = makeCall(modpsort(p), {xs});
    CHECK(typesEqual(inferExprType(e), arr(cplx(), n)));
    CHECK(typesEqual(e->type, arr(cplx(), n)));
    CHECK_THROWS_AS(inferExprType(makeCall(join(), {makeParam("untyped")})), Error);
}

TEST_CASE("scalar literals adapt to their use") {
    auto real = Type::scalarOf(ScalarKind::Double);
    auto intT = Type::scalarOf(ScalarKind::Int);
    auto x = makeParam("x");
    auto two = makeLiteral({2.0}, intT);
    auto twice = makeLambda({x}, makeCall(uf("mul"), {x, two}));
    CHECK(typesEqual(inferCallType(twice, {real}), real));
    CHECK(typesEqual(two->type, real));

    auto y = makeParam("y");
    auto one = makeLiteral({1.0}, real, at(5, 6));
    auto plusOne = makeLambda({y}, makeCall(uf("cadd"), {y, one}));
    CHECK(errorOf([&] { inferCallType(plusOne, {cplx()}); }) ==
          "t.lift:5:6: error: the literal 1 cannot be used as a value of type complex");

    auto half = makeLiteral({2.5}, real, at(1, 7));
    auto badOmega = makeLambda({makeParam("z")},
                               makeCall(uf("omega"), {half, makeLiteral({4.0}, intT)}));
    CHECK_THROWS_WITH_AS(inferCallType(badOmega, {real}),
                         doctest::Contains("the literal 2.5 cannot be used as a value of type int"),
                         Error);
    // unconstrained literals keep their written type
    auto lit = makeLiteral({3.0}, intT);
    CHECK(typesEqual(inferExprType(lit), intT));
}
