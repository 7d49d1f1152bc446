#include "compiler/explore_measure.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <limits>

#include <nlohmann/json.hpp>

#include "codegen/host_layout.hpp"
#include "ir/error.hpp"
#include "ir/interpreter.hpp"
#include "ir/printer.hpp"
#include "ir/typecheck.hpp"

namespace liftcl::cli {

namespace {

// Local sizes tried besides the metadata's own (dimension 0; the others stay 1).
constexpr std::size_t kLocalSizeCandidates[] = {16, 64, 256, 1024};
constexpr std::size_t kMaxLocalSize = 1024;

double largestMagnitude(const ir::Value& v) {
    if (v.kind == ir::Value::Kind::Real) return std::fabs(v.r);
    if (v.kind == ir::Value::Kind::Int) return std::fabs(static_cast<double>(v.i));
    double m = 0;
    for (const auto& e : v.items) m = std::max(m, largestMagnitude(e));
    return m;
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    const std::size_t mid = values.size() / 2;
    return values.size() % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

std::string scientific(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3g", value);
    return text;
}

std::string sizesString(const std::vector<std::size_t>& sizes) {
    return sizes.empty() ? "(auto)" : rt::sizesText(sizes);
}

}  // namespace

std::string wisdomProgramHash(const ir::Program& program, const codegen::CodegenOptions& options) {
    const std::string precision = options.precision == ir::ScalarKind::Float ? "f32" : "f64";
    return rt::contentHash(ir::printProgram(program) + "\nprecision=" + precision +
                           "\ntwiddles=" + codegen::twiddleModeName(options.twiddles));
}

std::string metadataWithLaunch(const std::string& metadataJson, const std::vector<std::size_t>& local,
                               const std::string& sourceFile) {
    nlohmann::json doc = nlohmann::json::parse(metadataJson, nullptr, true, /*ignore_comments=*/true);
    nlohmann::json& ndrange = doc.at("ndrange");
    if (!local.empty() && !ndrange.value("local_fixed", false)) {
        nlohmann::json sizes = nlohmann::json::array();
        for (std::size_t s : local) sizes.push_back(std::to_string(s));
        ndrange["local"] = sizes;
    }
    if (!sourceFile.empty()) doc["source"] = sourceFile;
    return doc.dump(2) + "\n";
}

Reference Reference::of(const ir::Program& program, ir::ScalarKind precision, std::uint64_t seed) {
    if (!program.natParams.empty())
        throw Error("measuring variants needs every nat parameter of " + program.name + " set with --set (missing " +
                    program.natParams.front() + ")");
    Reference r;
    std::vector<ir::Value> inputs;
    for (std::size_t i = 0; i < program.body->params.size(); ++i) {
        const auto& p = program.body->params[i];
        r.paramTypes.push_back(p->declaredType ? p->declaredType : p->type);
        inputs.push_back(ir::randomValue(r.paramTypes.back(), seed + i));
        r.packedInputs.push_back(codegen::packValue(inputs.back(), r.paramTypes.back()));
    }
    r.resultType = ir::inferCallType(program.body, r.paramTypes);
    r.expected = ir::interpret(program.body, inputs);
    const double eps = precision == ir::ScalarKind::Double ? 1e-12 : 1e-5;
    r.tolerance = eps * std::max(1.0, largestMagnitude(r.expected)) * 64;
    return r;
}

VariantMeasurer::VariantMeasurer(const rt::Device& device, codegen::CodegenOptions options, int repetitions)
    : context_(device), queue_(context_), options_(std::move(options)), repetitions_(std::max(1, repetitions)) {
    if (options_.precision == ir::ScalarKind::Double && !device.supportsFp64())
        throw Error("the device " + device.name() + " has no fp64 support; use --precision f32");
}

std::vector<std::vector<std::size_t>> VariantMeasurer::localSizeCandidates(const rt::LaunchableKernel& kernel) const {
    const rt::LaunchSizes defaults = kernel.launchSizes({});
    std::vector<std::vector<std::size_t>> out = {defaults.local};
    if (kernel.metadata().ndrange.localFixed) return out;
    const rt::Device& dev = device();
    std::size_t limit = std::min({dev.maxWorkGroupSize(), kernel.kernel().maxWorkGroupSize(), kMaxLocalSize});
    const auto itemSizes = dev.maxWorkItemSizes();
    if (!itemSizes.empty()) limit = std::min(limit, itemSizes[0]);
    for (std::size_t size : kLocalSizeCandidates) {
        // Larger than the work there is only adds idle work-items.
        if (size > limit || size > defaults.global.at(0)) continue;
        std::vector<std::size_t> local(defaults.global.size(), 1);
        local[0] = size;
        if (std::find(out.begin(), out.end(), local) == out.end()) out.push_back(local);
    }
    return out;
}

VariantMeasurement VariantMeasurer::measure(const Reference& reference, const rewrite::Variant& variant) {
    VariantMeasurement m;
    m.choices = variant.choices;
    m.derivation = rewrite::derivationToString(variant.derivation);
    try {
        measureInto(m, reference, variant);
    } catch (const std::exception& e) {
        m.ok = false;
        m.failure = e.what();
    }
    return m;
}

void VariantMeasurer::measureInto(VariantMeasurement& m, const Reference& reference, const rewrite::Variant& variant) {
    const codegen::GeneratedKernel generated = codegen::generateKernel(variant.program, options_);
    m.source = generated.source;
    m.metadata = generated.metadata;
    rt::LaunchableKernel kernel(cache_, context_, rt::parseKernelMetadata(generated.metadata, generated.name + ".json"),
                                generated.source);

    rt::BufferArgs buffers;
    const rt::KernelArg* output = nullptr;
    std::size_t inputIndex = 0;
    for (const rt::KernelArg& arg : kernel.metadata().args) {
        if (arg.kind == rt::ArgKind::Input) {
            if (inputIndex >= reference.packedInputs.size())
                throw Error("the kernel has more inputs than the program has parameters");
            const auto& bytes = reference.packedInputs[inputIndex++];
            rt::Buffer b(context_, std::max<std::size_t>(bytes.size(), 1));
            b.writeBytes(queue_, bytes.data(), bytes.size());
            buffers.emplace(arg.name, std::move(b));
            m.bytesMoved += static_cast<double>(bytes.size());
        } else if (arg.kind == rt::ArgKind::Output) {
            const std::size_t bytes = kernel.argBytes(arg.name, {});
            buffers.emplace(arg.name, rt::Buffer(context_, std::max<std::size_t>(bytes, 1)));
            m.bytesMoved += static_cast<double>(bytes);
            output = &arg;
        }
    }
    if (!output) throw Error("the kernel has no output argument");
    const rt::Buffer& out = buffers.at(output->name);
    const std::size_t outBytes = kernel.argBytes(output->name, {});

    for (const auto& local : localSizeCandidates(kernel)) {
        rt::LaunchOverrides overrides;
        if (!local.empty()) overrides.local = local;
        // Poison, run once, check: every configuration must compute the right result.
        const unsigned char poison = 0xff;  // NaN in every float format
        out.fillBytes(queue_, &poison, 1, outBytes);
        rt::Event first = kernel.launch(queue_, {}, buffers, overrides);
        first.wait();
        std::vector<unsigned char> bytes(outBytes);
        out.readBytes(queue_, bytes.data(), bytes.size());
        double err = ir::maxAbsDifference(codegen::unpackValue(bytes, reference.resultType), reference.expected);
        if (std::isnan(err)) err = std::numeric_limits<double>::infinity();
        m.maxAbsError = std::max(m.maxAbsError, err);
        if (!(err <= reference.tolerance)) {
            m.wrong = true;
            m.failure = "wrong result with local size " + sizesString(local) + ": max_abs_error " + scientific(err) +
                        " above the tolerance " + scientific(reference.tolerance);
            return;
        }

        std::vector<double> times;
        std::vector<rt::Event> events;
        for (int r = 0; r < repetitions_; ++r) events.push_back(kernel.launch(queue_, {}, buffers, overrides));
        queue_.finish();
        for (const auto& e : events) times.push_back(static_cast<double>(e.durationNs()));
        LaunchTiming timing;
        timing.local = local;
        timing.global = kernel.launchSizes({}).global;
        if (!local.empty()) timing.global = rt::normalizedLaunchSizes(timing.global, local).global;
        timing.medianNs = median(times);
        m.timings.push_back(timing);
        if (m.timings.size() == 1 || timing.medianNs < m.best.medianNs) m.best = timing;
    }
    m.ok = true;
}

}  // namespace liftcl::cli
