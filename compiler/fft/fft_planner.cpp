#include "compiler/fft/fft_planner.hpp"

#include "codegen/codegen.hpp"
#include "compiler/fft/fft_method.hpp"
#include "ir/error.hpp"
#include "rewrite/lowering.hpp"
#include "runtime/error.hpp"
#include "runtime/kernel_metadata.hpp"

namespace liftcl::fft {

namespace {

// The single input and output buffer arguments of a generated pass kernel.
rt::FftPlanStep stepFor(const codegen::GeneratedKernel& kernel) {
    const rt::KernelMetadata meta = rt::parseKernelMetadata(kernel.metadata, kernel.name);
    rt::FftPlanStep step;
    step.kernel = kernel.name;
    for (const auto& arg : meta.args) {
        if (arg.kind != rt::ArgKind::Input && arg.kind != rt::ArgKind::Output) continue;
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

rt::FftPlanDescription planFft(const FftRequest& request) {
    validateRequest(request);
    const Method& method = findMethod(request.method).resolve(request);
    const std::vector<std::int64_t> radices = method.radices(request);

    rt::FftPlanDescription plan;
    plan.n = request.n;
    plan.batch = request.batch;
    plan.precision = request.precision == ir::ScalarKind::Double ? rt::Precision::Double : rt::Precision::Float;
    plan.direction = request.direction;
    plan.scaled = request.scale;
    plan.inPlace = request.inPlace;
    plan.method = method.name();
    for (const PassProgram& pass : method.passes(request, radices)) {
        codegen::GeneratedKernel kernel;
        try {
            const ir::Program lowered =
                pass.strategy.empty() ? pass.program : rewrite::applyStrategy(pass.program, pass.strategy);
            kernel = codegen::generateKernel(lowered, pass.options);
        } catch (const Error& e) {
            throw Error("FFT n=" + std::to_string(request.n) + ", pass '" + pass.name + "' (radix " +
                        std::to_string(pass.radix) + "): " + e.what());
        }
        if (pass.radices.empty()) plan.radices.push_back(pass.radix);
        else plan.radices.insert(plan.radices.end(), pass.radices.begin(), pass.radices.end());
        plan.steps.push_back(stepFor(kernel));
        plan.kernels.push_back({kernel.name, kernel.source, kernel.metadata});
    }
    plan.validate();
    return plan;
}

}  // namespace liftcl::fft
