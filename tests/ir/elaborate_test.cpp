// Elaboration of surface syntax into core IR: definitions expanded macro-style, composition,
// primitives and their aliases, user functions, nats, types, and the meaning of the result checked
// with the interpreter.
#include <doctest/doctest.h>

#include "ir/elaborate.hpp"
#include "ir/interpreter.hpp"
#include "ir/parser.hpp"
#include "ir/typecheck.hpp"
#include "ir/userfun.hpp"
#include "support/thesis_listings.hpp"

using namespace liftcl;
using namespace liftcl::ir;

namespace {

Program elab(const std::string& text, const std::string& name, ElaborateOptions options = {}) {
    return elaborateDefinition(parseModule(text, "e.lift"), name, options);
}

Arith nat(const char* name) { return Arith::var(name, 1); }

FunP prim(Prim p, std::vector<Arith> nats = {}, std::vector<FunP> funs = {}, int intArg = 0) {
    return makePrim(p, std::move(nats), std::move(funs), {}, intArg);
}

// x => f1(f2(...fk(x)))
FunP chain(std::vector<FunP> fs) {
    ExprP x = makeParam("x");
    ExprP e = x;
    for (auto it = fs.rbegin(); it != fs.rend(); ++it) e = makeCall(*it, {e});
    return makeLambda({x}, e);
}

Value ints(std::vector<std::int64_t> xs) {
    std::vector<Value> out;
    for (auto x : xs) out.push_back(Value::ofInt(x));
    return Value::array(std::move(out));
}

const char* const kStockham = R"(
def modpsort(p)      = join o transpose o split(p)
def kronapply(m, f)  = join o transpose o map(f) o transpose o split(m)
def stockperm(n, L, p) = kronapply(n/L, modpsort(p))
)";

}  // namespace

TEST_CASE("definitions expand macro-style into compositions") {
    Program p = elab(kStockham, "modpsort");
    CHECK(p.name == "modpsort");
    CHECK(p.natParams == std::vector<std::string>{"p"});
    CHECK(alphaEqual(p.body, chain({prim(Prim::Join), prim(Prim::Transpose),
                                    prim(Prim::Split, {nat("p")})})));

    Program s = elab(kStockham, "stockperm");
    CHECK(s.natParams == std::vector<std::string>{"n", "L", "p"});
    FunP modpsort = chain({prim(Prim::Join), prim(Prim::Transpose), prim(Prim::Split, {nat("p")})});
    FunP expected = chain({prim(Prim::Join), prim(Prim::Transpose), prim(Prim::Map, {}, {modpsort}),
                           prim(Prim::Transpose), prim(Prim::Split, {exactDiv(nat("n"), nat("L"))})});
    CHECK(alphaEqual(s.body, expected));

    // --set values replace parameters, which are then no longer symbolic.
    ElaborateOptions options;
    options.natValues = {{"n", Arith(16)}, {"L", Arith(4)}};
    Program fixed = elab(kStockham, "stockperm", options);
    CHECK(fixed.natParams == std::vector<std::string>{"p"});
    CHECK(alphaEqual(fixed.body->body->args[0]->args[0]->args[0]->args[0]->fun,
                     prim(Prim::Split, {Arith(4)})));
}

TEST_CASE("the elaborated permutation computes the mod-p sort") {
    ElaborateOptions options;
    options.natValues = {{"n", Arith(8)}, {"L", Arith(4)}, {"p", Arith(2)}};
    Program modpsort = elab(kStockham, "modpsort", options);
    CHECK(interpret(modpsort.body, {ints({0, 1, 2, 3, 4, 5, 6, 7})}) ==
          ints({0, 2, 4, 6, 1, 3, 5, 7}));
    // stockperm(8, 4, 2): blocks of n/L = 2 interleaved... computed by hand from the definition:
    // split(2) -> [[0,1],[2,3],[4,5],[6,7]]; transpose -> [[0,2,4,6],[1,3,5,7]];
    // map(modpsort(2)) -> [[0,4,2,6],[1,5,3,7]]; transpose, join -> [0,1,4,5,2,3,6,7].
    Program stockperm = elab(kStockham, "stockperm", options);
    CHECK(interpret(stockperm.body, {ints({0, 1, 2, 3, 4, 5, 6, 7})}) ==
          ints({0, 1, 4, 5, 2, 3, 6, 7}));
}

TEST_CASE("a composition ending in a value is an application") {
    Program a = elab("def a = \\xs => join o split(4) (xs)", "a");
    Program b = elab("def b = \\xs => join(split(4, xs))", "b");
    Program c = elab("def c = \\xs => join $ split(4) $ xs", "c");
    CHECK(alphaEqual(a.body, b.body));
    CHECK(alphaEqual(a.body, c.body));
    // Parenthesised, the composition is a function applied to xs.
    Program d = elab("def d = \\xs => (join o split(4))(xs)", "d");
    ExprP xs = makeParam("xs");
    FunP expected = makeLambda(
        {xs}, makeCall(chain({prim(Prim::Join), prim(Prim::Split, {Arith(4)})}), {xs}));
    CHECK(alphaEqual(d.body, expected));
    CHECK(interpret(d.body, {ints({1, 2, 3, 4, 5, 6, 7, 8})}) == ints({1, 2, 3, 4, 5, 6, 7, 8}));
}

TEST_CASE("primitive spellings") {
    FunP f = lookupUserFun("cneg", ScalarKind::Double) ? makeUserFun(lookupUserFun("cneg", ScalarKind::Double))
                                                        : nullptr;
    REQUIRE(f);
    auto body = [](const std::string& text) { return elab("def t = " + text, "t").body; };
    CHECK(alphaEqual(body("mapGlb(1)(cneg)"), prim(Prim::MapGlb, {}, {f}, 1)));
    CHECK(alphaEqual(body("mapGlobal1(cneg)"), prim(Prim::MapGlb, {}, {f}, 1)));
    CHECK(alphaEqual(body("mapGlb(cneg)"), prim(Prim::MapGlb, {}, {f}, 0)));
    CHECK(alphaEqual(body("mapGlobal(cneg)"), prim(Prim::MapGlb, {}, {f}, 0)));
    CHECK(alphaEqual(body("mapWorkgroup0(mapLocal(2)(cneg))"),
                     prim(Prim::MapWrg, {}, {prim(Prim::MapLcl, {}, {f}, 2)}, 0)));
    CHECK(alphaEqual(body("toGlobal(mapSeq(cneg))"),
                     prim(Prim::ToGlobal, {}, {prim(Prim::MapSeq, {}, {f})})));
    CHECK(alphaEqual(body("pad(1, 2, clamp)"),
                     prim(Prim::Pad, {1, 2}, {}, static_cast<int>(PadMode::Clamp))));
    CHECK(alphaEqual(body("pad(1, 2, wrap)"),
                     prim(Prim::Pad, {1, 2}, {}, static_cast<int>(PadMode::Wrap))));
    CHECK(alphaEqual(body("slide(3, 1)"), prim(Prim::Slide, {3, 1})));
    CHECK(alphaEqual(body("get(1)"), prim(Prim::Get, {}, {}, 1)));
    CHECK(alphaEqual(body("split(2 * 3 + 1)"), prim(Prim::Split, {7})));
    CHECK(alphaEqual(body("split(div(7, 2) + 7 % 4 + 2 ^ 3 + min(1, 5) + max(1, 5) + log(2, 64))"),
                     prim(Prim::Split, {3 + 3 + 8 + 1 + 5 + 6})));
}

TEST_CASE("array constructors, zip arity, tuples, literals") {
    Program p = elab("def t(n1, n2) = \\xs => zip(array2(n1, n2, genDFTSlice), xs, xs)", "t");
    const Expr& call = *p.body->body;
    REQUIRE(call.fun->kind == Fun::Kind::Prim);
    CHECK(call.fun->prim == Prim::Zip);
    CHECK(call.fun->intArg == 3);
    const Expr& array = *call.args[0];
    REQUIRE(array.kind == Expr::Kind::Call);
    CHECK(array.args.empty());
    CHECK(array.fun->prim == Prim::Array);
    CHECK(array.fun->nats == std::vector<Arith>{nat("n1"), nat("n2")});
    CHECK(array.fun->funs[0]->userFun->name == "genDFTSlice");
    // array_2 and arraym spellings mean the same.
    Program q = elab("def t(n1, n2) = \\xs => zip(array_2(n1, n2, genDFTSlice), xs, xs)", "t");
    CHECK(alphaEqual(p.body, q.body));

    ElaborateOptions fp32;
    fp32.precision = ScalarKind::Float;
    Program lit = elab("def t = \\xs => reduce(cadd, {0.0, -1.5}, xs)", "t", fp32);
    const ExprP& init = lit.body->body->fun->exprs[0];
    REQUIRE(init->kind == Expr::Kind::Literal);
    CHECK(init->literal == std::vector<double>{0.0, -1.5});
    CHECK(typesEqual(init->literalType, Type::complexOf(ScalarKind::Float)));

    Program tup = elab("def t = \\(a, b) => {a, b}.1", "t");
    const Expr& get = *tup.body->body;
    CHECK(get.fun->prim == Prim::Get);
    CHECK(get.fun->intArg == 1);
    CHECK(get.args[0]->fun->prim == Prim::Tuple);
    CHECK(get.args[0]->fun->intArg == 2);
}

TEST_CASE("operators as functions and tuple arguments") {
    // map(*) over pairs multiplies them: cmul unpacks its tuple argument.
    Program p = elab("def t = \\(xs, ys) => map(*) o zip(xs, ys)", "t");
    Value xs = Value::array({Value::complex(1, 2), Value::complex(0, 1)});
    Value ys = Value::array({Value::complex(3, -1), Value::complex(0, 1)});
    Value r = interpret(p.body, {xs, ys});
    CHECK(r == Value::array({Value::complex(5, 5), Value::complex(-1, 0)}));
    // A two-parameter lambda mapped over a zip takes the pairs apart (Listing 4.7).
    Program q = elab("def t = \\(xs, ys) => map(λ((a, b) ⇒ csub(a, b))) o zip(xs, ys)", "t");
    CHECK(interpret(q.body, {xs, ys}) ==
          Value::array({Value::complex(-2, 3), Value::complex(0, 0)}));
    // reduce(+, init): cadd.
    Program s = elab("def t = \\xs => reduce(+, {0.0, 0.0}) (xs)", "t");
    CHECK(interpret(s.body, {xs}) == Value::array({Value::complex(1, 3)}));
}

TEST_CASE("iterate binds its index as a nat") {
    Program p = elab("def t(n) = \\xs => iterate[i](2, join o split(2 ^ (i + 1))) (xs)", "t");
    const Fun& it = *p.body->body->fun;
    REQUIRE(it.prim == Prim::Iterate);
    CHECK(it.binder == "i");
    CHECK(it.nats[0] == Arith(2));
    Arith i = Arith::var("i", 0, Arith(2));
    FunP expected = chain({prim(Prim::Join), prim(Prim::Split, {pow(Arith(2), i + 1)})});
    CHECK(alphaEqual(it.funs[0], expected));
    CHECK(interpret(p.body, {ints({4, 3, 2, 1})}) == ints({4, 3, 2, 1}));
}

TEST_CASE("user functions with static parameters and typed lambdas") {
    Program p = elab("def t(n) = \\(i: int, j: int) => gentw(n)(i, j, 2, 4)", "t");
    const Expr& call = *p.body->body;
    REQUIRE(call.fun->kind == Fun::Kind::UserFun);
    CHECK(call.fun->userFun->name == "gentw");
    CHECK(call.fun->staticArgs == std::vector<Arith>{nat("n")});
    CHECK(call.args.size() == 4);

    ElaborateOptions fp32;
    fp32.precision = ScalarKind::Float;
    Program typed = elab("def t(n) = \\(xs: [complex](n/2), r: {real, int}) => xs", "t", fp32);
    TypeP declared = typed.body->params[0]->declaredType;
    CHECK(typesEqual(declared, Type::arrayOf(Type::complexOf(ScalarKind::Float),
                                             exactDiv(nat("n"), Arith(2)))));
    CHECK(typesEqual(typed.body->params[1]->declaredType,
                     Type::tupleOf({Type::scalarOf(ScalarKind::Float), Type::scalarOf(ScalarKind::Int)})));
}

TEST_CASE("parameters stand for nats, functions or values by their use") {
    const char* text = R"(
def twice(f) = f o f
def apply2(f, x) = f(f(x))
def half(n) = n / 2
def t = \xs => twice(map(cneg)) o apply2(join o split(half(4)), xs)
def u(n) = \xs => split(half(n)) o join (xs)
)";
    Program t = elab(text, "t");
    Value xs = Value::array({Value::complex(1, 2), Value::complex(3, 4), Value::complex(5, 6),
                             Value::complex(7, 8)});
    CHECK(interpret(t.body, {xs}) == xs);
    Program u = elab(text, "u");
    CHECK(alphaEqual(u.body->body->fun, prim(Prim::Split, {exactDiv(nat("n"), Arith(2))})));
}

TEST_CASE("the Stockham pass of Listing 4.1 elaborates and typechecks") {
    const char* text = liftcl::testing::kListing41;
    ElaborateOptions options;
    options.natValues = {{"n", Arith(8)}, {"L", Arith(2)}, {"p", Arith(2)}};
    Program pass = elab(text, "stockhamPass", options);
    CHECK(pass.natParams.empty());
    REQUIRE(pass.body->kind == Fun::Kind::Lambda);
    TypeP t = inferCallType(pass.body, {Type::arrayOf(Type::complexOf(ScalarKind::Double), 8)});
    CHECK(typesEqual(t, Type::arrayOf(Type::complexOf(ScalarKind::Double), 8)));
}

TEST_CASE("iterate whose function changes lengths (Lift's halving Iterate): typed step by step, evaluated") {
    const char* text = R"(
def pairSums = \ys => join o map(\p => reduce(add, 0.0) $ p) o split(2) $ ys
def halve(n) = \(xs: [real]n) => iterate(3, pairSums) $ xs
def halveBy(n) = \(xs: [real]n) => iterate[i](2, \ys => join o map(\p => reduce(add, 0.0) $ p) o split(2^(i+1)) $ ys) $ xs
def grow(n) = \(xs: [real]n) => iterate(2, \ys => pad(1, 1, clamp) $ ys) $ xs
def reshape(n) = \(xs: [real]n) => iterate(2, \ys => split(2) $ ys) $ xs
)";
    Program halve = elab(text, "halve");
    CHECK(typeToString(inferFunType(halve.body)) == "([double]n) -> [double](n/8)");
    // the iteration index in the lengths: pairs, then groups of four
    Program halveBy = elab(text, "halveBy");
    CHECK(typeToString(inferFunType(halveBy.body)->element) == "[double](n/8)");
    Program grow = elab(text, "grow");
    CHECK(typeToString(inferFunType(grow.body)->element) == "[double](n + 4)");
    // a function that changes the shape (an array of arrays) is no iteration
    Program reshape = elab(text, "reshape");
    CHECK_THROWS_WITH_AS(inferFunType(reshape.body), doctest::Contains("iterate needs a function from a type to the same type"),
                         Error);
    // the interpreter: 16 values summed in pairs three times = sums of eight
    ElaborateOptions sixteen;
    sixteen.natValues = {{"n", Arith(16)}};
    Program small = elab(text, "halve", sixteen);
    std::vector<Value> xs;
    for (int k = 0; k < 16; ++k) xs.push_back(Value::ofReal(1.0 + k * k));
    const Value out = interpret(small.body, {Value::array(xs)});
    REQUIRE(out.size() == 2);
    double first = 0, second = 0;
    for (int k = 0; k < 8; ++k) first += 1.0 + k * k, second += 1.0 + (k + 8) * (k + 8);
    CHECK(out[0].r == doctest::Approx(first));
    CHECK(out[1].r == doctest::Approx(second));
}

TEST_CASE("a gather by an index function: at over array_1 of a user function (examples/gather.lift)") {
    const char* text = R"(
userfun reversed(j: int, n: int): int = n - 1 - j
userfun fourStrided(j: int, n: int): int = (j % 4) * (n / 4) + j / 4
userfun copy(x: real): real = x
def reverse(n) = \(xs: [real]n) => map(\k => copy(at(xs, k))) $ array_1(n, reversed)
def strideFour(n) = \(xs: [real]n) => map(\k => copy(at(xs, k))) $ array_1(n, fourStrided)
)";
    ElaborateOptions eight;
    eight.natValues = {{"n", Arith(8)}};
    std::vector<Value> xs;
    for (int k = 0; k < 8; ++k) xs.push_back(Value::ofReal(10.0 + k));
    const Value reversedOut = interpret(elab(text, "reverse", eight).body, {Value::array(xs)});
    const Value stridedOut = interpret(elab(text, "strideFour", eight).body, {Value::array(xs)});
    REQUIRE(reversedOut.size() == 8);
    REQUIRE(stridedOut.size() == 8);
    for (int j = 0; j < 8; ++j) {
        CHECK(reversedOut[j].r == 10.0 + (7 - j));
        CHECK(stridedOut[j].r == 10.0 + ((j % 4) * 2 + j / 4));
    }
}

TEST_CASE("a scatter by an index function writes element j at f(j, n); a non-permutation is refused") {
    const char* text = R"(
userfun fourStrided(j: int, n: int): int = (j % 4) * (n / 4) + j / 4
userfun half(j: int, n: int): int = j / 2
userfun beyond(j: int, n: int): int = j + 1
userfun square(x: real): real = x * x
def scatterFour(n) = \(xs: [real]n) => scatter(fourStrided) o map(square) $ xs
def collide(n) = \(xs: [real]n) => scatter(half) $ xs
def outside(n) = \(xs: [real]n) => scatter(beyond) $ xs
def notInt(n) = \(xs: [real]n) => scatter(square) $ xs
)";
    ElaborateOptions eight;
    eight.natValues = {{"n", Arith(8)}};
    std::vector<Value> xs;
    for (int k = 0; k < 8; ++k) xs.push_back(Value::ofReal(1.5 + k));
    const Program scatterFour = elab(text, "scatterFour", eight);
    CHECK(typeToString(inferFunType(scatterFour.body)) == "([double]8) -> [double]8");
    const Value out = interpret(scatterFour.body, {Value::array(xs)});
    REQUIRE(out.size() == 8);
    for (int j = 0; j < 8; ++j) {
        const int to = (j % 4) * 2 + j / 4;
        CHECK(out[to].r == (1.5 + j) * (1.5 + j));
    }
    CHECK_THROWS_WITH_AS(interpret(elab(text, "collide", eight).body, {Value::array(xs)}),
                         doctest::Contains("at (1, 8) is 0, written already"), Error);
    CHECK_THROWS_WITH_AS(interpret(elab(text, "outside", eight).body, {Value::array(xs)}),
                         doctest::Contains("at (7, 8) is 8, outside 0..7"), Error);
    CHECK_THROWS_AS(inferFunType(elab(text, "notInt", eight).body), Error);
}
