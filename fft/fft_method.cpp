// The table of FFT methods.
#include "fft/fft_method.hpp"

#include "fft/auto_method.hpp"
#include "fft/bluestein_method.hpp"
#include "fft/butterfly_pass_methods.hpp"
#include "fft/hierarchical_method.hpp"
#include "fft/local_fft_method.hpp"
#include "fft/radix_factorization.hpp"
#include "fft/rader_method.hpp"
#include "ir/elaborate.hpp"
#include "ir/error.hpp"

namespace liftcl::fft {

const Method& Method::resolve(const FftRequest&) const { return *this; }

PlanResources Method::resources(const FftRequest&) const { return {}; }

std::size_t Method::passCount(const FftRequest& request, const std::vector<std::int64_t>& radices) const {
    return passes(request, radices).size();
}

void Method::validateRadices(const FftRequest& request) const { checkRadices(request.n, request.radices); }

std::vector<std::int64_t> Method::radices(const FftRequest& request) const {
    return request.radices.empty() ? chooseRadices(request.n) : request.radices;
}

const std::vector<const Method*>& methods() {
    static const BluesteinMethod bluestein;
    static const BluesteinMethod bluesteinTwoKernels(BluesteinForm::TwoKernels);
    static const BluesteinMethod bluesteinSteps(BluesteinForm::Steps);
    static const RaderMethod rader;
    static const RaderMethod raderSteps(RaderForm::Steps);
    static const std::vector<const Method*> table = {
        &autoMethod(), &stockhamMethod(), &cooleyTukeyMethod(), &localFftMethod(), &hierarchicalMethod(), &bluestein, &bluesteinTwoKernels, &bluesteinSteps,
        &rader, &raderSteps};
    return table;
}

const Method& findMethod(const std::string& name) {
    std::string known;
    for (const Method* m : methods()) {
        if (m->name() == name) return *m;
        known += (known.empty() ? "" : ", ") + m->name();
    }
    const bool ndVariant = name.rfind("nd-", 0) == 0;  // fft/nd_planner.hpp's choices
    throw Error("unknown FFT method '" + name + "' (known: " + known + ")" +
                (ndVariant ? "; the nd- variants plan multidimensional and real transforms (a shape such as 64x64, or --real)"
                           : ""));
}

FftRequest nestedFftRequest(const FftRequest& outer, std::int64_t n, std::int64_t batch, rt::FftDirection direction) {
    FftRequest nested = outer;
    nested.n = n;
    nested.batch = batch;
    nested.direction = direction;
    nested.scale = false;
    nested.method = "auto";
    nested.paddedN = 0;
    nested.inputProduct.reset();  // the caller's to set
    nested.outputProduct.reset();
    nested.inPlace = false;  // its passes run between the plan's buffers and temporaries
    return nested;
}

PassProgram globalStepPass(const FftRequest& request, const ir::Module& library, const std::string& definition,
                           const std::string& name, const std::map<std::string, ir::Arith>& nats) {
    ir::ElaborateOptions elaborate;
    elaborate.precision = request.precision;
    elaborate.natValues = nats;
    PassProgram pass;
    pass.name = name;
    pass.program = ir::elaborateDefinition(library, definition, elaborate);
    pass.strategy = "fuse ; lower-global";
    pass.options.precision = request.precision;
    pass.options.kernelName = name;
    pass.options.sourceFile = name + ".cl";
    return pass;
}

void appendNestedFftPasses(const FftRequest& nested, const std::string& prefix, std::vector<PassProgram>& out) {
    const Method& method = findMethod(nested.method).resolve(nested);
    for (PassProgram pass : method.passes(nested, method.radices(nested))) {
        pass.name = prefix + pass.name;
        pass.options.kernelName = pass.name;
        pass.options.sourceFile = pass.name + ".cl";
        out.push_back(std::move(pass));
    }
}

}  // namespace liftcl::fft
