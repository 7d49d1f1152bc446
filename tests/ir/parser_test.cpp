// Parser and surface printer: tree shapes, precedence, the thesis listings, print stability,
// imports.
#include <doctest/doctest.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>

#include "ir/parser.hpp"
#include "ir/syntax_printer.hpp"
#include "support/thesis_listings.hpp"
#include "support/source_path.hpp"
#include "support/temp_dir.hpp"

using namespace liftcl;
using namespace liftcl::ir;
using K = Syntax::Kind;
using liftcl::testing::kListing41;

namespace {

// Print, reparse, print again: the two prints must agree.
std::string stablePrint(const std::string& text) {
    std::string once = printModule(parseModule(text, "t.lift"));
    std::string twice = printModule(parseModule(once, "t.lift"));
    CHECK(once == twice);
    return once;
}

std::string printed(const std::string& expr) { return printSyntax(parseExpression(expr)); }

}  // namespace

// Listing 4.4 (lowered Stockham pass), with the thesis's ◦ and comments.
const char* const kListing44 = R"(
def dotproduct =
  λ((xs,ys) ⇒ toGlobal(mapSeq(id)) ◦ reduceSeq(+,0) ◦
    toPrivate(mapSeq(*)) ◦ zip(xs,ys))

def stockhamPass =
  λ(vs ⇒ join ◦ transpose ◦ map(join ◦ transpose) ◦ split(L/p) ◦
    //Butterfly computations in only one dimension of WI.
    mapGlobal0(matrixMult) (
     //Multiplied reordered Butterfly matrix.
     zip(pad(0,(n-L)/p,wrap, reorB),
       //Simplyfied Stockham permutation expression.
       join ◦ map(transpose ◦ split(L/p)) ◦
       transpose ◦ join ◦ transpose ◦
       split(p) ◦ split(L/p) (vs))))
)";

// Listing 4.7 (Four-Step), FFT_{n1} written fftN1.
const char* const kListing47 = R"(
def fourStep = λ(vs ⇒
  //Compute FFTs of size n1.
  join ∘ transpose ∘ map(fftN1) ∘ transpose ∘ split(n2) ∘
  //Transpose the n2 x n1 matrix-split.
  join ∘ transpose ∘ split(n1) ∘
  //Element-wise twiddle.
  join ∘ transpose ∘ map(map(*)) ∘
  map(λ((first, second) ⇒ zip(first, second)))
  (zip(array2(n1, n2, genDFTSlice),
   transpose ∘ split(n1) ∘
   //Compute the FFTs of size n2.
   join ∘ transpose ∘ map(fftN2) ∘ transpose ∘ split(n1) (vs))))
)";

// Listings 4.8 and 4.9 (the lowered Four-Step passes).
const char* const kListing48 = R"(
def firstPass =
  λ(vs ⇒ join ∘ mapWorkgroup(fftN2) ∘ transpose ∘ split(n1) (vs))
def transpWithTwPass =
  λ(vs ⇒ join ∘ transpose ∘ mapGlobal1(mapGlobal0(*)) ∘
    map((first, second) ⇒ zip(first, second))
    (zip(array2(n1, n2, genDFTSlice), split(n2) (vs))))
def thirdPass = λ(vs ⇒ join ∘ transpose ∘ split(n1) ∘
  join ∘ mapWorkgroup(fftN1) ∘ split(n1) (vs))
def tile(theight, twidth) = map(map(transpose) ∘ split(twidth) ∘ transpose) ∘ split(theight)
def transpWithTw =
  λ(vs ⇒ join ∘ untile ∘ split(n1/theight) ∘
    mapWorkgroup0(
      split(theight) ∘ mapLocal0(toGlobal(cid)) ∘
      join ∘ transpose ∘ split(twidth) ∘
      mapLocal0(toLocal(id ∘ *)) ∘ join) ∘
    join ∘ transpose ∘ tile(theight,twidth) ∘
    map(λ(twvals ⇒ zip(twvals.0,twvals.1)))
    (zip(array2(n1,n2,genDFTSlice),split(n2) (vs))))
)";

TEST_CASE("thesis listings parse and print stably") {
    for (const char* listing : {kListing41, kListing44, kListing47, kListing48}) {
        Module m = parseModule(listing, "thesis.lift");
        CHECK(!m.definitions.empty());
        stablePrint(listing);
    }
    Module m = parseModule(kListing41, "thesis.lift");
    REQUIRE(m.definitions.size() == 7);
    CHECK(m.definitions[1].name == "matrixMult");
    CHECK(m.definitions[6].loc.line == 15);
    CHECK(printDefinition(m.definitions[4]) ==
          "def reorB = transpose o map(transpose)(array3(p, p, L / p, genB))");
    CHECK(printDefinition(m.definitions[0]) ==
          "def dotproduct = \\(xs, ys) => reduce(+, 0) o map(*) o zip(xs, ys)");
}

TEST_CASE("language.md example parses") {
    const char* text = R"(
// line comment            /* block comment */
def modpsort(p)      = join o transpose o split(p)
def kronapply(m, f)  = join o transpose o map(f) o transpose o split(m)
def stockperm(n, L, p) = kronapply(n/L, modpsort(p))

def fft(n, p) = \(xs: [complex]n) =>
    iterate[i](log(p, n), stockhamPass(n, p^(i+1), p)) (xs)
)";
    Module m = parseModule(text, "doc.lift");
    REQUIRE(m.definitions.size() == 4);
    CHECK(m.definitions[1].params == std::vector<std::string>{"m", "f"});
    CHECK(stablePrint(text) ==
          "def modpsort(p) = join o transpose o split(p)\n"
          "def kronapply(m, f) = join o transpose o map(f) o transpose o split(m)\n"
          "def stockperm(n, L, p) = kronapply(n / L, modpsort(p))\n"
          "def fft(n, p) = \\(xs: [complex]n) => iterate[i](log(p, n), stockhamPass(n, p ^ (i + 1), "
          "p))(xs)\n");
    const Syntax& body = *m.definitions[3].body;
    REQUIRE(body.kind == K::Lambda);
    REQUIRE(body.params.size() == 1);
    CHECK(body.params[0].type->kind == SyntaxType::Kind::Array);
    CHECK(body.params[0].type->element->name == "complex");
    const Syntax& call = *body.items[0];
    REQUIRE(call.kind == K::Call);
    REQUIRE(call.items[0]->kind == K::Call);
    CHECK(call.items[0]->items[0]->binder == "i");
}

TEST_CASE("precedence: application binds tighter than o, o tighter than $") {
    SyntaxP e = parseExpression("join o split(p) (xs)");
    REQUIRE(e->kind == K::Compose);
    REQUIRE(e->items.size() == 2);
    CHECK(e->items[1]->kind == K::Call);
    CHECK(e->items[1]->items[0]->kind == K::Call);  // split(p) applied to (xs)

    e = parseExpression("f $ g o h $ x");
    REQUIRE(e->kind == K::Apply);
    CHECK(e->items[0]->kind == K::Name);
    REQUIRE(e->items[1]->kind == K::Apply);
    CHECK(e->items[1]->items[0]->kind == K::Compose);

    e = parseExpression("a + b * c ^ d ^ e - -f % g");
    CHECK(printSyntax(e) == "a + b * c ^ d ^ e - -f % g");
    REQUIRE(e->kind == K::Binary);
    CHECK(e->text == "-");
    CHECK(e->items[0]->text == "+");
    CHECK(e->items[0]->items[1]->text == "*");
    CHECK(e->items[0]->items[1]->items[1]->text == "^");
    CHECK(e->items[0]->items[1]->items[1]->items[1]->text == "^");  // right associative

    CHECK(printed("(a - b) - c") == "a - b - c");
    CHECK(printed("a - (b - c)") == "a - (b - c)");
    CHECK(printed("(a ^ b) ^ c") == "(a ^ b) ^ c");
    CHECK(printed("(f o g) o h") == "(f o g) o h");
    CHECK(printed("f o (g o h)") == "f o (g o h)");
    CHECK(printed("(f o g)(x)") == "(f o g)(x)");
    CHECK(printed("(f $ x)") == "f $ x");
    CHECK(printed("(f $ x) $ y") == "(f $ x) $ y");
}

TEST_CASE("lambda forms") {
    for (const char* text : {"\\x => f(x)", "λ(x ⇒ f(x))", "x => f(x)", "\\(x) => f(x)"}) {
        SyntaxP e = parseExpression(text);
        REQUIRE(e->kind == K::Lambda);
        REQUIRE(e->params.size() == 1);
        CHECK(e->params[0].name == "x");
        CHECK(printSyntax(e) == "\\x => f(x)");
    }
    for (const char* text : {"\\(x, y) => g(x, y)", "λ((x, y) ⇒ g(x, y))", "(x, y) => g(x, y)"}) {
        SyntaxP e = parseExpression(text);
        REQUIRE(e->kind == K::Lambda);
        CHECK(e->params.size() == 2);
        CHECK(printSyntax(e) == "\\(x, y) => g(x, y)");
    }
    SyntaxP typed = parseExpression("\\(x: [[float]m](n/m), y: {int, real}) => x");
    REQUIRE(typed->params.size() == 2);
    CHECK(printSyntax(typed) == "\\(x: [[float]m](n / m), y: {int, real}) => x");
    // A lambda extends as far right as it can; elsewhere it is parenthesised.
    CHECK(printed("f o \\x => g(x) o h") == "f o (\\x => g(x) o h)");
    CHECK(printed("(\\x => x)(y)") == "(\\x => x)(y)");
    CHECK(printed("map(\\x => x, xs)") == "map(\\x => x, xs)");
}

TEST_CASE("tuples, components, sections, numbers") {
    SyntaxP e = parseExpression("x.0.1");
    REQUIRE(e->kind == K::Get);
    CHECK(e->index == 1);
    REQUIRE(e->items[0]->kind == K::Get);
    CHECK(e->items[0]->index == 0);
    CHECK(printSyntax(e) == "x.0.1");
    CHECK(printed("(1).0") == "(1).0");
    CHECK(printed("(1.5).0.1") == "(1.5).0.1");

    e = parseExpression("{0.0, -1.5e-3}");
    REQUIRE(e->kind == K::Tuple);
    CHECK(e->items[0]->text == "0.0");
    CHECK(e->items[1]->kind == K::Negate);
    CHECK(e->items[1]->items[0]->text == "1.5e-3");

    e = parseExpression("reduceSeq(+, 0) o mapSeq(*) o id o -");
    REQUIRE(e->kind == K::Compose);
    CHECK(e->items[0]->items[1]->text == "+");
    CHECK(e->items[1]->items[1]->text == "*");
    CHECK(e->items[3]->text == "-");
    // A section prints bare in argument lists, in parentheses elsewhere (bare, `(-) - u` read back
    // as `- - u`, two negations).
    CHECK(printSyntax(e) == "reduceSeq(+, 0) o mapSeq(*) o id o (-)");
    CHECK(printed("(-) - u") == "(-) - u");
    CHECK(printed("mapGlb(1)(f)") == "mapGlb(1)(f)");
    CHECK(printed("iterate[k](3, f)") == "iterate[k](3, f)");
    CHECK(printed("pad(0, (n - L) / p, wrap, reorB)") == "pad(0, (n - L) / p, wrap, reorB)");
    CHECK(printed("div(a, b) + min(a, 2)") == "div(a, b) + min(a, 2)");
}

TEST_CASE("locations count lines and code points") {
    Module m = parseModule("// c\n/* x\n y */ def a = b\n\n/* λλ */ def b = λ(x ⇒ x)", "loc.lift");
    REQUIRE(m.definitions.size() == 2);
    CHECK(m.definitions[0].loc.toString() == "loc.lift:3:7");
    CHECK(m.definitions[0].body->loc.toString() == "loc.lift:3:15");
    CHECK(m.definitions[1].loc.toString() == "loc.lift:5:10");
    CHECK(m.definitions[1].body->params[0].loc.toString() == "loc.lift:5:20");
}

TEST_CASE("random generated expressions print stably") {
    // Build expressions from a tiny grammar and check print(parse(print(parse(e)))) == print(parse(e)).
    std::uint64_t state = 12345;
    auto rnd = [&](int n) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<int>((state >> 33) % static_cast<std::uint64_t>(n));
    };
    std::function<std::string(int)> gen = [&](int depth) -> std::string {
        const char* names[] = {"a", "f", "xs", "map", "split"};
        if (depth == 0) return rnd(3) ? names[rnd(5)] : std::to_string(rnd(100));
        switch (rnd(10)) {
            case 0: return gen(depth - 1) + " o " + gen(depth - 1);
            case 1: return gen(depth - 1) + " $ " + gen(depth - 1);
            case 2: return "(" + gen(depth - 1) + ")";
            case 3: return gen(depth - 1) + "(" + gen(depth - 1) + ", " + gen(depth - 1) + ")";
            case 4: return "\\x => " + gen(depth - 1);
            case 5: return gen(depth - 1) + " + " + gen(depth - 1) + " * " + gen(depth - 1);
            case 6: return "-" + gen(depth - 1);
            case 7: return "{" + gen(depth - 1) + ", " + gen(depth - 1) + "}";
            case 8: return gen(depth - 1) + " ^ " + gen(depth - 1) + " / " + gen(depth - 1);
            default: return "(" + gen(depth - 1) + ").1";
        }
    };
    for (int k = 0; k < 500; ++k) {
        std::string text = "def d = " + gen(1 + rnd(5));
        CAPTURE(text);
        stablePrint(text);
    }
}

using liftcl::testing::TempDir;

TEST_CASE("imports are resolved relative to the importing file and merged once") {
    TempDir dir;
    dir.write("lib/base.lift", "def modpsort(p) = join o transpose o split(p)\n");
    dir.write("lib/kron.lift",
              "import \"base.lift\"\ndef kronapply(m, f) = join o transpose o map(f) o transpose o split(m)\n");
    std::string main = dir.write(
        "main.lift",
        "import \"lib/kron.lift\"\nimport \"lib/base.lift\"\ndef stockperm(n, L, p) = kronapply(n/L, modpsort(p))\n");
    Module m = parseFile(main);
    REQUIRE(m.definitions.size() == 3);
    CHECK(m.find("modpsort") != nullptr);
    CHECK(m.find("kronapply") != nullptr);
    CHECK(m.find("stockperm")->loc.line == 3);
    CHECK(m.find("modpsort")->loc.file.find("base.lift") != std::string::npos);
    // The printer keeps the import lines and only this file's definitions.
    CHECK(printModule(m) ==
          "import \"lib/kron.lift\"\nimport \"lib/base.lift\"\n\n"
          "def stockperm(n, L, p) = kronapply(n / L, modpsort(p))\n");
}

TEST_CASE("import errors: cycles, missing files, duplicate names") {
    TempDir dir;
    std::string a = dir.write("a.lift", "import \"b.lift\"\ndef a = id\n");
    dir.write("b.lift", "import \"a.lift\"\ndef b = id\n");
    try {
        parseFile(a);
        FAIL("expected an import cycle error");
    } catch (const Error& e) {
        CHECK(std::string(e.what()).find("import cycle") != std::string::npos);
        CHECK(e.loc().line == 1);
    }
    std::string c = dir.write("c.lift", "\n  import \"nope.lift\"\ndef c = id\n");
    try {
        parseFile(c);
        FAIL("expected a missing file error");
    } catch (const Error& e) {
        CHECK(e.message().find("cannot read file") != std::string::npos);
        CHECK(e.message().find("nope.lift") != std::string::npos);
        CHECK(e.loc().toString() == c + ":2:3");
    }
    std::string d = dir.write("d.lift", "import \"e.lift\"\ndef same = id\n");
    dir.write("e.lift", "def same = join\n");
    CHECK_THROWS_WITH_AS(parseFile(d), doctest::Contains("duplicate definition 'same'"), Error);
    CHECK_THROWS_WITH_AS(parseFile((dir.path() / "missing.lift").string()),
                         doctest::Contains("missing.lift"), Error);
    CHECK_THROWS_WITH_AS(parseFile(dir.path().string()), doctest::Contains("not a regular file"),
                         Error);
}

TEST_CASE("the example programs print stably") {
    for (const auto& file : testing::liftSourceFiles()) {
        CAPTURE(file);
        std::ifstream in(testing::sourcePath(file), std::ios::binary);
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        stablePrint(text);
    }
}
