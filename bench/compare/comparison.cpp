#include "bench/compare/comparison.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <fstream>
#include <iostream>

#include <CLI/CLI.hpp>

#include "bench/lib/bench_check.hpp"
#include "bench/lib/bench_csv.hpp"
#include "bench/lib/bench_families.hpp"
#include "ir/error.hpp"
#include "ir/number_format.hpp"
#include "ir/precision.hpp"
#include "ir/statistics.hpp"

namespace liftcl::bench {

namespace {

struct ComparisonOptions {
    std::string precision = "both";
    SweepOptions sweep;
    int repetitions = 20;
    int warmup = 3;
    int checkBins = 3;
    bool copy = true;
    std::string csv;
    std::vector<std::string> families;  // --family: those sweeps instead of the 1D one
};

void appendNote(std::string& note, const std::string& item) {
    if (item.empty()) return;
    if (!note.empty()) note += ';';
    note += item;
}

// Why the point cannot run ("" when it fits): input and output buffers plus the library's
// temporaries, counted as two more buffers as `liftcl bench` does.
std::string memoryRefusal(const ComparedLibrary& library, const BenchCase& c) {
    const double buffer = static_cast<double>(c.bytes());
    if (buffer > static_cast<double>(library.maxBufferBytes()))
        return "skipped: a buffer of " + ir::formatNumber(buffer / 1073741824.0, "%.2f GiB") + " exceeds the device's largest allocation";
    if (4 * buffer > 0.9 * static_cast<double>(library.memoryBytes()))
        return "skipped: 4 buffers of " + ir::formatNumber(buffer / 1073741824.0, "%.2f GiB") + " exceed 90% of the device's memory";
    return "";
}

BenchRow measure(ComparedLibrary& library, const BenchCase& c, const ComparisonOptions& o) {
    BenchRow row;
    row.library = library.name();
    row.precision = c.precisionName();
    row.n = c.n;
    row.batch = c.batch;
    row.shape = benchShapeText(c.shape);
    if (c.single) appendNote(row.note, "single");
    if (c.mixed) appendNote(row.note, "mixed");
    appendNote(row.note, library.note());
    if (!c.family.empty()) appendNote(row.note, "family=" + c.family);
    const bool whole = c.shape.size() >= 2 || c.real;
    if (whole && !library.multidimensional()) {
        row.note = "unsupported: multidimensional or real transforms are not measured by this program;" + row.note;
        return row;
    }
    if (c.real && c.inverse) {
        row.note =
            "unsupported: C2R is not measured by this program (bench/cufft_nd_bench.cu times cuFFT's);" + row.note;
        return row;
    }
    if (const std::string refusal = memoryRefusal(library, c); !refusal.empty()) {
        row.note = refusal + ";" + row.note;
        return row;
    }
    try {
        if (const std::string why = library.prepare(c); !why.empty()) {
            library.release();
            row.note = why + ";" + row.note;
            return row;
        }
        const std::vector<double> ms = library.time(o.repetitions, o.warmup);
        row.medianMs = ir::median(ms);
        row.gflops = c.flops() / (row.medianMs * 1e-3) * 1e-9;
        row.gbps = c.bytesMoved() / (row.medianMs * 1e-3) * 1e-9;
        appendNote(row.note, "min_ms=" + ir::formatNumber(*std::min_element(ms.begin(), ms.end()), "%.5f"));
        if (o.checkBins > 0) {
            const TransformReader read = [&](std::int64_t index) { return library.readTransform(index); };
            const CheckResult check = whole ? checkWholeTransforms(c, read, o.checkBins) : checkCase(c, read, o.checkBins);
            appendNote(row.note, "relerr=" + ir::formatNumber(check.relativeError, "%.3e"));
            appendNote(row.note, "check_bins=" + std::to_string(check.bins));
            if (!check.passed()) appendNote(row.note, "CHECK_FAILED");
        }
    } catch (const std::exception& e) {
        row = BenchRow{row.library, row.precision, row.n, row.batch};
        row.note = "error: " + std::string(e.what());
    }
    library.release();
    return row;
}

BenchRow measureCopy(ComparedLibrary& library, std::int64_t bytes, const ComparisonOptions& o) {
    BenchRow row;
    row.library = library.name();
    row.precision = "copy";
    row.n = bytes;
    const std::vector<double> ms = library.timeCopy(bytes, o.repetitions, o.warmup);
    row.medianMs = ir::median(ms);
    row.gbps = 2.0 * static_cast<double>(bytes) / (row.medianMs * 1e-3) * 1e-9;
    row.note = "device_copy;bytes_counted=2x;min_ms=" + ir::formatNumber(*std::min_element(ms.begin(), ms.end()), "%.5f");
    return row;
}

void printRow(const BenchRow& r) {
    std::printf("%-6s %-4s %10lld %9lld %10.4f %9.1f %8.1f  %s\n", r.library.c_str(), r.precision.c_str(),
                static_cast<long long>(r.n), static_cast<long long>(r.batch), r.medianMs, r.gflops, r.gbps,
                r.note.c_str());
    std::fflush(stdout);
}

}  // namespace

void reportFailure(const char* program, const char* what) { std::cerr << program << ": " << what << "\n"; }

int runComparison(int argc, char** argv, ComparedLibrary& library) {
    ComparisonOptions o;
    CLI::App app{"FFT throughput of " + library.name() + ", measured as `liftcl bench` measures liftcl"};
    app.add_option("--precision", o.precision, "f32 | f64 | both")->default_val("both");
    app.add_option("--min-log2", o.sweep.minLog2, "smallest log2 N")->default_val(4);
    app.add_option("--max-log2", o.sweep.maxLog2, "largest log2 N (capped by the --total-log2 buffer)")
        ->default_val(o.sweep.maxLog2);
    app.add_option("--total-log2", o.sweep.totalLog2, "batch = 2^T / N (fp64: 2^(T-1) / N)")->default_val(26);
    app.add_option("--single-log2", o.sweep.singleLog2, "one batch = 1 point N = 2^K (0: none)")->default_val(24);
    app.add_flag("--mixed", o.sweep.mixed, "add the mixed-radix sizes");
    app.add_option("--sizes", o.sweep.sizes, "exactly these sizes, any n >= 2 (primes: liftcl's --sizes)")
        ->delimiter(',')
        ->check(sizeListItemError);
    app.add_option("--reps", o.repetitions, "timed executions (median)")->default_val(20);
    app.add_option("--warmup", o.warmup, "untimed executions first")->default_val(3);
    app.add_option("--check-bins", o.checkBins, "bins checked per transform (0: none)")->default_val(3);
    app.add_option("--csv", o.csv, "CSV output (bench/README.md)");
    app.add_option("--family", o.families, "the multidimensional/real sweeps instead (c2c,r2c,2d,r2c2d,3d,r2c3d)")
        ->delimiter(',');
    bool noCopy = false;
    app.add_flag("--no-copy", noCopy, "skip the copy-bandwidth row");
    try {
        app.parse(argc, argv);
        const std::optional<ir::ScalarKind> only = ir::parsePrecisionOrBoth(o.precision, "--precision");
        o.sweep.fp32 = !only || *only == ir::ScalarKind::Float;
        o.sweep.fp64 = !only || *only == ir::ScalarKind::Double;
    } catch (const CLI::ParseError& e) {
        return app.exit(e) == 0 ? 0 : 2;
    } catch (const Error& e) {
        std::cerr << e.what() << "\n";
        return 2;
    }
    o.copy = !noCopy;

    std::cout << library.name() << ": " << library.device() << "\n";
    std::ofstream csv;
    if (!o.csv.empty()) {
        csv.open(o.csv);
        if (!csv) {
            std::cerr << library.name() << ": cannot write " << o.csv << "\n";
            return 2;
        }
        writeCsvHeader(csv);
    }
    int status = 0;
    auto emit = [&](const BenchRow& row) {
        printRow(row);
        if (csv.is_open()) {
            writeCsvRow(csv, row);
            csv.flush();  // a run cut short by its time limit keeps the points measured so far
        }
        if (row.checkFailed()) status = 1;
    };
    try {
        if (o.copy) emit(measureCopy(library, (std::int64_t{1} << o.sweep.totalLog2) * 8, o));
        const std::vector<BenchCase> cases = o.families.empty() ? makeSweep(o.sweep) : makeFamilySweep(o.families, o.sweep);
        for (const BenchCase& c : cases) emit(measure(library, c, o));
    } catch (const std::exception& e) {
        std::cerr << library.name() << ": " << e.what() << "\n";
        return 2;
    }
    return status;
}

}  // namespace liftcl::bench
