// Built-in user functions: host implementations against direct formulas, OpenCL bodies present,
// and the carray twiddle decomposition (thesis Def. 4.3-4.5, Lemma 4.1).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <complex>

#include "ir/interpreter.hpp"
#include "ir/userfun.hpp"

using namespace liftcl;
using namespace liftcl::ir;

namespace {

std::complex<long double> omegaRef(long double l, long double n) {
    const long double pi = 3.141592653589793238462643383279502884L;
    return std::polar(1.0L, -2.0L * pi * l / n);
}

double distance(const Value& v, std::complex<long double> ref) {
    REQUIRE(v.kind == Value::Kind::Tuple);
    REQUIRE(v.items.size() == 2);
    return static_cast<double>(std::abs(std::complex<long double>(v[0].r, v[1].r) - ref));
}

Value call(const std::string& name, std::vector<Value> args, std::vector<std::int64_t> statics = {}) {
    auto f = lookupUserFun(name, ScalarKind::Double);
    REQUIRE(f != nullptr);
    return f->host(args, statics);
}

std::vector<Value> I(std::initializer_list<std::int64_t> xs) {
    std::vector<Value> out;
    for (auto x : xs) out.push_back(Value::ofInt(x));
    return out;
}

}  // namespace

TEST_CASE("the library lists its functions and instantiates the precision") {
    auto names = userFunNames();
    for (const char* n : {"cadd", "csub", "cmul", "cid", "cneg", "cconj", "add", "sub", "mul",
                          "omega", "genB", "genTwiddle", "genDFTSlice", "genDFT", "gentw",
                          "gentwfrarr"}) {
        CHECK(std::find(names.begin(), names.end(), n) != names.end());
        auto f = lookupUserFun(n, ScalarKind::Float);
        REQUIRE(f != nullptr);
        CHECK(f->name == n);
        CHECK(f->paramNames.size() == f->paramTypes.size());
        // add, sub, mul are written in the scalar sublanguage: codegen prints their body.
        CHECK((!f->clBody.empty() || f->scalarBody));
        if (!f->clBody.empty()) {
            CHECK(f->clBody.front() == '{');
            CHECK(f->clBody.back() == '}');
            CHECK(f->clBody.find("double") == std::string::npos);  // written with `real`/`complex`
        }
        CHECK(f->host);
    }
    CHECK(lookupUserFun("nosuch", ScalarKind::Double) == nullptr);
    CHECK(typesEqual(lookupUserFun("cmul", ScalarKind::Float)->returnType,
                     Type::complexOf(ScalarKind::Float)));
    CHECK(typesEqual(lookupUserFun("cmul", ScalarKind::Double)->paramTypes[0],
                     Type::complexOf(ScalarKind::Double)));
    CHECK(typesEqual(lookupUserFun("add", ScalarKind::Float)->returnType,
                     Type::scalarOf(ScalarKind::Float)));
    CHECK(lookupUserFun("gentw", ScalarKind::Double)->staticParamNames ==
          std::vector<std::string>{"n"});
    CHECK(lookupUserFun("gentwfrarr", ScalarKind::Double)->staticParamNames ==
          std::vector<std::string>{"base", "bound"});
}

TEST_CASE("complex and real arithmetic") {
    const Value a = Value::complex(1.5, -2.0), b = Value::complex(0.25, 3.0);
    CHECK(call("cadd", {a, b}) == Value::complex(1.75, 1.0));
    CHECK(call("csub", {a, b}) == Value::complex(1.25, -5.0));
    // (1.5 - 2i)(0.25 + 3i) = 0.375 + 4.5i - 0.5i + 6 = 6.375 + 4i
    CHECK(call("cmul", {a, b}) == Value::complex(6.375, 4.0));
    CHECK(call("cid", {a}) == a);
    CHECK(call("cneg", {a}) == Value::complex(-1.5, 2.0));
    CHECK(call("cconj", {a}) == Value::complex(1.5, 2.0));
    CHECK(call("cscale", {Value::ofReal(2.0), a}) == Value::complex(3.0, -4.0));
    CHECK(call("add", {Value::ofReal(1.25), Value::ofReal(2.5)}) == Value::ofReal(3.75));
    CHECK(call("sub", {Value::ofReal(1.25), Value::ofReal(2.5)}) == Value::ofReal(-1.25));
    CHECK(call("mul", {Value::ofReal(1.25), Value::ofReal(-2.0)}) == Value::ofReal(-2.5));
    CHECK_THROWS_AS(call("cadd", {Value::ofReal(1.0), b}), Error);
}

TEST_CASE("omega and the matrix generators follow their definitions") {
    for (std::int64_t n : {1, 2, 3, 8, 12, 1024}) {
        for (std::int64_t l : {std::int64_t{0}, std::int64_t{1}, n / 2 + 1, 3 * n + 5,
                               std::int64_t{-7}}) {
            CHECK(distance(call("omega", I({l, n})), omegaRef(l, n)) < 1e-15);
        }
    }
    // exactness at the quarter points
    CHECK(call("omega", I({0, 4})) == Value::complex(1.0, 0.0));
    CHECK(std::abs(call("omega", I({1, 4}))[1].r + 1.0) < 1e-16);
    CHECK_THROWS_AS(call("omega", I({1, 0})), Error);

    // genB(blr, blc, dpos, sizeR, sizeC, sizeD) = omega((blr*sizeD + dpos)*blc, sizeC*sizeD)
    for (std::int64_t blr = 0; blr < 4; ++blr)
        for (std::int64_t blc = 0; blc < 4; ++blc)
            for (std::int64_t dpos = 0; dpos < 3; ++dpos)
                CHECK(distance(call("genB", I({blr, blc, dpos, 4, 4, 3})),
                               omegaRef((blr * 3 + dpos) * blc, 12)) < 1e-15);
    // genTwiddle(diag, exp, sizeOmegas, amountOmegas) = omega(diag*exp, sizeOmegas*amountOmegas)
    CHECK(distance(call("genTwiddle", I({5, 3, 4, 8})), omegaRef(15, 32)) < 1e-15);
    // genDFTSlice(j, k, height, width) = omega(j*k, width*height)
    CHECK(distance(call("genDFTSlice", I({3, 7, 4, 16})), omegaRef(21, 64)) < 1e-15);
    // genDFT(j, k, h, w) = omega(j*k, w): the DFT_p matrix
    CHECK(distance(call("genDFT", I({3, 2, 5, 5})), omegaRef(6, 5)) < 1e-15);
    // gentw(n)(digitpos, digit, bound, base) = omega(digit * base^digitpos, n)
    CHECK(distance(call("gentw", I({2, 3, 4, 4}), {256}), omegaRef(3 * 16, 256)) < 1e-15);
    CHECK(distance(call("gentw", I({5, 1, 6, 2}), {64}), omegaRef(32, 64)) < 1e-15);
}

TEST_CASE("carray twiddles from digit tables equal omega(j*k, L) (Lemma 4.1)") {
    struct Case {
        std::int64_t L, p, base, bound;
    };
    for (Case c : {Case{64, 4, 4, 3}, Case{256, 2, 2, 8}, Case{1024, 8, 16, 3},
                   Case{4096, 4, 8, 4}}) {
        auto gentw = makeUserFun(lookupUserFun("gentw", ScalarKind::Double), {Arith(c.L)});
        auto table = makeCall(makePrim(Prim::Array, {c.bound, c.base}, {gentw}), {});
        auto gen = makeUserFun(lookupUserFun("gentwfrarr", ScalarKind::Double),
                               {Arith(c.base), Arith(c.bound)});
        auto twiddle = makePrim(Prim::CArray, {c.L / c.p, c.p}, {gen}, {table});
        Value t = interpret(twiddle, {});
        REQUIRE(t.size() == static_cast<std::size_t>(c.L / c.p));
        double worst = 0.0;
        for (std::int64_t j = 0; j < c.L / c.p; ++j) {
            REQUIRE(t[j].size() == static_cast<std::size_t>(c.p));
            for (std::int64_t k = 0; k < c.p; ++k)
                worst = std::max(worst, distance(t[j][k], omegaRef(j * k, c.L)));
        }
        CHECK(worst < 1e-14);
    }
}

TEST_CASE("gentwfrarr rejects a table that is too small") {
    auto f = lookupUserFun("gentwfrarr", ScalarKind::Double);
    Value row = Value::array({Value::complex(1, 0), Value::complex(0, -1)});
    Value table = Value::array({row});  // bound 1, base 2
    CHECK_NOTHROW(f->host({table, Value::ofInt(1), Value::ofInt(1), Value::ofInt(2),
                           Value::ofInt(2)},
                          {2, 1}));
    CHECK_THROWS_AS(f->host({table, Value::ofInt(1), Value::ofInt(1), Value::ofInt(2),
                             Value::ofInt(2)},
                            {2, 2}),
                    Error);
}
