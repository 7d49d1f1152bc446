// Unit tests of the Arith simplifier, bounds, printing; property tests against a reference
// evaluator over an unsimplified expression tree.
#include <doctest/doctest.h>

#include <functional>
#include <memory>
#include <random>

#include "ir/arith.hpp"
#include "ir/error.hpp"

using namespace liftcl::ir;
using liftcl::Error;

namespace {

Arith nat(const std::string& name) { return Arith::var(name, Arith(1)); }

}  // namespace

TEST_CASE("arith: constants fold") {
    CHECK((Arith(2) + Arith(3)).constant() == 5);
    CHECK((Arith(2) * Arith(3) - Arith(7)).constant() == -1);
    CHECK(intDiv(Arith(7), Arith(2)).constant() == 3);
    CHECK(intDiv(Arith(-7), Arith(2)).constant() == -4);
    CHECK(mod(Arith(-7), Arith(2)).constant() == 1);
    CHECK(pow(Arith(2), Arith(10)).constant() == 1024);
    CHECK(min(Arith(3), Arith(4)).constant() == 3);
    CHECK(max(Arith(3), Arith(4)).constant() == 4);
    CHECK(log(Arith(2), Arith(1024)).constant() == 10);
    CHECK(log(Arith(2), Arith(1023)).constant() == 9);
    CHECK(log(Arith(3), Arith(81)).constant() == 4);
    CHECK(exactDiv(Arith(12), Arith(4)).constant() == 3);
}

TEST_CASE("arith: sums of products are canonical") {
    Arith n = nat("n"), m = nat("m");
    CHECK(n * 2 == 2 * n);
    CHECK(2 * n + 3 * n == 5 * n);
    CHECK((n - n).constant() == 0);
    CHECK(n + m == m + n);
    CHECK((n + 1) * 4 == 4 * n + 4);
    CHECK((n + m) * (n - m) == n * n - m * m);
    CHECK(n * m * n == pow(n, Arith(2)) * m);
    CHECK(!(n == m));
    CHECK((n < m) != (m < n));
}

TEST_CASE("arith: exact division") {
    Arith n = nat("n"), m = nat("m"), L = nat("L"), p = nat("p");
    Arith i = Arith::var("i", Arith(0));
    CHECK(exactDiv(n, m) * m == n);
    CHECK(exactDiv(n, Arith(4)) * 4 == n);
    CHECK(exactDiv(exactDiv(n, L) * L, p) * p == n);
    CHECK(pow(p, i + 1) * pow(p, -(i + 1)) == Arith(1));
    CHECK(exactDiv(n, exactDiv(L, p)) == exactDiv(n * p, L));
    CHECK(pow(p, i) * p == pow(p, i + 1));
    CHECK(exactDiv(n, n) == Arith(1));
    CHECK(exactDiv(2 * n + 2, Arith(2)) == n + 1);
    CHECK(exactDiv(n, Arith(2)) + exactDiv(n, Arith(2)) == n);
    CHECK(exactDiv(n, m).evaluate({{"n", 12}, {"m", 4}}) == 3);
    CHECK_THROWS_AS(exactDiv(n, m).evaluate({{"n", 12}, {"m", 5}}), Error);
    CHECK_THROWS_AS(exactDiv(n, Arith(0)), Error);
    CHECK_THROWS_AS(exactDiv(Arith(8), Arith(3)).evaluate({}), Error);
}

TEST_CASE("arith: floor division and modulo with ranges") {
    Arith L = nat("L"), n = nat("n");
    Arith i = Arith::var("i", Arith(0), L);
    Arith j = Arith::var("j", Arith(0));
    CHECK(intDiv(j * L + i, L) == j);
    CHECK(mod(j * L + i, L) == i);
    Arith k = Arith::var("k", Arith(0), Arith(4));
    CHECK(intDiv(k, Arith(4)) == Arith(0));
    CHECK(mod(k, Arith(4)) == k);
    CHECK(intDiv(8 * j + k, Arith(4)) == 2 * j);
    CHECK(mod(8 * j + k + 5, Arith(4)) == mod(k + 1, Arith(4)));
    Arith q = Arith::var("q", Arith(0), exactDiv(n, Arith(4)));
    CHECK(mod(4 * q + k, n) == 4 * q + k);
    CHECK(intDiv(4 * q + k, n) == Arith(0));
    CHECK(intDiv(j, Arith(4)) * 4 + mod(j, Arith(4)) == j);
    CHECK(intDiv(j, L) * L + mod(j, L) == j);
    CHECK(intDiv(intDiv(j, Arith(2)), Arith(4)) == intDiv(j, Arith(8)));
    CHECK_THROWS_AS(intDiv(j, Arith(0)), Error);
    CHECK_THROWS_AS(mod(j, Arith(0)), Error);
}

TEST_CASE("arith: powers of two and logs") {
    Arith i = Arith::var("i", Arith(0));
    Arith p = nat("p"), n = nat("n");
    CHECK(Arith(1024).log2IfPowerOfTwo() == Arith(10));
    CHECK(!Arith(12).log2IfPowerOfTwo());
    CHECK(pow(Arith(2), i).log2IfPowerOfTwo() == i);
    CHECK(pow(Arith(2), i + 1).log2IfPowerOfTwo() == i + 1);
    CHECK(pow(Arith(2), i + 1) == 2 * pow(Arith(2), i));
    CHECK(!n.log2IfPowerOfTwo());
    CHECK(log(p, pow(p, i)) == i);
    CHECK(log(p, p) == Arith(1));
    CHECK(log(Arith(2), pow(Arith(2), i + 3)) == i + 3);
    CHECK_THROWS_AS(log(Arith(1), n), Error);
}

TEST_CASE("arith: bounds and proofs") {
    Arith n = nat("n");
    Arith i = Arith::var("i", Arith(0), exactDiv(n, Arith(4)));
    CHECK(i.maxValue() == exactDiv(n, Arith(4)) - 1);
    CHECK(i.minValue() == Arith(0));
    CHECK(n.minValue() == Arith(1));
    CHECK(!n.maxValue());
    CHECK(i.provablyLess(exactDiv(n, Arith(4))));
    CHECK(!i.provablyLess(exactDiv(n, Arith(4)) - 1));
    CHECK(n.provablyPositive());
    CHECK(i.provablyNonNegative());
    CHECK(!i.provablyPositive());
    Arith k = Arith::var("k", Arith(0), Arith(8));
    CHECK(k.maxConstant() == 7);
    CHECK(k.minConstant() == 0);
    CHECK((3 * k + 2).maxConstant() == 23);
    CHECK((2 - k).minConstant() == -5);
    CHECK(!n.maxConstant());
    CHECK(Arith(8).provablyNotDivisibleBy(Arith(3)));
    CHECK(!Arith(9).provablyNotDivisibleBy(Arith(3)));
    CHECK(Arith(9).provablyDivisibleBy(Arith(3)));
    CHECK((4 * n).provablyDivisibleBy(Arith(2)));
    CHECK((2 * n + 1).provablyNotDivisibleBy(Arith(2)));
    CHECK(!n.provablyNotDivisibleBy(Arith(2)));
    CHECK(!n.provablyDivisibleBy(Arith(2)));
    CHECK(n.provablyDivisibleBy(exactDiv(n, Arith(4))));
}

TEST_CASE("arith: printing as .lift") {
    Arith n = nat("n"), L = nat("L"), p = nat("p");
    Arith i = Arith::var("i", Arith(0));
    CHECK(Arith(5).toString() == "5");
    CHECK((n + 1).toString() == "n + 1");
    CHECK((n - 1).toString() == "n - 1");
    CHECK((2 * n).toString() == "2*n");
    CHECK(exactDiv(n, L).toString() == "n/L");
    CHECK(exactDiv(n * p, L).toString() == "n*p/L");
    CHECK(exactDiv(n, L * p).toString() == "n/(L*p)");
    CHECK(pow(p, i + 1).toString() == "p^(i + 1)");
    CHECK(intDiv(i, n).toString() == "div(i, n)");
    CHECK(mod(i, n).toString() == "i % n");
    CHECK(min(n, L).toString() == "min(L, n)");
    CHECK(log(p, n).toString() == "log(p, n)");
    CHECK((3 * mod(i, n)).toString() == "3*(i % n)");
    CHECK(pow(n + 1, Arith(9)).toString() == "(n + 1)^9");
}

TEST_CASE("arith: printing as OpenCL C") {
    Arith n = nat("n"), L = nat("L");
    Arith i = Arith::var("i", Arith(0));
    CHECK(intDiv(i, Arith(8)).toC() == "(i >> 3)");
    CHECK(mod(i, Arith(8)).toC() == "(i & 7)");
    CHECK(intDiv(i, n).toC() == "i / n");
    CHECK(mod(i, n).toC() == "i % n");
    CHECK(exactDiv(n, L).toC() == "n / L");
    CHECK((i * exactDiv(n, L) + 1).toC() == "(i * n) / L + 1");
    CHECK(pow(Arith(2), i).toC() == "(1 << (i))");
    CHECK(pow(n, Arith(3)).toC() == "n * n * n");
}
