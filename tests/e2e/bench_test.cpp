// liftcl bench end to end on the test device (PoCL): a tiny sweep writes CSV rows in the reference
// harness's columns that pass their correctness check, the SVG plot is well-formed XML, --compare
// prints ratios and their geometric mean, --accuracy writes its markdown table, and bad options
// or files give one error and exit status 1. No timing is asserted. The library pieces (sweep
// rule, CSV round trip, plot of awkward names, ratio means) are checked directly.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "bench/lib/bench_accuracy_report.hpp"
#include "bench/lib/bench_check.hpp"
#include "bench/lib/bench_csv.hpp"
#include "bench/lib/bench_families.hpp"
#include "bench/lib/bench_ratio_table.hpp"
#include "bench/lib/bench_shape_accuracy.hpp"
#include "bench/lib/bench_svg_plot.hpp"
#include "bench/lib/bench_sweep.hpp"
#include "fft/fftw_nd_reference.hpp"
#include "ir/error.hpp"
#include "support/cli_run.hpp"

namespace {

using namespace liftcl::testing;  // CliResult, runCli, shellQuote, TempFile, readText
namespace bench = liftcl::bench;

// A CSV of the rows as cuFFT's at twice their time: every ratio is 2.
std::string cufftAtTwiceTheTime(const std::vector<bench::BenchRow>& rows) {
    std::ostringstream other;
    bench::writeCsvHeader(other);
    for (const bench::BenchRow& row : rows) {
        bench::BenchRow theirs = row;
        theirs.library = "cufft";
        theirs.medianMs = row.medianMs * 2;
        bench::writeCsvRow(other, theirs);
    }
    return other.str();
}

// True when every element opened is closed in order (comments, <?...?> and self-closing tags
// aside) and attribute values are quoted: enough to catch a broken writer.
bool wellFormedXml(const std::string& xml, std::string& why) {
    std::vector<std::string> open;
    std::size_t i = 0;
    while ((i = xml.find('<', i)) != std::string::npos) {
        const std::size_t end = xml.find('>', i);
        if (end == std::string::npos) return why = "unterminated tag", false;
        const std::string tag = xml.substr(i + 1, end - i - 1);
        i = end + 1;
        if (tag.empty()) return why = "empty tag", false;
        if (tag[0] == '?' || tag[0] == '!') continue;
        if (std::count(tag.begin(), tag.end(), '"') % 2 != 0) return why = "unbalanced quotes in <" + tag + ">", false;
        if (tag[0] == '/') {
            const std::string name = tag.substr(1);
            if (open.empty() || open.back() != name) return why = "unexpected </" + name + ">", false;
            open.pop_back();
            continue;
        }
        if (tag.back() == '/') continue;
        open.push_back(tag.substr(0, tag.find_first_of(" \t\n")));
    }
    if (!open.empty()) return why = "<" + open.back() + "> not closed", false;
    return true;
}

void checkOneError(const CliResult& r, const std::string& mentions) {
    CAPTURE(r.out);
    CAPTURE(r.err);
    CHECK(r.status == 1);
    CHECK(r.err.find(mentions) != std::string::npos);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
}

// Each row measured (a time) and checked against FFTW (relerr in its note), the check passed.
void checkMeasuredAndPassed(const std::vector<bench::BenchRow>& rows) {
    for (const bench::BenchRow& row : rows) {
        CAPTURE(row.note);
        CHECK(row.medianMs > 0);
        CHECK(row.note.find("relerr=") != std::string::npos);
        CHECK_FALSE(row.checkFailed());
    }
}

}  // namespace

TEST_CASE("bench sweep: batch = max(1, 2^T/N), fp64 with T-1, the single point and the mixed sizes") {
    bench::SweepOptions o;
    o.minLog2 = 4;
    o.maxLog2 = 8;
    o.totalLog2 = 6;
    o.singleLog2 = 5;
    o.mixed = true;
    const auto cases = bench::makeSweep(o);
    REQUIRE(cases.size() == 7);  // fp32: 2^4..2^6 (capped at T), single; fp64: 2^4, 2^5, single
    CHECK(cases[0].n == 16);
    CHECK(cases[0].batch == 4);
    CHECK(cases[2].n == 64);
    CHECK(cases[2].batch == 1);
    CHECK(cases[3].single);
    CHECK(cases[3].batch == 1);
    CHECK(cases[4].isDouble);
    CHECK(cases[4].batch == 2);
    CHECK(cases[6].single);
    o.totalLog2 = 26;
    const auto withMixed = bench::makeSweep(o);
    const auto mixed = std::find_if(withMixed.begin(), withMixed.end(), [](const auto& c) { return c.n == 1680; });
    REQUIRE(mixed != withMixed.end());
    CHECK(mixed->mixed);
    CHECK(mixed->batch == (std::int64_t{1} << 26) / 1680);
    o.minLog2 = 9;
    CHECK_THROWS_WITH_AS(bench::makeSweep(o), doctest::Contains("--min-log2 9"), liftcl::Error);
    bench::BenchCase c{false, 1024, 8, false, false};
    CHECK(c.flops() == doctest::Approx(5.0 * 1024 * 10 * 8));
    CHECK(c.bytesMoved() == doctest::Approx(2.0 * 1024 * 8 * 8));
    // The defaults are the reference sweep: fp32 2^4..2^26, fp64 2^4..2^25 (each a 512 MiB buffer),
    // and 2^24 batch 1 in both.
    const auto reference = bench::makeSweep(bench::SweepOptions{});
    auto largest = [&](bool isDouble) {
        std::int64_t n = 0;
        for (const auto& r : reference)
            if (r.isDouble == isDouble && !r.single) n = std::max(n, r.n);
        return n;
    };
    CHECK(largest(false) == std::int64_t{1} << 26);
    CHECK(largest(true) == std::int64_t{1} << 25);
    CHECK(std::count_if(reference.begin(), reference.end(), [](const auto& r) { return r.single && r.n == (1 << 24) && r.batch == 1; }) == 2);
    CHECK(reference.size() == (26 - 4 + 1) + (25 - 4 + 1) + 2);
}

TEST_CASE("bench CSV: rows round-trip, nan times, notes with commas; malformed files are located") {
    bench::BenchRow a{"liftcl", "fp32", 1024, 65536, 0.25, 1342.2, 4294.9, "single;relerr=1.0e-07"};
    bench::BenchRow b{"cufft", "fp64", 16, 2, std::nan(""), std::nan(""), std::nan(""), "error: no, sorry"};
    std::ostringstream out;
    bench::writeCsvHeader(out);
    bench::writeCsvRow(out, a);
    bench::writeCsvRow(out, b);
    const auto rows = bench::parseCsv(out.str(), "x.csv");
    REQUIRE(rows.size() == 2);
    CHECK(rows[0].n == 1024);
    CHECK(rows[0].batch == 65536);
    CHECK(rows[0].medianMs == doctest::Approx(0.25));
    CHECK(rows[0].single());
    CHECK_FALSE(rows[0].checkFailed());
    CHECK_FALSE(rows[1].measured());
    CHECK(rows[1].note == "error: no; sorry");
    CHECK_THROWS_WITH_AS(bench::parseCsv("a,b\n", "bad.csv"), doctest::Contains("bad.csv:1"), liftcl::Error);
    CHECK_THROWS_WITH_AS(bench::parseCsv(std::string(bench::kCsvHeader) + "\nx,fp32,12q,1,1,1,1,\n", "bad.csv"),
                         doctest::Contains("bad.csv:2"), liftcl::Error);
}

TEST_CASE("bench ratios: matched on precision, N and batch; geometric mean of their time / ours") {
    std::vector<bench::BenchRow> rows = {
        {"liftcl", "fp32", 16, 4, 1.0, 1, 1, ""}, {"liftcl", "fp32", 32, 2, 2.0, 1, 1, ""},
        {"cufft", "fp32", 16, 4, 4.0, 1, 1, ""},  {"cufft", "fp32", 32, 2, 0.5, 1, 1, ""},
        {"cufft", "fp32", 64, 1, 1.0, 1, 1, ""},
    };
    const auto summaries = bench::ratioSummaries(rows, "liftcl");
    REQUIRE(summaries.size() == 1);
    CHECK(summaries[0].points == 2);
    CHECK(summaries[0].geometricMean == doctest::Approx(1.0));  // sqrt(4 * 0.25)
    CHECK(bench::ratioTable(rows, "liftcl").find("geometric mean liftcl/cufft fp32: 1.000 over 2 points") !=
          std::string::npos);
}

TEST_CASE("bench SVG: well-formed with awkward library names, failed and unmeasured points") {
    std::vector<bench::BenchRow> rows = {
        {"liftcl", "fp32", 16, 4, 1.0, 2.0, 3.0, "CHECK_FAILED"},
        {"liftcl", "fp32", 32, 2, 2.0, 2.5, 3.5, ""},
        {"liftcl", "fp32", 1680, 2, 2.0, 2.5, 3.5, "mixed"},
        {"a<b>&\"c\"", "fp64", 16, 2, 1.0, 2.0, 3.0, "single"},
        {"liftcl", "fp64", 64, 1, std::nan(""), std::nan(""), std::nan(""), "skipped: too big"},
        {"liftcl", "copy", 1024, 1, 0.1, std::nan(""), 20.0, ""},
    };
    const std::string svg = bench::renderSvgPlot(rows, "title & <more>");
    std::string why;
    CHECK_MESSAGE(wellFormedXml(svg, why), why);
    CHECK(svg.find("<polyline") != std::string::npos);
    CHECK(svg.find("a&lt;b&gt;&amp;&quot;c&quot;") != std::string::npos);
    // The copy row (20 GB/s) bounds the passes: copy / 2 and copy / 3 in both GB/s panels.
    CHECK(svg.find("2 passes: copy / 2 = 10 GB/s") != std::string::npos);
    CHECK(svg.find("3 passes: copy / 3 = 6.67 GB/s") != std::string::npos);
    CHECK(wellFormedXml(bench::renderSvgPlot({}, "empty"), why));
}

TEST_CASE("liftcl bench: a tiny sweep on the test device writes checked CSV rows and a plot") {
    TempFile csv("liftcl.csv", ""), svg("plot.svg", "");
    const CliResult r =
        runCli("bench --precision both --min-log2 4 --max-log2 6 --total-log2 8 --single-log2 5 --reps 3 --warmup 1 "
               "--csv " + shellQuote(csv.path()) + " --svg " + shellQuote(svg.path()));
    CAPTURE(r.out);
    CAPTURE(r.err);
    REQUIRE(r.status == 0);
    const auto rows = bench::readCsv(csv.path());
    CHECK(readText(csv.path()).rfind(std::string(bench::kCsvHeader) + "\n", 0) == 0);
    REQUIRE(rows.size() == 9);  // copy, fp32 16/32/64 + single 32, fp64 16/32/64 + single 32
    CHECK(rows[0].precision == "copy");
    const std::int64_t expected[][3] = {{0, 16, 16}, {0, 32, 8}, {0, 64, 4}, {0, 32, 1},
                                        {1, 16, 8},  {1, 32, 4}, {1, 64, 2}, {1, 32, 1}};
    for (int i = 0; i < 8; ++i) {
        const bench::BenchRow& row = rows[static_cast<std::size_t>(i) + 1];
        CAPTURE(row.note);
        CHECK(row.library == "liftcl");
        CHECK(row.precision == (expected[i][0] ? "fp64" : "fp32"));
        CHECK(row.n == expected[i][1]);
        CHECK(row.batch == expected[i][2]);
        CHECK(row.medianMs > 0);
        const double gbps = 2.0 * static_cast<double>(row.n * row.batch * (expected[i][0] ? 16 : 8)) /
                            (row.medianMs * 1e6);
        CHECK(std::abs(row.gbps - gbps) <= 1e-3 * gbps + 1e-3);  // the CSV keeps 3 decimals
        CHECK(row.note.find("relerr=") != std::string::npos);
        CHECK_FALSE(row.checkFailed());
        CHECK(row.single() == (i == 3 || i == 7));
    }
    std::string why;
    CHECK_MESSAGE(wellFormedXml(readText(svg.path()), why), why);

    SUBCASE("--from-csv with --compare prints the ratio table without measuring") {
        TempFile cufft("cufft.csv", cufftAtTwiceTheTime(rows)), plot("compare.svg", "");
        const CliResult c = runCli("bench --from-csv " + shellQuote(csv.path()) + " --compare " +
                                   shellQuote(cufft.path()) + " --svg " + shellQuote(plot.path()));
        CAPTURE(c.err);
        CHECK(c.status == 0);
        CHECK(c.out.find("geometric mean liftcl/cufft fp32: 2.000 over 4 points") != std::string::npos);
        CHECK(c.out.find("geometric mean liftcl/cufft fp64: 2.000 over 4 points") != std::string::npos);
        CHECK(wellFormedXml(readText(plot.path()), why));
    }
}

TEST_CASE("liftcl bench --accuracy writes the markdown table (tiny sizes)") {
    TempFile md("accuracy.md", ""), acc("acc.csv", "");
    TempFile other("cufft_acc.csv", "library,precision,N,direction,rel_l2,rel_max\ncufft,fp32,4,forward,1.5e-08,2e-08\n");
    const CliResult r = runCli("bench --accuracy --max-log2 3 --out " + shellQuote(md.path()) + " --accuracy-csv " +
                               shellQuote(acc.path()) + " --compare-accuracy " + shellQuote(other.path()));
    CAPTURE(r.out);
    CAPTURE(r.err);
    REQUIRE(r.status == 0);
    const std::string text = readText(md.path());
    CAPTURE(text);
    CHECK(text.find("## fp32") != std::string::npos);
    CHECK(text.find("## fp64") != std::string::npos);
    CHECK(text.find("| 2^3 (8) |") != std::string::npos);
    CHECK(text.find("| 1.50e-08 |") != std::string::npos);  // cuFFT's column
    CHECK(text.find("None: every size meets the threshold") != std::string::npos);
    const std::string csvText = readText(acc.path());
    CHECK(csvText.find("liftcl,fp64,8,roundtrip,") != std::string::npos);
}

TEST_CASE("liftcl bench --accuracy --sizes: exactly those sizes (a Bluestein prime, radices 11 and 13) against FFTW") {
    TempFile md("accuracy.md", ""), acc("acc.csv", "");
    const CliResult r = runCli("bench --accuracy --sizes 29,143 --precision f32 --out " + shellQuote(md.path()) +
                               " --accuracy-csv " + shellQuote(acc.path()));
    CAPTURE(r.out);
    CAPTURE(r.err);
    REQUIRE(r.status == 0);
    const std::string text = readText(md.path());
    CAPTURE(text);
    CHECK(text.find("--sizes 29,143") != std::string::npos);  // the header's command
    CHECK(text.find("| 29 |") != std::string::npos);
    CHECK(text.find("| 143 | 11x13 |") != std::string::npos);
    CHECK(text.find("(8) |") == std::string::npos);  // no sweep size
    CHECK(text.find("None: every size meets the threshold") != std::string::npos);
    const std::string csvText = readText(acc.path());
    CHECK(csvText.find("liftcl,fp32,29,forward,") != std::string::npos);
    CHECK(csvText.find("liftcl,fp32,143,roundtrip,") != std::string::npos);
}

// liftcl's accuracy CSV with the library renamed and every error divided by `divisor`.
std::string relabelledAccuracyCsv(const std::string& csv, const std::string& library, double divisor) {
    std::istringstream in(csv);
    std::string line, out;
    std::getline(in, line);
    out = line + "\n";
    while (std::getline(in, line)) {
        std::vector<std::string> f;
        std::istringstream fields(line);
        for (std::string field; std::getline(fields, field, ',');) f.push_back(field);
        REQUIRE(f.size() == 6);
        char l2[32], max[32];
        std::snprintf(l2, sizeof l2, "%.6e", std::stod(f[4]) / divisor);
        std::snprintf(max, sizeof max, "%.6e", std::stod(f[5]) / divisor);
        out += library + "," + f[1] + "," + f[2] + "," + f[3] + "," + l2 + "," + max + "\n";
    }
    return out;
}

TEST_CASE("liftcl bench --accuracy --compare-accuracy: ratio 1 against its own CSV, flagged against a 4x better copy") {
    TempFile md("accuracy.md", ""), acc("acc.csv", "");
    const std::string sizes = "bench --accuracy --max-log2 3 --out " + shellQuote(md.path());
    const CliResult first = runCli(sizes + " --accuracy-csv " + shellQuote(acc.path()));
    REQUIRE(first.status == 0);
    const std::string ownCsv = readText(acc.path());
    TempFile mirror("mirror.csv", relabelledAccuracyCsv(ownCsv, "mirror", 1)),
        better("better.csv", relabelledAccuracyCsv(ownCsv, "better", 4));
    const std::string compare = " --compare-accuracy " + shellQuote(mirror.path()) + "," + shellQuote(better.path());

    const CliResult same = runCli(sizes + compare + " --ratio-library mirror");
    CAPTURE(same.err);
    REQUIRE(same.status == 0);
    std::string text = readText(md.path());
    CAPTURE(text);
    CHECK(text.find("| liftcl/mirror |") != std::string::npos);
    CHECK(text.find("| better fwd rel L2 | better inv rel L2 |") != std::string::npos);
    CHECK(text.find("None of the 6 sizes measured by both.") != std::string::npos);
    for (const char* row : {"| 2^1 (2) |", "| 2^2 (4) |", "| 2^3 (8) |"}) {
        // every row of both precisions ends in the ratio 1.00
        std::size_t at = 0, found = 0;
        while ((at = text.find(row, at)) != std::string::npos) {
            const std::size_t end = text.find('\n', at);
            const std::string line = text.substr(at, end - at);
            CAPTURE(line);
            CHECK(line.size() > 8);
            CHECK(line.substr(line.size() - 8) == "| 1.00 |");
            ++found, at = end;
        }
        CHECK(found == 2);
    }

    const CliResult flagged = runCli(sizes + compare + " --ratio-library better");
    REQUIRE(flagged.status == 0);
    text = readText(md.path());
    // A size whose errors are all zero (exact) stays at 0/0 = 1; every other one is 4x the copy's.
    for (const char* precision : {"fp32", "fp64"})
        for (const char* n : {"2", "4", "8"}) {
            const std::string key = std::string(precision) + "," + n + ",";
            const bool exact = ownCsv.find("liftcl," + key + "forward,0.000000e+00") != std::string::npos &&
                               ownCsv.find("liftcl," + key + "inverse,0.000000e+00") != std::string::npos;
            const std::string listed = std::string("- ") + precision + " N=" + n + ": liftcl/better = 4.00";
            CAPTURE(listed);
            CHECK((text.find(listed) != std::string::npos) == !exact);
        }
    CHECK(text.find("**4.00**") != std::string::npos);
    CHECK(text.find("## Sizes where liftcl's error is above 2.00x better's") != std::string::npos);
}

TEST_CASE("accuracy markdown written during a run says it is incomplete") {
    bench::AccuracyRow row;
    row.n = 8;
    row.radices = "8";
    row.forward = row.inverse = row.roundTrip = {3e-8, 4e-8};
    bench::AccuracyReportInfo info;
    info.complete = false;
    const std::string partial = bench::accuracyMarkdown({row}, info, {});
    CHECK(partial.find("**Incomplete**: written during the run, after 1 size(s)") != std::string::npos);
    info.complete = true;
    CHECK(bench::accuracyMarkdown({row}, info, {}).find("Incomplete") == std::string::npos);
}

TEST_CASE("liftcl bench: bad options and files give one error and exit status 1") {
    checkOneError(runCli("bench --precision f16 --max-log2 4"), "--precision: unknown precision 'f16'");
    checkOneError(runCli("bench --min-log2 9 --max-log2 5"), "--min-log2 9");
    checkOneError(runCli("bench --from-csv /nonexistent/x.csv"), "/nonexistent/x.csv");
    // A size list given with spaces (as a shell variable easily is) names the item and the list's form.
    for (const char* sizes : {"'16 32'", "16,x"}) {
        const CliResult r = runCli(std::string("bench --sizes ") + sizes);
        CAPTURE(r.err);
        CHECK(r.status != 0);
        CHECK(r.err.find("is not a size: --sizes takes whole numbers separated by commas") != std::string::npos);
    }
    TempFile bad("bad.csv", "library,precision,N,batch,median_ms,gflops,gbps,note\nliftcl,fp32,sixteen,1,1,1,1,\n");
    checkOneError(runCli("bench --from-csv " + shellQuote(bad.path())), ":2");
    TempFile badAcc("bad_acc.csv", "lib,N\n");
    checkOneError(runCli("bench --accuracy --max-log2 2 --compare-accuracy " + shellQuote(badAcc.path())),
                  "bad_acc.csv:1");
}

TEST_CASE("bench --family: sweeps batched on the complex side, shapes in the N column, checked against FFTW") {
    bench::SweepOptions o;
    o.totalLog2 = 12;
    o.fp64 = false;
    const auto cases = bench::makeFamilySweep({"r2c2d", "3d"}, o);
    REQUIRE(cases.size() == 12);
    CHECK(cases[0].family == "r2c2d");
    CHECK(cases[0].shape == std::vector<std::int64_t>{32, 32});
    CHECK(cases[0].batch == 4096 / (32 * 17));  // the half spectrum: 32 x 17 complex points
    CHECK(cases[5].family == "3d");
    CHECK(cases[5].batch == 1);
    CHECK_THROWS_AS(bench::makeFamilySweep({"4d"}, o), liftcl::Error);

    CHECK(bench::makeFamilySweep({"r2c", "2d"}, o, 10).size() == 3);  // r2c 16, 1024; 2d 32x32

    // The small points on the test device: measured, their whole first and last transforms
    // against FFTW (the output is poisoned first), the shape in the N column.
    TempFile csv("family.csv", "");
    const CliResult r = runCli("bench --family r2c,2d --precision f32 --total-log2 12 --max-log2 10 --reps 2 "
                               "--warmup 1 --no-copy --csv " + shellQuote(csv.path()));
    CAPTURE(r.out);
    CAPTURE(r.err);
    REQUIRE(r.status == 0);
    const auto rows = bench::readCsv(csv.path());
    REQUIRE(rows.size() == 3);
    CHECK(rows[2].shape == "32x32");
    CHECK(rows[2].n == 1024);
    CHECK(readText(csv.path()).find("liftcl,fp32,32x32,4,") != std::string::npos);
    checkMeasuredAndPassed(rows);
    CHECK(rows[0].family() == "r2c");
    CHECK(rows[0].batch == 4096 / 9);
    // R2C moves n reals in and n/2+1 complex out.
    const double bytes = static_cast<double>((16 * 4 + 9 * 8) * rows[0].batch);
    CHECK(std::abs(rows[0].gbps - bytes / (rows[0].medianMs * 1e6)) <= 1e-3 * rows[0].gbps + 1e-3);

    // Ratios match on the family as well as the size: a cuFFT CSV of the same points at twice the time.
    TempFile cufft("cufft_nd.csv", cufftAtTwiceTheTime(rows));
    const CliResult c = runCli("bench --from-csv " + shellQuote(csv.path()) + " --compare " + shellQuote(cufft.path()));
    CAPTURE(c.err);
    CHECK(c.status == 0);
    CHECK(c.out.find("geometric mean liftcl/cufft r2c fp32: 2.000 over 2 points") != std::string::npos);
    CHECK(c.out.find("geometric mean liftcl/cufft 2d fp32: 2.000 over 1 points") != std::string::npos);
}

TEST_CASE(
    "bench --family c2r: the inverses of the R2C points, their half spectra real-valued, checked against FFTW's C2R") {
    bench::SweepOptions o;
    o.totalLog2 = 12;
    o.fp64 = false;
    const auto cases = bench::makeFamilySweep({"c2r", "c2r2d"}, o, 10);
    REQUIRE(cases.size() == 3);  // c2r 16, 1024; c2r2d 32x32
    for (const auto& c : cases) CHECK((c.real && c.inverse));
    CHECK(cases[0].batch == bench::makeFamilySweep({"r2c"}, o, 10)[0].batch);  // batched as the R2C point

    // The check reads the real output as complex values of imaginary part 0: FFTW's own C2R of the
    // half spectrum passes, the same values with one of them changed do not.
    const bench::BenchCase& c = cases[1];
    const std::vector<std::complex<double>> spectrum = bench::halfSpectrumInput(c, 0);
    REQUIRE(spectrum.size() == static_cast<std::size_t>(c.complexPoints()));
    std::vector<std::complex<double>> exact;
    for (double v : liftcl::fft::fftwC2rReference(spectrum, {c.n}, 1, false)) exact.push_back({v, 0.0});
    bench::BenchCase one = c;
    one.batch = 1;
    CHECK(bench::checkWholeTransforms(
              one, [&](std::int64_t) { return exact; }, 3)
              .passed());
    std::vector<std::complex<double>> wrong = exact;
    wrong[7] += 0.5;
    CHECK_FALSE(bench::checkWholeTransforms(
                    one, [&](std::int64_t) { return wrong; }, 3)
                    .passed());

    // On the test device: C2R plans measured and their first and last transforms checked (the
    // output poisoned first).
    TempFile csv("family_c2r.csv", "");
    const CliResult r = runCli(
        "bench --family c2r,c2r2d --precision both --total-log2 12 --max-log2 10 --reps 2 "
        "--warmup 1 --no-copy --csv " +
        shellQuote(csv.path()));
    CAPTURE(r.out);
    CAPTURE(r.err);
    REQUIRE(r.status == 0);
    const auto rows = bench::readCsv(csv.path());
    REQUIRE(rows.size() == 6);
    checkMeasuredAndPassed(rows);
    CHECK(rows[0].family() == "c2r");
    CHECK(rows[2].family() == "c2r2d");
}

TEST_CASE("liftcl bench --accuracy --family: errors of nd and real shapes against FFTW long double, ratio to a CSV") {
    // A transform that is right has errors of its precision; a wrong one (the input returned)
    // cannot pass for one.
    const bench::AccuracyShape square{{8, 8}, false}, real{{4, 8}, true};
    const bench::ErrorPair wrong = bench::measureShapeErrors(
        square, [](const std::vector<std::complex<double>>& x, bench::TransformDirection) { return x; });
    CHECK(wrong.relL2 > 0.5);
    CHECK_THROWS_WITH(bench::measureShapeErrors(real, [](const std::vector<std::complex<double>>& x,
                                                         bench::TransformDirection) { return x; }),
                      doctest::Contains("expected 20"));  // 4 x 5 points of the half spectrum

    TempFile cufft("cufft.csv", std::string(bench::kShapeAccuracyCsvHeader) +
                                    "\ncufft,fp32,64x64,1.0e-07,2.0e-07\ncufft,fp32,r2c 1024,1.0e-09,1.0e-09\n");
    TempFile out("accuracy_nd.md", "");
    const CliResult r = runCli("bench --accuracy --family 2d,r2c --max-log2 12 --precision f32 --compare-accuracy " +
                               shellQuote(cufft.path()) + " --out " + shellQuote(out.path()));
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    std::ifstream in(out.path());
    const std::string md((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(md.find("| 64x64 | fp32 | nd-local |") != std::string::npos);
    CHECK(md.find("| r2c 1024 | fp32 |") != std::string::npos);
    CHECK(md.find("16x16x16") == std::string::npos);  // not of those families
    // liftcl's 64x64 error (~1e-7) is about cuFFT's; against an impossible 1e-9 it is flagged.
    CHECK(md.find("Above 2x cufft's error: fp32 r2c 1024;") != std::string::npos);
    CHECK(md.find("fp32 64x64;") == std::string::npos);
}
