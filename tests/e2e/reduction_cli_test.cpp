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
using liftcl::testing::runCli;
using liftcl::testing::shellQuote;
using liftcl::testing::sourcePath;
using liftcl::testing::TempFile;
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
    for (const char* def : {"reverse", "strideFour"}) {
        INFO(def);
        const auto r = runCli("run " + shellQuote(sourcePath("examples/gather.lift")) + " --def " + def +
                              " --set n=4096 --strategy lower-global --random 2 --check");
        INFO(r.out << r.err);
        CHECK(r.status == 0);
        CHECK(r.out.find("max_abs_error=") != std::string::npos);
    }
}
