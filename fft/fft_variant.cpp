#include "fft/fft_variant.hpp"

#include <sstream>

#include <nlohmann/json.hpp>

#include "fft/fft_planner.hpp"
#include "fft/radix_factorization.hpp"
#include "ir/error.hpp"
#include "runtime/kernel_metadata.hpp"

namespace liftcl::fft {

std::string FftVariant::text() const {
    std::string r;
    for (std::size_t i = 0; i < radices.size(); ++i) r += (i ? "," : "") + std::to_string(radices[i]);
    return "method=" + method + " radices=" + (r.empty() ? "default" : r) +
           " twiddles=" + codegen::twiddleModeName(twiddles) +
           " local=" + (local ? std::to_string(*local) : std::string("default")) +
           (padded > 0 ? " padded=" + std::to_string(padded) : "") +
           (tileBytes > 0 ? " tile=" + std::to_string(tileBytes) : "") +
           (tileWidth > 0 ? " width=" + std::to_string(tileWidth) : "") +
           (powerOfTwoTiles ? " widths=pow2" : "") +
           (items > 0 ? " items=" + std::to_string(items) : "") +
           (byComponents ? std::string(" exchange=") + (*byComponents ? "components" : "arrays") : "") +
           (padding ? std::string(" padding=") + (*padding ? "on" : "off") : "") +
           (registers ? " registers=" + (*registers ? std::to_string(*registers) : std::string("driver")) : "");
}

namespace {

// A positive integer field of a variant's text; throws liftcl::Error naming it.
unsigned long long positiveField(const std::string& text, const std::string& key, const std::string& value) {
    std::size_t used = 0;
    unsigned long long v = 0;
    try {
        v = std::stoull(value, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used != value.size() || v == 0)
        throw Error("FFT variant '" + text + "': " + key + " '" + value + "' is not a positive integer");
    return v;
}

}  // namespace

FftVariant FftVariant::parse(const std::string& text) {
    FftVariant v;
    std::istringstream in(text);
    std::string field;
    bool seen[4] = {false, false, false, false};
    while (in >> field) {
        const auto eq = field.find('=');
        const std::string key = field.substr(0, eq), value = eq == std::string::npos ? "" : field.substr(eq + 1);
        if (eq == std::string::npos || value.empty())
            throw Error("FFT variant '" + text + "': '" + field + "' is not key=value");
        if (key == "method") {
            v.method = value;
            seen[0] = true;
        } else if (key == "radices") {
            if (value != "default") v.radices = parseRadices(value);
            seen[1] = true;
        } else if (key == "twiddles") {
            v.twiddles = codegen::twiddleModeFromName(value);
            seen[2] = true;
        } else if (key == "local") {
            if (value != "default") v.local = static_cast<std::size_t>(positiveField(text, key, value));
            seen[3] = true;
        } else if (key == "padded") {
            v.padded = static_cast<std::int64_t>(positiveField(text, key, value));
        } else if (key == "tile") {
            v.tileBytes = static_cast<std::int64_t>(positiveField(text, key, value));
        } else if (key == "width") {
            v.tileWidth = static_cast<std::int64_t>(positiveField(text, key, value));
        } else if (key == "widths") {
            if (value != "pow2") throw Error("FFT variant '" + text + "': widths '" + value + "' is not pow2");
            v.powerOfTwoTiles = true;
        } else if (key == "items") {
            v.items = static_cast<std::int64_t>(positiveField(text, key, value));
        } else if (key == "exchange") {
            if (value != "components" && value != "arrays")
                throw Error("FFT variant '" + text + "': exchange '" + value + "' is not components or arrays");
            v.byComponents = value == "components";
        } else if (key == "padding") {
            if (value != "on" && value != "off")
                throw Error("FFT variant '" + text + "': padding '" + value + "' is not on or off");
            v.padding = value == "on";
        } else if (key == "registers") {
            v.registers = value == "driver" ? 0 : static_cast<std::int64_t>(positiveField(text, key, value));
        } else {
            throw Error("FFT variant '" + text + "': unknown field '" + key + "'");
        }
    }
    if (!(seen[0] && seen[1] && seen[2] && seen[3]))
        throw Error("FFT variant '" + text + "': needs method=, radices=, twiddles= and local=");
    return v;
}

FftRequest requestFor(const FftRequest& base, const FftVariant& variant) {
    FftRequest r = base;
    r.method = variant.method;
    r.radices = variant.radices;
    r.twiddles = variant.twiddles;
    r.paddedN = variant.padded;
    if (variant.tileBytes > 0) r.hierarchicalTileBytes = variant.tileBytes;
    if (variant.tileWidth > 0) r.hierarchicalMaxTileWidth = variant.tileWidth;
    if (variant.powerOfTwoTiles) r.hierarchicalPowerOfTwoTiles = true;
    if (variant.items > 0) r.localItemsPerTransform = variant.items;
    if (variant.byComponents) r.localByComponents = variant.byComponents;
    if (variant.padding) r.localPadding = variant.padding;
    if (variant.registers) r.registersPerItem = variant.registers;
    return r;
}

rt::FftPlanDescription planVariant(const FftRequest& base, const FftVariant& variant) {
    rt::FftPlanDescription plan = planFft(requestFor(base, variant));
    if (!variant.local) return plan;
    auto sized = withLocalSize(plan, *variant.local);
    if (!sized)
        throw Error("FFT variant '" + variant.text() + "': no kernel of the plan takes a work-group size of " +
                    std::to_string(*variant.local));
    return *sized;
}

std::optional<rt::FftPlanDescription> withLocalSize(const rt::FftPlanDescription& plan, std::size_t local) {
    rt::FftPlanDescription sized = plan;
    bool applied = false;
    for (auto& kernel : sized.kernels) {
        const rt::KernelMetadata meta = rt::parseKernelMetadata(kernel.metadata, kernel.name + ".json");
        if (meta.ndrange.dims != 1 || meta.ndrange.local || meta.ndrange.localFixed) continue;
        const rt::FftPlanStep* step = nullptr;
        for (const auto& s : sized.steps)
            if (s.kernel == kernel.name) step = &s;
        if (!step) continue;
        const std::int64_t global = meta.ndrange.global.at(0).evaluate(step->nats);
        if (global <= 0 || global % static_cast<std::int64_t>(local) != 0) continue;
        nlohmann::json j = nlohmann::json::parse(kernel.metadata, nullptr, /*allow_exceptions=*/true,
                                                 /*ignore_comments=*/true);
        j["ndrange"]["local"] = nlohmann::json::array({std::to_string(local)});
        kernel.metadata = j.dump(2);
        applied = true;
    }
    if (!applied) return std::nullopt;
    return sized;
}

}  // namespace liftcl::fft
