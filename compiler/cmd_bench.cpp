// liftcl bench: the FFT benchmark (bench/README.md). Measures liftcl's forward FFT plans over the
// sweep of bench/README.md (the comparison programs of bench/compare use the same sizes, batches,
// input, stamp-kernel timing, metrics and CSV columns), checks a few bins of each point against a naive DFT, writes CSV and an SVG
// plot, and with --compare prints the throughput ratios against cuFFT/clFFT/VkFFT CSVs measured in
// the same job. With --accuracy it writes the accuracy table (docs/accuracy.md) instead.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "bench/lib/bench_accuracy.hpp"
#include "bench/lib/bench_accuracy_report.hpp"
#include "bench/lib/bench_shape_accuracy.hpp"
#include "bench/lib/bench_csv.hpp"
#include "bench/lib/bench_families.hpp"
#include "bench/lib/bench_ratio_table.hpp"
#include "bench/lib/bench_runner.hpp"
#include "bench/lib/bench_svg_plot.hpp"
#include "bench/lib/bench_sweep.hpp"
#include "compiler/commands.hpp"
#include "compiler/common_options.hpp"
#include "ir/error.hpp"
#include "ir/number_format.hpp"
#include "ir/precision.hpp"
#include "runtime/device_selection.hpp"

namespace liftcl::cli {

namespace {

struct BenchArgs {
    std::string precision = "both";
    bench::SweepOptions sweep;
    int maxLog2 = 0;  // 0: SweepOptions' for the sweep (the reference sweep), 22 for --accuracy
    bench::RunnerOptions runner;
    bool copy = true;
    std::string csv, svg, fromCsv;
    std::vector<std::string> compare;
    std::string device;
    bool accuracy = false;
    std::string accuracyOut = "docs/accuracy.md";
    std::string accuracyCsv;
    std::vector<std::string> compareAccuracy;
    std::int64_t accuracyBatch = 1;
    std::string ratioLibrary = "cufft";
    std::string commandLine;
    std::string twiddles = "table";
    std::vector<std::string> families;  // --family: the multidimensional/real sweeps instead
};

void setPrecision(BenchArgs& a, bench::SweepOptions& sweep) {
    const std::optional<ir::ScalarKind> only = ir::parsePrecisionOrBoth(a.precision, "bench: --precision");
    sweep.fp32 = !only || *only == ir::ScalarKind::Float;
    sweep.fp64 = !only || *only == ir::ScalarKind::Double;
}

std::string deviceText(const rt::Device& d) {
    return d.name() + " (" + d.platformName() + ", " + d.version() + ", driver " + d.driverVersion() + ")";
}

std::string fixed(double value, const char* format) {
    return std::isfinite(value) ? ir::formatNumber(value, format) : "-";
}

std::string noteItem(const std::string& note, const std::string& key) {
    const std::size_t at = note.find(key + "=");
    if (at == std::string::npos) return "";
    const std::size_t start = at + key.size() + 1;
    return note.substr(start, note.find(';', start) - start);
}

void printRow(const bench::BenchRow& r) {
    char line[256];
    std::snprintf(line, sizeof line, "%-6s %-4s %10lld %9lld %10s %9s %9s %10s  ", r.library.c_str(),
                  r.precision.c_str(), static_cast<long long>(r.n), static_cast<long long>(r.batch),
                  fixed(r.medianMs, "%.4f").c_str(), fixed(r.gflops, "%.1f").c_str(), fixed(r.gbps, "%.1f").c_str(),
                  noteItem(r.note, "relerr").c_str());
    std::string flags;
    if (r.checkFailed()) flags += "FAIL ";
    if (r.single()) flags += "single ";
    if (!r.measured()) flags += r.note;
    else if (r.precision != "copy") flags += "radices " + noteItem(r.note, "radices");
    std::cout << line << flags << std::endl;
}

std::vector<bench::BenchRow> readComparisons(const std::vector<std::string>& paths) {
    std::vector<bench::BenchRow> rows;
    for (const std::string& path : paths) {
        auto more = bench::readCsv(path);
        rows.insert(rows.end(), more.begin(), more.end());
    }
    return rows;
}

std::vector<bench::BenchRow> measureSweep(const BenchArgs& a, const std::vector<bench::BenchCase>& cases,
                                          int& failures) {
    const rt::Device device = rt::chooseDevice(a.device);
    std::cout << "liftcl bench: device " << device.indexSpec() << " " << deviceText(device) << "\n";
    std::cout << "liftcl bench: " << cases.size() << " points, reps=" << a.runner.repetitions
              << " warmup=" << a.runner.warmup << ", out-of-place forward"
              << (a.families.empty() ? " C2C" : "") << ", time = median of stamp-to-stamp\n";
    bench::BenchRunner runner(device, a.runner);
    std::cout << "liftcl bench: stamp-kernel overhead included in median_ms: " << fixed(runner.stampOverheadMs(), "%.4f")
              << " ms" << std::endl;

    std::ofstream csv;
    if (!a.csv.empty()) {
        csv.open(a.csv, std::ios::binary);
        if (!csv) throw Error("bench: cannot write the CSV file " + a.csv);
        bench::writeCsvHeader(csv);
    }
    std::vector<bench::BenchRow> rows;
    auto record = [&](const bench::BenchRow& row) {
        printRow(row);
        if (csv.is_open()) bench::writeCsvRow(csv, row);
        rows.push_back(row);
    };
    std::cout << "lib    prec          N     batch  median_ms   GFLOP/s      GB/s     relerr  note" << std::endl;
    if (a.copy) {
        const std::int64_t bytes = (std::int64_t{1} << a.sweep.totalLog2) * 8;
        bench::BenchCase asBuffer{false, std::int64_t{1} << a.sweep.totalLog2, 1, false, false};
        if (runner.memoryRefusal(asBuffer).empty()) record(runner.copyBandwidth(bytes));
    }
    for (const bench::BenchCase& c : cases) {
        const bench::BenchRow row = runner.run(c);
        if (row.checkFailed() || row.note.rfind("error:", 0) == 0) ++failures;
        record(row);
    }
    return rows;
}

void runSweep(BenchArgs a) {
    a.sweep.maxLog2 = a.maxLog2 > 0 ? a.maxLog2 : bench::SweepOptions{}.maxLog2;
    setPrecision(a, a.sweep);
    const std::vector<bench::BenchCase> cases =
        a.families.empty() ? bench::makeSweep(a.sweep) : bench::makeFamilySweep(a.families, a.sweep, a.maxLog2);
    std::vector<bench::BenchRow> rows;
    int failures = 0;
    if (!a.fromCsv.empty()) rows = bench::readCsv(a.fromCsv);
    else rows = measureSweep(a, cases, failures);

    const std::vector<bench::BenchRow> others = readComparisons(a.compare);
    std::vector<bench::BenchRow> all = rows;
    all.insert(all.end(), others.begin(), others.end());
    if (!others.empty()) std::cout << "\n" << bench::ratioTable(all, "liftcl");
    if (!a.svg.empty()) {
        std::ofstream svg(a.svg, std::ios::binary);
        if (!svg) throw Error("bench: cannot write the SVG file " + a.svg);
        svg << bench::renderSvgPlot(all, "1D complex FFT, forward: liftcl" +
                                             std::string(others.empty() ? "" : " vs. comparison CSVs"));
        std::cout << "liftcl bench: wrote " << a.svg << "\n";
    }
    if (!a.csv.empty() && a.fromCsv.empty()) std::cout << "liftcl bench: wrote " << a.csv << "\n";
    if (failures > 0)
        throw Error("bench: " + std::to_string(failures) +
                    " point(s) failed (CHECK_FAILED or error:); see the note column");
}

std::string today() {
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%d", &utc);
    return text;
}

// Writes the markdown (and the CSV when asked) for the rows measured so far.
void writeAccuracyReport(const BenchArgs& a, const std::string& device, const std::vector<bench::AccuracyRow>& rows,
                         const bench::AccuracyComparison& comparison, std::chrono::steady_clock::time_point start,
                         bool complete) {
    bench::AccuracyReportInfo info;
    info.device = device;
    info.date = today();
    std::string methods;
    for (const bench::AccuracyRow& row : rows)
        if (!row.method.empty() && methods.find(row.method) == std::string::npos)
            methods += (methods.empty() ? "" : ", ") + row.method;
    info.method = (methods.empty() ? std::string("none measured") : methods) +
                  (a.runner.method.empty() ? " (the planner's default)" : " (--method " + a.runner.method + ")");
    info.command = a.commandLine;
    info.ratioLibrary = a.ratioLibrary;
    info.complete = complete;
    info.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    {
        std::ofstream out(a.accuracyOut, std::ios::binary);
        if (!out) throw Error("bench: cannot write " + a.accuracyOut);
        out << bench::accuracyMarkdown(rows, info, comparison);
    }
    if (!a.accuracyCsv.empty()) {
        std::ofstream csv(a.accuracyCsv, std::ios::binary);
        if (!csv) throw Error("bench: cannot write " + a.accuracyCsv);
        csv << bench::accuracyCsv(rows);
    }
    if (!complete) return;
    std::cout << "liftcl bench --accuracy: wrote " << a.accuracyOut << "\n";
    if (!a.accuracyCsv.empty()) std::cout << "liftcl bench --accuracy: wrote " << a.accuracyCsv << "\n";
}

void runAccuracy(BenchArgs a) {
    bench::AccuracyOptions options;
    options.maxLog2 = a.maxLog2 > 0 ? a.maxLog2 : 22;
    options.batch = a.accuracyBatch;
    options.method = a.runner.method;
    options.mixed = true;
    options.sizes = a.sweep.sizes;
    bench::SweepOptions precisions;
    setPrecision(a, precisions);

    bench::AccuracyComparison comparison;
    for (const std::string& path : a.compareAccuracy) bench::mergeAccuracy(comparison, bench::readAccuracyCsv(path));

    const rt::Device device = rt::chooseDevice(a.device);
    std::cout << "liftcl bench --accuracy: device " << device.indexSpec() << " " << deviceText(device) << std::endl;
    bench::AccuracyRunner runner(device, options);
    const auto start = std::chrono::steady_clock::now();
    std::vector<bench::AccuracyRow> rows;
    for (bool isDouble : {false, true}) {
        if (isDouble ? !precisions.fp64 : !precisions.fp32) continue;
        for (std::int64_t n : bench::accuracySizes(options)) {
            bench::AccuracyRow row = runner.measure(n, isDouble);
            std::cout << (isDouble ? "fp64 " : "fp32 ") << "N=" << n << ": ";
            if (!row.error.empty()) std::cout << "failed: " << row.error << std::endl;
            else
                std::cout << "fwd " << fixed(row.forward.relL2, "%.2e") << " inv " << fixed(row.inverse.relL2, "%.2e")
                          << " round trip " << fixed(row.roundTrip.relL2, "%.2e") << " (rel L2)"
                          << (row.forward.relL2 < bench::accuracyThreshold(isDouble) &&
                                      row.inverse.relL2 < bench::accuracyThreshold(isDouble) &&
                                      row.roundTrip.relL2 < bench::accuracyThreshold(isDouble)
                                  ? ""
                                  : "  ABOVE THRESHOLD")
                          << std::endl;
            rows.push_back(std::move(row));
            // Rewritten after every size, so a run stopped by a time limit leaves what it measured.
            writeAccuracyReport(a, deviceText(device), rows, comparison, start, false);
        }
    }
    writeAccuracyReport(a, deviceText(device), rows, comparison, start, true);
}

// --accuracy --family F,... (or all): the errors of the multidimensional and real shapes of those
// families (bench_shape_errors.hpp; of at most 2^--max-log2 points) beside the libraries of
// --compare-accuracy, written to --out (default docs/accuracy_nd.md).
void runShapeAccuracy(BenchArgs a) {
    bench::SweepOptions precisions;
    setPrecision(a, precisions);
    if (a.accuracyOut == "docs/accuracy.md") a.accuracyOut = "docs/accuracy_nd.md";  // not the 1D table
    bench::ShapeAccuracyComparison comparison;
    for (const std::string& path : a.compareAccuracy) bench::readShapeAccuracyCsv(path, comparison);
    const rt::Device device = rt::chooseDevice(a.device);
    std::cout << "liftcl bench --accuracy --family: device " << device.indexSpec() << " " << deviceText(device) << std::endl;
    std::vector<bench::AccuracyShape> shapes;
    for (const bench::AccuracyShape& s : bench::accuracyShapes(a.maxLog2))
        for (const std::string& f : a.families)
            if (f == "all" || f == bench::accuracyShapeFamily(s)) shapes.push_back(s);
    if (shapes.empty()) throw Error("bench --accuracy --family: no shape of the accuracy table is in those families");
    const std::vector<bench::ShapeAccuracyRow> rows =
        bench::measureShapeAccuracy(device, shapes, precisions.fp32, precisions.fp64);
    std::string line = "liftcl bench --accuracy --family";
    for (std::size_t i = 0; i < a.families.size(); ++i) line += (i == 0 ? " " : ",") + a.families[i];
    if (a.maxLog2 > 0) line += " --max-log2 " + std::to_string(a.maxLog2);
    for (std::size_t i = 0; i < a.compareAccuracy.size(); ++i)
        line += (i == 0 ? " --compare-accuracy " : ",") + std::filesystem::path(a.compareAccuracy[i]).filename().string();
    const std::string header = "# Accuracy of multidimensional and real FFTs\n\nForward transform of one array, "
                               "relative errors against FFTW in long double on the benchmark's input. Device: " +
                               deviceText(device) + ", " + today() + ". Made by `" + line + "`.\n";
    {
        std::ofstream out(a.accuracyOut, std::ios::binary);
        if (!out) throw Error("bench: cannot write " + a.accuracyOut);
        out << bench::shapeAccuracyMarkdown(rows, comparison, a.ratioLibrary, header);
    }
    if (!a.accuracyCsv.empty()) {
        std::ofstream csv(a.accuracyCsv, std::ios::binary);
        if (!csv) throw Error("bench: cannot write " + a.accuracyCsv);
        csv << bench::shapeAccuracyCsv(rows);
    }
    std::size_t failed = 0;
    for (const auto& r : rows) {
        std::cout << (r.isDouble ? "fp64 " : "fp32 ") << bench::accuracyShapeText(r.shape) << ": "
                  << (r.error.empty() ? "rel L2 " + fixed(r.errors.relL2, "%.2e") : "failed: " + r.error) << "\n";
        failed += r.error.empty() ? 0 : 1;
    }
    std::cout << "liftcl bench --accuracy --family: wrote " << a.accuracyOut << std::endl;
    if (failed > 0) throw Error("bench --accuracy --family: " + std::to_string(failed) + " shape(s) failed");
}

// The command that regenerates the accuracy table, for its header.
std::string accuracyCommandLine(const BenchArgs& a) {
    std::string line = "liftcl bench --accuracy --max-log2 " + std::to_string(a.maxLog2 > 0 ? a.maxLog2 : 22);
    if (a.precision != "both") line += " --precision " + a.precision;
    for (std::size_t i = 0; i < a.sweep.sizes.size(); ++i)
        line += (i == 0 ? " --sizes " : ",") + std::to_string(a.sweep.sizes[i]);
    if (!a.runner.method.empty()) line += " --method " + a.runner.method;
    if (a.accuracyBatch != 1) line += " --accuracy-batch " + std::to_string(a.accuracyBatch);
    for (std::size_t i = 0; i < a.compareAccuracy.size(); ++i)
        line += (i == 0 ? " --compare-accuracy " : ",") + std::filesystem::path(a.compareAccuracy[i]).filename().string();
    if (a.ratioLibrary != "cufft") line += " --ratio-library " + a.ratioLibrary;
    return line + " --out " + a.accuracyOut;
}

}  // namespace

void addBenchCommand(CLI::App& app) {
    auto* cmd = app.add_subcommand("bench", "Benchmark FFT plans over the reference sweep (CSV, SVG, ratios) "
                                            "or, with --accuracy, write the accuracy table");
    auto a = std::make_shared<BenchArgs>();
    cmd->add_option("--precision", a->precision, "f32 | f64 | both")->default_val("both");
    cmd->add_option("--min-log2", a->sweep.minLog2, "Smallest log2 N of the sweep")->default_val(4);
    cmd->add_option("--max-log2", a->maxLog2,
                    "Largest log2 N (default 26, within the --total-log2 buffer: fp32 to 2^26, fp64 to 2^25; "
                    "22 with --accuracy; with --family: only points of at most 2^K points, default all)");
    cmd->add_option("--total-log2", a->sweep.totalLog2,
                    "Complex values per buffer = 2^T (fp32), 2^(T-1) (fp64); batch = max(1, 2^T/N)")
        ->default_val(26);
    cmd->add_option("--single-log2", a->sweep.singleLog2, "Extra batch = 1 point N = 2^K (0: none)")->default_val(24);
    cmd->add_flag("--mixed", a->sweep.mixed, "Add the mixed-radix sizes (1680 ... 362880)");
    cmd->add_option("--sizes", a->sweep.sizes,
                    "Measure exactly these sizes, any n >= 2 (e.g. 1009,4099,65537), batched to the --total-log2 buffer (with --accuracy: their errors instead of the sweep's)")
        ->delimiter(',')
        ->check(bench::sizeListItemError);
    cmd->add_option("--family", a->families,
                    "Measure these multidimensional/real families instead (c2c,r2c,2d,r2c2d,3d,r2c3d: issue 15's "
                    "sweeps; c2r,c2r2d,c2r3d: the inverses of the R2C ones; batched to the --total-log2 buffer on "
                    "the complex side; N as 64x64, note family=...); "
                    "with --accuracy: the errors of the accuracy table's shapes of these families (or all), "
                    "--out default docs/accuracy_nd.md")
        ->delimiter(',');
    cmd->add_option("--reps", a->runner.repetitions, "Timed executions per point (median)")->default_val(20);
    cmd->add_option("--warmup", a->runner.warmup, "Untimed executions first")->default_val(3);
    cmd->add_option("--check-bins", a->runner.checkBins, "Bins checked per transform (0: no check)")->default_val(3);
    cmd->add_flag("!--no-copy", a->copy, "Skip the copy-bandwidth row");
    cmd->add_option("--csv", a->csv, "Write the results as CSV (the harness's columns)");
    cmd->add_option("--svg", a->svg, "Write an SVG plot of GB/s and GFLOP/s against log2 N");
    cmd->add_option("--compare", a->compare, "CSV files of other libraries (cufft.csv,clfft.csv,vkfft.csv)")
        ->delimiter(',');
    cmd->add_option("--from-csv", a->fromCsv, "Plot/compare liftcl rows from this CSV instead of measuring");
    cmd->add_option("--device", a->device, "OpenCL device (INDEX, P:D or a name substring)");
    cmd->add_option("--method", a->runner.method, "FFT method of the plans (default: the planner's)");
    cmd->add_option("--twiddles", a->twiddles, "Twiddle variant of the plans: table | digits | sincos | local")
        ->default_val("table");
    addHierarchicalTileOptions(*cmd, a->runner.hierarchicalTileBytes, a->runner.hierarchicalMaxTileWidth,
                               a->runner.hierarchicalPowerOfTwoTiles);
    addRegistersOption(*cmd, a->runner.registersPerItem);
    cmd->add_option("--items", a->runner.localItemsPerTransform,
                    "Method local (or auto where it takes local): work-items per transform (0: the method's default)");
    cmd->add_flag("--accuracy", a->accuracy, "Measure errors against FFTW (long double) and write --out");
    cmd->add_option("--out", a->accuracyOut, "Accuracy markdown file")->default_val("docs/accuracy.md");
    cmd->add_option("--accuracy-csv", a->accuracyCsv, "Also write liftcl's errors as CSV");
    cmd->add_option("--compare-accuracy", a->compareAccuracy,
                    "CSV files of other libraries' errors (library,precision,N,direction,rel_l2,rel_max)")
        ->delimiter(',');
    cmd->add_option("--accuracy-batch", a->accuracyBatch, "Transforms per accuracy plan")->default_val(1);
    cmd->add_option("--ratio-library", a->ratioLibrary,
                    "Library of --compare-accuracy that liftcl's errors are divided by (rows above 2x flagged)")
        ->default_val("cufft");
    cmd->callback([a] {
        a->commandLine = accuracyCommandLine(*a);
        if (a->runner.repetitions < 1) throw Error("bench: --reps must be at least 1");
        if (a->runner.warmup < 0) throw Error("bench: --warmup must not be negative");
        if (a->runner.localItemsPerTransform < 0) throw Error("bench: --items must not be negative");
        a->runner.twiddles = codegen::twiddleModeFromName(a->twiddles);
        if (a->accuracy && !a->families.empty()) runShapeAccuracy(*a);
        else if (a->accuracy) runAccuracy(*a);
        else runSweep(*a);
    });
}

}  // namespace liftcl::cli
