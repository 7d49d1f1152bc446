// The liftcl binary end to end: typecheck prints symbolic types, eval runs the FFT examples to
// within 1e-12 of a long-double DFT, print round-trips, and malformed programs or inputs give one
// located error line and exit status 1.
#include <doctest/doctest.h>

#include <cstdlib>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "support/cli_run.hpp"

namespace {

using namespace liftcl::testing;  // CliResult, runCli, shellQuote, sourcePath, TempFile

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

// The value of the last line `rel_l2_error=<value>`; a huge value when it is missing.
double relL2Error(const CliResult& r) {
    const auto all = lines(r.out);
    if (all.empty() || all.back().rfind("rel_l2_error=", 0) != 0) return 1e300;
    return std::strtod(all.back().c_str() + std::string("rel_l2_error=").size(), nullptr);
}

// Exactly one line on stderr, `FILE:LINE:COL: error: ...` naming `file`, nothing on stdout, exit 1.
void checkOneLocatedError(const CliResult& r, const std::string& file) {
    CAPTURE(r.err);
    CAPTURE(r.out);
    CHECK(r.status == 1);
    CHECK(r.out.empty());
    const auto errLines = lines(r.err);
    REQUIRE(errLines.size() == 1);
    CHECK(errLines[0].rfind(file + ":", 0) == 0);
    CHECK(std::regex_search(errLines[0], std::regex(":[0-9]+:[0-9]+: error: ")));
}

// One `error:` line on stderr and exit status 1 (errors about inputs have no source location).
void checkOneError(const CliResult& r) {
    CAPTURE(r.err);
    CHECK(r.status == 1);
    const auto errLines = lines(r.err);
    REQUIRE(errLines.size() == 1);
    CHECK(errLines[0].find("error: ") != std::string::npos);
}

const std::string kStockham = shellQuote(sourcePath("fft/lift/stockham.lift"));

}  // namespace

TEST_CASE("liftcl typecheck prints every definition with its symbolic type") {
    const CliResult r = runCli("typecheck " + kStockham);
    CAPTURE(r.err);
    REQUIRE(r.status == 0);
    const auto out = lines(r.out);
    auto has = [&](const std::string& line) {
        for (const auto& l : out)
            if (l == line) return true;
        return false;
    };
    CHECK(has("stockhamPass(n, L, p) : [complex]n -> [complex]n"));
    CHECK(has("stockhamPassAdjusted(n, L, p) : [complex]n -> [complex]n"));
    CHECK(has("fft(n, p) : [complex]n -> [complex]n"));
    CHECK(has("fftMixed(n, p1, k1, p2, k2, p3, k3) : [complex]n -> [complex]n"));

    const CliResult prelude = runCli("typecheck " + shellQuote(sourcePath("fft/lift/prelude.lift")));
    REQUIRE(prelude.status == 0);
    const std::string& p = prelude.out;
    CHECK(p.find("kronapply(m, f) : takes a function f\n") != std::string::npos);
    CHECK(p.find("multB(p, L) : [complex]L -> [complex]L\n") != std::string::npos);
    CHECK(p.find("B(p, L) : [[[complex](L/p)]p]p\n") != std::string::npos);

    const CliResult fourStep = runCli("typecheck " + shellQuote(sourcePath("fft/lift/four_step.lift")));
    REQUIRE(fourStep.status == 0);
    CHECK(fourStep.out.find("fourStep(n1, n2, fft1, fft2) : takes functions fft1, fft2\n") !=
          std::string::npos);
    CHECK(fourStep.out.find("fftRecursive(n, n1, n2, p) : [complex]n -> [complex]n\n") !=
          std::string::npos);
}

TEST_CASE("liftcl typecheck --set fixes nat parameters") {
    const CliResult r = runCli("typecheck " + kStockham + " --set n=64,p=4");
    REQUIRE(r.status == 0);
    CHECK(r.out.find("fft(n, p) : [complex]64 -> [complex]64\n") != std::string::npos);
}

TEST_CASE("liftcl eval --check-dft: the FFT examples are within 1e-12 of the DFT") {
    for (const std::string args :
         {"fft/lift/stockham.lift --def fft --set n=1024,p=4",
          "fft/lift/cooley_tukey.lift --def fft --set n=1024,p=4",
          "fft/lift/four_step.lift --def fft --set n=1024,n1=32,p=2",
          "fft/lift/stockham.lift --def fftMixed --set n=360,p1=2,k1=3,p2=3,k2=2,p3=5,k3=1"}) {
        CAPTURE(args);
        const CliResult r = runCli("eval " + sourcePath(args) + " --random 1 --check-dft");
        CAPTURE(r.err);
        REQUIRE(r.status == 0);
        CHECK(relL2Error(r) < 1e-12);
        CHECK(lines(r.out).size() == 2);  // the JSON result, then the error line
    }
}

TEST_CASE("liftcl eval reads JSON input and prints JSON, complex numbers as [re, im]") {
    TempFile input("x.json", "[[1, 2], [3, 4]]");
    const CliResult r = runCli("eval " + kStockham + " --def fft --set n=2,p=2 --input " +
                               shellQuote(input.path()));
    CAPTURE(r.err);
    REQUIRE(r.status == 0);
    CHECK(r.out == "[[4.0, 6.0], [-2.0, -2.0]]\n");

    TempFile reals("xs.json", "[[1, 2, 3], [4, 5, 6]]");
    const CliResult dot = runCli("eval " + shellQuote(sourcePath("examples/dot_product.lift")) +
                                 " --def dot --set n=3 --input " + shellQuote(reals.path()));
    CAPTURE(dot.err);
    REQUIRE(dot.status == 0);
    CHECK(dot.out == "[32.0]\n");
}

TEST_CASE("liftcl print output parses back and prints the same") {
    const CliResult first = runCli("print " + shellQuote(sourcePath("examples/matrix_multiply.lift")));
    REQUIRE(first.status == 0);
    CHECK(first.out.find("def matrixMultiply(m, k, n) =") != std::string::npos);
    TempFile printed("printed.lift", first.out);
    const CliResult second = runCli("print " + shellQuote(printed.path()));
    REQUIRE(second.status == 0);
    CHECK(second.out == first.out);
}

TEST_CASE("malformed programs give one located error and exit status 1") {
    const std::vector<std::pair<std::string, std::string>> programs = {
        {"syntax error", "def f = \\(xs: [complex]8) => join o o split(2) $ xs\n"},
        {"type error", "def f = \\(xs: [complex]8) => split(3)(xs)\n"},
        {"zip length mismatch",
         "def f = \\(xs: [complex]8, ys: [complex]4) => map(\\t => cmul(t.0, t.1)) $ zip(xs, ys)\n"},
        {"unknown name", "def f = \\(xs: [complex]8) => frobnicate(xs)\n"},
        {"empty file", ""},
        {"binary garbage", std::string("\x7f" "ELF\x02\x01\x01\x00\xff\xfe\x80garbage", 18)},
    };
    for (const auto& entry : programs) {
        const auto& what = std::get<0>(entry);
        const auto& text = std::get<1>(entry);
        CAPTURE(what);
        TempFile file("bad.lift", text);
        checkOneLocatedError(runCli("typecheck " + shellQuote(file.path())), file.path());
        checkOneLocatedError(runCli("eval " + shellQuote(file.path()) + " --def f --random 1"),
                             file.path());
    }
}

TEST_CASE("bad eval inputs and options give one error and exit status 1") {
    TempFile shortInput("short.json", "[[1, 2], [3, 4]]");
    checkOneError(runCli("eval " + kStockham + " --def fft --set n=4,p=2 --input " +
                         shellQuote(shortInput.path())));
    TempFile badJson("bad.json", "[[1, 2], [3, 4");
    checkOneError(runCli("eval " + kStockham + " --def fft --set n=2,p=2 --input " +
                         shellQuote(badJson.path())));
    checkOneError(runCli("eval " + kStockham + " --def fft --set n=2,p=2 --input /nonexistent/x.json"));
    checkOneError(runCli("eval /nonexistent/x.lift --def fft --random 1"));
    checkOneError(runCli("eval " + kStockham + " --def fft --set n=4 --random 1"));  // p missing
    const CliResult set = runCli("eval " + kStockham + " --def fft --set n1024 --random 1");
    checkOneError(set);
    CHECK(set.err.find("--set: expected NAME=INTEGER, found 'n1024'") != std::string::npos);
    checkOneError(runCli("eval " + kStockham + " --def nothing --set n=4,p=2 --random 1"));
}
