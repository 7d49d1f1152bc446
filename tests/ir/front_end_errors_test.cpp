// Front-end errors: every bad input is one located liftcl::Error with a clear message, never a
// crash or hang; random bytes and broken programs included.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>

#include "ir/elaborate.hpp"
#include "ir/parser.hpp"
#include "ir/printer.hpp"
#include "ir/syntax_printer.hpp"

using namespace liftcl;
using namespace liftcl::ir;

namespace {

// The message the CLI prints for the first error in parsing and elaborating `def`.
std::string errorOf(const std::string& text, const std::string& def = "t") {
    try {
        Module m = parseModule(text, "e.lift");
        elaborateDefinition(m, def);
    } catch (const Error& e) {
        return e.what();
    }
    return "no error";
}

// Parses, prints and elaborates every definition; only liftcl::Error may escape.
void survive(const std::string& text) {
    Module m;
    try {
        m = parseModule(text, "f.lift");
    } catch (const Error&) {
        return;
    }
    std::string once = printModule(m);
    CHECK(printModule(parseModule(once, "f.lift")) == once);
    for (const auto& d : m.definitions) {
        try {
            ElaborateOptions options;
            options.natValues = {{"n", Arith(8)}, {"p", Arith(2)}, {"L", Arith(4)}};
            Program p = elaborateDefinition(m, d.name, options);
            printProgram(p);
        } catch (const Error&) {
        }
    }
}

struct Rng {
    std::uint64_t state;
    std::uint32_t next() {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<std::uint32_t>(state >> 33);
    }
};

const char* const kValid = R"(import "lib.lift"
// a comment /* not a block */
def modpsort(p)      = join o transpose o split(p)
def kronapply(m, f)  = join o transpose o map(f) o transpose o split(m)
def stockperm(n, L, p) = kronapply(n/L, modpsort(p))
/* block
   comment */
def fft(n, p) = \(xs: [complex]n) =>
    iterate[i](log(p, n), stockperm(n, p^(i+1), p)) (xs)
def dot = λ((xs,ys) ⇒ reduceSeq(+,{0.0, 0.0}) ∘ mapSeq(*) ∘ zip(xs,ys))
def pass = \vs => mapGlb(1)(mapGlobal0(cneg)) o pad(0, (n-L)/p, wrap) $ split(n/L) (vs.0)
)";

}  // namespace

TEST_CASE("syntax errors are located") {
    CHECK(errorOf("def t = join o") == "e.lift:1:15: error: expected an expression, found end of input");
    CHECK(errorOf("def t = map(f") == "e.lift:1:14: error: expected ')' to close the argument list, found end of input");
    CHECK(errorOf("def t = \\x -> x") == "e.lift:1:12: error: expected '=>' after the lambda's parameters, found '-'");
    CHECK(errorOf("def t = \\x = x") == "e.lift:1:12: error: expected '=>' after the lambda's parameters, found '='");
    CHECK(errorOf("def t = join\n  o # split") == "e.lift:2:5: error: unexpected character '#'");
    CHECK(errorOf("def t = id /* never closed") == "e.lift:1:12: error: unterminated comment");
    CHECK(errorOf("t = id") == "e.lift:1:1: error: expected 'def', 'userfun' or 'import', found 't'");
    CHECK(errorOf("def t(a, a) = id") == "e.lift:1:10: error: duplicate parameter 'a'");
    CHECK(errorOf("def t = id\ndef t = join") ==
          "e.lift:2:1: error: duplicate definition 't' (first defined at e.lift:1:1)");
    CHECK(errorOf("def t = \\(x: [cmplx]n) => x") ==
          "e.lift:1:15: error: unknown type 'cmplx' (expected float, double, int, real, complex, "
          "a vector such as real4, {T, U} or [T]n)");
    CHECK(errorOf("def t = 12abc") == "e.lift:1:9: error: malformed number");
    CHECK(errorOf("def t = \xff") == "e.lift:1:9: error: unexpected byte 0xFF");
}

TEST_CASE("empty programs") {
    CHECK(errorOf("") == "e.lift:1:1: error: empty program: no definitions");
    CHECK(errorOf("  // only a comment\n/* and another */\n") ==
          "e.lift:1:1: error: empty program: no definitions");
    CHECK(errorOf("def a = id", "t") == "error: no definition named 't' in e.lift");
}

TEST_CASE("elaboration errors are located") {
    CHECK(errorOf("def t = join o q") == "e.lift:1:16: error: unknown name 'q'");
    CHECK(errorOf("def t(n) = split(n + q)") == "e.lift:1:22: error: unknown name 'q'");
    CHECK(errorOf("def modpsort(p) = join o transpose o split(p)\ndef t = modpsort(2, 3)") ==
          "e.lift:2:9: error: modpsort expects 1 argument, found 2");
    CHECK(errorOf("def modpsort(p) = join o transpose o split(p)\ndef t = modpsort o join") ==
          "e.lift:2:9: error: modpsort expects 1 argument, found 0");
    CHECK(errorOf("def t = 1") ==
          "e.lift:1:1: error: definition 't' is not a function: its body is a value (a program "
          "must take its inputs as parameters, e.g. \\xs => ...)");
    CHECK(errorOf("def t(m, f) = join o map(f) o split(m)") ==
          "e.lift:1:26: error: 'f' is a nat; it cannot be used as a value or function (the "
          "parameters of the definition that is run are nats; pass functions to a definition "
          "from another definition)");
    CHECK(errorOf("def t = \\xs => split(xs)") == "e.lift:1:22: error: 'xs' is a value, not a nat");
    CHECK(errorOf("def t = split(1.5)") == "e.lift:1:15: error: expected a nat, found the real number 1.5");
    CHECK(errorOf("def t = split(4 / 0)") == "e.lift:1:17: error: division by zero");
    CHECK(errorOf("def t = \\x => join o x + 1") ==
          "e.lift:1:24: error: operator '+' is only allowed on nats and inside user functions (for "
          "values define one, e.g. userfun axpy(a: real, x: real, y: real): real = a * x + y, or "
          "use add, mul, cadd, cmul)");
    CHECK(errorOf("def t = map") == "e.lift:1:9: error: 'map' expects 1 argument before it is a function, found 0");
    CHECK(errorOf("def t = \\(xs, ys) => map(cneg, xs, ys)") ==
          "e.lift:1:22: error: 'map' expects 1 array argument, found 2");
    CHECK(errorOf("def t = \\(a, b) => cadd(a)") == "e.lift:1:20: error: 'cadd' expects 2 arguments, found 1");
    CHECK(errorOf("def t = pad(1, 1, reflect)") == "e.lift:1:19: error: pad's third argument must be wrap, clamp or mirror");
    CHECK(errorOf("def t = mapGlb(3)(cneg)") == "e.lift:1:16: error: 'mapGlb' dimension must be 0, 1 or 2, found 3");
    CHECK(errorOf("def t = \\x => x(1)") == "e.lift:1:15: error: 'x' is a value; it cannot be applied to arguments");
    CHECK(errorOf("def t = \\x => join o split(2)") ==
          "e.lift:1:15: error: the body of a lambda must be a value, found a function (apply it "
          "to the parameter, e.g. \\xs => f(xs))");
    CHECK(errorOf("def t = \\xs => join o xs o split(2)") ==
          "e.lift:1:23: error: a value cannot be composed: only the last item of 'f o g o ...' "
          "may be a value");
    CHECK(errorOf("def t = split(3 / 2)") ==
          "e.lift:1:17: error: nat division 3 / 2 is not exact (div(a, b) is floor division)");
    CHECK(errorOf("def t = split(0 - 5)") == "e.lift:1:17: error: the size of split must be at least 1, found -5");
    CHECK(errorOf("def t = split(pow(2, 0 - 1))") == "e.lift:1:15: error: negative exponent in a nat");
    CHECK(errorOf("def t = pad(1 - 2, 0, wrap)") == "e.lift:1:15: error: the left padding must be at least 0, found -1");
    CHECK(errorOf("def t = split(2 ^ 99999999999)").find("e.lift:1:17: error: ") == 0);
    CHECK(errorOf("def t = split(99999999999999999999999)") ==
          "e.lift:1:15: error: integer literal 99999999999999999999999 is too large");
}

TEST_CASE("runaway expansion is an error, not a hang or a crash") {
    CHECK(errorOf("def f = g\ndef g = f\ndef t = f") ==
          "e.lift:2:9: error: expansion of 'f' is nested more than 100 levels deep (is the "
          "definition recursive?)");
    CHECK(errorOf("def t(n) = t(n + 1)").find("is nested more than 100 levels deep") !=
          std::string::npos);
    std::string text = "def a0 = id o id\n";
    for (int k = 1; k <= 40; ++k)
        text += "def a" + std::to_string(k) + " = a" + std::to_string(k - 1) + " o a" +
                std::to_string(k - 1) + "\n";
    text += "def t = a40";
    CHECK(errorOf(text) ==
          "e.lift:42:9: error: definition 't' grows past 100000 nodes (the elaboration limit) while "
          "expanding 'a40' here; a definition that uses another definition or a parameter more "
          "than once doubles in size with each level of nesting");
}

TEST_CASE("deep nesting is an error, not a stack overflow") {
    const int n = 100000;
    std::string parens = "def t = " + std::string(n, '(') + "x" + std::string(n, ')');
    CHECK(errorOf(parens).find("expression nests too deeply") != std::string::npos);
    std::string lambdas = "def t = ";
    for (int k = 0; k < n; ++k) lambdas += "\\x => ";
    CHECK(errorOf(lambdas + "x").find("nests too deeply") != std::string::npos);
    std::string sum = "def t = split(1";
    for (int k = 0; k < n; ++k) sum += " + 1";
    CHECK(errorOf(sum + ")").find("nests too deeply") != std::string::npos);
    std::string chain = "def t = id";
    for (int k = 0; k < n; ++k) chain += " o id";
    CHECK(errorOf(chain).find("nests too deeply") != std::string::npos);
    std::string calls = "def t = f";
    for (int k = 0; k < n; ++k) calls += "(x)";
    CHECK(errorOf(calls).find("nests too deeply") != std::string::npos);
    std::string types = "def t = \\(x: " + std::string(n, '[') + "int";
    for (int k = 0; k < n; ++k) types += "]2";
    CHECK(errorOf(types + ") => x").find("nests too deeply") != std::string::npos);
}

TEST_CASE("random bytes and broken programs are parsed or rejected with liftcl::Error") {
    Rng rng{2024};
    const std::string alphabet = "defo()[]{},.:=>$+-*/%^\\ \n\txyzmapsplitjoin0123456789\"";
    for (int k = 0; k < 2000; ++k) {
        std::string text;
        std::size_t length = rng.next() % 64;
        bool bytes = k % 2 == 0;
        for (std::size_t j = 0; j < length; ++j)
            text += bytes ? static_cast<char>(rng.next() % 256) : alphabet[rng.next() % alphabet.size()];
        if (k % 3 == 0) text = "def t = " + text;
        CAPTURE(text);
        survive(text);
    }
    const std::string valid = kValid;
    for (std::size_t cut = 0; cut <= valid.size(); ++cut) survive(valid.substr(0, cut));
    for (int k = 0; k < 1500; ++k) {
        std::string mutated = valid;
        for (int j = 0; j < 3; ++j) {
            std::size_t at = rng.next() % mutated.size();
            switch (rng.next() % 3) {
                case 0: mutated[at] = static_cast<char>(rng.next() % 256); break;
                case 1: mutated.erase(at, 1 + rng.next() % 8); break;
                default: mutated.insert(at, 1, alphabet[rng.next() % alphabet.size()]);
            }
            if (mutated.empty()) mutated = "d";
        }
        CAPTURE(mutated);
        survive(mutated);
    }
}
