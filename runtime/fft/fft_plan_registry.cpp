#include "runtime/fft/fft_plan_registry.hpp"

#include <mutex>

#include "runtime/error.hpp"

namespace liftcl::rt {

namespace {

// A function-local static: registration runs during other translation units' static
// initialisation, whose order is unspecified.
struct Registry {
    std::mutex mutex;
    std::vector<FftPlanDescription> plans;
};

Registry& registry() {
    static Registry r;
    return r;
}

}  // namespace

bool registerEmbeddedFftPlan(FftPlanDescription plan) {
    plan.validate();
    const FftDescriptor descriptor = FftDescriptor::of(plan);
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    for (const auto& p : r.plans)
        if (FftDescriptor::of(p).sameTransform(descriptor))
            throw Error("embedded FFT plans: two plans for " + descriptor.text());
    r.plans.push_back(std::move(plan));
    return true;
}

std::vector<FftDescriptor> embeddedFftPlans() {
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    std::vector<FftDescriptor> out;
    for (const auto& p : r.plans) out.push_back(FftDescriptor::of(p));
    return out;
}

FftPlanDescription findEmbeddedFftPlan(const FftDescriptor& descriptor) {
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    for (const auto& p : r.plans) {
        if (!FftDescriptor::of(p).sameTransform(descriptor)) continue;
        FftPlanDescription plan = p;
        plan.inPlace = descriptor.inPlace;
        return plan;
    }
    std::string available;
    for (const auto& p : r.plans) {
        FftDescriptor d = FftDescriptor::of(p);
        d.inPlace = descriptor.inPlace;
        available += "\n  " + d.text();
    }
    throw Error("no embedded FFT plan for " + descriptor.text() +
                (available.empty() ? " (no plans are embedded: add them with liftcl_add_fft_plans)"
                                   : "; embedded plans (any placement):" + available));
}

}  // namespace liftcl::rt
