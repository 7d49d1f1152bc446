// The syntax builders (ir/syntax_builders.hpp): a definition built with them elaborates to the
// program its .lift text parses to, prints as that text, and parses back from its print.
#include <doctest/doctest.h>

#include "ir/elaborate.hpp"
#include "ir/interpreter.hpp"
#include "ir/parser.hpp"
#include "ir/printer.hpp"
#include "ir/syntax_builders.hpp"
#include "ir/syntax_printer.hpp"

using namespace liftcl;
using namespace liftcl::ir;

namespace {

// def halve(n) = \(xs: [real]n) => join o map(map(\x => mul(x, -0.5))) o split(2) $ xs, built.
Definition builtHalve() {
    using namespace ir::syn;
    const SyntaxP scaled = lambda("x", call("mul", {name("x"), real(-0.5)}));
    const SyntaxP body = apply(compose({name("join"), call("map", {call("map", {scaled})}), call("split", {nat(2)})}),
                               name("xs"));
    return definition("halve", {"n"}, lambda("xs", arrayType(namedType("real"), name("n")), body));
}

const char* const kHalveText = "def halve(n) = \\(xs: [real]n) => join o map(map(\\x => mul(x, -0.5))) o split(2) $ xs\n";

Program elaborated(const Definition& definition) {
    Module module;
    module.definitions.push_back(definition);
    ElaborateOptions options;
    options.natValues = {{"n", Arith(6)}};
    return elaborateDefinition(module, definition.name, options);
}

}  // namespace

TEST_CASE("syntax builders: a built definition elaborates as its parsed text and computes it") {
    const Program built = elaborated(builtHalve());
    const Module parsed = parseModule(kHalveText, "halve.lift");
    const Program fromText = elaborated(parsed.definitions.at(0));
    CHECK(printProgram(built) == printProgram(fromText));
    Value xs = Value::array({Value::ofReal(2), Value::ofReal(-4), Value::ofReal(1), Value::ofReal(8), Value::ofReal(-6),
                             Value::ofReal(3)});
    const Value halved = interpret(built.body, {xs});
    REQUIRE(halved.items.size() == 6);
    CHECK(halved.items[0].r == -1.0);
    CHECK(halved.items[1].r == 2.0);
    CHECK(halved.items[3].r == -4.0);
    CHECK(halved.items[5].r == -1.5);
}

TEST_CASE("syntax builders: print as .lift and parse back") {
    const std::string printed = printDefinition(builtHalve());
    CHECK(printDefinition(parseModule(printed, "printed.lift").definitions.at(0)) == printed);
    CHECK(printDefinition(parseModule(kHalveText, "halve.lift").definitions.at(0)) == printed);
}

TEST_CASE("syntax builders: compositions splice, literals and iterate read as parsed") {
    using namespace ir::syn;
    // a composition inside a composition is one chain, as `f o g o h` parses
    const SyntaxP nested = compose({name("f"), compose({name("g"), name("h")})});
    CHECK(nested->items.size() == 3);
    CHECK(printSyntax(nested) == printSyntax(parseExpression("f o g o h")));
    CHECK(printSyntax(compose({name("f")})) == "f");
    CHECK(printSyntax(real(2.0)) == "2.0");
    CHECK(printSyntax(real(-0.5)) == printSyntax(parseExpression("-0.5")));
    CHECK(printSyntax(tuple({real(0.0), real(1.0)})) == printSyntax(parseExpression("{0.0, 1.0}")));
    CHECK(printSyntax(iterate("i", nat(3), call("f", {binary(name("i"), "+", nat(1))}))) ==
          printSyntax(parseExpression("iterate[i](3, f(i + 1))")));
    CHECK(printSyntax(get(get(name("e"), 1), 0)) == "e.1.0");
}
