// `liftcl explore` with measurement on the default OpenCL device (PoCL in CI): variants of the
// thesis Stockham pass are run, checked against the interpreter and ranked; the best is recorded in
// the wisdom file, from which `liftcl compile --from-wisdom` reproduces it with its local size.
// Also rt::Wisdom on its own: round trip, other keys, corrupt files, the default location.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "support/cli_run.hpp"
#include "runtime/error.hpp"
#include "runtime/wisdom.hpp"

namespace {

using namespace liftcl::testing;  // CliResult, runCli, shellQuote, sourcePath, TempFile, readText

// The number after `name=` on the last line; -1 when absent.
long lastLineValue(const std::string& out, const std::string& name) {
    const auto start = out.rfind('\n', out.size() - 2);
    const std::string last = out.substr(start == std::string::npos ? 0 : start + 1);
    const auto pos = last.find(name + "=");
    return pos == std::string::npos ? -1 : std::strtol(last.c_str() + pos + name.size() + 1, nullptr, 10);
}

liftcl::rt::WisdomRecord sampleRecord(double ns) {
    liftcl::rt::WisdomRecord r;
    r.definition = "stockhamPass";
    r.choices = "rule5 / glb1d / private / unroll-none";
    r.derivation = "map-to-mapGlb(0)@0.1";
    r.local = {64};
    r.global = {256};
    r.medianNs = ns;
    r.gbPerSecond = 3.5;
    r.maxAbsError = 1e-15;
    r.kernelSource = "kernel void k() {}";
    r.kernelMetadata = "{\"format\": \"liftcl-kernel-1\"}";
    return r;
}

}  // namespace

TEST_CASE("rt::Wisdom records, looks up and refuses corrupt files by name") {
    TempFile dir("wisdom.json", "");
    std::filesystem::remove(dir.path());
    const liftcl::rt::Wisdom wisdom(dir.path());
    const liftcl::rt::WisdomKey key{"PoCL: cpu", "5.0", "0123456789abcdef"};
    CHECK_FALSE(wisdom.lookup(key));  // no file yet

    wisdom.record(key, sampleRecord(1234.5));
    auto got = wisdom.lookup(key);
    REQUIRE(got);
    CHECK(got->choices == "rule5 / glb1d / private / unroll-none");
    CHECK(got->local == std::vector<std::size_t>{64});
    CHECK(got->medianNs == doctest::Approx(1234.5));
    CHECK(got->kernelSource == "kernel void k() {}");

    // Another driver or program is another entry; both survive a second record.
    const liftcl::rt::WisdomKey otherDriver{"PoCL: cpu", "6.0", "0123456789abcdef"};
    CHECK_FALSE(wisdom.lookup(otherDriver));
    wisdom.record(otherDriver, sampleRecord(99));
    CHECK(wisdom.lookup(key)->medianNs == doctest::Approx(1234.5));
    CHECK(wisdom.lookup(otherDriver)->medianNs == doctest::Approx(99));
    CHECK(wisdom.keys().size() == 2);
    // Recording again replaces.
    wisdom.record(key, sampleRecord(10));
    CHECK(wisdom.lookup(key)->medianNs == doctest::Approx(10));

    // A truncated file is refused naming the file, never read as empty wisdom nor overwritten;
    // once deleted, recording starts a new one.
    const std::string text = readText(dir.path());
    std::ofstream(dir.path(), std::ios::binary | std::ios::trunc) << text.substr(0, text.size() / 2);
    const std::string corrupt = "the wisdom file " + dir.path() + " is not valid JSON";
    CHECK_THROWS_WITH_AS(wisdom.lookup(key), doctest::Contains(corrupt.c_str()), liftcl::rt::Error);
    CHECK_THROWS_WITH_AS(wisdom.record(key, sampleRecord(7)), doctest::Contains(corrupt.c_str()), liftcl::rt::Error);
    CHECK(readText(dir.path()) == text.substr(0, text.size() / 2));
    // Valid JSON of another kind is not wisdom either.
    std::ofstream(dir.path(), std::ios::binary | std::ios::trunc) << "{\"entries\": {}}";
    CHECK_THROWS_WITH_AS(wisdom.keys(), doctest::Contains("is not a liftcl wisdom file"), liftcl::rt::Error);
    std::filesystem::remove(dir.path());
    wisdom.record(key, sampleRecord(7));
    CHECK(wisdom.lookup(key)->medianNs == doctest::Approx(7));
    CHECK_FALSE(wisdom.lookup(otherDriver));
}

TEST_CASE("rt::Wisdom's default file: LIFTCL_WISDOM, else the cache directory") {
    const char* saved = std::getenv("LIFTCL_WISDOM");
    const std::string savedValue = saved ? saved : "";
    setenv("LIFTCL_WISDOM", "/tmp/some/wisdom-file.json", 1);
    CHECK(liftcl::rt::Wisdom::defaultFile() == std::filesystem::path("/tmp/some/wisdom-file.json"));
    unsetenv("LIFTCL_WISDOM");
    const char* cacheSaved = std::getenv("LIFTCL_CACHE_DIR");
    const std::string cacheValue = cacheSaved ? cacheSaved : "";
    setenv("LIFTCL_CACHE_DIR", "/tmp/liftcl-cache-test", 1);
    CHECK(liftcl::rt::Wisdom::defaultFile() == std::filesystem::path("/tmp/liftcl-cache-test/wisdom.json"));
    if (cacheSaved) setenv("LIFTCL_CACHE_DIR", cacheValue.c_str(), 1); else unsetenv("LIFTCL_CACHE_DIR");
    if (saved) setenv("LIFTCL_WISDOM", savedValue.c_str(), 1);
}

TEST_CASE("liftcl explore measures the Stockham pass variants, ranks them and records the best") {
    TempFile wisdomFile("wisdom.json", "");
    std::filesystem::remove(wisdomFile.path());
    TempFile jsonFile("measured.json", "");
    const std::string file = shellQuote(sourcePath("fft/lift/stockham.lift"));
    const CliResult r = runCli("explore " + file + " --def stockhamPass --set n=1024,L=16,p=4 --budget-s 4 --top 5 "
                               "--repetitions 3 --wisdom " + shellQuote(wisdomFile.path()) + " --json " +
                               shellQuote(jsonFile.path()));
    CAPTURE(r.out);
    CAPTURE(r.err);
    REQUIRE(r.status == 0);
    // Plain progress lines (stderr is not a terminal here), then the table.
    CHECK(r.err.find("[1/") != std::string::npos);
    CHECK(r.out.find("rank variant     time_us     GB/s   GFLOP/s   max_err") != std::string::npos);
    const long measured = lastLineValue(r.out, "measured");
    CHECK(measured >= 1);
    CHECK(lastLineValue(r.out, "wrong") == 0);
    // Row 1: rank, variant id, a positive time, GB/s, GFLOP/s, an error within the tolerance.
    std::smatch row;
    REQUIRE(std::regex_search(r.out, row, std::regex(R"(\n +1 +(\d+) +([0-9.]+) +([0-9.]+) +([0-9.e+-]+) +([0-9.e+-]+) )")));
    CHECK(std::stod(row[2].str()) > 0);
    CHECK(std::stod(row[4].str()) > 0);  // GFLOP/s (three significant digits: Oclgrind is slow)
    CHECK(std::stod(row[5].str()) < 1e-9);
    CHECK(lastLineValue(r.out, "best") == std::stol(row[1].str()));

    // The JSON holds every measured variant; the ok ones have timings per local size.
    const auto measurements = nlohmann::json::parse(readText(jsonFile.path()));
    REQUIRE(measurements.is_array());
    long ok = 0;
    for (const auto& m : measurements)
        if (m.at("ok").get<bool>()) {
            ++ok;
            CHECK(m.at("max_abs_error").get<double>() < 1e-9);
            CHECK(!m.at("timings").empty());
            // A Stockham pass of n = 1024 with p = 4: n/p DFT_4 of 4 complex products and sums each.
            CHECK(m.at("real_operations").get<double>() > 1024);
            CHECK(m.at("gflop_per_s").get<double>() > 0);
        }
    CHECK(ok == measured);

    // The wisdom holds the winner of each explored definition (stockhamPass and the adjusted
    // pattern), with its kernel.
    const liftcl::rt::Wisdom wisdom(wisdomFile.path());
    REQUIRE(!wisdom.keys().empty());
    const auto doc = nlohmann::json::parse(readText(wisdomFile.path()));
    const nlohmann::json* pass = nullptr;
    for (const auto& [key, entry] : doc.at("entries").items())
        if (entry.at("definition") == "stockhamPass") pass = &entry;
    REQUIRE(pass);
    CHECK(pass->at("kernel_source").get<std::string>().find("kernel void") != std::string::npos);

    // compile --from-wisdom reproduces the recorded kernel with its local size.
    TempFile out("tuned.cl", "");
    const CliResult c = runCli("compile " + file + " --def stockhamPass --set n=1024,L=16,p=4 --from-wisdom --wisdom " +
                               shellQuote(wisdomFile.path()) + " -o " + shellQuote(out.path()));
    CAPTURE(c.err);
    REQUIRE(c.status == 0);
    CHECK(readText(out.path()) == pass->at("kernel_source").get<std::string>());
    const auto meta = nlohmann::json::parse(readText(std::filesystem::path(out.path()).replace_extension(".json").string()));
    CHECK(meta.at("source") == "tuned.cl");
    const auto local = pass->at("local");
    if (!local.empty() && !meta.at("ndrange").at("local_fixed").get<bool>())
        CHECK(meta.at("ndrange").at("local").at(0).get<std::string>() == std::to_string(local.at(0).get<std::size_t>()));

    // Nothing recorded for other nat values: a clear error, exit 1.
    const CliResult missing = runCli("compile " + file + " --def stockhamPass --set n=512,L=16,p=4 --from-wisdom --wisdom " +
                                     shellQuote(wisdomFile.path()) + " -o " + shellQuote(out.path()));
    CHECK(missing.status == 1);
    CHECK(missing.err.find("run `liftcl explore` first") != std::string::npos);
}

TEST_CASE("liftcl explore without --set values cannot measure") {
    const CliResult r = runCli("explore " + shellQuote(sourcePath("fft/lift/stockham.lift")) +
                               " --def stockhamPass --budget-s 1 --no-wisdom");
    CHECK(r.status == 1);
    CHECK(r.err.find("needs every nat parameter") != std::string::npos);
}
