// The typed builders and named accessors (ir/builders.hpp): what they build has the meaning of
// the primitives they name (the interpreter's values on a small array), prints with their .lift
// spelling, and a parameter is read under its name, never from another primitive.
#include <doctest/doctest.h>

#include "ir/builders.hpp"
#include "ir/interpreter.hpp"
#include "ir/printer.hpp"
#include "support/int_values.hpp"

using namespace liftcl;
using namespace liftcl::ir;

using liftcl::testing::ints;

namespace {

// The builder's program applied to one array.
Value run(const std::function<ExprP(const ExprP&)>& body, const Value& xs) {
    const ExprP x = makeParam("xs");
    return interpret(makeLambda({x}, body(x)), {xs});
}

}  // namespace

TEST_CASE("builders: the layout primitives mean what their .lift spelling means") {
    const Value xs = ints({3, 1, 4, 1, 5, 9});
    using namespace ir::build;
    CHECK(run([](const ExprP& x) { return join(map(map(id()), split(2, x))); }, xs) == xs);
    CHECK(run([](const ExprP& x) { return join(transpose(split(3, x))); }, xs) == ints({3, 1, 1, 5, 4, 9}));
    // join() and transpose() as functions, mapped over rows
    CHECK(run([](const ExprP& x) { return join(map(join(), split(1, split(2, x)))); }, xs) == xs);
    CHECK(run([](const ExprP& x) { return join(join(map(transpose(), split(1, split(3, x))))); }, xs) ==
          ints({3, 1, 4, 1, 5, 9}));
    CHECK(run([](const ExprP& x) { return pad(1, 2, PadMode::Wrap, x); }, xs) == ints({9, 3, 1, 4, 1, 5, 9, 3, 1}));
    CHECK(run([](const ExprP& x) { return pad(2, 0, PadMode::Mirror, x); }, xs) == ints({1, 3, 3, 1, 4, 1, 5, 9}));
    CHECK(run([](const ExprP& x) { return take(4, pad(0, 1, PadMode::Clamp, x)); }, xs) == ints({3, 1, 4, 1}));
    const Value pairs = run([](const ExprP& x) { return zip({x, take(6, pad(1, 0, PadMode::Clamp, x))}); }, xs);
    REQUIRE(pairs.items.size() == 6);
    CHECK(pairs.items[1].items[0] == Value::ofInt(1));
    CHECK(pairs.items[1].items[1] == Value::ofInt(3));
}

TEST_CASE("builders: print as the program they build") {
    using namespace ir::build;
    const ExprP x = makeParam("xs");
    CHECK(printExpr(pad(0, 1, PadMode::Wrap, split(4, x))) == "pad(0, 1, wrap, split(4, xs))");
    CHECK(printExpr(get(1, zip({x, take(3, x)}))) == "zip(xs, take(3, xs)).1");
    CHECK(printFun(mapGlb(1, id())) == "mapGlb(1)(id)");
}

TEST_CASE("builders: parameters read by name, and only from their primitive") {
    using namespace ir::build;
    const ExprP x = makeParam("xs");
    CHECK(dimension(*mapLcl(2, id())) == 2);
    CHECK(dimension(*mapLike(Prim::MapWrg, 1, id())) == 1);
    CHECK(padMode(*pad(1, 1, PadMode::Mirror, x)->fun) == PadMode::Mirror);
    CHECK(component(*get(1, x)->fun) == 1);
    CHECK(arity(*zip({x, x, x})->fun) == 3);
    CHECK_THROWS(dimension(*mapSeq(id())));       // a sequential map has no dimension
    CHECK_THROWS(padMode(*split(2, x)->fun));     // not a pad
    CHECK_THROWS(mapLike(Prim::Split, 0, id()));  // not a map
    CHECK_THROWS(memory(Prim::Map, id()));        // not toGlobal/toLocal/toPrivate
    CHECK(memory(Prim::ToLocal, id())->prim == Prim::ToLocal);
}
