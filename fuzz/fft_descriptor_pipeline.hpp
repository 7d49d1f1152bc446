// The FFT planner as the descriptor fuzzer and its regression test drive it. The input is an FFT
// descriptor (the words `liftcl fft` prints for a plan, and its options), one key=value per word,
// every key optional:
//   n=1024 batch=8 precision=f32 direction=inverse scaled=1 placement=in-place
//   method=stockham radices=16,16,4 twiddles=digits
//   shape=64x16 real=1 local=16384      (multidimensional and real plans; n is the shape's product)
// It is planned (request validation, radix choice, method, elaboration, lowering, OpenCL C
// generation) without a device, and the plan is checked and written as plan.json. Only
// liftcl::Error or rt::Error (a refused descriptor) may leave the libraries; anything else is a bug,
// and so is an accepted descriptor whose plan is not the transform asked for (FftDescriptorBug).
#pragma once

#include <charconv>
#include <cstdint>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "codegen/codegen.hpp"
#include "fft/fft_planner.hpp"
#include "fft/fft_request.hpp"
#include "fft/radix_factorization.hpp"
#include "ir/error.hpp"
#include "runtime/error.hpp"
#include "runtime/fft/fft_plan_description.hpp"
#include "runtime/kernel_metadata.hpp"

namespace liftcl::fuzz {

// Deliberately neither liftcl::Error nor rt::Error.
struct FftDescriptorBug : std::logic_error {
    using std::logic_error::logic_error;
};

// Bounds of the driver (not of the planner), so one input plans in seconds under ASan (n=2^16
// with the hierarchical method takes ten): larger sizes take the same code paths with more passes.
constexpr std::int64_t kFuzzMaxFftN = std::int64_t{1} << 14;
constexpr std::int64_t kFuzzMaxFftBatch = 64;

struct FuzzFftDescriptor {
    fft::FftRequest request;            // all but the radices and twiddles
    std::string radices = "default";    // as --radices takes them, parsed by parseRadices
    std::string twiddles = "table";     // as --twiddles takes them
};

// nullopt for text the driver does not map to a descriptor (unknown keys, words that are not
// key=value, numbers that do not parse or are out of the driver's bounds). Out-of-range values the
// planner must refuse (n=1, batch=0, negative sizes) are passed on.
inline std::optional<FuzzFftDescriptor> parseFuzzFftDescriptor(const std::string& text) {
    FuzzFftDescriptor d;
    std::istringstream words(text);
    std::string word;
    const auto integer = [](const std::string& s) -> std::optional<std::int64_t> {
        std::int64_t v = 0;
        auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
        return v;
    };
    while (words >> word) {
        const auto eq = word.find('=');
        if (eq == std::string::npos) return std::nullopt;
        const std::string key = word.substr(0, eq), value = word.substr(eq + 1);
        if (key == "n" || key == "batch") {
            const auto v = integer(value);
            if (!v || *v > (key == "n" ? kFuzzMaxFftN : kFuzzMaxFftBatch)) return std::nullopt;
            (key == "n" ? d.request.n : d.request.batch) = *v;
        } else if (key == "precision" && (value == "f32" || value == "f64")) {
            d.request.precision = value == "f32" ? ir::ScalarKind::Float : ir::ScalarKind::Double;
        } else if (key == "direction" && (value == "forward" || value == "inverse")) {
            d.request.direction = value == "inverse" ? rt::FftDirection::Inverse : rt::FftDirection::Forward;
        } else if (key == "scaled" && (value == "0" || value == "1")) {
            d.request.scale = value == "1";
        } else if (key == "placement" && (value == "in-place" || value == "out-of-place")) {
            d.request.inPlace = value == "in-place";
        } else if (key == "method") {  // these three are passed on as they are: refusing is the library's
            d.request.method = value;
        } else if (key == "radices") {
            d.radices = value;
        } else if (key == "twiddles") {
            d.twiddles = value;
        } else if (key == "shape") {  // 2-3 extents joined by x, their product within the bound
            std::vector<std::int64_t> shape;
            std::int64_t points = 1;
            for (std::size_t at = 0; at <= value.size();) {
                const std::size_t x = std::min(value.find('x', at), value.size());
                const auto v = integer(value.substr(at, x - at));
                if (!v || *v < 1 || *v > kFuzzMaxFftN) return std::nullopt;
                shape.push_back(*v);
                points *= *v;
                if (points > kFuzzMaxFftN) return std::nullopt;
                at = x + 1;
            }
            if (shape.size() > 4) return std::nullopt;
            d.request.shape = shape;
            d.request.n = points;
        } else if (key == "real" && (value == "0" || value == "1")) {
            d.request.real = value == "1";
        } else if (key == "local") {  // local memory bytes of the multidimensional and real plans
            const auto v = integer(value);
            if (!v || *v < 0 || *v > (std::int64_t{1} << 20)) return std::nullopt;
            d.request.localMemoryBytes = *v;
        } else {
            return std::nullopt;
        }
    }
    return d;
}

// Throws FftDescriptorBug unless the plan is of the transform the request asks for.
inline void checkPlanMatches(const fft::FftRequest& r, const rt::FftPlanDescription& plan) {
    const bool same = plan.n == r.n && plan.batch == r.batch && plan.direction == r.direction &&
                      plan.scaled == r.scale && plan.inPlace == r.inPlace &&
                      (plan.precision == rt::Precision::Float) == (r.precision == ir::ScalarKind::Float);
    if (!same) throw FftDescriptorBug("the plan is not of the transform asked for");
    if (plan.real != r.real) throw FftDescriptorBug("the plan's real flag is not the request's");
    if (plan.method.rfind("nd-", 0) == 0) {
        // A multidimensional or real plan: its shape, its kernels defined (radices are per axis).
        if (plan.transformShape() != (r.shape.empty() ? std::vector<std::int64_t>{r.n} : r.shape))
            throw FftDescriptorBug("the plan's shape is not the request's");
        // (A 1D plan inside, over the rows, keeps its kernels' function names under new plan names.)
        for (const auto& kernel : plan.kernels) {
            const std::string function = rt::parseKernelMetadata(kernel.metadata, kernel.name + ".json").kernel;
            if (kernel.source.find("kernel void " + function + "(") == std::string::npos)
                throw FftDescriptorBug("the source of kernel " + kernel.name + " does not define " + function);
        }
        return;
    }
    // The radices are those of the passes: of n itself, except for Bluestein (the FFT of the padded
    // size m >= 2n-2; its two kernels and its five steps: forward and inverse, m^2) and Rader
    // (one kernel: n-1; five steps, forward and inverse FFTs of n-1: (n-1)^2).
    long double product = 1;
    for (std::int64_t radix : plan.radices) product *= static_cast<long double>(radix);
    const long double n = static_cast<long double>(r.n);
    const bool matches = plan.method == "rader"             ? product == n - 1 || product == (n - 1) * (n - 1)
                         : plan.method == "rader-steps"     ? product == (n - 1) * (n - 1)
                         : plan.method == "bluestein"       ? product >= 2 * n - 2
                         : plan.method == "bluestein-steps" || plan.method == "bluestein-two-kernels"
                             ? product >= (2 * n - 2) * (2 * n - 2)
                             : product == n;
    if (!plan.radices.empty() && !matches)
        throw FftDescriptorBug("the plan's radices multiply to " + std::to_string(static_cast<double>(product)) +
                               ", which does not fit method " + plan.method + " for n=" + std::to_string(r.n));
    for (const auto& kernel : plan.kernels)
        if (kernel.source.find("kernel void " + kernel.name + "(") == std::string::npos)
            throw FftDescriptorBug("the source of kernel " + kernel.name + " does not define it");
}

inline void runFftDescriptor(const std::string& text) {
    const std::optional<FuzzFftDescriptor> d = parseFuzzFftDescriptor(text);
    if (!d) return;
    fft::FftRequest request = d->request;
    rt::FftPlanDescription plan;
    try {
        if (d->radices != "default") request.radices = fft::parseRadices(d->radices);
        request.twiddles = codegen::twiddleModeFromName(d->twiddles);
        plan = fft::planFft(request);
    } catch (const Error&) {
        return;  // refused with a message: fine
    } catch (const rt::Error&) {
        return;
    }
    // What the planner accepted must be a consistent plan of that transform, and every writer of
    // plans must take it.
    try {
        plan.validate();
    } catch (const rt::Error& e) {
        throw FftDescriptorBug(std::string("the planner produced an invalid plan: ") + e.what());
    }
    checkPlanMatches(request, plan);
    if (rt::fftPlanToJson(plan).empty()) throw FftDescriptorBug("empty plan.json");
}

}  // namespace liftcl::fuzz
