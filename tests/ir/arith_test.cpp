// Unit tests of the Arith simplifier, bounds, printing; property tests against a reference
// evaluator over an unsimplified expression tree.
#include <doctest/doctest.h>

#include <functional>
#include <memory>
#include <cstdio>
#include <cstdlib>
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
    CHECK(exactDiv(L * (m + 1), m + 1) == L);
    CHECK(exactDiv(2 * m + 4, m + 2) == Arith(2));
    CHECK(exactDiv(m + 2, 2 * m + 4) == exactDiv(Arith(1), Arith(2)));
    CHECK(exactDiv(n * m + 2 * n, m + 2) == n);
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

TEST_CASE("arith: a bounded negative remainder is shifted, not turned into large coefficients") {
    // (-k - 1) mod 65537 for k < 65536 is 65536 - k; reduced coefficient by coefficient it would be
    // 65536 k + 65536, whose product overflows a 32-bit index (a 131072-point C2R read wrong values).
    Arith k = Arith::var("k", Arith(0), Arith(65536));
    const Arith mirrored = mod(Arith(-1) - k, Arith(65537));
    CHECK(mirrored == Arith(65536) - k);
    CHECK(mirrored.maxConstant() == 65536);
    for (std::int64_t v : {0, 1, 12345, 65535}) CHECK(mirrored.evaluate({{"k", v}}) == 65536 - v);
    // Wider: (-k) mod 1000 for k < 65536 keeps k's coefficient and adds a multiple of 1000.
    const Arith wide = mod(Arith(0) - k, Arith(1000));
    for (std::int64_t v : {0, 1, 999, 1000, 65535}) CHECK(wide.evaluate({{"k", v}}) == (1000 - v % 1000) % 1000);
    INFO(wide.toC());
    CHECK(wide.toC().find("999 *") == std::string::npos);
    // An unbounded index is still reduced to non-negative coefficients.
    Arith j = Arith::var("j", Arith(0));
    CHECK(mod(Arith(0) - j, Arith(7)) == mod(6 * j, Arith(7)));
}

TEST_CASE("arith: divisibility known from the ranges of indices") {
    Arith n = nat("n"), L = nat("L"), p = nat("p");
    Arith i = Arith::var("i", Arith(0), exactDiv(n, L));
    Arith j = Arith::var("j", Arith(0), exactDiv(L, p));
    Arith k = Arith::var("k", Arith(0), p);
    Arith x = (i * exactDiv(L, p) + j) * p + k;
    CHECK(x == L * i + p * j + k);
    CHECK(intDiv(x, L) == i);
    CHECK(mod(x, L) == p * j + k);
    CHECK(intDiv(x, p) == j + i * exactDiv(L, p));
    CHECK(mod(x, p) == k);
    CHECK((p * j + k).maxValue() == L - 1);
    // Without an index over [0, L/p), L*i/p is not known to be an integer.
    Arith i2 = Arith::var("i2", Arith(0));
    CHECK(intDiv(L * i2, p) != exactDiv(L * i2, p));
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

// ---- property tests ----

namespace {

// A test-only expression tree, evaluated without any simplification.
struct Ref {
    enum Op { Cst, Var, Add, Sub, Mul, ExactDiv, IntDiv, Mod, Pow, Min, Max, Log } op;
    std::int64_t value = 0;
    std::string name;
    std::vector<std::shared_ptr<Ref>> kids;
};
using RefP = std::shared_ptr<Ref>;

struct Undefined {};
__extension__ typedef __int128 Wide;  // the reference value does not exist (inexact division, overflow, ...)

std::int64_t checked(Wide v) {
    if (v > (static_cast<Wide>(1) << 40) || v < -(static_cast<Wide>(1) << 40)) throw Undefined{};
    return static_cast<std::int64_t>(v);
}

std::int64_t floorDivRef(std::int64_t a, std::int64_t b) {
    if (b == 0) throw Undefined{};
    std::int64_t q = a / b;
    if (q * b != a && ((a < 0) != (b < 0))) --q;
    return q;
}

std::int64_t refEval(const RefP& e, const Valuation& v) {
    auto k = [&](std::size_t i) { return refEval(e->kids[i], v); };
    switch (e->op) {
        case Ref::Cst: return e->value;
        case Ref::Var: return v.at(e->name);
        case Ref::Add: return checked(static_cast<Wide>(k(0)) + k(1));
        case Ref::Sub: return checked(static_cast<Wide>(k(0)) - k(1));
        case Ref::Mul: return checked(static_cast<Wide>(k(0)) * k(1));
        case Ref::ExactDiv: {
            std::int64_t a = k(0), b = k(1);
            if (b == 0 || a % b != 0) throw Undefined{};
            return a / b;
        }
        case Ref::IntDiv: return floorDivRef(k(0), k(1));
        case Ref::Mod: {
            std::int64_t a = k(0), b = k(1);
            return a - b * floorDivRef(a, b);
        }
        case Ref::Pow: {
            std::int64_t b = k(0), x = k(1);
            if (x < 0) throw Undefined{};
            Wide r = 1;
            for (std::int64_t i = 0; i < x; ++i) r = checked(r * b);
            return static_cast<std::int64_t>(r);
        }
        case Ref::Min: return std::min(k(0), k(1));
        case Ref::Max: return std::max(k(0), k(1));
        case Ref::Log: {
            std::int64_t b = k(0), x = k(1);
            if (b < 2 || x < 1) throw Undefined{};
            std::int64_t r = 0;
            for (Wide p = b; p <= x; p *= b) ++r;
            return r;
        }
    }
    throw Undefined{};
}

Arith build(const RefP& e, const std::map<std::string, Arith>& vars) {
    auto k = [&](std::size_t i) { return build(e->kids[i], vars); };
    switch (e->op) {
        case Ref::Cst: return Arith(e->value);
        case Ref::Var: return vars.at(e->name);
        case Ref::Add: return k(0) + k(1);
        case Ref::Sub: return k(0) - k(1);
        case Ref::Mul: return k(0) * k(1);
        case Ref::ExactDiv: return exactDiv(k(0), k(1));
        case Ref::IntDiv: return intDiv(k(0), k(1));
        case Ref::Mod: return mod(k(0), k(1));
        case Ref::Pow: return pow(k(0), k(1));
        case Ref::Min: return min(k(0), k(1));
        case Ref::Max: return max(k(0), k(1));
        case Ref::Log: return log(k(0), k(1));
    }
    return Arith(0);
}

std::string show(const RefP& e) {
    static const char* names[] = {"", "", "+", "-", "*", "/", "div", "%", "^", "min", "max", "log"};
    if (e->op == Ref::Cst) return std::to_string(e->value);
    if (e->op == Ref::Var) return e->name;
    return std::string("(") + names[e->op] + " " + show(e->kids[0]) + " " + show(e->kids[1]) + ")";
}

class Generator {
public:
    explicit Generator(std::uint32_t seed) : rng_(seed) {}

    std::uint32_t pick(std::uint32_t n) { return rng_() % n; }

    RefP leaf() {
        if (pick(3) == 0) return cst(static_cast<std::int64_t>(pick(12)) - 2);
        static const char* vars[] = {"n", "L", "i", "j", "k", "t", "u", "w"};
        return var(vars[pick(8)]);
    }
    // A divisor that is positive for every valuation.
    RefP positive(int depth) {
        switch (pick(6)) {
            case 0: return cst(1 + pick(8));
            case 1: return cst(std::int64_t{1} << pick(5));
            case 2: return var(pick(2) ? "n" : "L");
            case 3: return node(Ref::Pow, cst(2), var("t"));
            case 4: return node(Ref::Add, var("j"), cst(1 + pick(3)));
            default: return depth > 0 ? node(Ref::Mul, positive(depth - 1), positive(depth - 1)) : var("L");
        }
    }
    RefP expr(int depth) {
        if (depth == 0) return leaf();
        switch (pick(14)) {
            case 0: case 1: return node(Ref::Add, expr(depth - 1), expr(depth - 1));
            case 2: return node(Ref::Sub, expr(depth - 1), expr(depth - 1));
            case 3: case 4: return node(Ref::Mul, expr(depth - 1), expr(depth - 1));
            case 5: {
                RefP d = positive(1);
                return node(Ref::ExactDiv, pick(2) ? node(Ref::Mul, expr(depth - 1), d) : expr(depth - 1), d);
            }
            case 6: case 7: return node(Ref::IntDiv, expr(depth - 1), positive(1));
            case 8: case 9: return node(Ref::Mod, expr(depth - 1), positive(1));
            case 10: return node(Ref::Pow, expr(depth - 1), cst(pick(3)));
            case 11: return node(Ref::Min, expr(depth - 1), expr(depth - 1));
            case 12: return node(Ref::Max, expr(depth - 1), expr(depth - 1));
            default: return node(Ref::Log, cst(2 + pick(2)), node(Ref::Add, positive(1), expr(depth - 1)));
        }
    }
    // Index-like expressions: non-negative sums of scaled indices, divided and reduced.
    RefP index(int depth) {
        if (depth == 0) {
            if (pick(4) == 0) return cst(pick(6));
            static const char* vars[] = {"i", "j", "k", "t", "n", "L", "u", "w"};
            return var(vars[pick(8)]);
        }
        switch (pick(6)) {
            case 0: return node(Ref::Add, index(depth - 1), index(depth - 1));
            case 1: return node(Ref::Add, node(Ref::Mul, index(depth - 1), positive(0)), index(depth - 1));
            case 2: return node(Ref::IntDiv, index(depth - 1), positive(1));
            case 3: return node(Ref::Mod, index(depth - 1), positive(1));
            case 4: {
                RefP d = positive(0);
                return node(Ref::ExactDiv, node(Ref::Mul, index(depth - 1), d), d);
            }
            default: return node(Ref::Mul, index(depth - 1), index(depth - 1));
        }
    }
    Valuation valuation() {
        Valuation v;
        // n and L are multiples of 4 and 2: the ranges of u and w divide them exactly.
        v["n"] = 4 * (1 + pick(10));
        v["L"] = 2 * (1 + pick(8));
        v["i"] = pick(static_cast<std::uint32_t>(v["L"]));
        v["j"] = pick(8);
        v["k"] = pick(static_cast<std::uint32_t>(v["n"]));
        v["t"] = pick(4);
        v["u"] = pick(static_cast<std::uint32_t>(v["n"] / 4));
        v["w"] = pick(static_cast<std::uint32_t>(v["L"] / 2));
        return v;
    }

private:
    static RefP cst(std::int64_t c) { return std::make_shared<Ref>(Ref{Ref::Cst, c, "", {}}); }
    static RefP var(const char* n) { return std::make_shared<Ref>(Ref{Ref::Var, 0, n, {}}); }
    static RefP node(Ref::Op op, RefP a, RefP b) {
        return std::make_shared<Ref>(Ref{op, 0, "", {std::move(a), std::move(b)}});
    }
    std::mt19937 rng_;
};

std::map<std::string, Arith> testVariables() {
    Arith n = Arith::var("n", Arith(1)), L = Arith::var("L", Arith(1));
    return {{"n", n},
            {"L", L},
            {"i", Arith::var("i", Arith(0), L)},
            {"j", Arith::var("j", Arith(0), Arith(8))},
            {"k", Arith::var("k", Arith(0), n)},
            {"t", Arith::var("t", Arith(0), Arith(4))},
            {"u", Arith::var("u", Arith(0), exactDiv(n, Arith(4)))},
            {"w", Arith::var("w", Arith(0), exactDiv(L, Arith(2)))}};
}

struct PropertyStats {
    int checked = 0, undefined = 0;
};

void checkProperty(const RefP& r, const std::map<std::string, Arith>& vars, Generator& gen,
                   PropertyStats& stats) {
    Arith e;
    try {
        e = build(r, vars);
    } catch (const Error& err) {
        // Only constant folding of an undefined operation may fail (log of a constant < 1).
        bool undefinedEverywhere = true;
        for (int s = 0; s < 4; ++s) {
            try {
                refEval(r, gen.valuation());
                undefinedEverywhere = false;
            } catch (const Undefined&) {
            }
        }
        INFO("expr: " << show(r) << " error: " << err.what());
        CHECK(undefinedEverywhere);
        return;
    }
    std::optional<std::int64_t> lo = e.minConstant(), hi = e.maxConstant();
    bool nonNeg = e.provablyNonNegative(), pos = e.provablyPositive();
    for (int s = 0; s < 6; ++s) {
        Valuation v = gen.valuation();
        std::int64_t expected;
        try {
            expected = refEval(r, v);
        } catch (const Undefined&) {
            ++stats.undefined;
            continue;
        }
        INFO("expr: " << show(r) << "  simplified: " << e.toString());
        INFO("n=" << v["n"] << " L=" << v["L"] << " i=" << v["i"] << " j=" << v["j"] << " k=" << v["k"]
                  << " t=" << v["t"] << " u=" << v["u"] << " w=" << v["w"]);
        std::int64_t got = 0;
        CHECK_NOTHROW(got = e.evaluate(v));
        CHECK(got == expected);
        if (lo) CHECK(*lo <= expected);
        if (hi) CHECK(expected <= *hi);
        if (nonNeg) CHECK(expected >= 0);
        if (pos) CHECK(expected > 0);
        std::map<std::string, Arith> consts;
        for (const auto& [name, value] : v) consts[name] = Arith(value);
        CHECK(e.substitute(consts) == Arith(expected));
        ++stats.checked;
    }
}

}  // namespace

TEST_CASE("arith property: simplified expressions evaluate like the unsimplified reference") {
    auto vars = testVariables();
    PropertyStats stats;
    for (std::uint32_t seed = 1; seed <= 3000; ++seed) {
        Generator gen(seed);
        RefP r = gen.expr(1 + static_cast<int>(gen.pick(4)));
        if (std::getenv("ARITH_TRACE")) fprintf(stderr, "seed %u: %s\n", seed, show(r).c_str());
        checkProperty(r, vars, gen, stats);
    }
    MESSAGE("checked " << stats.checked << " valuations, " << stats.undefined << " undefined");
    CHECK(stats.checked > 4000);
}

TEST_CASE("arith property: index expressions") {
    auto vars = testVariables();
    PropertyStats stats;
    for (std::uint32_t seed = 1; seed <= 3000; ++seed) {
        Generator gen(seed * 7919u);
        RefP r = gen.index(1 + static_cast<int>(gen.pick(4)));
        checkProperty(r, vars, gen, stats);
    }
    CHECK(stats.checked > 6000);
}

TEST_CASE("arith property: equal expressions built differently compare equal") {
    auto vars = testVariables();
    for (std::uint32_t seed = 1; seed <= 500; ++seed) {
        Generator gen(seed * 31u);
        Arith a, b, c;
        try {
            a = build(gen.expr(2), vars);
            b = build(gen.expr(2), vars);
            c = build(gen.expr(1), vars);
        } catch (const Error&) {
            continue;  // a constant log argument < 1
        }
        INFO("a=" << a.toString() << " b=" << b.toString() << " c=" << c.toString());
        CHECK(a + b == b + a);
        CHECK(a * b == b * a);
        CHECK((a + b) + c == a + (b + c));
        CHECK((a * b) * c == a * (b * c));
        CHECK(a - a == Arith(0));
        CHECK(c * (a + b) == c * a + c * b);
        CHECK(exactDiv(a * vars.at("n"), vars.at("n")) == a);
        CHECK((a < b) + (b < a) + (a == b) == 1);
    }
}
