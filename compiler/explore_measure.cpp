#include "compiler/explore_measure.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <limits>
#include <map>

#include <nlohmann/json.hpp>

#include "codegen/host_layout.hpp"
#include "ir/error.hpp"
#include "ir/interpreter.hpp"
#include "ir/number_format.hpp"
#include "ir/printer.hpp"
#include "ir/scalar_fun.hpp"
#include "ir/statistics.hpp"
#include "ir/typecheck.hpp"
#include "rewrite/kernel_sequence.hpp"

namespace liftcl::cli {

namespace {

// Local sizes tried besides the metadata's own (dimension 0; the others stay 1).
constexpr std::size_t kLocalSizeCandidates[] = {16, 64, 256, 1024};
constexpr std::size_t kMaxLocalSize = 1024;

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
    ir::RealOperationCounter operations;
    r.expected = ir::interpret(program.body, inputs);
    r.realOperations = operations.count();
    r.tolerance = ir::deviceResultTolerance(r.expected, precision);
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
    // A program of several kernels (rewrite/kernel_sequence.hpp) runs them in order; the local
    // sizes tried are the first kernel's, and a launch's time is the sum of its kernels' times.
    const codegen::GeneratedSequence generated = codegen::generateKernelSequence(
        variant.program.name, rewrite::splitIntoKernels(variant.program), options_);
    m.kernelCount = generated.kernels.size();
    m.realOperations = static_cast<double>(reference.realOperations);
    m.source = generated.kernels.front().source;
    m.metadata = generated.kernels.front().metadata;
    std::vector<rt::LaunchableKernel> kernels;
    for (const auto& k : generated.kernels)
        kernels.emplace_back(cache_, context_, rt::parseKernelMetadata(k.metadata, k.name + ".json"), k.source);

    std::map<std::string, rt::Buffer> pool;  // the program's inputs by parameter name, outputs by `writes`
    std::map<std::string, std::vector<unsigned char>> scalarValues;
    for (std::size_t k = 0; k < variant.program.body->params.size() && k < reference.packedInputs.size(); ++k) {
        const auto& bytes = reference.packedInputs[k];
        if (reference.paramTypes[k]->isScalar()) {
            scalarValues[variant.program.body->params[k]->name] = bytes;
            continue;
        }
        rt::Buffer b(context_, std::max<std::size_t>(bytes.size(), 1));
        b.writeBytes(queue_, bytes.data(), bytes.size());
        pool[variant.program.body->params[k]->name] = b;
        m.bytesMoved += static_cast<double>(bytes.size());
    }
    std::vector<rt::BufferArgs> buffers(kernels.size());
    std::vector<rt::ScalarArgs> scalars(kernels.size());
    for (std::size_t k = 0; k < kernels.size(); ++k) {
        std::size_t next = 0;
        for (const rt::KernelArg& arg : kernels[k].metadata().args) {
            if (arg.kind == rt::ArgKind::Input) {
                const std::string& source = generated.reads[k].at(next++);
                if (!pool.count(source)) throw Error("kernel " + generated.kernels[k].name + " reads " + source + ", which no one gives");
                buffers[k].emplace(arg.name, pool.at(source));
            } else if (arg.kind == rt::ArgKind::Scalar) {
                const std::string& source = generated.reads[k].at(next++);
                if (!scalarValues.count(source)) throw Error("kernel " + generated.kernels[k].name + " reads " + source + ", which no one gives");
                scalars[k].emplace(arg.name, scalarValues.at(source));
            } else if (arg.kind == rt::ArgKind::Output) {
                const std::size_t bytes = kernels[k].argBytes(arg.name, {});
                rt::Buffer b(context_, std::max<std::size_t>(bytes, 1));
                pool[generated.writes[k]] = b;
                buffers[k].emplace(arg.name, b);
            }
        }
    }
    const rt::KernelArg* output = nullptr;
    for (const auto& arg : kernels.back().metadata().args)
        if (arg.kind == rt::ArgKind::Output) output = &arg;
    if (!output) throw Error("the kernel has no output argument");
    const rt::Buffer& out = pool.at(generated.writes.back());
    const std::size_t outBytes = kernels.back().argBytes(output->name, {});
    m.bytesMoved += static_cast<double>(outBytes);

    for (const auto& local : localSizeCandidates(kernels.front())) {
        rt::LaunchOverrides overrides;
        if (!local.empty()) overrides.local = local;
        auto launchAll = [&](std::vector<rt::Event>& events) {
            for (std::size_t k = 0; k < kernels.size(); ++k)
                events.push_back(kernels[k].launch(queue_, {}, buffers[k], k == 0 ? overrides : rt::LaunchOverrides{}, scalars[k]));
        };
        // Poison, run once, check: every configuration must compute the right result.
        for (std::size_t k = 0; k < kernels.size(); ++k) {
            const unsigned char poison = 0xff;  // NaN in every float format
            pool.at(generated.writes[k]).fillBytes(queue_, &poison, 1, pool.at(generated.writes[k]).bytes());
        }
        std::vector<rt::Event> first;
        launchAll(first);
        queue_.finish();
        std::vector<unsigned char> bytes(outBytes);
        out.readBytes(queue_, bytes.data(), bytes.size());
        double err = ir::maxAbsDifference(codegen::unpackValue(bytes, reference.resultType), reference.expected);
        if (std::isnan(err)) err = std::numeric_limits<double>::infinity();
        m.maxAbsError = std::max(m.maxAbsError, err);
        if (!(err <= reference.tolerance)) {
            m.wrong = true;
            m.failure = "wrong result with local size " + sizesString(local) + ": max_abs_error " + ir::formatNumber(err, "%.3g") +
                        " above the tolerance " + ir::formatNumber(reference.tolerance, "%.3g");
            return;
        }

        std::vector<double> times;
        std::vector<rt::Event> events;
        for (int r = 0; r < repetitions_; ++r) launchAll(events);
        queue_.finish();
        for (std::size_t r = 0; r < static_cast<std::size_t>(repetitions_); ++r) {
            double total = 0;
            for (std::size_t k = 0; k < kernels.size(); ++k)
                total += static_cast<double>(events[r * kernels.size() + k].durationNs());
            times.push_back(total);
        }
        LaunchTiming timing;
        timing.local = local;
        timing.global = kernels.front().launchSizes({}).global;
        if (!local.empty()) timing.global = rt::normalizedLaunchSizes(timing.global, local).global;
        timing.medianNs = ir::median(times);
        m.timings.push_back(timing);
        if (m.timings.size() == 1 || timing.medianNs < m.best.medianNs) m.best = timing;
    }
    m.ok = true;
}

}  // namespace liftcl::cli
