// Tests of type construction, equality, printing and sizes.
#include <doctest/doctest.h>

#include "ir/error.hpp"
#include "ir/type.hpp"

using namespace liftcl::ir;

TEST_CASE("type: printing") {
    Arith n = Arith::var("n", Arith(1)), L = Arith::var("L", Arith(1));
    TypeP f = Type::scalarOf(ScalarKind::Float);
    TypeP d = Type::scalarOf(ScalarKind::Double);
    TypeP i = Type::scalarOf(ScalarKind::Int);
    CHECK(typeToString(f) == "float");
    CHECK(typeToString(d) == "double");
    CHECK(typeToString(i) == "int");
    CHECK(typeToString(Type::complexOf(ScalarKind::Double)) == "complex");
    CHECK(typeToString(Type::tupleOf({f, f})) == "complex");
    CHECK(typeToString(Type::tupleOf({f, d})) == "{float, double}");
    CHECK(typeToString(Type::tupleOf({i, i})) == "{int, int}");
    CHECK(typeToString(Type::arrayOf(Type::complexOf(ScalarKind::Float), n)) == "[complex]n");
    CHECK(typeToString(Type::arrayOf(f, Arith(8))) == "[float]8");
    CHECK(typeToString(Type::arrayOf(Type::arrayOf(f, Arith(4)), exactDiv(n, Arith(4)))) ==
          "[[float]4](n/4)");
    CHECK(typeToString(Type::arrayOf(d, exactDiv(n, L))) == "[double](n/L)");
    CHECK(typeToString(Type::functionOf({f, i}, d)) == "(float, int) -> double");
    TypeP a = Type::freshVar(), b = Type::freshVar();
    CHECK(typeToString(a).front() == '\'');
    CHECK(typeToString(a) != typeToString(b));
    CHECK_THROWS_AS(Type::complexOf(ScalarKind::Int), liftcl::Error);
}

TEST_CASE("type: equality uses simplified lengths") {
    Arith n = Arith::var("n", Arith(1)), m = Arith::var("m", Arith(1));
    TypeP f = Type::scalarOf(ScalarKind::Float);
    CHECK(typesEqual(Type::arrayOf(f, n * 2), Type::arrayOf(f, 2 * n)));
    CHECK(typesEqual(Type::arrayOf(f, exactDiv(n, m) * m), Type::arrayOf(f, n)));
    CHECK(!typesEqual(Type::arrayOf(f, n), Type::arrayOf(f, m)));
    CHECK(!typesEqual(Type::arrayOf(f, n), Type::arrayOf(Type::scalarOf(ScalarKind::Double), n)));
    CHECK(typesEqual(Type::complexOf(ScalarKind::Float),
                     Type::tupleOf({f, Type::scalarOf(ScalarKind::Float)})));
    CHECK(!typesEqual(Type::tupleOf({f}), Type::tupleOf({f, f})));
    TypeP a = Type::freshVar();
    CHECK(typesEqual(a, a));
    CHECK(!typesEqual(a, Type::freshVar()));
    CHECK(typesEqual(Type::functionOf({f}, f), Type::functionOf({f}, f)));
    CHECK(!typesEqual(Type::functionOf({f}, f), Type::functionOf({f, f}, f)));
}

TEST_CASE("type: sizes and substitution") {
    Arith n = Arith::var("n", Arith(1));
    TypeP c = Type::complexOf(ScalarKind::Double);
    CHECK(typeSizeInBytes(c).constant() == 16);
    CHECK(typeSizeInBytes(Type::complexOf(ScalarKind::Float)).constant() == 8);
    CHECK(typeSizeInBytes(Type::scalarOf(ScalarKind::Int)).constant() == 4);
    TypeP arr = Type::arrayOf(Type::arrayOf(c, Arith(4)), exactDiv(n, Arith(4)));
    CHECK(typeSizeInBytes(arr) == 16 * n);
    TypeP concrete = substituteLengths(arr, {{"n", Arith(64)}});
    CHECK(typeToString(concrete) == "[[complex]4]16");
    CHECK(typeSizeInBytes(concrete).constant() == 1024);
    CHECK_THROWS_AS(typeSizeInBytes(Type::freshVar()), liftcl::Error);
    CHECK_THROWS_AS(typeSizeInBytes(Type::functionOf({c}, c)), liftcl::Error);
}
