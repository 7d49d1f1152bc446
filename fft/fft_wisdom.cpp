#include "fft/fft_wisdom.hpp"

#include "ir/error.hpp"

namespace liftcl::fft {

std::string fftWisdomDescriptor(const FftRequest& r) {
    // A shape of rank >= 2 and real transforms are keyed by their extents (1D complex keys as before).
    std::string extents = std::to_string(r.n);
    if (r.shape.size() >= 2) {
        extents.clear();
        for (std::int64_t e : r.shape) extents += (extents.empty() ? "" : "x") + std::to_string(e);
    }
    return "fft n=" + extents + (r.real ? " real" : "") + " batch=" + std::to_string(r.batch) +
           " precision=" + (r.precision == ir::ScalarKind::Double ? "f64" : "f32") +
           " direction=" + std::string(rt::fftDirectionName(r.direction)) + " scaled=" + (r.scale ? "1" : "0") +
           " placement=" + (r.inPlace ? "in-place" : "out-of-place");
}

rt::WisdomKey fftWisdomKey(const rt::Device& device, const FftRequest& request) {
    return rt::WisdomKey::forDevice(device, fftWisdomDescriptor(request));
}

std::optional<FftWisdomEntry> lookupFftWisdom(const rt::Wisdom& wisdom, const rt::Device& device,
                                              const FftRequest& request) {
    std::optional<rt::WisdomRecord> record = wisdom.lookup(fftWisdomKey(device, request));
    if (!record || record->definition != kFftWisdomDefinition) return std::nullopt;
    try {
        return FftWisdomEntry{FftVariant::parse(record->choices), *record};
    } catch (const Error&) {
        return std::nullopt;
    }
}

void recordFftWisdom(const rt::Wisdom& wisdom, const rt::Device& device, const FftRequest& request,
                     const FftVariant& variant, double medianNs, double gbPerSecond, double relativeError) {
    rt::WisdomRecord record;
    record.definition = kFftWisdomDefinition;
    record.choices = variant.text();
    if (variant.local) record.local = {*variant.local};
    record.medianNs = medianNs;
    record.gbPerSecond = gbPerSecond;
    record.maxAbsError = relativeError;  // for FFT entries: the relative L2 error against FFTW
    wisdom.record(fftWisdomKey(device, request), record);
}

}  // namespace liftcl::fft
