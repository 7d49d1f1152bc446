// `liftcl fft` for multidimensional and real transforms (see fft_nd_command.hpp).
#include "compiler/fft_nd_command.hpp"

#include "compiler/fft_command_support.hpp"

#include <algorithm>
#include <cmath>
#include <complex>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <limits>
#include <optional>
#include <random>

#include "fft/fft_planner.hpp"
#include "fft/fftw_nd_reference.hpp"
#include "fft/fftw_reference.hpp"
#include "fft/fft_variant.hpp"
#include "fft/fft_wisdom.hpp"
#include "fft/nd_planner.hpp"
#include "ir/error.hpp"
#include "runtime/device_selection.hpp"
#include "runtime/fft/fft_plan.hpp"
#include "runtime/npy.hpp"
#include "runtime/wisdom.hpp"

namespace liftcl::cli {

namespace {

std::string tupleText(const std::vector<std::int64_t>& shape) {
    return "(" + fft::ndShapeText(shape, ", ") + (shape.size() == 1 ? ",)" : ")");
}

// The transform's data on the host, in double (exact for both precisions): complex values, or
// real ones for a real forward transform; the array shape to write the result with.
struct NdInput {
    std::vector<std::int64_t> shape;  // transformed axes (real-domain extents)
    std::int64_t batch = 1;
    std::vector<std::int64_t> leading;  // the batch axes of a .npy input
    std::vector<std::complex<double>> complexValues;
    std::vector<double> realValues;
    ir::ScalarKind precision = ir::ScalarKind::Double;
};

ir::ScalarKind precisionOf(const std::string& text) {
    if (text == "f64" || text == "double") return ir::ScalarKind::Double;
    if (text == "f32" || text == "float") return ir::ScalarKind::Float;
    throw Error("--precision: unknown precision '" + text + "' (expected f32 or f64)");
}

std::vector<std::int64_t> halfShape(std::vector<std::int64_t> shape) {
    shape.back() = shape.back() / 2 + 1;
    return shape;
}

// Splits a file's shape into batch axes and the last `dims` transformed axes.
void splitAxes(const FftNdCommand& c, const std::vector<std::int64_t>& fileShape, NdInput& in) {
    if (c.dims < 1 || c.dims > 3) throw Error("--dims " + std::to_string(c.dims) + ": expected 1, 2 or 3");
    if (fileShape.size() < static_cast<std::size_t>(c.dims))
        throw Error(c.input + ": shape " + tupleText(fileShape) + " has fewer than --dims " + std::to_string(c.dims) +
                    " axes");
    const auto split = fileShape.end() - c.dims;
    in.leading.assign(fileShape.begin(), split);
    in.shape.assign(split, fileShape.end());
    in.batch = fft::ndShapePoints(in.leading);
    if (in.batch < 1) throw Error(c.input + ": shape " + tupleText(fileShape) + " holds no transform");
    if (!c.shape.empty() && c.shape != in.shape)
        throw Error(c.input + ": its last " + std::to_string(c.dims) + " axes " + tupleText(in.shape) +
                    " differ from --n " + fft::ndShapeText(c.shape, "x"));
}

NdInput npyInput(const FftNdCommand& c) {
    NdInput in;
    if (c.real && !c.inverse) {
        rt::NpyRealArray a = rt::readNpyReal(c.input);
        splitAxes(c, a.shape, in);
        in.precision = a.isDouble ? ir::ScalarKind::Double : ir::ScalarKind::Float;
        in.realValues = std::move(a.values);
    } else {
        rt::NpyComplexArray a = rt::readNpyComplex(c.input);
        splitAxes(c, a.shape, in);
        in.precision = a.type == rt::NpyComplexType::Complex64 ? ir::ScalarKind::Float : ir::ScalarKind::Double;
        if (a.type == rt::NpyComplexType::Complex64) in.complexValues.assign(a.complex64.begin(), a.complex64.end());
        else in.complexValues = std::move(a.complex128);
        if (c.real) {  // the half spectrum: the last axis holds m = W/2+1 points
            const std::int64_t m = in.shape.back();
            const std::int64_t W = c.lastN > 0 ? c.lastN : 2 * (m - 1);
            if (W < 2 || W / 2 + 1 != m)
                throw Error("--last-n " + std::to_string(W) + ": the half spectrum's last axis has " + std::to_string(m) +
                            " points, which is W/2+1 for W = " + std::to_string(2 * (m - 1)) + " or " +
                            std::to_string(2 * m - 1) + " only");
            in.shape.back() = W;
        }
    }
    if (c.precisionGiven && precisionOf(c.precision) != in.precision)
        throw Error(c.input + ": dtype does not match --precision " + c.precision);
    return in;
}

NdInput randomInput(const FftNdCommand& c) {
    NdInput in;
    in.shape = c.shape;
    in.batch = c.batch;
    in.precision = precisionOf(c.precision);
    if (c.batch > 1) in.leading = {c.batch};
    std::mt19937_64 rng(c.seed);
    std::uniform_real_distribution<double> dist(-1.0, 1.0);
    const std::size_t points = static_cast<std::size_t>(fft::ndShapePoints(c.shape) * c.batch);
    if (c.real) {
        std::vector<double> x(points);
        for (auto& v : x) v = dist(rng);
        // An inverse needs a Hermitian half spectrum: that of real data.
        if (c.inverse) in.complexValues = fft::fftwR2cReference(x, c.shape, c.batch);
        else in.realValues = std::move(x);
    } else {
        in.complexValues.resize(points);
        for (auto& v : in.complexValues) {
            const double re = dist(rng);
            v = {re, dist(rng)};
        }
    }
    if (in.precision == ir::ScalarKind::Float) {  // exact in fp32 as the plan sees it
        for (auto& v : in.realValues) v = static_cast<float>(v);
        for (auto& v : in.complexValues) v = {static_cast<float>(v.real()), static_cast<float>(v.imag())};
    }
    return in;
}

template <typename Real, typename From>
std::vector<Real> toReal(const std::vector<From>& values) {
    return std::vector<Real>(values.begin(), values.end());
}

template <typename Real>
double realL2Error(const std::vector<Real>& a, const std::vector<double>& b) {
    std::vector<std::complex<Real>> ac(a.begin(), a.end());
    std::vector<std::complex<double>> bc(b.begin(), b.end());
    return fft::relativeL2Error(ac, bc);
}

template <typename Real>
void runOn(const FftNdCommand& c, rt::FftPlan& plan, const rt::Queue& queue, const NdInput& in) {
    const rt::FftPlanDescription& d = plan.description();
    const bool inverse = d.direction == rt::FftDirection::Inverse;
    std::vector<std::int64_t> outShape = in.leading;
    const std::vector<std::int64_t> transformed = d.real && !inverse ? halfShape(in.shape) : in.shape;
    outShape.insert(outShape.end(), transformed.begin(), transformed.end());
    double error = 0;
    if (d.real && inverse) {
        const std::vector<Real> y = plan.executeRealInverse(queue, narrowComplex<Real>(in.complexValues));
        if (c.verify) error = realL2Error(y, fft::fftwC2rReference(in.complexValues, in.shape, in.batch, d.scaled));
        if (!c.output.empty()) rt::writeNpy(c.output, outShape, y);
    } else {
        std::vector<std::complex<Real>> y;
        std::vector<std::complex<double>> reference;
        if (d.real) {
            y = plan.executeReal(queue, toReal<Real>(in.realValues));
            if (c.verify) reference = fft::fftwR2cReference(in.realValues, in.shape, in.batch);
        } else {
            y = plan.execute(queue, narrowComplex<Real>(in.complexValues));
            if (c.verify) reference = fft::fftwNdReference(in.complexValues, in.shape, in.batch, d.direction, d.scaled);
        }
        if (c.verify) error = fft::relativeL2Error(y, reference);
        if (!c.output.empty()) rt::writeNpy(c.output, outShape, y);
    }
    if (!c.output.empty()) std::cout << "wrote " << c.output << " " << tupleText(outShape) << "\n";
    const double tolerance = d.precision == rt::Precision::Double ? 1e-11 : 1e-5;
    if (c.verify)
        std::cout << "rel_l2_error=" << std::setprecision(3) << error << " (FFTW, tolerance " << tolerance << ")\n";
    if (c.run) {
        const std::size_t bytes = std::max(d.inputBytes(), d.outputBytes());
        rt::Buffer a(plan.context(), bytes);
        const std::vector<char> zeros(bytes, 0);
        a.writeBytes(queue, zeros.data(), bytes);
        rt::Buffer b = d.inPlace ? a : rt::Buffer(plan.context(), bytes);
        const double t = medianPlanSeconds(plan, queue, a, b, c.repeat);
        const double moved = static_cast<double>(d.inputBytes() + d.outputBytes());
        std::cout << std::setprecision(4) << "time_per_batch_us=" << t * 1e6 << " gbps=" << moved / t * 1e-9
                  << " (bytes read + written; median of " << c.repeat << ", profiling events)\n";
        if (c.profile) printStepProfile(plan, queue, a, b, c.repeat, t);
    }
    if (c.verify && !(error <= tolerance)) throw Error("fft --verify: the relative L2 error exceeds the tolerance");
}

}  // namespace

std::vector<std::int64_t> parseFftShape(const std::string& text) {
    std::vector<std::int64_t> shape;
    std::size_t start = 0;
    while (true) {
        const std::size_t x = text.find('x', start);
        const std::string item = text.substr(start, x == std::string::npos ? std::string::npos : x - start);
        std::size_t used = 0;
        std::int64_t value = 0;
        try {
            value = std::stoll(item, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        // Sizes below 1 are refused by the planner, which names what is supported.
        if (item.empty() || used != item.size())
            throw Error("--n '" + text + "': '" + item + "' is not a size (expected N or sizes like 256x128x64)");
        shape.push_back(value);
        if (x == std::string::npos) break;
        start = x + 1;
    }
    if (shape.size() > 3) throw Error("--n '" + text + "': at most 3 axes are supported");
    return shape;
}

bool isFftNdCommand(const FftNdCommand& c) {
    return c.shape.size() >= 2 || c.real || (!c.input.empty() && c.dims > 1);
}

namespace {

// The planner's plan, or the variant the wisdom recorded for the device (method auto only).
rt::FftPlanDescription ndPlanOf(const FftNdCommand& c, const fft::FftRequest& r, const std::optional<rt::Device>& device,
                                std::string& origin) {
    if (c.noWisdom || c.method != "auto" || !device) return fft::planFft(r);
    std::optional<rt::Wisdom> wisdom;
    if (!c.wisdom.empty()) wisdom = rt::Wisdom(c.wisdom);
    else if (auto file = rt::Wisdom::defaultFile()) wisdom = rt::Wisdom(*file);
    if (!wisdom || !std::filesystem::exists(wisdom->file())) return fft::planFft(r);
    const std::optional<fft::FftWisdomEntry> entry = fft::lookupFftWisdom(*wisdom, *device, r);
    if (!entry) return fft::planFft(r);
    try {
        rt::FftPlanDescription plan = fft::planVariant(r, entry->variant);
        origin = " (from wisdom: " + entry->variant.text() + ")";
        return plan;
    } catch (const Error& e) {
        origin = " (wisdom entry " + entry->variant.text() + " not usable: " + e.what() + ")";
        return fft::planFft(r);
    }
}

}  // namespace

void runFftNd(const FftNdCommand& c) {
    if (c.verify && !c.run && c.input.empty()) throw Error("--verify needs --run or --input");
    if (!c.output.empty() && c.input.empty() && !c.run) throw Error("--output needs --input or --run");
    if (c.lastN > 0 && !(c.real && c.inverse)) throw Error("--last-n applies to --real --inverse only");
    if (c.input.empty() && c.shape.empty()) throw Error("--n is required without --input");
    const bool running = c.run || !c.input.empty();
    const NdInput in = !c.input.empty() ? npyInput(c) : randomInput(c);
    std::optional<rt::Device> device;
    if (running) device = rt::chooseDevice(c.device.empty() ? rt::deviceSpecFromEnvironment().value_or("") : c.device);

    fft::FftRequest r;
    r.n = fft::ndShapePoints(in.shape);
    r.batch = in.batch;
    r.shape = in.shape.size() >= 2 ? in.shape : std::vector<std::int64_t>{};
    r.real = c.real;
    r.precision = in.precision;
    r.direction = c.inverse ? rt::FftDirection::Inverse : rt::FftDirection::Forward;
    r.scale = c.scale;
    r.inPlace = c.inPlace;
    r.localMemoryBytes = c.localMemoryBytes;
    if (r.localMemoryBytes == 0 && device)  // the device's: planes that fit it are one kernel
        r.localMemoryBytes = static_cast<std::int64_t>(device->localMemBytes());
    r.method = c.method;
    std::string origin;
    const rt::FftPlanDescription description = ndPlanOf(c, r, device, origin);
    std::cout << "fft n=" << fft::ndShapeText(in.shape, "x") << " batch=" << description.batch << (c.real ? " real" : "")
              << " precision=" << (description.precision == rt::Precision::Double ? "f64" : "f32")
              << " direction=" << rt::fftDirectionName(description.direction) << (description.scaled ? " scaled" : "")
              << (description.inPlace ? " in-place" : " out-of-place") << " method=" << description.method
              << " kernels=" << description.kernels.size() << " passes=" << description.steps.size() << origin << "\n";
    if (c.printStages) printPlanStages(r);
    emitPlan(description, c.emit, c.emitCpp);
    if (!running) return;
    const rt::Context context(*device);
    const rt::Queue queue(context);
    rt::ProgramCache cache;
    rt::FftPlan plan(cache, context, description);
    std::cout << "device: " << device->name() << "\n";
    if (description.precision == rt::Precision::Double) runOn<double>(c, plan, queue, in);
    else runOn<float>(c, plan, queue, in);
}

}  // namespace liftcl::cli
