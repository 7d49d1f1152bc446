// liftcl fft --n N [--batch B] [--precision f32|f64] [--inverse [--scale]] [--in-place]
//            [--method auto|stockham|cooley-tukey|local] [--radices r,r,...] [--twiddles table|digits|sincos]
//            [--device D] [--emit DIR] [--run [--verify] [--repeat R] [--seed S]]
//            [--input X.npy] [--output Y.npy]
// Plans an FFT (compiler/fft), writes it (--emit), and runs it (runtime/fft_plan.hpp) on random
// data or a .npy file, timed with profiling events and checked against FFTW.
#include <algorithm>
#include <cmath>
#include <complex>
#include <iomanip>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "compiler/commands.hpp"
#include "compiler/fft/fft_method.hpp"
#include "compiler/fft/fft_planner.hpp"
#include "compiler/fft/fftw_reference.hpp"
#include "compiler/fft/radix_factorization.hpp"
#include "ir/error.hpp"
#include "runtime/device_selection.hpp"
#include "runtime/fft_plan.hpp"
#include "runtime/npy.hpp"

namespace liftcl::cli {

namespace {

struct FftOptions {
    std::int64_t n = 0, batch = 1;
    std::string precision = "f64", method = "auto", radices, twiddles = "table", device;
    bool inverse = false, scale = false, inPlace = false, run = false, verify = false;
    std::string emit, input, output;
    int repeat = 20;
    std::uint64_t seed = 1;
};

fft::FftRequest requestOf(const FftOptions& o) {
    fft::FftRequest r;
    r.n = o.n;
    r.batch = o.batch;
    if (o.precision == "f64" || o.precision == "double") r.precision = ir::ScalarKind::Double;
    else if (o.precision == "f32" || o.precision == "float") r.precision = ir::ScalarKind::Float;
    else throw Error("--precision: unknown precision '" + o.precision + "' (expected f32 or f64)");
    r.direction = o.inverse ? rt::FftDirection::Inverse : rt::FftDirection::Forward;
    r.scale = o.scale;
    r.inPlace = o.inPlace;
    r.method = o.method;
    if (!o.radices.empty()) r.radices = fft::parseRadices(o.radices);
    r.twiddles = codegen::twiddleModeFromName(o.twiddles);
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

template <typename Real>
std::vector<std::complex<Real>> convert(const std::vector<std::complex<double>>& values) {
    std::vector<std::complex<Real>> out(values.size());
    for (std::size_t i = 0; i < values.size(); ++i)
        out[i] = {static_cast<Real>(values[i].real()), static_cast<Real>(values[i].imag())};
    return out;
}

double medianNs(std::vector<double> ns) {
    std::sort(ns.begin(), ns.end());
    const std::size_t m = ns.size() / 2;
    return ns.size() % 2 ? ns[m] : 0.5 * (ns[m - 1] + ns[m]);
}

// Runs the plan once on the host data (verifying and writing --output), then `repeat` more times
// on device buffers for the timing.
template <typename Real>
void runPlan(const FftOptions& o, rt::FftPlan& plan, const rt::Queue& queue, const HostInput& input) {
    const rt::FftPlanDescription& d = plan.description();
    const std::vector<std::complex<Real>> result = plan.execute(queue, convert<Real>(input.values));
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
        in.write(queue, convert<Real>(input.values));
        rt::Buffer out = d.inPlace ? in : rt::Buffer(plan.context(), d.bufferBytes());
        plan.execute(queue, in, out);  // warm-up: builds, first launches
        queue.finish();
        std::vector<double> times;
        for (int i = 0; i < o.repeat; ++i) times.push_back(static_cast<double>(plan.execute(queue, in, out).nanoseconds()));
        const double t = medianNs(times) * 1e-9;
        const double n = static_cast<double>(d.n), batch = static_cast<double>(d.batch);
        const double flops = 5.0 * n * std::log2(n) * batch;
        const double bytes = 2.0 * n * batch * static_cast<double>(d.complexBytes());
        std::cout << std::setprecision(4) << "time_per_batch_us=" << t * 1e6
                  << " time_per_transform_us=" << t * 1e6 / batch << " gflops=" << flops / t * 1e-9
                  << " gbps=" << bytes / t * 1e-9 << " (median of " << o.repeat << ", profiling events)\n";
    }
    if (failed) throw Error("fft --verify: the relative L2 error exceeds the tolerance");
}

void runFft(const FftOptions& o) {
    if (o.repeat < 1) throw Error("--repeat must be at least 1, found " + std::to_string(o.repeat));
    if (o.verify && !o.run && o.input.empty()) throw Error("--verify needs --run or --input");
    if (!o.output.empty() && o.input.empty() && !o.run) throw Error("--output needs --input or --run");
    const fft::FftRequest request = requestOf(o);
    const rt::FftPlanDescription description = fft::planFft(request);
    std::cout << "fft n=" << description.n << " batch=" << description.batch << " precision="
              << (description.precision == rt::Precision::Double ? "f64" : "f32")
              << " direction=" << rt::fftDirectionName(description.direction) << (description.scaled ? " scaled" : "")
              << (description.inPlace ? " in-place" : " out-of-place") << " method=" << description.method
              << " radices=";
    for (std::size_t i = 0; i < description.radices.size(); ++i) std::cout << (i ? "," : "") << description.radices[i];
    std::cout << " passes=" << description.steps.size() << "\n";
    if (!o.emit.empty()) {
        rt::writeFftPlanDirectory(description, o.emit);
        std::cout << "wrote " << o.emit << "/plan.json and " << description.kernels.size() << " kernels\n";
    }
    if (!o.run && o.input.empty()) return;

    const rt::Device device = rt::chooseDevice(o.device.empty() ? rt::deviceSpecFromEnvironment().value_or("") : o.device);
    const rt::Context context(device);
    const rt::Queue queue(context);
    rt::ProgramCache cache;
    rt::FftPlan plan(cache, context, description);
    std::cout << "device: " << device.name() << "\n";
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
    cmd->add_option("--n", o->n, "FFT size, 2^a*3^b*5^c*7^d")->required();
    cmd->add_option("--batch", o->batch, "number of transforms (default 1)");
    cmd->add_option("--precision", o->precision, "f32 or f64 (default f64)");
    cmd->add_flag("--inverse", o->inverse, "inverse transform (exp(+2 pi i jk/n))");
    cmd->add_flag("--scale", o->scale, "with --inverse: multiply by 1/n");
    cmd->add_flag("--in-place", o->inPlace, "transform in place (default out of place)");
    cmd->add_option("--method", o->method, "auto (default), stockham, cooley-tukey or local:" + methodsHelp);
    cmd->add_option("--radices", o->radices, "radices of the passes, first first, e.g. 16,16,16 (from " +
                                                  fft::supportedRadicesText() + ")");
    cmd->add_option("--twiddles", o->twiddles, "table (default, digit tables when too large), digits or sincos");
    cmd->add_option("--device", o->device, "OpenCL device: index, P:D or a name substring (default $LIFTCL_DEVICE)");
    cmd->add_option("--emit", o->emit, "write the pass kernels (.cl, .json) and plan.json to this directory");
    cmd->add_flag("--run", o->run, "run on deterministic random data in [-1, 1) and time it");
    cmd->add_flag("--verify", o->verify, "compare with FFTW (relative L2 error)");
    cmd->add_option("--repeat", o->repeat, "timed executions, the median is printed (default 20)");
    cmd->add_option("--seed", o->seed, "seed of the random data (default 1)");
    cmd->add_option("--input", o->input, "input .npy: complex64 (f32) or complex128 (f64), shape (batch, n) or (n,)");
    cmd->add_option("--output", o->output, "output .npy of the result, the input's shape");
    cmd->callback([o] { runFft(*o); });
}

}  // namespace liftcl::cli
