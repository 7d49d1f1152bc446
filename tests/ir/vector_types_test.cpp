// Vector types (ir/type.hpp, asVector/asScalar): their types, the interpreter's meaning against
// plain C++, componentwise arithmetic in user functions, and located errors for misuse.
#include <doctest/doctest.h>

#include <cmath>

#include "ir/elaborate.hpp"
#include "ir/error.hpp"
#include "ir/interpreter.hpp"
#include "ir/parser.hpp"
#include "ir/scalar_fun.hpp"
#include "ir/typecheck.hpp"
#include "support/program_text.hpp"

using namespace liftcl;
using namespace liftcl::ir;

namespace {

Program load(const std::string& text, const std::string& def, ScalarKind precision, std::map<std::string, Arith> nats = {}) {
    return testing::loadProgramText(text, def, precision, std::move(nats), "vectors.lift");
}

const char* kPrograms = R"(
userfun shift(v: real4, a: real): real4 = fmax(v * a - 1.0, real4(0.0)) + real4(1.0, 2.0, 3.0, 4.0)
userfun sum4(v: real4): real = v.0 + v.1 + v.2 + v.3
def roundTrip(n) = \(xs: [real]n) => asScalar o asVector(8) $ xs
def shifted(n) = \(xs: [real]n, a: real) => asScalar o map(\v => shift(v, a)) o asVector(4) $ xs
def sums(n) = \(xs: [real]n) => map(sum4) o asVector(4) $ xs
userfun neg2(v: real2): real2 = -v
def negated(n) = \(xs: [real]n) => asScalar o map(neg2) o asVector(2) $ xs
)";

}  // namespace

TEST_CASE("vector types: names, printing, and distinct from tuples and complex") {
    const TypeP f4 = namedType("float4", ScalarKind::Double);
    REQUIRE(f4);
    CHECK(f4->isVector());
    CHECK(typeToString(f4) == "float4");
    CHECK(typeToString(namedType("real8", ScalarKind::Double)) == "double8");
    CHECK(typeToString(namedType("real16", ScalarKind::Float)) == "float16");
    CHECK(namedType("real3", ScalarKind::Float) == nullptr);
    CHECK(namedType("int4", ScalarKind::Float) == nullptr);
    const TypeP tuple = Type::tupleOf({Type::scalarOf(ScalarKind::Float), Type::scalarOf(ScalarKind::Float),
                                       Type::scalarOf(ScalarKind::Float), Type::scalarOf(ScalarKind::Float)});
    CHECK_FALSE(typesEqual(f4, tuple));
    CHECK(typesEqual(f4, Type::vectorOf(ScalarKind::Float, 4)));
    CHECK_FALSE(Type::vectorOf(ScalarKind::Float, 2)->isComplex());
    CHECK(typeSizeInBytes(Type::vectorOf(ScalarKind::Double, 4)).tryConstant() == 32);
    CHECK_THROWS_AS(Type::vectorOf(ScalarKind::Float, 3), Error);
}

TEST_CASE("asVector and asScalar: types and meaning") {
    const Program trip = load(kPrograms, "roundTrip", ScalarKind::Float, {{"n", Arith(64)}});
    const Value xs = randomValue(trip.body->params[0]->declaredType, 5);
    CHECK(interpret(trip.body, {xs}) == xs);

    const Program sums = load(kPrograms, "sums", ScalarKind::Double, {{"n", Arith(32)}});
    CHECK(typeToString(sums.body->type) == "([double]32) -> [double]8");
    const Value ys = randomValue(sums.body->params[0]->declaredType, 6);
    const Value out = interpret(sums.body, {ys});
    REQUIRE(out.items.size() == 8);
    for (std::size_t j = 0; j < 8; ++j) {
        double s = 0;
        for (std::size_t c = 0; c < 4; ++c) s += ys.items[4 * j + c].r;
        CHECK(out.items[j].r == doctest::Approx(s).epsilon(1e-15));
    }
}

TEST_CASE("user functions compute componentwise on vectors, scalars broadcast, as plain C++ does") {
    const Program p = load(kPrograms, "shifted", ScalarKind::Double, {{"n", Arith(40)}});
    const Value xs = randomValue(p.body->params[0]->declaredType, 7);
    const double a = 1.75;
    RealOperationCounter operations;
    const Value out = interpret(p.body, {xs, Value::ofReal(a)});
    REQUIRE(out.items.size() == 40);
    for (std::size_t i = 0; i < 40; ++i) {
        const double want = std::fmax(xs.items[i].r * a - 1.0, 0.0) + static_cast<double>(i % 4 + 1);
        CHECK(out.items[i].r == doctest::Approx(want).epsilon(1e-15));
    }
    // Per component: *, -, fmax, + (the broadcasts and constructors are free).
    CHECK(operations.count() == 40 * 4);
    const Program neg = load(kPrograms, "negated", ScalarKind::Float, {{"n", Arith(6)}});
    const Value zs = randomValue(neg.body->params[0]->declaredType, 8);
    const Value negOut = interpret(neg.body, {zs});
    for (std::size_t i = 0; i < 6; ++i) CHECK(negOut.items[i].r == -zs.items[i].r);
}

TEST_CASE("vector misuse is refused with the place and the types") {
    auto error = [](const std::string& text, const std::string& def) -> std::string {
        try {
            load(text, def, ScalarKind::Float, {{"n", Arith(16)}});
        } catch (const Error& e) {
            return e.what();
        }
        return "no error";
    };
    CHECK(error("def d(n) = \\(xs: [real]n) => asVector(3) $ xs", "d").find("2, 4, 8 or 16") != std::string::npos);
    CHECK(error("def d(n) = \\(xs: [real]10) => asVector(4) $ xs", "d").find("divisible by 4") != std::string::npos);
    CHECK(error("def d(n) = \\(xs: [real]n) => asScalar $ xs", "d").find("asScalar needs an array of vectors") !=
          std::string::npos);
    CHECK(error("def d(n) = \\(xs: [int]n) => asVector(4) $ xs", "d").find("float or double") != std::string::npos);
    const std::string mixed = error("userfun f(a: real4, b: real2): real4 = a + b\n"
                                    "def d(n) = \\(xs: [real]n) => map(\\v => f(v, v)) o asVector(4) $ xs",
                                    "d");
    CHECK(mixed.find("vectors.lift:1:") != std::string::npos);
    CHECK(mixed.find("float4 and float2") != std::string::npos);
    CHECK(error("userfun f(a: real4): int = a < a\ndef d(n) = \\(xs: [real]n) => map(f) o asVector(4) $ xs", "d")
              .find("not defined on vectors") != std::string::npos);
}
