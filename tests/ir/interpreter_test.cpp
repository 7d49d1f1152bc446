// The reference interpreter: every primitive on small values with known results.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <complex>

#include "ir/elaborate.hpp"
#include "ir/interpreter.hpp"
#include "ir/parser.hpp"
#include "ir/typecheck.hpp"
#include "ir/userfun.hpp"
#include "support/int_values.hpp"

using namespace liftcl;
using namespace liftcl::ir;

using liftcl::testing::iota;
using liftcl::testing::ints;

namespace {

Value complexes(std::vector<std::pair<double, double>> xs) {
    std::vector<Value> out;
    for (auto [re, im] : xs) out.push_back(Value::complex(re, im));
    return Value::array(std::move(out));
}

FunP uf(const std::string& name, ScalarKind real = ScalarKind::Double) {
    return makeUserFun(lookupUserFun(name, real));
}

TypeP cplx() { return Type::complexOf(ScalarKind::Double); }

// \x => f(g(x))
FunP compose(const FunP& f, const FunP& g) {
    auto x = makeParam("x");
    return makeLambda({x}, makeCall(f, {makeCall(g, {x})}));
}

FunP modpsort(const Arith& p) {
    return compose(makePrim(Prim::Join),
                   compose(makePrim(Prim::Transpose), makePrim(Prim::Split, {p})));
}

FunP withBinder(const FunP& f, const std::string& binder) {
    auto copy = std::make_shared<Fun>(*f);
    copy->binder = binder;
    return copy;
}

}  // namespace

TEST_CASE("map and every low-level map apply the function elementwise") {
    const Value xs = complexes({{1, 2}, {-3, 0.5}, {0, -1}});
    const Value expected = complexes({{-1, -2}, {3, -0.5}, {0, 1}});
    for (Prim p : {Prim::Map, Prim::MapGlb, Prim::MapWrg, Prim::MapLcl, Prim::MapSeq,
                   Prim::MapSeqUnroll}) {
        CHECK(interpret(makePrim(p, {}, {uf("cneg")}), {xs}) == expected);
    }
    // nested: map(map(cneg)) on a 2-D array
    auto nested = makePrim(Prim::Map, {}, {makePrim(Prim::Map, {}, {uf("cneg")})});
    CHECK(interpret(nested, {Value::array({xs, xs})}) == Value::array({expected, expected}));
}

TEST_CASE("reduce returns a one-element array, for every reduce") {
    const Value xs = complexes({{1, 2}, {3, 4}, {-0.5, 0.25}});
    auto init = makeLiteral({10.0, 0.0}, cplx());
    for (Prim p : {Prim::Reduce, Prim::ReduceSeq, Prim::ReduceSeqUnroll}) {
        Value r = interpret(makePrim(p, {}, {uf("cadd")}, {init}), {xs});
        CHECK(r == complexes({{13.5, 6.25}}));
    }
    // order: ((init - x0) - x1) with a non-commutative operator
    Value r = interpret(makePrim(Prim::Reduce, {}, {uf("csub")}, {init}),
                        {complexes({{1, 0}, {2, 0}})});
    CHECK(r == complexes({{7, 0}}));
}

TEST_CASE("zip is n-ary and checks lengths") {
    const Value a = iota(3), b = ints({7, 8, 9}), c = ints({4, 5, 6});
    Value z = interpret(makePrim(Prim::Zip, {}, {}, {}, 3), {a, b, c});
    REQUIRE(z.size() == 3);
    CHECK(z[1] == Value::tuple({Value::ofInt(1), Value::ofInt(8), Value::ofInt(5)}));
    CHECK_THROWS_WITH_AS(interpret(makePrim(Prim::Zip, {}, {}, {}, 2), {a, iota(4)}),
                         doctest::Contains("zip"), Error);
}

TEST_CASE("split, join, transpose and modpsort") {
    Value s = interpret(makePrim(Prim::Split, {2}), {iota(6)});
    CHECK(s == Value::array({ints({0, 1}), ints({2, 3}), ints({4, 5})}));
    CHECK(interpret(makePrim(Prim::Join), {s}) == iota(6));
    CHECK(interpret(makePrim(Prim::Transpose), {s}) ==
          Value::array({ints({0, 2, 4}), ints({1, 3, 5})}));
    CHECK(interpret(modpsort(2), {iota(8)}) == ints({0, 2, 4, 6, 1, 3, 5, 7}));
    CHECK_THROWS_WITH_AS(interpret(makePrim(Prim::Split, {3}), {iota(8)}),
                         doctest::Contains("split(3)"), Error);
    CHECK_THROWS_AS(interpret(makePrim(Prim::Transpose),
                              {Value::array({ints({1, 2}), ints({3})})}),
                    Error);
    // nat arguments come from the valuation
    CHECK(interpret(modpsort(Arith::var("p", 1)), {iota(8)}, {{"p", 4}}) ==
          ints({0, 4, 1, 5, 2, 6, 3, 7}));
    CHECK_THROWS_AS(interpret(modpsort(Arith::var("p", 1)), {iota(8)}), Error);
}

TEST_CASE("pad mirror is numpy's 'symmetric', for any amounts, against a plain host reference") {
    // Host reference: reflect step by step (x < 0 -> -1 - x, x >= n -> 2n - 1 - x) until in range.
    auto reference = [](std::int64_t n, std::int64_t l, std::int64_t r) {
        std::vector<std::int64_t> out;
        for (std::int64_t x = -l; x < n + r; ++x) {
            std::int64_t y = x;
            while (y < 0 || y >= n) y = y < 0 ? -1 - y : 2 * n - 1 - y;
            out.push_back(y);
        }
        return out;
    };
    for (std::int64_t n : {1, 2, 3, 5})
        for (std::int64_t l : {0, 1, 2, 4, 7})
            for (std::int64_t r : {0, 1, 3, 6, 11}) {
                CAPTURE(n);
                CAPTURE(l);
                CAPTURE(r);
                CHECK(interpret(makePrim(Prim::Pad, {Arith(l), Arith(r)}, {}, {},
                                         static_cast<int>(PadMode::Mirror)),
                                {iota(static_cast<int>(n))}) == ints(reference(n, l, r)));
            }
    // A negative right amount still truncates.
    CHECK(interpret(makePrim(Prim::Pad, {1, -2}, {}, {}, static_cast<int>(PadMode::Mirror)), {iota(4)}) ==
          ints({0, 0, 1}));
}

TEST_CASE("pad wraps or clamps, slide takes windows") {
    const Value xs = ints({1, 2, 3});
    CHECK(interpret(makePrim(Prim::Pad, {2, 1}, {}, {}, static_cast<int>(PadMode::Wrap)), {xs}) ==
          ints({2, 3, 1, 2, 3, 1}));
    CHECK(interpret(makePrim(Prim::Pad, {2, 1}, {}, {}, static_cast<int>(PadMode::Clamp)),
                    {xs}) == ints({1, 1, 1, 2, 3, 3}));
    CHECK(interpret(makePrim(Prim::Pad, {2, 2}, {}, {}, static_cast<int>(PadMode::Mirror)), {xs}) ==
          ints({2, 1, 1, 2, 3, 3, 2}));
    CHECK(interpret(makePrim(Prim::Slide, {3, 1}), {iota(5)}) ==
          Value::array({ints({0, 1, 2}), ints({1, 2, 3}), ints({2, 3, 4})}));
    CHECK(interpret(makePrim(Prim::Slide, {2, 2}), {iota(6)}) ==
          Value::array({ints({0, 1}), ints({2, 3}), ints({4, 5})}));
    CHECK_THROWS_AS(interpret(makePrim(Prim::Slide, {2, 2}), {iota(5)}), Error);
}

TEST_CASE("at reads the element at an int index and refuses one out of range") {
    const Value xs = ints({10, 11, 12});
    CHECK(interpret(makePrim(Prim::At), {xs, Value::ofInt(2)}) == Value::ofInt(12));
    CHECK(interpret(makePrim(Prim::At), {Value::array({xs, ints({7})}), Value::ofInt(1)}) == ints({7}));
    CHECK_THROWS_WITH_AS(interpret(makePrim(Prim::At), {xs, Value::ofInt(3)}), doctest::Contains("out of range"), Error);
    CHECK_THROWS_AS(interpret(makePrim(Prim::At), {xs, Value::ofInt(-1)}), Error);
    CHECK_THROWS_AS(interpret(makePrim(Prim::At), {xs, Value::ofReal(1.0)}), Error);
}

TEST_CASE("array_m passes indices then sizes; the DFT matrix") {
    Value dft = interpret(makePrim(Prim::Array, {3, 3}, {uf("genDFT")}), {});
    REQUIRE(dft.size() == 3);
    const double pi = std::acos(-1.0);
    for (int j = 0; j < 3; ++j)
        for (int k = 0; k < 3; ++k) {
            CHECK(std::abs(dft[j][k][0].r - std::cos(-2 * pi * j * k / 3)) < 1e-15);
            CHECK(std::abs(dft[j][k][1].r - std::sin(-2 * pi * j * k / 3)) < 1e-15);
        }
    // genB in a 3-D array: the element (j, k, l) is omega((j*L/p + l)*k, L)
    Value b = interpret(makePrim(Prim::Array, {2, 2, 4}, {uf("genB")}), {});
    REQUIRE(b.size() == 2);
    REQUIRE(b[1][1].size() == 4);
    CHECK(std::abs(b[1][1][3][0].r - std::cos(-2 * pi * 7 / 8)) < 1e-15);
    CHECK(std::abs(b[1][1][3][1].r - std::sin(-2 * pi * 7 / 8)) < 1e-15);
}

TEST_CASE("get, tuple, id and memory primitives") {
    auto x = makeParam("x");
    auto swap = makeLambda(
        {x}, makeCall(makePrim(Prim::Tuple, {}, {}, {}, 2),
                      {makeCall(makePrim(Prim::Get, {}, {}, {}, 1), {x}),
                       makeCall(makePrim(Prim::Get, {}, {}, {}, 0), {x})}));
    CHECK(interpret(swap, {Value::complex(1, 2)}) == Value::complex(2, 1));
    CHECK_THROWS_AS(interpret(makePrim(Prim::Get, {}, {}, {}, 2), {Value::complex(1, 2)}), Error);
    CHECK(interpret(makePrim(Prim::Id), {iota(3)}) == iota(3));
    for (Prim p : {Prim::ToGlobal, Prim::ToLocal, Prim::ToPrivate})
        CHECK(interpret(makePrim(p, {}, {makePrim(Prim::Map, {}, {uf("cconj")})}),
                        {complexes({{1, 2}})}) == complexes({{1, -2}}));
}

TEST_CASE("iterate applies k times; iterate[i] binds the iteration index") {
    // modpsort(2) three times on 8 elements is the identity (bit rotation of 3 bits, 3 times)
    CHECK(interpret(makePrim(Prim::Iterate, {3}, {modpsort(2)}), {iota(8)}) == iota(8));
    CHECK(interpret(makePrim(Prim::Iterate, {1}, {modpsort(2)}), {iota(8)}) ==
          interpret(modpsort(2), {iota(8)}));
    CHECK(interpret(makePrim(Prim::Iterate, {0}, {modpsort(2)}), {iota(8)}) == iota(8));

    // iterate[i](2, modpsort(2^(i+1))) on 8 = modpsort(4) o modpsort(2)
    auto i = Arith::var("i", 0, 2);
    auto it = withBinder(makePrim(Prim::Iterate, {2}, {modpsort(pow(2, i + 1))}), "i");
    Value expected = interpret(modpsort(4), {interpret(modpsort(2), {iota(8)})});
    CHECK(interpret(it, {iota(8)}) == expected);
    // (not what a binder stuck at 0 would give)
    CHECK_FALSE(expected == interpret(modpsort(2), {interpret(modpsort(2), {iota(8)})}));
}

TEST_CASE("lambdas bind parameters by identity") {
    // \(x, y) => zip(y, x) with both parameters named "x"
    auto x = makeParam("x"), y = makeParam("x");
    auto f = makeLambda({x, y}, makeCall(makePrim(Prim::Zip, {}, {}, {}, 2), {y, x}));
    Value z = interpret(f, {ints({1}), ints({2})});
    CHECK(z == Value::array({Value::tuple({Value::ofInt(2), Value::ofInt(1)})}));
    CHECK_THROWS_AS(interpret(f, {ints({1})}), Error);
    CHECK_THROWS_AS(interpret(makeLambda({x}, makeCall(uf("cid"), {y})), {Value::complex(0, 0)}),
                    Error);  // y is unbound
}

TEST_CASE("a zero literal coerced by type inference is a complex zero") {
    auto red = makePrim(Prim::Reduce, {}, {uf("cadd")},
                        {makeLiteral({0.0}, Type::scalarOf(ScalarKind::Double))});
    auto t = inferCallType(red, {Type::arrayOf(cplx(), 3)});
    CHECK(typeToString(t) == "[complex]1");
    CHECK(interpret(red, {complexes({{1, 2}, {3, 4}, {5, 6}})}) == complexes({{9, 12}}));
}

TEST_CASE("float-instantiated user functions round to float") {
    auto roundTrip = makePrim(Prim::Map, {}, {compose(uf("cid", ScalarKind::Float),
                                                makePrim(Prim::Id))});
    Value r = interpret(roundTrip, {complexes({{0.1, 1.0 / 3.0}})});
    CHECK(r[0][0].r == static_cast<double>(0.1f));
    CHECK(r[0][1].r == static_cast<double>(1.0f / 3.0f));
    Value d = interpret(makePrim(Prim::Map, {}, {uf("cid")}), {complexes({{0.1, 0.2}})});
    CHECK(d[0][0].r == 0.1);
}

TEST_CASE("randomValue is deterministic and in range") {
    auto t = Type::arrayOf(Type::arrayOf(cplx(), Arith::var("n", 1)), 3);
    Value a = randomValue(t, 42, {{"n", 5}}), b = randomValue(t, 42, {{"n", 5}});
    CHECK(a == b);
    CHECK_FALSE(a == randomValue(t, 43, {{"n", 5}}));
    REQUIRE(a.size() == 3);
    REQUIRE(a[0].size() == 5);
    bool nonzero = false;
    for (const auto& row : a.items)
        for (const auto& c : row.items)
            for (const auto& x : c.items) {
                CHECK(x.r >= -1.0);
                CHECK(x.r < 1.0);
                nonzero = nonzero || x.r != 0.0;
            }
    CHECK(nonzero);
    Value f = randomValue(Type::arrayOf(Type::scalarOf(ScalarKind::Float), 4), 1);
    for (const auto& x : f.items) CHECK(x.r == static_cast<double>(static_cast<float>(x.r)));
    Value i = randomValue(Type::arrayOf(Type::scalarOf(ScalarKind::Int), 20), 7);
    for (const auto& x : i.items) {
        CHECK(x.kind == Value::Kind::Int);
        CHECK(x.i >= 0);
        CHECK(x.i < 100);
    }
    CHECK_THROWS_AS(randomValue(t, 1), Error);  // n has no value
}

TEST_CASE("value helpers") {
    Value a = complexes({{1, 2}, {3, 4}}), b = complexes({{1, 2.5}, {3, 3}});
    CHECK(maxAbsDifference(a, b) == 1.0);
    CHECK_THROWS_AS(maxAbsDifference(a, complexes({{1, 2}})), Error);
    CHECK(valueToJson(a) == "[[1.0, 2.0], [3.0, 4.0]]");
    CHECK(valueToJson(ints({1, 2})) == "[1, 2]");
}

TEST_CASE("array literals: a weight table, a tuple table and a gather, against host references") {
    const Module m = parseModule(
        "def weighted(n) = \\(xs: [real]n) =>\n"
        "    join o map(\\nbh => reduce(\\(acc, p) => acc + p.0 * p.1, 0.0) $ zip(nbh, [0.25, 0.5, 0.25])) o\n"
        "    slide(3, 1) o pad(1, 1, mirror) $ xs\n"
        "def pairs = \\(i: int) => at([{1.0, 2.0}, {3.0, 4.0}, {5.0, 6.0}], i)\n"
        "def ints3 = \\(i: int) => at([7, 8, 9], i)\n",
        "<test>");
    ElaborateOptions options;
    options.natValues["n"] = Arith(5);
    const Program weighted = elaborateDefinition(m, "weighted", options);
    const auto in = Type::arrayOf(Type::scalarOf(ScalarKind::Double), Arith(5));
    CHECK(typesEqual(inferCallType(weighted.body, {in}), in));
    const Value x = randomValue(in, 3);
    const Value y = interpret(weighted.body, {x});
    REQUIRE(y.size() == 5);
    for (std::int64_t i = 0; i < 5; ++i) {
        auto at = [&](std::int64_t j) { return x[std::clamp<std::int64_t>(j, 0, 4)].r; };  // mirror by 1 = clamp
        CHECK(y[static_cast<std::size_t>(i)].r == doctest::Approx(0.25 * at(i - 1) + 0.5 * at(i) + 0.25 * at(i + 1)));
    }
    const Program pairs = elaborateDefinition(m, "pairs", options);
    inferCallType(pairs.body, {Type::scalarOf(ScalarKind::Int)});
    const Value p = interpret(pairs.body, {Value::ofInt(1)});
    CHECK(p == Value::tuple({Value::ofReal(3.0), Value::ofReal(4.0)}));
    const Program ints3 = elaborateDefinition(m, "ints3", options);
    inferCallType(ints3.body, {Type::scalarOf(ScalarKind::Int)});
    CHECK(interpret(ints3.body, {Value::ofInt(2)}) == Value::ofInt(9));
    // Elements of one type, literals only, at least one.
    CHECK_THROWS_AS(elaborateDefinition(parseModule("def f = \\(i: int) => at([1, 2.0], i)\n", "<t>"), "f", options), Error);
    CHECK_THROWS_AS(elaborateDefinition(parseModule("def f = \\(x: real) => at([x, 2.0], 0)\n", "<t>"), "f", options), Error);
    CHECK_THROWS_AS(parseModule("def f = \\(i: int) => at([], i)\n", "<t>"), Error);
}

TEST_CASE("an int literal used as a real is a real") {
    auto x = makeParam("x");
    auto two = makeLiteral({2.0}, Type::scalarOf(ScalarKind::Int));
    auto twice = makeLambda({x}, makeCall(uf("mul"), {x, two}));
    inferCallType(twice, {Type::scalarOf(ScalarKind::Double)});
    Value r = interpret(twice, {Value::ofReal(1.25)});
    CHECK(r.kind == Value::Kind::Real);
    CHECK(r.r == 2.5);
}

// ---- the example FFT programs, elaborated from .lift, against a naive DFT in long double ----

namespace {

double maxErrorAgainstDft(const Value& x, const Value& y) {
    const auto n = static_cast<std::int64_t>(x.size());
    REQUIRE(y.size() == x.size());
    const long double pi = 3.141592653589793238462643383279502884L;
    double worst = 0.0;
    for (std::int64_t k = 0; k < n; ++k) {
        std::complex<long double> sum = 0;
        for (std::int64_t j = 0; j < n; ++j)
            sum += std::complex<long double>(x[j][0].r, x[j][1].r) *
                   std::polar(1.0L, -2.0L * pi * static_cast<long double>(j * k % n) / n);
        const std::complex<long double> got(y[k][0].r, y[k][1].r);
        worst = std::max(worst, static_cast<double>(std::abs(sum - got)));
    }
    return worst;
}

double runFft(const std::string& file, const std::string& def, const Valuation& nats,
              ScalarKind precision = ScalarKind::Double) {
    Module m = parseFile(std::string(LIFTCL_SOURCE_DIR) + "/fft/lift/" + file);
    ElaborateOptions options;
    options.precision = precision;
    for (const auto& [k, v] : nats) options.natValues[k] = Arith(v);
    Program p = elaborateDefinition(m, def, options);
    const auto in = Type::arrayOf(Type::complexOf(precision), nats.at("n"));
    CHECK(typesEqual(inferCallType(p.body, {in}), in));
    Value x = randomValue(in, 11);
    return maxErrorAgainstDft(x, interpret(p.body, {x}, nats));
}

}  // namespace

TEST_CASE("the Stockham, Cooley-Tukey and four-step examples compute the DFT") {
    CHECK(runFft("stockham.lift", "fft", {{"n", 64}, {"p", 4}}) < 1e-13);
    CHECK(runFft("stockham.lift", "fftTw", {{"n", 32}, {"p", 2}}) < 1e-13);
    CHECK(runFft("stockham.lift", "fftTwC", {{"n", 64}, {"p", 4}, {"bound", 3}, {"base", 4}}) <
          1e-13);
    CHECK(runFft("stockham.lift", "fftMixed",
                 {{"n", 48}, {"p1", 2}, {"k1", 2}, {"p2", 3}, {"k2", 1}, {"p3", 4}, {"k3", 1}}) <
          1e-13);
    CHECK(runFft("cooley_tukey.lift", "fft", {{"n", 32}, {"p", 2}}) < 1e-13);
    CHECK(runFft("four_step.lift", "fft", {{"n", 64}, {"n1", 8}, {"n2", 8}, {"p", 2}}) < 1e-13);
    // single precision: the interpreter rounds user function results to float
    const double fp32 = runFft("stockham.lift", "fft", {{"n", 64}, {"p", 4}}, ScalarKind::Float);
    CHECK(fp32 < 1e-5);
    CHECK(fp32 > 1e-12);
}
