#include "fft/fft_tuner.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <complex>
#include <cstdio>
#include <exception>
#include <optional>
#include <random>
#include <set>

#include "fft/fft_variant_space.hpp"
#include "fft/fftw_nd_reference.hpp"
#include "fft/fftw_reference.hpp"
#include "fft/nd_planner.hpp"
#include "fft/radix_factorization.hpp"
#include "ir/error.hpp"
#include "ir/number_format.hpp"
#include "ir/statistics.hpp"
#include "runtime/buffer.hpp"
#include "runtime/context.hpp"
#include "runtime/fft/fft_plan.hpp"
#include "runtime/program_cache.hpp"
#include "runtime/queue.hpp"

namespace liftcl::fft {

namespace {

// Every kernel's source and metadata: two variants with the same fingerprint run the same code.
std::string fingerprint(const rt::FftPlanDescription& plan) {
    std::string f;
    for (const auto& k : plan.kernels) f += k.source + '\0' + k.metadata + '\0';
    return f;
}

class VariantMeasurer {
public:
    VariantMeasurer(const FftRequest& request, const rt::Device& device, const FftTuneOptions& options)
        : request_(request), context_(device), queue_(context_), options_(options) {
        std::mt19937_64 rng(options.seed);
        std::uniform_real_distribution<double> dist(-1.0, 1.0);
        input_.resize(static_cast<std::size_t>(request.n * request.batch));
        for (auto& v : input_) {
            const double re = dist(rng);
            v = {re, request.real ? 0.0 : dist(rng)};
        }
        const std::vector<std::int64_t> shape = request.shape.empty() ? std::vector<std::int64_t>{request.n} : request.shape;
        const bool inverse = request.direction == rt::FftDirection::Inverse;
        if (request.real) {
            std::vector<double> signal;
            for (const auto& v : input_) signal.push_back(v.real());
            if (!inverse) {
                reference_ = fftwR2cReference(signal, shape, request.batch);
            } else {  // a Hermitian half spectrum in, the real signal (times n unless scaled) out
                input_ = fftwR2cReference(signal, shape, request.batch);
                for (double v : fftwC2rReference(input_, shape, request.batch, request.scale)) reference_.push_back({v, 0.0});
            }
        } else if (request.shape.size() >= 2) {
            reference_ = fftwNdReference(input_, shape, request.batch, request.direction, request.scale);
        } else {
            reference_ = fftwReference(input_, request.n, request.batch, request.direction, request.scale);
        }
        tolerance_ = request.precision == ir::ScalarKind::Double ? 1e-11 : 1e-5;
    }

    double tolerance() const { return tolerance_; }

    FftTuneResult measure(const FftVariant& variant, const rt::FftPlanDescription& description) {
        FftTuneResult result;
        result.variant = variant;
        result.planMethod = description.method;
        result.planRadices = radicesText(description.radices);
        result.kernels = description.kernels.size();
        try {
            rt::FftPlan plan(cache_, context_, description);
            if (description.precision == rt::Precision::Double) run<double>(plan, result);
            else run<float>(plan, result);
        } catch (const std::exception& e) {
            result.outcome = FftTuneOutcome::Failed;
            result.failure = e.what();
        }
        return result;
    }

private:
    template <typename Real>
    void run(rt::FftPlan& plan, FftTuneResult& result) {
        const rt::FftPlanDescription& d = plan.description();
        const bool realIn = d.real && d.direction == rt::FftDirection::Forward, realOut = d.real && !realIn;
        // Complex values, or the real ones of a forward real plan, in the precision.
        std::vector<Real> host;
        for (const auto& v : input_) {
            host.push_back(static_cast<Real>(v.real()));
            if (!realIn) host.push_back(static_cast<Real>(v.imag()));
        }
        const std::size_t bytes = std::max(d.bufferBytes(), host.size() * sizeof(Real));
        rt::Buffer in(context_, bytes);
        in.writeBytes(queue_, host.data(), host.size() * sizeof(Real));
        rt::Buffer out = request_.inPlace ? in : rt::Buffer(context_, bytes);
        if (!request_.inPlace) out.fill(queue_, Real(NAN));  // poison: every value must be written
        plan.execute(queue_, in, out);
        std::vector<Real> values(d.outputBytes() / sizeof(Real));
        out.readBytes(queue_, values.data(), d.outputBytes());
        std::vector<std::complex<Real>> got;
        for (std::size_t i = 0; i < values.size(); i += realOut ? 1 : 2)
            got.push_back({values[i], realOut ? Real(0) : values[i + 1]});
        result.relativeError = relativeL2Error(got, reference_);
        if (!(result.relativeError <= tolerance_)) {
            result.outcome = FftTuneOutcome::Wrong;
            result.failure = "relative L2 error " + std::to_string(result.relativeError) + " against FFTW";
            return;
        }
        std::vector<double> times;
        for (int i = 0; i < options_.repeat; ++i)
            times.push_back(static_cast<double>(plan.execute(queue_, in, out).nanoseconds()));
        result.medianNs = ir::median(times);
        result.outcome = FftTuneOutcome::Measured;
    }

    FftRequest request_;
    rt::Context context_;
    rt::Queue queue_;
    rt::ProgramCache cache_;
    FftTuneOptions options_;
    std::vector<std::complex<double>> input_, reference_;
    double tolerance_ = 0;
};

}  // namespace

std::vector<const FftTuneResult*> FftTuneReport::ranked() const {
    std::vector<const FftTuneResult*> out;
    for (const auto& r : results)
        if (r.outcome == FftTuneOutcome::Measured) out.push_back(&r);
    std::stable_sort(out.begin(), out.end(), [](const auto* a, const auto* b) { return a->medianNs < b->medianNs; });
    return out;
}

FftTuneReport tuneFft(const FftRequest& request, const rt::Device& device, const FftTuneOptions& options,
                      const FftTuneProgress& progress) {
    if (!isNdRequest(request)) validateRequest(request);  // (a multidimensional or real plan validates its own)
    const auto start = std::chrono::steady_clock::now();
    // The structural variants may take three quarters of the budget, so the work-group sizes of the
    // fastest get the rest.
    double phaseBudget = 0.75 * options.budgetSeconds;
    const auto overBudget = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > phaseBudget;
    };
    VariantMeasurer measurer(request, device, options);
    FftTuneReport report;
    report.tolerance = measurer.tolerance();
    std::set<std::string> seen;

    std::vector<FftVariant> variants;
    for (auto& v : structuralVariants(request))
        if (!options.filter || options.filter(v)) variants.push_back(std::move(v));
    std::size_t total = variants.size();
    std::size_t done = 0;
    // Plans, dedupes and measures one variant; false when it was not measured.
    const auto tryVariant = [&](const FftVariant& variant, std::optional<rt::FftPlanDescription> planned) {
        ++done;
        if (!planned) {
            try {
                planned = planVariant(request, variant);
            } catch (const std::exception&) {  // the method does not apply (liftcl::Error), or its plan is invalid
                ++report.refused;
                progress(done, total, variant.text() + ": not applicable");
                return;
            }
        }
        if (!seen.insert(fingerprint(*planned)).second) {
            ++report.duplicates;
            progress(done, total, variant.text() + ": same kernels as an earlier variant");
            return;
        }
        FftTuneResult r = measurer.measure(variant, *planned);
        const std::string what = r.outcome == FftTuneOutcome::Measured ? ir::formatNumber(r.medianNs * 1e-3, "%.2f") + " us"
                                 : r.outcome == FftTuneOutcome::Wrong  ? "WRONG (" + r.failure + ")"
                                                                       : "failed";
        progress(done, total, variant.text() + ": " + what);
        report.results.push_back(std::move(r));
    };

    for (const auto& v : variants) {
        if (overBudget()) {
            report.outOfBudget = true;
            break;
        }
        tryVariant(v, std::nullopt);
    }
    phaseBudget = options.budgetSeconds;
    total = done;  // the variants the budget left out are not coming

    // Work-group sizes for the fastest structural variants, where their kernels leave it free.
    const auto ranked = report.ranked();
    std::vector<FftVariant> finalists;
    for (std::size_t i = 0; i < ranked.size() && i < options.localSizeFinalists; ++i)
        finalists.push_back(ranked[i]->variant);
    std::vector<std::pair<FftVariant, rt::FftPlanDescription>> sized;
    for (const auto& f : finalists) {
        const rt::FftPlanDescription plan = planVariant(request, f);
        for (const std::size_t local : localSizeCandidates(device.maxWorkGroupSize())) {
            auto withLocal = withLocalSize(plan, local);
            if (!withLocal) continue;
            FftVariant v = f;
            v.local = local;
            sized.emplace_back(std::move(v), std::move(*withLocal));
        }
    }
    total += sized.size();
    for (auto& [variant, plan] : sized) {
        if (overBudget()) {
            report.outOfBudget = true;
            return report;
        }
        tryVariant(variant, std::move(plan));
    }
    return report;
}

}  // namespace liftcl::fft
