// The scalar sublanguage of user functions (ir/scalar_fun.hpp): the interpreter's results against
// the same formulas written in C++, C's typing rules, and located errors for bad functions.
#include <doctest/doctest.h>

#include <cmath>

#include "ir/elaborate.hpp"
#include "ir/interpreter.hpp"
#include "ir/parser.hpp"
#include "ir/scalar_fun.hpp"
#include "ir/typecheck.hpp"
#include "ir/userfun.hpp"
#include "support/program_text.hpp"

using namespace liftcl;
using namespace liftcl::ir;

namespace {

Program load(const std::string& text, const std::string& def, ScalarKind precision = ScalarKind::Double,
             std::map<std::string, Arith> nats = {}) {
    return testing::loadProgramText(text, def, precision, std::move(nats));
}

std::vector<double> reals(const Value& v) {
    std::vector<double> out;
    for (const auto& x : v.items) out.push_back(x.kind == Value::Kind::Int ? static_cast<double>(x.i) : x.r);
    return out;
}

const char* kFunctions = R"(
userfun smoothAbs(x: real): real =
    let a = fabs(x) in
    if a < 0.5 && x != 0.25 then a * a + 0.25 else a
userfun bucket(x: real): int = int(floor(x * 4.0)) % 3
userfun mixed(x: real, k: int): real = if !(k > 1) || x >= 0.0 then real(k) / 2.0 + x else pow(x, 2.0)
userfun polar(x: real): {real, real} = {hypot(x, 1.0), atan2(x, 1.0)}
userfun sumPolar(x: real): real = let p = polar(x) in p.0 + p.1 + rsqrt(2.0 + x)
def all(n) = \(xs: [real]n) =>
    map(\x => {smoothAbs(x), bucket(x + 2.0), mixed(x, bucket(x + 2.0)), sumPolar(x), exp(x)}) $ xs
def direct(n) = \(xs: [real]n) => map(\x => fmax(sqrt(fabs(x)), cos(x))) $ xs
)";

}  // namespace

TEST_CASE("user functions of the scalar sublanguage evaluate as the same formulas in C++") {
    const Program p = load(kFunctions, "all", ScalarKind::Double, {{"n", Arith(64)}});
    const TypeP in = p.body->params[0]->declaredType;
    const Value xs = randomValue(in, 7);
    const Value out = interpret(p.body, {xs});
    REQUIRE(out.items.size() == 64);
    for (std::size_t k = 0; k < 64; ++k) {
        const double x = xs.items[k].r;
        CAPTURE(x);
        const double a = std::fabs(x);
        const double smooth = a < 0.5 && x != 0.25 ? a * a + 0.25 : a;
        const long b = static_cast<long>(std::floor((x + 2.0) * 4.0)) % 3;
        const double mixed = (!(b > 1) || x >= 0.0) ? static_cast<double>(b) / 2.0 + x : std::pow(x, 2.0);
        const double polar = std::hypot(x, 1.0) + std::atan2(x, 1.0) + 1.0 / std::sqrt(2.0 + x);
        const std::vector<double> got = reals(out.items[k]);
        CHECK(got[0] == doctest::Approx(smooth).epsilon(1e-15));
        CHECK(out.items[k].items[1].kind == Value::Kind::Int);
        CHECK(got[1] == static_cast<double>(b));
        CHECK(got[2] == doctest::Approx(mixed).epsilon(1e-15));
        CHECK(got[3] == doctest::Approx(polar).epsilon(1e-15));
        CHECK(got[4] == doctest::Approx(std::exp(x)).epsilon(1e-15));
    }
}

TEST_CASE("the math library is usable directly in lambdas and computes in float for f32") {
    const Program p = load(kFunctions, "direct", ScalarKind::Float, {{"n", Arith(32)}});
    const Value xs = randomValue(p.body->params[0]->declaredType, 3);
    const Value out = interpret(p.body, {xs});
    for (std::size_t k = 0; k < 32; ++k) {
        const float x = static_cast<float>(xs.items[k].r);
        const float expected = std::fmax(std::sqrt(std::fabs(x)), std::cos(x));
        CHECK(static_cast<float>(out.items[k].r) == doctest::Approx(expected).epsilon(1e-6));
    }
}

TEST_CASE("integer arithmetic in user functions wraps like OpenCL's int and refuses division by zero") {
    const char* text = R"(
userfun wrap(x: int): int = x * 65536 * 65536 + x / 2 - (0 - x) % 3
userfun divide(x: int): int = 7 / (x - x)
def w(n) = \(xs: [int]n) => map(wrap) $ xs
def d(n) = \(xs: [int]n) => map(divide) $ xs
)";
    const Program w = load(text, "w", ScalarKind::Double, {{"n", Arith(3)}});
    const Value xs = Value::array({Value::ofInt(5), Value::ofInt(-7), Value::ofInt(123456)});
    const Value out = interpret(w.body, {xs});
    for (std::size_t k = 0; k < 3; ++k) {
        const std::int32_t x = static_cast<std::int32_t>(xs.items[k].i);
        // x * 2^32 wraps to 0 in 32 bits; C's / and % truncate toward zero.
        CHECK(out.items[k].i == x / 2 - (0 - x) % 3);
    }
    const Program d = load(text, "d", ScalarKind::Double, {{"n", Arith(3)}});
    CHECK_THROWS_WITH_AS(interpret(d.body, {xs}), doctest::Contains("integer division by zero"), Error);
}

TEST_CASE("bad user functions are refused with the place and the reason") {
    auto refuses = [](const std::string& text, const std::string& def, const std::string& what) {
        CAPTURE(text);
        CHECK_THROWS_WITH_AS(load(text, def), doctest::Contains(what.c_str()), Error);
    };
    const std::string use = "\ndef main(n) = \\(xs: [real]n) => map(f) $ xs\n";
    refuses("userfun f(x: real): real = y * 2.0" + use, "main", "test.lift:1:28: error: user function 'f': unknown name 'y'");
    refuses("userfun f(x: real): int = x * 2.0" + use, "main", "expected int (convert explicitly with int(...))");
    refuses("userfun f(x: real): real = x % 2.0" + use, "main", "use fmod(a, b) for reals");
    refuses("userfun f(x: real): real = 1.0 + (let y = x in y)" + use, "main", "a let binding must begin");
    refuses("userfun f(x: real): real = f(x)" + use, "main", "calls itself");
    refuses("userfun f(x: real): real = sqrt(x, x)" + use, "main", "sqrt expects 1 argument, found 2");
    refuses("userfun f(x): real = x" + use, "main", "needs a type");
    refuses("userfun add(x: real): real = x\ndef main(n) = \\(xs: [real]n) => map(add) $ xs", "main", "has the name of a built-in");
    refuses("userfun f(x: real): real = if x then {x, x} else {x, x}" + use, "main", "the result is complex, expected double");
    refuses("def main(n) = \\(xs: [[real]n]n) => map(\\x => x * 2.0) $ xs", "main", "expects double, found [double]n");
    refuses("def main(n) = \\(xs: [real]n) => map(\\x => split(2) o x * 2.0) $ xs", "main", "only allowed on nats and inside user functions");
}

TEST_CASE("user functions print and parse back to the same module") {
    const Module m = parseModule(kFunctions, "test.lift");
    REQUIRE(m.userFuns.size() == 5);
    CHECK(m.findUserFun("bucket") != nullptr);
}

TEST_CASE("the interpreter counts real operations: + - * / and math calls, not comparisons or ints") {
    const char* text = R"(
userfun axpy(a: real, x: real, y: real): real = a * x + y
userfun clipped(x: real, k: int): real = if x * 2.0 > 1.0 then sqrt(x) else real(k * 3 + 1) - x
def dot(n) = \(xs: [real]n, ys: [real]n) => reduce(add, 0.0) o map(\t => t.0 * t.1) $ zip(xs, ys)
def both(n) = \(xs: [real]n) => map(\x => {axpy(2.0, x, 1.0), clipped(x, 5)}) $ xs
)";
    const Program dot = load(text, "dot", ScalarKind::Double, {{"n", Arith(100)}});
    const Value xs = randomValue(dot.body->params[0]->declaredType, 1);
    {
        RealOperationCounter outer;
        RealOperationCounter counter;
        interpret(dot.body, {xs, xs});
        CHECK(counter.count() == 200);  // 100 products, 100 additions (the first onto 0.0)
        CHECK(outer.count() == 0);      // the innermost counter counts
    }
    const Program both = load(text, "both", ScalarKind::Double, {{"n", Arith(64)}});
    const Value ys = randomValue(both.body->params[0]->declaredType, 2);
    RealOperationCounter counter;
    interpret(both.body, {ys});
    // axpy: 2 each; clipped: the comparison's operand x * 2.0 (1), then sqrt (1) or one subtraction
    // (the int arithmetic and the conversion are free).
    CHECK(counter.count() == 64 * 2 + 64 * 2);
}
