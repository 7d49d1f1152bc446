// liftcl fft --n N|N0xN1[xN2] [--real] [--dims D] [--last-n N] [--batch B] [--precision f32|f64] [--inverse [--scale]] [--in-place]
//            [--method auto|stockham|cooley-tukey|local] [--radices r,r,...] [--twiddles table|digits|sincos]
//            [--device D] [--emit DIR] [--run [--verify] [--profile] [--repeat R] [--seed S]]
//            [--input X.npy] [--output Y.npy] [--tune [--budget-s S] [--top K]] [--wisdom FILE] [--no-wisdom]
// Plans an FFT (fft/), writes it (--emit), and runs it (runtime/fft/fft_plan.hpp) on random
// data or a .npy file, timed with profiling events and checked against FFTW. --tune measures the
// plan variants (fft/fft_tuner.hpp) and records the fastest in the wisdom file, which
// later plans of the same descriptor on the same device use unless --method, --radices or
// --twiddles is given or --no-wisdom.
#include <algorithm>
#include <cmath>
#include <complex>
#include <iomanip>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "compiler/commands.hpp"
#include "compiler/common_options.hpp"
#include "compiler/fft_nd_command.hpp"
#include "compiler/fft_command_support.hpp"
#include "compiler/progress_reporter.hpp"
#include "fft/fft_method.hpp"
#include "fft/fft_planner.hpp"
#include "fft/fft_strategies.hpp"
#include "fft/fft_tuner.hpp"
#include "fft/nd_planner.hpp"
#include "fft/fft_variant.hpp"
#include "fft/fft_wisdom.hpp"
#include "fft/fftw_reference.hpp"
#include "fft/radix_factorization.hpp"
#include "ir/error.hpp"
#include "ir/precision.hpp"
#include "runtime/device_selection.hpp"
#include "runtime/error.hpp"
#include "runtime/fft/fft_plan.hpp"
#include "runtime/npy.hpp"

namespace liftcl::cli {

namespace {

struct FftOptions {
    std::int64_t n = 0, batch = 1;
    std::string precision = "f64", method = "auto", radices, twiddles = "table", device;
    bool inverse = false, scale = false, inPlace = false, run = false, verify = false, profile = false;
    std::string emit, emitCpp, input, output;
    int repeat = 20;
    std::uint64_t seed = 1;
    bool tune = false, noWisdom = false, printStages = false;
    double budgetSeconds = 60;
    std::size_t top = 10;
    std::string wisdom;
    // Whether the variant was chosen on the command line (then the wisdom is not consulted).
    bool variantGiven = false;
    bool twiddlesGiven = false;
    // Multidimensional and real transforms (compiler/fft_nd_command.hpp).
    std::string nText;
    bool real = false;
    int dims = 1;
    std::int64_t lastN = 0, localMemory = 0;
    std::int64_t items = 0;  // method local: work-items per transform (0: its default)
    std::string exchange;    // method local: "components" or "arrays" (empty: its default)
    std::string padding;     // method local: "on" or "off" (empty: its default)
    std::int64_t tileBytes = 0, tileWidth = 0;  // method hierarchical's tiles (0: its default)
    bool tileWidthsPow2 = false;
    std::int64_t registers = -1;                // registers per work-item (-1: the method's rule)
};

fft::FftRequest requestOf(const FftOptions& o);

// The multidimensional/real command of the options, when they ask for one.
std::optional<FftNdCommand> ndCommandOf(const FftOptions& o, bool precisionGiven) {
    FftNdCommand c;
    if (!o.nText.empty()) c.shape = parseFftShape(o.nText);
    c.batch = o.batch;
    c.precision = o.precision;
    c.precisionGiven = precisionGiven;
    c.inverse = o.inverse, c.scale = o.scale, c.inPlace = o.inPlace, c.real = o.real;
    c.run = o.run, c.verify = o.verify, c.profile = o.profile;
    c.input = o.input, c.output = o.output, c.emit = o.emit, c.emitCpp = o.emitCpp, c.device = o.device;
    c.dims = o.dims, c.lastN = o.lastN, c.localMemoryBytes = o.localMemory;
    c.repeat = o.repeat, c.seed = o.seed;
    c.method = o.method, c.wisdom = o.wisdom, c.noWisdom = o.noWisdom;
    c.printStages = o.printStages;
    if (!isFftNdCommand(c)) return std::nullopt;
    if (o.tune) return std::nullopt;  // runTune tunes the multidimensional or real request
    if (!o.radices.empty() || o.twiddlesGiven)
        throw Error(
            "--radices and --twiddles apply to 1D complex transforms only (multidimensional and real plans "
            "choose theirs; --method takes auto or " +
            fft::ndPlanMethodsText() + ")");
    if (o.registers >= 0)
        throw Error("--registers applies to 1D complex transforms only (multidimensional and real plans leave the "
                    "registers to the driver)");
    // The 1D methods' shape options would be silently ignored (the nd command does not carry them).
    fft::refuseOneDimensionalShapes(requestOf(o));
    return c;
}

std::optional<rt::Wisdom> wisdomOf(const FftOptions& o) {
    if (!o.wisdom.empty()) return rt::Wisdom(o.wisdom);
    if (auto file = rt::Wisdom::defaultFile()) return rt::Wisdom(*file);
    return std::nullopt;
}

rt::Device deviceOf(const FftOptions& o) {
    return rt::chooseDevice(o.device.empty() ? rt::deviceSpecFromEnvironment().value_or("") : o.device);
}

fft::FftRequest requestOf(const FftOptions& o) {
    fft::FftRequest r;
    r.n = o.n;
    if (!o.nText.empty()) {  // a shape of 2-3 axes (the n of a 1D one is o.n)
        const std::vector<std::int64_t> shape = parseFftShape(o.nText);
        if (shape.size() >= 2) r.shape = shape, r.n = fft::ndShapePoints(shape);
    }
    r.real = o.real;
    r.localMemoryBytes = o.localMemory;
    r.batch = o.batch;
    r.precision = ir::parsePrecision(o.precision, "--precision");
    r.direction = o.inverse ? rt::FftDirection::Inverse : rt::FftDirection::Forward;
    r.scale = o.scale;
    r.inPlace = o.inPlace;
    r.method = o.method;
    if (!o.radices.empty()) r.radices = fft::parseRadices(o.radices);
    r.twiddles = codegen::twiddleModeFromName(o.twiddles);
    r.localItemsPerTransform = o.items;
    if (!o.exchange.empty()) r.localByComponents = o.exchange == "components";
    if (!o.padding.empty()) r.localPadding = o.padding == "on";
    r.hierarchicalTileBytes = o.tileBytes;
    r.hierarchicalMaxTileWidth = o.tileWidth;
    r.hierarchicalPowerOfTwoTiles = o.tileWidthsPow2;
    if (o.registers >= 0) r.registersPerItem = o.registers;
    return r;
}

std::string shapeText(const std::vector<std::int64_t>& shape) {
    std::string s = "(";
    for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + (shape.size() == 1 ? ",)" : ")");
}

// The input values as complex<double> (exact for both precisions) and the shape to write back.
struct HostInput {
    std::vector<std::complex<double>> values;
    std::vector<std::int64_t> shape;
};

HostInput randomInput(const FftOptions& o) {
    HostInput in;
    std::mt19937_64 rng(o.seed);
    std::uniform_real_distribution<double> dist(-1.0, 1.0);
    in.values.resize(static_cast<std::size_t>(o.n * o.batch));
    for (auto& v : in.values) {
        const double re = dist(rng);
        v = {re, dist(rng)};
    }
    in.shape = o.batch == 1 ? std::vector<std::int64_t>{o.n} : std::vector<std::int64_t>{o.batch, o.n};
    return in;
}

HostInput npyInput(const FftOptions& o, rt::Precision precision) {
    const rt::NpyComplexArray array = rt::readNpyComplex(o.input);
    const rt::NpyComplexType expected =
        precision == rt::Precision::Double ? rt::NpyComplexType::Complex128 : rt::NpyComplexType::Complex64;
    if (array.type != expected)
        throw Error(o.input + ": dtype '" + std::string(rt::npyDescr(array.type)) + "' but --precision " + o.precision +
                    " expects " + (expected == rt::NpyComplexType::Complex64 ? "complex64 ('<c8')" : "complex128 ('<c16')"));
    const bool matches = (array.shape.size() == 2 && array.shape[0] == o.batch && array.shape[1] == o.n) ||
                         (array.shape.size() == 1 && o.batch == 1 && array.shape[0] == o.n);
    if (!matches)
        throw Error(o.input + ": shape " + shapeText(array.shape) + " but --n " + std::to_string(o.n) + " --batch " +
                    std::to_string(o.batch) + " expects " + shapeText({o.batch, o.n}) +
                    (o.batch == 1 ? " or " + shapeText({o.n}) : ""));
    HostInput in;
    in.shape = array.shape;
    if (array.type == rt::NpyComplexType::Complex64) in.values.assign(array.complex64.begin(), array.complex64.end());
    else in.values = array.complex128;
    return in;
}

// Runs the plan once on the host data (verifying and writing --output), then `repeat` more times
// on device buffers for the timing.
template <typename Real>
void runPlan(const FftOptions& o, rt::FftPlan& plan, const rt::Queue& queue, const HostInput& input) {
    const rt::FftPlanDescription& d = plan.description();
    const std::vector<std::complex<Real>> result = plan.execute(queue, narrowComplex<Real>(input.values));
    bool failed = false;
    if (o.verify) {
        const auto reference = fft::fftwReference(input.values, d.n, d.batch, d.direction, d.scaled);
        const double error = fft::relativeL2Error(result, reference);
        // Tolerances for these kernels' O(log n) growth; the tests hold them to tighter bounds.
        const double tolerance = d.precision == rt::Precision::Double ? 1e-11 : 1e-5;
        std::cout << "rel_l2_error=" << std::setprecision(3) << error << " (FFTW, tolerance "
                  << tolerance << ")\n";
        failed = !(error <= tolerance);
    }
    if (!o.output.empty()) {
        rt::writeNpy(o.output, input.shape, result);
        std::cout << "wrote " << o.output << " " << shapeText(input.shape) << "\n";
    }
    if (o.run) {
        rt::Buffer in(plan.context(), d.bufferBytes());
        in.write(queue, narrowComplex<Real>(input.values));
        rt::Buffer out = d.inPlace ? in : rt::Buffer(plan.context(), d.bufferBytes());
        const double t = medianPlanSeconds(plan, queue, in, out, o.repeat);
        const double n = static_cast<double>(d.n), batch = static_cast<double>(d.batch);
        const double flops = 5.0 * n * std::log2(n) * batch;
        const double bytes = 2.0 * n * batch * static_cast<double>(d.complexBytes());
        std::cout << std::setprecision(4) << "time_per_batch_us=" << t * 1e6
                  << " time_per_transform_us=" << t * 1e6 / batch << " gflops=" << flops / t * 1e-9
                  << " gbps=" << bytes / t * 1e-9 << " (median of " << o.repeat << ", profiling events)\n";
        if (o.profile) printStepProfile(plan, queue, in, out, o.repeat, t);
    }
    if (failed) throw Error("fft --verify: the relative L2 error exceeds the tolerance");
}

std::string fixedText(double value, int digits) {
    std::ostringstream s;
    s << std::fixed << std::setprecision(digits) << value;
    return s.str();
}

// --tune: measures the variants, prints the ranked table and records the fastest in the wisdom.
// A tuned hierarchical tile, "32Kx16" (bytes, columns; "-" each where the default; " pow2" for widths
// powers of two only, "pow2" alone with the default tile), a local
// kernel's work-items per transform ("300 items"), exchange ("components", "arrays") or padding ("padded",
// "unpadded"), its kernels' register limit ("96 regs", "driver regs"), or "default".
std::string variantShapeText(const fft::FftVariant& v) {
    if (v.registers) return (*v.registers ? std::to_string(*v.registers) : std::string("driver")) + " regs";
    if (v.items > 0) return std::to_string(v.items) + " items";
    if (v.byComponents) return *v.byComponents ? "components" : "arrays";
    if (v.padding) return *v.padding ? "padded" : "unpadded";
    if (v.tileBytes == 0 && v.tileWidth == 0) return v.powerOfTwoTiles ? "pow2" : "default";
    return (v.tileBytes ? std::to_string(v.tileBytes / 1024) + "K" : std::string("-")) + "x" +
           (v.tileWidth ? std::to_string(v.tileWidth) : std::string("-")) + (v.powerOfTwoTiles ? " pow2" : "");
}

void runTune(const FftOptions& o) {
    if (o.budgetSeconds <= 0) throw Error("--budget-s must be positive, found " + std::to_string(o.budgetSeconds));
    if (o.top < 1) throw Error("--top must be at least 1");
    if (!o.radices.empty()) throw Error("--tune chooses the radices itself; leave out --radices");
    fft::FftRequest request = requestOf(o);
    const bool nd = fft::isNdRequest(request);
    if (!nd) fft::validateRequest(request);
    const rt::Device device = deviceOf(o);
    if (nd && request.localMemoryBytes == 0)  // as the plan run later: the device's local memory
        request.localMemoryBytes = static_cast<std::int64_t>(device.localMemBytes());
    fft::FftTuneOptions options;
    options.budgetSeconds = o.budgetSeconds;
    options.repeat = o.repeat;
    options.seed = o.seed;
    // --method other than auto restricts the tuning to that method (it must exist), --twiddles to
    // that twiddle variant.
    const std::string method = o.method == "auto" ? "" : nd ? o.method : fft::findMethod(o.method).name();
    const std::optional<codegen::TwiddleMode> twiddles =
        o.twiddlesGiven ? std::optional(codegen::twiddleModeFromName(o.twiddles)) : std::nullopt;
    options.filter = [method, twiddles](const fft::FftVariant& v) {
        return (method.empty() || v.method == method) && (!twiddles || v.twiddles == *twiddles);
    };
    std::cout << "tuning " << fft::fftWisdomDescriptor(request) << " on " << device.name() << " ("
              << device.platformName() << "), budget " << o.budgetSeconds << " s, median of " << o.repeat
              << " executions" << std::endl;
    std::unique_ptr<ProgressReporter> progress;
    std::size_t progressTotal = 0;
    const fft::FftTuneReport report =
        fft::tuneFft(request, device, options, [&](std::size_t done, std::size_t total, const std::string& what) {
            if (!progress || total != progressTotal) {
                if (progress) progress->finish();
                progress = std::make_unique<ProgressReporter>(total, "variants");
                progressTotal = total;
            }
            progress->step(done, what);
        });
    if (progress) progress->finish();
    if (report.outOfBudget) std::cout << "budget of " << o.budgetSeconds << " s reached\n";
    std::size_t wrong = 0, failed = 0;
    for (const auto& r : report.results) {
        if (r.outcome == fft::FftTuneOutcome::Measured) continue;
        (r.outcome == fft::FftTuneOutcome::Wrong ? wrong : failed) += 1;
        std::cout << (r.outcome == fft::FftTuneOutcome::Wrong ? "WRONG" : "failed") << ": " << r.variant.text()
                  << ": " << r.failure.substr(0, r.failure.find('\n')) << "\n";
    }
    const auto ranked = report.ranked();
    const double n = static_cast<double>(request.n), batch = static_cast<double>(request.batch);
    const double complexBytes = request.precision == ir::ScalarKind::Double ? 16.0 : 8.0;
    // Bytes read and written: a real side counts its real values, a half spectrum its n/W*(W/2+1) points.
    const double last = static_cast<double>(request.shape.empty() ? request.n : request.shape.back());
    const double bytes = request.real ? n * batch * complexBytes / 2 + n / last * (std::floor(last / 2) + 1) * batch * complexBytes
                                      : 2.0 * n * batch * complexBytes;
    const auto gbps = [&](double ns) { return bytes / ns; };
    // The method column as wide as its longest entry ("real-hierarchical") and a space.
    int methodWidth = 13;
    for (const fft::FftTuneResult* r : ranked)
        methodWidth = std::max(methodWidth, static_cast<int>(r->planMethod.size()) + 1);
    std::cout << std::left << std::setw(5) << "rank" << std::setw(methodWidth) << "method" << std::setw(16) << "radices"
              << std::setw(9) << "twiddles" << std::setw(8) << "local" << std::setw(11) << "shape" << std::right
              << std::setw(12) << "median_us" << std::setw(9) << "GB/s" << std::setw(11) << "rel_err"
              << "\n";
    for (std::size_t i = 0; i < ranked.size() && i < o.top; ++i) {
        const fft::FftTuneResult& r = *ranked[i];
        std::cout << std::left << std::setw(5) << i + 1 << std::setw(methodWidth) << r.planMethod << std::setw(16)
                  << r.planRadices << std::setw(9) << codegen::twiddleModeName(r.variant.twiddles) << std::setw(8)
                  << (r.variant.local ? std::to_string(*r.variant.local) : "default") << std::setw(11)
                  << variantShapeText(r.variant) << std::right << std::setw(12) << fixedText(r.medianNs * 1e-3, 2)
                  << std::setw(9) << fixedText(gbps(r.medianNs), 2) << std::setw(11) << std::setprecision(2)
                  << std::scientific << r.relativeError << std::defaultfloat << "\n";
    }
    std::cout << "measured=" << ranked.size() << " wrong=" << wrong << " failed=" << failed
              << " not_applicable=" << report.refused << " duplicates=" << report.duplicates << "\n";
    if (ranked.empty()) throw Error("fft --tune: no variant ran correctly");
    const fft::FftTuneResult& best = *ranked.front();
    if (o.noWisdom) {
        std::cout << "best: " << best.variant.text() << " (not recorded: --no-wisdom)\n";
        return;
    }
    const std::optional<rt::Wisdom> wisdom = wisdomOf(o);
    if (!wisdom) {
        std::cout << "best: " << best.variant.text() << " (not recorded: no cache directory; set LIFTCL_WISDOM or --wisdom)\n";
        return;
    }
    fft::recordFftWisdom(*wisdom, device, request, best.variant, best.medianNs, gbps(best.medianNs), best.relativeError);
    std::cout << "best: " << best.variant.text() << " (" << fixedText(best.medianNs * 1e-3, 2) << " us) recorded in "
              << wisdom->file().string() << "\n";
}

// The plan of the request: the wisdom's variant for the device when there is one (and the variant
// was not given on the command line), else the planner's default. `origin` says which.
rt::FftPlanDescription planOf(const FftOptions& o, const fft::FftRequest& request, std::string& origin) {
    if (o.noWisdom || o.variantGiven) return fft::planFft(request);
    const std::optional<rt::Wisdom> wisdom = wisdomOf(o);
    if (!wisdom || !std::filesystem::exists(wisdom->file())) return fft::planFft(request);
    std::optional<rt::Device> device;
    try {
        device = deviceOf(o);
    } catch (const std::exception&) {
        if (o.run || !o.input.empty()) throw;  // running needs the device anyway: report it there
        return fft::planFft(request);          // planning only, without a device: no wisdom to consult
    }
    std::optional<fft::FftWisdomEntry> entry;
    try {
        entry = fft::lookupFftWisdom(*wisdom, *device, request);
    } catch (const rt::Error& e) {
        if (!o.wisdom.empty()) throw;  // the file --wisdom names: refused
        // The default file is consulted by every plan: refusing it would block every command.
        std::cerr << "warning: " << e.what() << "; planning without it\n";
        return fft::planFft(request);
    }
    if (!entry) return fft::planFft(request);
    try {
        rt::FftPlanDescription plan = fft::planVariant(request, entry->variant);
        origin = " (from wisdom: " + entry->variant.text() + ", " + fixedText(entry->record.medianNs * 1e-3, 2) +
                 " us on " + device->name() + ")";
        return plan;
    } catch (const Error& e) {  // recorded by another liftcl version, say: plan as without it
        origin = " (wisdom entry " + entry->variant.text() + " not usable: " + e.what() + ")";
        return fft::planFft(request);
    }
}

void runFft(const FftOptions& o) {
    if (o.repeat < 1) throw Error("--repeat must be at least 1, found " + std::to_string(o.repeat));
    if (o.tune) {
        if (o.run || !o.input.empty() || !o.emit.empty() || !o.emitCpp.empty() || !o.output.empty())
            throw Error("--tune measures the variants only; run or emit the tuned plan afterwards without --tune");
        runTune(o);
        return;
    }
    if (o.verify && !o.run && o.input.empty()) throw Error("--verify needs --run or --input");
    if (o.profile && !o.run) throw Error("--profile needs --run");
    if (!o.output.empty() && o.input.empty() && !o.run) throw Error("--output needs --input or --run");
    fft::FftRequest request = requestOf(o);
    // A plan that runs is planned for its device's local memory (an emitted one for 48 KiB).
    std::optional<rt::Device> device;
    if (o.run || !o.input.empty()) device = deviceOf(o);
    if (device && request.localMemoryBytes == 0) request.localMemoryBytes = static_cast<std::int64_t>(device->localMemBytes());
    std::string origin;
    const rt::FftPlanDescription description = planOf(o, request, origin);
    std::cout << "fft n=" << description.n << " batch=" << description.batch << " precision="
              << (description.precision == rt::Precision::Double ? "f64" : "f32")
              << " direction=" << rt::fftDirectionName(description.direction) << (description.scaled ? " scaled" : "")
              << (description.inPlace ? " in-place" : " out-of-place") << " method=" << description.method
              << " radices=";
    for (std::size_t i = 0; i < description.radices.size(); ++i) std::cout << (i ? "," : "") << description.radices[i];
    std::cout << " passes=" << description.steps.size() << origin << "\n";
    if (o.printStages) printPlanStages(request);
    emitPlan(description, o.emit, o.emitCpp);
    if (!o.run && o.input.empty()) return;

    const rt::Context context(*device);
    const rt::Queue queue(context);
    rt::ProgramCache cache;
    rt::FftPlan plan(cache, context, description);
    std::cout << "device: " << device->name() << "\n";
    const HostInput input = o.input.empty() ? randomInput(o) : npyInput(o, description.precision);
    if (description.precision == rt::Precision::Double) runPlan<double>(o, plan, queue, input);
    else runPlan<float>(o, plan, queue, input);
}

}  // namespace

void addFftCommand(CLI::App& app) {
    auto o = std::make_shared<FftOptions>();
    std::string methodsHelp;
    for (const fft::Method* m : fft::methods()) methodsHelp += "\n  " + m->name() + ": " + m->description();
    auto* cmd = app.add_subcommand("fft", "Plan, emit and run a batched FFT of generated kernels");
    cmd->add_option("--n", o->nText,
                    "FFT size, any n >= 2 (prime factors above 23 by Bluestein), or the sizes of 2-3 axes, last fastest: 256x128x64 (each "
                    "multidimensional plane or volume that fits a work-group's local memory is one kernel)");
    cmd->add_flag("--real", o->real,
                  "real transform (numpy's rfftn): real input, n/2+1 points on the last axis out; with --inverse the "
                  "half spectrum in, real values out (irfftn)");
    cmd->add_option("--dims", o->dims, "with --input: transform the last D axes of the array (default 1), the others "
                                       "are the batch");
    cmd->add_option("--last-n", o->lastN, "--real --inverse: the length of the output's last axis (default 2*(m-1))");
    cmd->add_option("--local-memory", o->localMemory,
                    "bytes of local memory a work-group may use (default: the device's when one is used, else 48 KiB; "
                    "1D plans take at most 48 KiB of it, multidimensional and real plans all)");
    cmd->add_option("--batch", o->batch, "number of transforms (default 1)");
    addPrecisionOption(*cmd, o->precision);
    cmd->add_flag("--inverse", o->inverse, "inverse transform (exp(+2 pi i jk/n))");
    cmd->add_flag("--scale", o->scale, "with --inverse: multiply by 1/n");
    cmd->add_flag("--in-place", o->inPlace, "transform in place (default out of place)");
    cmd->add_option(
        "--method", o->method,
        "the method (default auto), one of:" + methodsHelp +
            "\n  multidimensional and real plans: auto, or the tuner's variants nd-axes (a kernel per axis), "
            "nd-one-array (one __local array where two fit), nd-no-planes (no 3D planes kernel), "
            "nd-split-last (R2C: the spectrum split in a kernel of its own, after the complex transform of all axes or "
            "of the rows), nd-mirror-kernel (C2R rows of hierarchical passes: the mirror in a kernel of its own, not "
            "in the first pass's reads), nd-rows (the last "
            "axis by its rows' kernels: real, one kernel per row, FFT of W/2 and the split, the 1D default; "
            "complex, the 1D plan of the rows)");
    cmd->add_option("--items", o->items,
                    "method local (or auto where it takes local): work-items per transform (default: one per "
                    "butterfly of the first pass, at most 256; fp64 mixed sizes by components: whole warps, at most 128)")
        ->check(CLI::Range(1, 1024));
    cmd->add_option("--exchange", o->exchange,
                    "method local (or auto where it takes local): hand the points between passes on by components, "
                    "kept private (components), or in arrays of complex values where they fit (arrays); default: "
                    "components for fp64 mixed sizes from 720 points and where arrays do not fit")
        ->check(CLI::IsMember({"components", "arrays"}));
    cmd->add_option("--padding", o->padding,
                    "method local (or auto where it takes local): pad the __local arrays against bank conflicts "
                    "(on) or not (off); default: the method's rule")
        ->check(CLI::IsMember({"on", "off"}));
    addHierarchicalTileOptions(*cmd, o->tileBytes, o->tileWidth, o->tileWidthsPow2);
    addRegistersOption(*cmd, o->registers);
    cmd->add_option("--radices", o->radices, "radices of the passes, first first, e.g. 16,16,16 (from " +
                                                  fft::supportedRadicesText() + ")");
    cmd->add_option("--twiddles", o->twiddles, "table (default: the method's choice, digit tables when too large), digits, sincos or local (host-computed tables read at work-item indices: in global memory, or in fp64 copied to __local per work-group)");
    cmd->add_option("--device", o->device, "OpenCL device: index, P:D or a name substring (default $LIFTCL_DEVICE)");
    cmd->add_option("--emit", o->emit, "write the pass kernels (.cl, .json) and plan.json to this directory");
    cmd->add_option("--emit-cpp", o->emitCpp,
                    "write a C++ source embedding the plan, registered for rt::FftPlan::create (liftcl_add_fft_plans)");
    cmd->add_flag("--print-stages", o->printStages,
                  "print each pass after each stage: composed, each rewrite step, lowered, the kernel body after "
                  "each codegen pass, OpenCL C");
    cmd->add_flag("--run", o->run, "run on deterministic random data in [-1, 1) and time it");
    cmd->add_flag("--verify", o->verify, "compare with FFTW (relative L2 error)");
    cmd->add_flag("--profile", o->profile, "with --run: also time each step's kernel on its own (median)");
    cmd->add_option("--repeat", o->repeat, "timed executions, the median is printed (default 20)");
    cmd->add_option("--seed", o->seed, "seed of the random data (default 1)");
    cmd->add_option("--input", o->input, "input .npy: complex64 (f32) or complex128 (f64), shape (batch, n) or (n,)");
    cmd->add_option("--output", o->output, "output .npy of the result, the input's shape");
    cmd->add_flag("--tune", o->tune,
                  "measure the plan variants (methods, radices, twiddles, work-group sizes; for a shape or --real the "
                  "nd variants of --method), verified against FFTW, print a ranked table and record the fastest in "
                  "the wisdom file");
    cmd->add_option("--budget-s", o->budgetSeconds, "with --tune: stop starting variants after S seconds (default 60)");
    cmd->add_option("--top", o->top, "with --tune: rows of the ranked table (default 10)");
    cmd->add_option("--wisdom", o->wisdom, "wisdom file (default: $LIFTCL_WISDOM, else wisdom.json in the cache directory)");
    cmd->add_flag("--no-wisdom", o->noWisdom,
                  "plan without the wisdom (default: a tuned variant for this device and descriptor is used when "
                  "--method, --radices and --twiddles are not given); with --tune: do not record");
    cmd->callback([o, cmd] {
        // An empty --radices would otherwise read as "not given" (the method's own choice).
        if (cmd->count("--radices") > 0 && o->radices.empty())
            throw Error("--radices: expected a comma-separated list of radices such as 16,16,4, found nothing");
        o->twiddlesGiven = cmd->count("--twiddles") > 0;
        o->variantGiven = cmd->count("--method") + cmd->count("--radices") + cmd->count("--items") +
                           cmd->count("--exchange") + cmd->count("--padding") + cmd->count("--tile-bytes") + cmd->count("--tile-width") + cmd->count("--registers") +
                           o->twiddlesGiven > 0;
        if (const auto nd = ndCommandOf(*o, cmd->count("--precision") > 0)) {
            runFftNd(*nd);
            return;
        }
        if (o->nText.empty()) throw Error("--n is required");
        o->n = parseFftShape(o->nText).front();
        runFft(*o);
    });
}

}  // namespace liftcl::cli
