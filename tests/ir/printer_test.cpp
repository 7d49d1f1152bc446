// Core IR printer: readable output (compositions, x.0, primitive spellings), and the round trip
// elaborate -> printProgram -> parse -> elaborate gives an alpha-equal program.
#include <doctest/doctest.h>

#include <filesystem>

#include "ir/elaborate.hpp"
#include "ir/parser.hpp"
#include "ir/printer.hpp"
#include "ir/userfun.hpp"
#include "support/source_path.hpp"

using namespace liftcl;
using namespace liftcl::ir;

namespace {

Program reparse(const std::string& printed, const std::string& name, ScalarKind precision) {
    ElaborateOptions options;
    options.precision = precision;
    return elaborateDefinition(parseModule(printed, "printed.lift"), name, options);
}

// Returns the printed program after checking that it elaborates back to the same program.
std::string roundTrip(const Program& p, ScalarKind precision = ScalarKind::Double) {
    std::string printed = printProgram(p);
    CAPTURE(printed);
    Program q = reparse(printed, p.name, precision);
    CHECK(q.natParams == p.natParams);
    CHECK(alphaEqual(p.body, q.body));
    CHECK(printProgram(q) == printed);
    return printed;
}

std::string roundTrip(const std::string& text, const std::string& name,
                      ElaborateOptions options = {}) {
    CAPTURE(text);
    return roundTrip(elaborateDefinition(parseModule(text, "src.lift"), name, options),
                     options.precision);
}

const char* const kLibrary = R"(
def modpsort(p)      = join o transpose o split(p)
def kronapply(m, f)  = join o transpose o map(f) o transpose o split(m)
def stockperm(n, L, p) = kronapply(n/L, modpsort(p))
def tile(h, w) = map(map(transpose) o split(w) o transpose) o split(h)
)";

}  // namespace

TEST_CASE("programs print readably") {
    Module m = parseModule(kLibrary, "lib.lift");
    CHECK(printProgram(elaborateDefinition(m, "modpsort")) ==
          "def modpsort(p) = join o transpose o split(p)");
    CHECK(printProgram(elaborateDefinition(m, "stockperm")) ==
          "def stockperm(n, L, p) = join o transpose o map(join o transpose o split(p)) o transpose "
          "o split(n/L)");
    ElaborateOptions options;
    options.natValues = {{"h", Arith(4)}};
    CHECK(printProgram(elaborateDefinition(m, "tile", options)) ==
          "def tile(w) = map(map(transpose) o split(w) o transpose) o split(4)");
    Program get = elaborateDefinition(parseModule("def g = \\(t: {int, int}) => t.1", "g.lift"), "g");
    CHECK(printProgram(get) == "def g = \\(t: {int, int}) => t.1");
    // A one-step composition stays a lambda (printing it as `f` would lose the lambda).
    Program one = elaborateDefinition(parseModule("def g = \\x => join(x)", "g.lift"), "g");
    CHECK(printProgram(one) == "def g = \\x => join(x)");
}

TEST_CASE("round trip of many programs") {
    const std::string lib = kLibrary;
    for (const char* name : {"modpsort", "kronapply", "stockperm", "tile"}) {
        if (std::string(name) == "kronapply") continue;  // has a function parameter
        roundTrip(lib, name);
    }
    const char* programs[] = {
        "def t = \\xs => join o split(4) (xs)",
        "def t = \\xs => (join o split(4))(xs)",
        "def t(n) = \\(xs: [complex]n) => mapGlb(1)(mapGlb(cneg)) o split(n / 4) (xs)",
        "def t = mapWorkgroup0(mapLocal1(toLocal(mapSeq(cid)))) o transpose",
        "def t = \\(xs, ys) => map(*) o zip(xs, ys)",
        "def t = \\(xs, ys, zs) => zip(xs, ys, zs)",
        "def t = \\xs => reduceSeq(+, {0.0, -1.5e-3}, xs)",
        "def t = \\xs => reduce(add, 0.25, xs)",
        "def t = \\xs => reduceSeqUnroll(mul, -3, xs)",
        "def t(n) = \\xs => iterate[i](log(2, n), join o split(2 ^ (i + 1))) (xs)",
        "def t(n) = iterate(3, pad(1, n % 4, clamp) o slide(3, 1))",
        "def t(n1, n2) = \\vs => zip(array2(n1, n2, genDFTSlice), split(n2) (vs))",
        "def t(n1, n2) = \\vs => map(λ((first, second) ⇒ zip(first, second))) (zip(array_2(n1, n2, genDFTSlice), split(n2) (vs)))",
        "def t(n) = \\(i: int, j: int) => gentw(n)(i, j, 2, 4)",
        "def t(a, b) = split(div(a, b) + min(a, b) * max(a, 2) - a % b)",
        "def t = \\(a, b) => {a, b}.1",
        "def t = \\(a, b) => tuple(a, b, a)",
        "def t = \\x => get(0, get(1, x))",
        "def t = \\x => get(0, 5)",
        "def t = \\x => get(1, {5, 2.5})",
        "def t = \\x => (\\y => cadd(y, x))(x)",
        "def t = \\x => map(\\y => cadd(y, x)) (x)",
        "def t = id o (join o split(2)) o (\\x => x)",
        "def t = toGlobal(mapSeq(id)) o reduceSeq(+, 0) o toPrivate(mapSeq(*))",
        "def t = mapSeqUnroll(id o *)",
        "def t = \\(map: [int]8, n: int) => map",
    };
    for (const char* text : programs) roundTrip(text, "t");

    ElaborateOptions fp32;
    fp32.precision = ScalarKind::Float;
    roundTrip("def t = \\xs => reduce(+, {0.1, 3.0e-7}, xs)", "t", fp32);
}

TEST_CASE("parameters are renamed apart and away from nats and built-in names") {
    // x => map(x' => tuple(x', x))(x), both parameters called "x", plus a parameter named like a nat
    // and one named like a primitive.
    ExprP outer = makeParam("x");
    ExprP inner = makeParam("x");
    ExprP natLike = makeParam("n");
    ExprP primLike = makeParam("join");
    FunP tuple = makePrim(Prim::Tuple, {}, {}, {}, 2);
    FunP mapped = makePrim(Prim::Map, {}, {makeLambda({inner}, makeCall(tuple, {inner, outer}))});
    FunP split = makePrim(Prim::Split, {Arith::var("n", 1)});
    FunP tuple3 = makePrim(Prim::Tuple, {}, {}, {}, 3);
    FunP body = makeLambda(
        {outer, natLike, primLike},
        makeCall(tuple3, {makeCall(mapped, {makeCall(split, {outer})}), natLike, primLike}));
    Program p{"t", {"n"}, body};
    std::string printed = roundTrip(p);
    CHECK(printed ==
          "def t(n) = \\(x, n_2, p_join) => tuple(map(\\x_2 => tuple(x_2, x), split(n, x)), n_2, "
          "p_join)");
}

TEST_CASE("printExpr and printFun") {
    ExprP x = makeParam("xs");
    FunP join = makePrim(Prim::Join);
    CHECK(printExpr(makeCall(join, {x})) == "join(xs)");
    CHECK(printFun(makePrim(Prim::MapGlb, {}, {join}, {}, 2)) == "mapGlb(2)(join)");
    CHECK(printFun(makePrim(Prim::Array, {Arith(2), Arith(3)},
                            {makeUserFun(lookupUserFun("genDFTSlice", ScalarKind::Double))})) ==
          "array_2(2, 3, genDFTSlice)");
    CHECK(printExpr(makeLiteral({1.0, -2.5}, Type::complexOf(ScalarKind::Double))) == "{1.0, -2.5}");
    CHECK(printExpr(makeLiteral({7}, Type::scalarOf(ScalarKind::Int))) == "7");
    // An annotation that cannot be written (a function type) is left out.
    TypeP intT = Type::scalarOf(ScalarKind::Int);
    ExprP g = makeParam("g", Type::functionOf({intT}, intT));
    CHECK(printFun(makeLambda({g}, g)) == "\\g => g");
    CHECK_THROWS_AS(printExpr(makeLiteral({1.0 / 0.0}, Type::scalarOf(ScalarKind::Double))), Error);
}

TEST_CASE("every example definition that is a program round-trips through the printer") {
    int programs = 0;
    for (const auto& file : testing::liftSourceFiles()) {
        CAPTURE(file);
        Module m = parseFile(testing::sourcePath(file));
        for (const auto& d : m.definitions) {
            if (d.loc.file != m.file) continue;
            for (ScalarKind precision : {ScalarKind::Double, ScalarKind::Float}) {
                ElaborateOptions options;
                options.precision = precision;
                Program p;
                try {
                    p = elaborateDefinition(m, d.name, options);
                } catch (const Error&) {
                    continue;  // a building block taking functions or values, not a program
                }
                CAPTURE(d.name);
                roundTrip(p, precision);
                ++programs;
            }
        }
    }
    CHECK(programs > 20);
}
