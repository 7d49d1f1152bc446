// Two-stage reductions end to end on the default OpenCL device (PoCL in CI): `liftcl run` lowers
// examples/dot_product.lift by lower-reduction to two kernels and checks them against the
// interpreter; `liftcl compile` writes both kernels and the sequence description;
// `liftcl explore --dry-run` lists the partial-reduction variants.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "support/cli_run.hpp"

namespace {
using namespace liftcl::testing;  // runCli, shellQuote, sourcePath, TempFile
}  // namespace

TEST_CASE("liftcl run: dot by lower-reduction runs two kernels and equals the interpreter") {
    for (const char* precision : {"f64", "f32"}) {
        INFO(precision);
        const auto r = runCli("run " + shellQuote(sourcePath("examples/dot_product.lift")) +
                              " --def dot --set n=65536 --strategy lower-reduction --random 3 --check --precision " +
                              precision);
        INFO(r.out << r.err);
        CHECK(r.status == 0);
        CHECK(r.out.find("ran dot_k0") != std::string::npos);
        CHECK(r.out.find("ran dot_k1") != std::string::npos);
        CHECK(r.out.find("max_abs_error=") != std::string::npos);
    }
    // lower-global also gives two kernels now (the products, then their sum) instead of an error.
    const auto g = runCli("run " + shellQuote(sourcePath("examples/dot_product.lift")) +
                          " --def dot --set n=4096 --strategy lower-global --random 1 --check");
    INFO(g.out << g.err);
    CHECK(g.status == 0);
}

TEST_CASE("liftcl compile writes every kernel of a sequence and the sequence description") {
    TempFile out("dot.cl", "");
    const auto r = runCli("compile " + shellQuote(sourcePath("examples/dot_product.lift")) +
                          " --def dot --set n=8192 --strategy lower-reduction -o " + shellQuote(out.path()));
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    const std::filesystem::path dir = std::filesystem::path(out.path()).parent_path();
    std::ifstream in(dir / "dot.sequence.json");
    REQUIRE(in);
    const auto j = nlohmann::json::parse(in);
    CHECK(j["format"] == "liftcl-sequence-1");
    REQUIRE(j["kernels"].size() == 2);
    CHECK(j["kernels"][0]["reads"] == nlohmann::json::array({"xs", "ys"}));
    CHECK(j["kernels"][0]["writes"] == "dot_k0");
    CHECK(j["kernels"][1]["reads"] == nlohmann::json::array({"dot_k0"}));
    CHECK(j["kernels"][1]["writes"] == "out");
    for (const char* f : {"dot_k0.cl", "dot_k0.json", "dot_k1.cl", "dot_k1.json"})
        CHECK(std::filesystem::exists(dir / f));
    // A header launcher takes one kernel: refused by name.
    const auto h = runCli("compile " + shellQuote(sourcePath("examples/dot_product.lift")) +
                          " --def dot --set n=8192 --strategy lower-reduction --emit header -o " +
                          shellQuote((dir / "dot.hpp").string()));
    CHECK(h.status != 0);
    CHECK(h.err.find("2 kernels") != std::string::npos);
}

TEST_CASE("liftcl explore --dry-run lists partial-reduction variants of dot") {
    const auto r = runCli("explore " + shellQuote(sourcePath("examples/dot_product.lift")) +
                          " --def dot --set n=16384 --dry-run");
    INFO(r.out << r.err);
    CHECK(r.status == 0);
    CHECK(r.out.find("partial-reductions(1024) / glb1d") != std::string::npos);
    CHECK(r.out.find("reduceSeq-map-fusion") != std::string::npos);
}

TEST_CASE("liftcl explore measures the two-level partial reduction of asum first, equal to the interpreter") {
    // 65536 partial sums of 2, reduced to 256, then to 1: three kernels, checked by explore
    // against the interpreter on random data (wrong=0), timed on the default device (small: the
    // suite also runs under Oclgrind).
    const auto r = runCli("explore " + shellQuote(sourcePath("examples/asum.lift")) +
                          " --def asum --set n=131072 --precision f32 --budget 1 --repetitions 1 --no-wisdom");
    INFO(r.out << r.err);
    CHECK(r.status == 0);
    CHECK(r.out.find("asum: partial-reductions(65536,256) / glb1d") != std::string::npos);
    CHECK(r.out.find("measured=1 failed=0 wrong=0") != std::string::npos);
}

TEST_CASE("Lift's halving iterate: a kernel per step across kernels, a tree in local memory inside a work-group") {
    const std::string file = shellQuote(sourcePath("examples/tree_reduction.lift"));
    // lower-global: the three halving steps are three kernels (each reads pairs the previous wrote).
    const auto across = runCli("run " + file + " --def halve --set n=4096 --strategy lower-global --random 5 --check");
    INFO(across.out << across.err);
    CHECK(across.status == 0);
    for (const char* kernel : {"ran halve_k0", "ran halve_k1", "ran halve_k2"})
        CHECK(across.out.find(kernel) != std::string::npos);
    CHECK(across.out.find("max_abs_error=") != std::string::npos);
    // lower-workgroup: one kernel, four mapLcl steps in local memory with a barrier after each.
    const TempFile cl("tree_reduction.cl", "");
    const auto inside = runCli("compile " + file + " --def groupSums --set n=4096 --strategy lower-workgroup -o " +
                               shellQuote(cl.path()));
    INFO(inside.out << inside.err);
    REQUIRE(inside.status == 0);
    std::ifstream in(cl.path());  // written over the empty file
    std::stringstream source;
    source << in.rdbuf();
    const std::string text = source.str();
    int barriers = 0;
    for (auto at = text.find("barrier("); at != std::string::npos; at = text.find("barrier(", at + 1)) ++barriers;
    CHECK(barriers >= 4);
    CHECK(text.find("local real ltmp_") != std::string::npos);
    const auto run = runCli("run " + file + " --def groupSums --set n=4096 --strategy lower-workgroup --random 5 --check");
    INFO(run.out << run.err);
    CHECK(run.status == 0);
    CHECK(run.out.find("ran groupSums on") != std::string::npos);
}

TEST_CASE("gathers by an index function (examples/gather.lift) lower to one kernel equal to the interpreter") {
    for (const char* def : {"reverse", "strideFour", "scatterFour"}) {
        INFO(def);
        const auto r = runCli("run " + shellQuote(sourcePath("examples/gather.lift")) + " --def " + def +
                              " --set n=4096 --strategy lower-global --random 2 --check");
        INFO(r.out << r.err);
        CHECK(r.status == 0);
        CHECK(r.out.find("max_abs_error=") != std::string::npos);
    }
}

TEST_CASE("scatters (examples/gather.lift): the map writes through the index function; collisions and reads are refused") {
    const std::string file = shellQuote(sourcePath("examples/gather.lift"));
    const auto rows = runCli("run " + file + " --def scatterReverseRows --set n=64,m=32 --strategy lower-global --random 3 --check");
    INFO(rows.out << rows.err);
    CHECK(rows.status == 0);
    CHECK(rows.out.find("max_abs_error=0") != std::string::npos);
    const liftcl::testing::TempFile cl("scatter.cl", "");
    const auto kernel = runCli("compile " + file + " --def scatterFour --set n=4096 --strategy lower-global -o " +
                               shellQuote(cl.path()));
    INFO(kernel.out << kernel.err);
    REQUIRE(kernel.status == 0);
    CHECK(liftcl::testing::readText(cl.path()).find("fourStrided(gl0_0, 4096)] = square(") != std::string::npos);

    const liftcl::testing::TempFile bad(
        "bad.lift",
        "userfun half(j: int, n: int): int = j / 2\n"
        "userfun reversed(j: int, n: int): int = n - 1 - j\n"
        "userfun square(x: real): real = x * x\n"
        "def collide(n) = \\(xs: [real]n) => scatter(half) o map(square) $ xs\n"
        "def readAfter(n) = \\(xs: [real]n) => map(square) o scatter(reversed) o map(square) $ xs\n");
    const auto collide = runCli("compile " + shellQuote(bad.path()) + " --def collide --set n=16 --strategy lower-global -o " + shellQuote(cl.path()));
    CHECK(collide.status != 0);
    CHECK(collide.err.find("bad.lift:4:") != std::string::npos);
    CHECK(collide.err.find("at (1, 16) is 0, written already") != std::string::npos);
    const auto readAfter = runCli("compile " + shellQuote(bad.path()) + " --def readAfter --set n=16 --strategy lower-global -o " + shellQuote(cl.path()));
    CHECK(readAfter.status != 0);
    CHECK(readAfter.err.find("its array is read afterwards") != std::string::npos);
}

TEST_CASE("liftcl explore measures GEMV's work-group tree first: equal to the interpreter, with its GFLOP/s") {
    // One work-group per row: 256 partial sums of 4 strided elements, then a tree of 8 steps in local
    // memory. m * n multiplications and additions, plus 3 operations a row for alpha * r + beta * y.
    const auto r = runCli("explore " + shellQuote(sourcePath("examples/gemv.lift")) +
                          " --def gemv --set m=16,n=1024 --precision f32 --budget 1 --repetitions 1 --no-wisdom");
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    CHECK(r.out.find("gemv: tree-reduction(256) / ") != std::string::npos);
    CHECK(r.out.find("measured=1 failed=0 wrong=0") != std::string::npos);
    const auto dry = runCli("explore " + shellQuote(sourcePath("examples/gemv.lift")) +
                            " --def gemv --set m=16,n=1024 --dry-run --print");
    INFO(dry.out);
    CHECK(dry.out.find("mapLcl(toLocal(reduceSeq(") != std::string::npos);
}

TEST_CASE("vector types (examples/vector_types.lift) run equal to the interpreter from the CLI") {
    for (const char* def : {"scaleShift", "lengths", "halves"}) {
        INFO(def);
        const auto r = runCli("run " + shellQuote(sourcePath("examples/vector_types.lift")) + " --def " + def +
                              " --set n=4096 --strategy lower-global --precision f32 --random 2 --check");
        INFO(r.out << r.err);
        CHECK(r.status == 0);
        CHECK(r.out.find("max_abs_error=") != std::string::npos);
    }
    const auto v = runCli("rewrite " + shellQuote(sourcePath("examples/gemv.lift")) +
                          " --def gemv --set m=4,n=64 --strategy \"topDown(vectorize(4))\"");
    CHECK(v.status != 0);  // GEMV's maps are not of a componentwise one-argument user function
}
