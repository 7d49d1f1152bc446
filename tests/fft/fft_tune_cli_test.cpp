// liftcl fft --tune on the CLI: a tuning run ranks verified variants and records the winner, which
// `liftcl fft --run` and `--emit` of the same descriptor then use (said in the first output line),
// but not with --no-wisdom, --method, or another batch; bad tuning options are refused by name.
#include <doctest/doctest.h>

#include <filesystem>
#include <regex>
#include <string>
#include <utility>

#include "support/cli_run.hpp"

using namespace liftcl;
using testing::runCli;
using testing::shellQuote;

TEST_CASE("liftcl fft --tune ranks verified variants, records the winner, and later plans use it") {
    testing::TempFile temp("placeholder", "");  // a fresh directory; the wisdom file is made by --tune
    const std::filesystem::path dir = std::filesystem::path(temp.path()).parent_path();
    const std::string wisdom = shellQuote((dir / "wisdom.json").string());
    const std::string base = "fft --n 64 --batch 4 --precision f32 --wisdom " + wisdom;
    const auto tune = runCli(base + " --tune --method stockham --twiddles table --budget-s 60 --repeat 3 --top 5");
    INFO(tune.out << tune.err);
    REQUIRE(tune.status == 0);
    CHECK(tune.out.find("rank method") != std::string::npos);
    std::smatch best;
    REQUIRE(std::regex_search(tune.out, best, std::regex("best: (method=\\S+ radices=\\S+ twiddles=\\S+ local=\\S+) \\(")));
    const std::string winner = best[1];
    CHECK(winner.find("method=stockham") == 0);  // --method and --twiddles restrict the tuning
    CHECK(winner.find("twiddles=table") != std::string::npos);
    std::smatch counts;
    REQUIRE(std::regex_search(tune.out, counts, std::regex("measured=(\\d+) wrong=(\\d+)")));
    CHECK(std::stoi(counts[1]) >= 2);
    CHECK(std::stoi(counts[2]) == 0);
    CHECK(tune.err.find("[1/") != std::string::npos);  // progress lines (stderr is not a terminal)

    // The same descriptor: planned from the wisdom, and still correct.
    const auto run = runCli(base + " --run --verify --repeat 1");
    INFO(run.out << run.err);
    CHECK(run.status == 0);
    const std::string firstLine = run.out.substr(0, run.out.find('\n'));
    CHECK(firstLine.find("method=stockham") != std::string::npos);
    CHECK(firstLine.find("(from wisdom: " + winner + ", ") != std::string::npos);
    const auto emit = runCli(base + " --emit " + shellQuote((dir / "plan").string()));
    CHECK(emit.status == 0);
    CHECK(emit.out.substr(0, emit.out.find('\n')).find("(from wisdom: " + winner) != std::string::npos);

    // Not with --no-wisdom, an explicit method, or another descriptor (batch).
    for (const std::string& other : {base + " --no-wisdom --run --repeat 1", base + " --method local --run --repeat 1",
                                     std::string("fft --n 64 --batch 2 --precision f32 --wisdom ") + wisdom + " --run --repeat 1"}) {
        const auto r = runCli(other);
        INFO(other << "\n" << r.out << r.err);
        CHECK(r.status == 0);
        CHECK(r.out.find("from wisdom") == std::string::npos);
    }
}

TEST_CASE("liftcl fft --tune of a real 2D descriptor: the nd plan variants, verified, the winner planned later") {
    testing::TempFile temp("placeholder", "");
    const std::filesystem::path dir = std::filesystem::path(temp.path()).parent_path();
    const std::string wisdom = shellQuote((dir / "wisdom-nd.json").string());
    // 48 KiB of local memory as on NVIDIA: the whole-array kernel, the per-axis kernels, and the
    // complex transform of the real pairs with the split after it are different plans.
    const std::string base = "fft --n 16x64 --real --batch 3 --precision f32 --local-memory 49152 --wisdom " + wisdom;
    const auto tune = runCli(base + " --tune --budget-s 60 --repeat 2");
    INFO(tune.out << tune.err);
    REQUIRE(tune.status == 0);
    std::smatch counts;
    REQUIRE(std::regex_search(tune.out, counts, std::regex("measured=(\\d+) wrong=(\\d+)")));
    CHECK(std::stoi(counts[1]) >= 3);
    CHECK(std::stoi(counts[2]) == 0);
    std::smatch best;
    REQUIRE(std::regex_search(tune.out, best, std::regex("best: (method=\\S+ radices=\\S+ twiddles=\\S+ local=\\S+) \\(")));
    const auto run = runCli(base + " --run --verify --repeat 1");
    INFO(run.out << run.err);
    CHECK(run.status == 0);
    CHECK(run.out.substr(0, run.out.find('\n')).find("(from wisdom: " + std::string(best[1])) != std::string::npos);
    // A variant by name, without the wisdom.
    const auto axes = runCli(base + " --method nd-axes --run --verify --repeat 1");
    INFO(axes.out << axes.err);
    CHECK(axes.status == 0);
    CHECK(axes.out.find("method=nd-axes") != std::string::npos);
    CHECK(axes.out.find("from wisdom") == std::string::npos);
}

TEST_CASE("liftcl fft --tune refuses what it cannot do by name") {
    const std::pair<std::string, std::string> cases[] = {
        {"fft --n 64 --tune --budget-s 0", "--budget-s must be positive"},
        {"fft --n 64 --tune --radices 8,8", "--tune chooses the radices itself"},
        {"fft --n 64 --tune --run", "--tune measures the variants only"},
        {"fft --n 64 --tune --method nope", "unknown FFT method 'nope'"},
        {"fft --n 1009 --tune --method stockham", "no variant ran correctly"},  // Bluestein variants only
        {"fft --n 8x8 --method stockham --run", "multidimensional and real plans take auto or nd-axes, nd-one-array"},
        {"fft --n 8x8 --real --radices 8 --run", "--radices and --twiddles apply to 1D complex transforms only"},
        {"fft --n 8x8 --registers 64 --run", "--registers applies to 1D complex transforms only"},
        {"fft --n 65536 --real --tile-width 32 --run", "--tile-width: the local and hierarchical methods' shapes"},
        {"fft --n 8x8 --items 16 --exchange arrays --run", "--items, --exchange: the local and hierarchical"},
    };
    for (const auto& entry : cases) {
        const auto& args = std::get<0>(entry);
        const auto& message = std::get<1>(entry);
        const auto r = runCli(args + " --no-wisdom");
        INFO(args << "\n" << r.err);
        CHECK(r.status == 1);
        CHECK(r.err.find(message) != std::string::npos);
    }
}
