#include <doctest/doctest.h>

#include <string>

#include "runtime/error.hpp"
#include "runtime/size_expr.hpp"

using namespace liftcl::rt;

TEST_CASE("size expressions evaluate with nat values") {
    NatValues nats{{"n", 1024}, {"L", 16}, {"p", 4}};
    CHECK(evalSizeExpr("42", nats) == 42);
    CHECK(evalSizeExpr("16*n", nats) == 16384);
    CHECK(evalSizeExpr("n/4", nats) == 256);
    CHECK(evalSizeExpr("n / L * p", nats) == 256);  // left associative
    CHECK(evalSizeExpr("2 + 3 * 4", nats) == 14);     // precedence
    CHECK(evalSizeExpr("(2 + 3) * 4", nats) == 20);
    CHECK(evalSizeExpr("n - L - p", nats) == 1004);  // left associative
    CHECK(evalSizeExpr("n % 1000", nats) == 24);
    CHECK(evalSizeExpr("-p + 10", nats) == 6);
    CHECK(evalSizeExpr(" ( ( n ) ) ", nats) == 1024);
    CHECK(evalSizeExpr("n_2*3", {{"n_2", 7}}) == 21);
}

TEST_CASE("size expression division floors and modulo follows it") {
    NatValues none;
    CHECK(evalSizeExpr("7/2", none) == 3);
    CHECK(evalSizeExpr("-7/2", none) == -4);
    CHECK(evalSizeExpr("7/-2", none) == -4);
    CHECK(evalSizeExpr("-7/-2", none) == 3);
    CHECK(evalSizeExpr("-7%2", none) == 1);
    CHECK(evalSizeExpr("7%-2", none) == -1);
    CHECK(evalSizeExpr("-8/2", none) == -4);
    CHECK(evalSizeExpr("3/4", none) == 0);
}

TEST_CASE("size expression errors are clear") {
    NatValues nats{{"n", 8}, {"zero", 0}};
    CHECK_THROWS_WITH_AS(evalSizeExpr("16*m", nats), doctest::Contains("unknown name 'm'"), Error);
    CHECK_THROWS_WITH_AS(evalSizeExpr("n/zero", nats), doctest::Contains("division by zero"), Error);
    CHECK_THROWS_WITH_AS(evalSizeExpr("n%0", nats), doctest::Contains("division by zero"), Error);
    CHECK_THROWS_WITH_AS(evalSizeExpr("n*", nats), doctest::Contains("expression ends"), Error);
    CHECK_THROWS_WITH_AS(evalSizeExpr("(n+1", nats), doctest::Contains("expected ')'"), Error);
    CHECK_THROWS_WITH_AS(evalSizeExpr("n+1)", nats), doctest::Contains("unexpected ')'"), Error);
    CHECK_THROWS_WITH_AS(evalSizeExpr("n $ 2", nats), doctest::Contains("position 3"), Error);
    CHECK_THROWS_WITH_AS(evalSizeExpr("", nats), doctest::Contains("size expression ''"), Error);
    CHECK_THROWS_WITH_AS(evalSizeExpr("99999999999999999999", nats), doctest::Contains("too large"), Error);
    CHECK_THROWS_WITH_AS(evalSizeExpr("4611686018427387904*4", nats), doctest::Contains("overflow"), Error);
}

TEST_CASE("a parsed size expression lists its names") {
    SizeExpr expr = SizeExpr::parse("n/L*p + n");
    CHECK(expr.text() == "n/L*p + n");
    CHECK(expr.names() == std::vector<std::string>{"n", "L", "p"});
    CHECK(expr.evaluate({{"n", 64}, {"L", 4}, {"p", 2}}) == 96);
}
