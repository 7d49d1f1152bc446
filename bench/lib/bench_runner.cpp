#include "bench/lib/bench_runner.hpp"

#include <algorithm>
#include <chrono>
#include <complex>
#include <cstdio>
#include <limits>
#include <optional>
#include <vector>

#include "bench/lib/bench_buffers.hpp"
#include "bench/lib/bench_check.hpp"
#include "bench/lib/bench_families.hpp"
#include "fft/fft_planner.hpp"
#include "fft/fft_request.hpp"
#include "fft/radix_factorization.hpp"
#include "ir/error.hpp"
#include "ir/number_format.hpp"
#include "ir/statistics.hpp"
#include "runtime/error.hpp"

namespace liftcl::bench {

namespace {

std::string gibibytes(double bytes) { return ir::formatNumber(bytes / 1073741824.0, "%.2f GiB"); }

void appendNote(std::string& note, const std::string& item) {
    if (item.empty()) return;
    if (!note.empty()) note += ';';
    note += item;
}

// The row of a point that could not be measured: the reason first, the case's notes after.
BenchRow errorRow(BenchRow row, const std::exception& e) {
    row.note = "error: " + std::string(e.what()) + (row.note.empty() ? "" : ";" + row.note);
    return row;
}

BenchRow rowFor(const BenchCase& c) {
    BenchRow row;
    row.library = "liftcl";
    row.precision = c.precisionName();
    row.n = c.n;
    row.batch = c.batch;
    row.shape = benchShapeText(c.shape);
    if (!c.family.empty()) appendNote(row.note, "family=" + c.family);
    if (c.single) appendNote(row.note, "single");
    if (c.mixed) appendNote(row.note, "mixed");
    if (c.listed) appendNote(row.note, "sizes");
    return row;
}

}  // namespace

BenchRunner::BenchRunner(const rt::Device& device, RunnerOptions options)
    : context_(device), queue_(context_), timer_(context_), options_(std::move(options)) {}

double BenchRunner::stampOverheadMs() { return timer_.overheadMs(queue_, options_.repetitions); }

std::string BenchRunner::memoryRefusal(const BenchCase& c) const {
    const rt::Device& d = context_.device();
    if (c.isDouble && !d.supportsFp64()) return "skipped: the device has no fp64 (cl_khr_fp64)";
    const double buffer = static_cast<double>(c.bytes());
    const double maxAlloc = static_cast<double>(d.maxAllocBytes());
    if (buffer > maxAlloc)
        return "skipped: a buffer of " + gibibytes(buffer) + " exceeds the device's largest allocation (" +
               gibibytes(maxAlloc) + ")";
    const double global = static_cast<double>(d.globalMemBytes());
    if (4 * buffer > 0.9 * global)
        return "skipped: 4 buffers of " + gibibytes(buffer) + " (input, output, 2 temporaries) exceed 90% of the " +
               "device's memory (" + gibibytes(global) + ")";
    return "";
}

BenchRow BenchRunner::run(const BenchCase& c) {
    BenchRow row = rowFor(c);
    if (const std::string refusal = memoryRefusal(c); !refusal.empty()) {
        row.note = refusal + (row.note.empty() ? "" : ";" + row.note);
        return row;
    }
    fft::FftRequest request;
    request.n = c.n;
    request.batch = c.batch;
    request.precision = c.isDouble ? ir::ScalarKind::Double : ir::ScalarKind::Float;
    request.direction = c.inverse ? rt::FftDirection::Inverse : rt::FftDirection::Forward;  // C2R: unscaled
    if (!options_.method.empty()) request.method = options_.method;
    request.twiddles = options_.twiddles;
    request.hierarchicalTileBytes = options_.hierarchicalTileBytes;
    request.hierarchicalMaxTileWidth = options_.hierarchicalMaxTileWidth;
    request.hierarchicalPowerOfTwoTiles = options_.hierarchicalPowerOfTwoTiles;
    request.localItemsPerTransform = options_.localItemsPerTransform;
    if (options_.registersPerItem >= 0) request.registersPerItem = options_.registersPerItem;
    if (c.shape.size() >= 2) request.shape = c.shape;
    request.real = c.real;
    request.localMemoryBytes = static_cast<std::int64_t>(context_.device().localMemBytes());

    const auto planStart = std::chrono::steady_clock::now();
    std::optional<rt::FftPlan> plan;
    try {
        plan.emplace(cache_, context_, fft::planFft(request));
    } catch (const std::exception& e) {
        // The planner's refusal (liftcl::Error) or a kernel the device cannot build (rt::Error).
        return errorRow(row, e);
    }
    const double planSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - planStart).count();

    const rt::FftPlanDescription& d = plan->description();
    const rt::Buffer in(context_, d.inputBytes());
    const rt::Buffer out(context_, d.outputBytes());
    uploadInput(queue_, in, c);
    out.fill(queue_, std::numeric_limits<float>::quiet_NaN());  // poisoned: a plan that writes nothing fails the check

    rt::FftExecution lastExecution;
    std::vector<double> ms;
    try {
        ms = timer_.time(
            queue_, [&] { lastExecution = plan->execute(queue_, in, out); }, options_.repetitions, options_.warmup);
    } catch (const std::exception& e) {
        // A plan the device cannot launch (a work-group its kernel's registers do not allow, say):
        // this point is an error row, the sweep goes on.
        return errorRow(row, e);
    }
    row.medianMs = ir::median(ms);
    const double seconds = row.medianMs * 1e-3;
    row.gflops = c.flops() / seconds * 1e-9;
    row.gbps = c.bytesMoved() / seconds * 1e-9;

    const TransformReader read = [&](std::int64_t index) { return readTransform(queue_, out, c, index); };
    const bool whole = c.shape.size() >= 2 || c.real;
    const CheckResult check = whole ? checkWholeTransforms(c, read, options_.checkBins)
                                    : checkCase(c, read, options_.checkBins);

    appendNote(row.note, "method=" + plan->description().method);
    appendNote(row.note, "radices=" + fft::radicesText(plan->description().radices, "x"));
    appendNote(row.note, "kernels=" + std::to_string(plan->description().steps.size()));
    appendNote(row.note, "min_ms=" + ir::formatNumber(*std::min_element(ms.begin(), ms.end()), "%.5f"));
    appendNote(row.note, "span_ms=" + ir::formatNumber(lastExecution.milliseconds(), "%.5f"));
    appendNote(row.note, "plan_s=" + ir::formatNumber(planSeconds, "%.3f"));
    if (check.bins > 0) {
        appendNote(row.note, "relerr=" + ir::formatNumber(check.relativeError, "%.3e"));
        appendNote(row.note, "check_bins=" + std::to_string(check.bins));
        if (!check.passed()) appendNote(row.note, "CHECK_FAILED");
    }
    return row;
}

BenchRow BenchRunner::copyBandwidth(std::int64_t bytes) {
    BenchRow row;
    row.library = "liftcl";
    row.precision = "copy";
    row.n = bytes;
    row.batch = 1;
    const rt::Buffer source(context_, static_cast<std::size_t>(bytes));
    const rt::Buffer target(context_, static_cast<std::size_t>(bytes));
    source.fill(queue_, 1.0f);
    const std::vector<double> ms = timer_.time(
        queue_, [&] { target.copyFrom(queue_, source); }, options_.repetitions, options_.warmup);
    row.medianMs = ir::median(ms);
    row.gbps = 2.0 * static_cast<double>(bytes) / (row.medianMs * 1e-3) * 1e-9;
    row.note = "clEnqueueCopyBuffer;bytes_counted=2x;min_ms=" + ir::formatNumber(*std::min_element(ms.begin(), ms.end()), "%.5f");
    return row;
}

}  // namespace liftcl::bench
