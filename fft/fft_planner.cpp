#include "fft/fft_planner.hpp"

#include "codegen/codegen.hpp"
#include "fft/fft_method.hpp"
#include "fft/fft_strategies.hpp"
#include "fft/nd_planner.hpp"
#include "ir/error.hpp"
#include "rewrite/lowering.hpp"
#include "runtime/error.hpp"
#include "runtime/kernel_metadata.hpp"

namespace liftcl::fft {

namespace {

thread_local const PassObserver* currentObserver = nullptr;

// The single input and output buffer arguments of a generated pass kernel (beside the inputs
// bound to the plan's tables).
rt::FftPlanStep stepFor(const codegen::GeneratedKernel& kernel, const PassProgram& pass) {
    const rt::KernelMetadata meta = rt::parseKernelMetadata(kernel.metadata, kernel.name);
    rt::FftPlanStep step;
    step.kernel = kernel.name;
    step.tables = pass.tables;
    for (const auto& arg : meta.args) {
        if (arg.kind != rt::ArgKind::Input && arg.kind != rt::ArgKind::Output) continue;
        if (pass.tables.count(arg.name)) continue;
        std::string& slot = arg.kind == rt::ArgKind::Input ? step.inputArg : step.outputArg;
        if (!slot.empty())
            throw Error("FFT pass kernel '" + kernel.name + "' has more than one " +
                        std::string(rt::argKindName(arg.kind)) + " buffer");
        slot = arg.name;
    }
    if (step.inputArg.empty() || step.outputArg.empty())
        throw Error("FFT pass kernel '" + kernel.name + "' needs one input and one output buffer");
    return step;
}

}  // namespace

PassObserver::PassObserver(std::function<void(const PassProgram&)> observe)
    : observe_(std::move(observe)), outer_(currentObserver) {
    currentObserver = this;
}

PassObserver::~PassObserver() { currentObserver = outer_; }

void appendPassKernel(rt::FftPlanDescription& plan, const PassProgram& pass, const std::string& what) {
    registerFftStrategies();  // the passes name FFT strategies
    if (currentObserver) currentObserver->observe_(pass);
    codegen::GeneratedKernel kernel;
    try {
        const ir::Program lowered =
            pass.strategy.empty() ? pass.program : rewrite::applyStrategy(pass.program, pass.strategy);
        kernel = codegen::generateKernel(lowered, pass.options);
    } catch (const Error& e) {
        throw Error(what + ", pass '" + pass.name + "' (radix " + std::to_string(pass.radix) + "): " + e.what());
    }
    if (!pass.radices.empty()) plan.radices.insert(plan.radices.end(), pass.radices.begin(), pass.radices.end());
    else if (pass.radix > 0) plan.radices.push_back(pass.radix);  // 0: an element-wise step
    plan.steps.push_back(stepFor(kernel, pass));
    plan.steps.back().inPlace = plan.inPlace && pass.options.inputsMayAliasOutput;
    plan.kernels.push_back({kernel.name, kernel.source, kernel.metadata});
}

rt::FftPlanDescription emptyPlanOf(const FftRequest& request) {
    rt::FftPlanDescription plan;
    plan.n = request.n;
    plan.batch = request.batch;
    plan.precision = request.precision == ir::ScalarKind::Double ? rt::Precision::Double : rt::Precision::Float;
    plan.direction = request.direction;
    plan.scaled = request.scale;
    plan.inPlace = request.inPlace;
    return plan;
}

rt::FftPlanDescription planFft(const FftRequest& request) {
    if (isNdRequest(request)) return planNdFft(request);
    validateRequest(request);
    const Method& method = findMethod(request.method).resolve(request);
    const std::vector<std::int64_t> radices = method.radices(request);

    rt::FftPlanDescription plan = emptyPlanOf(request);
    plan.method = method.name();
    for (PassProgram& pass : method.passes(request, radices)) {
        if (request.registersPerItem) pass.options.maxRegistersPerItem = *request.registersPerItem;
        appendPassKernel(plan, pass, "FFT n=" + std::to_string(request.n));
    }
    PlanResources resources = method.resources(request);
    plan.workN = resources.workN;
    plan.tables = std::move(resources.tables);
    plan.validate();
    return plan;
}

}  // namespace liftcl::fft
