#include "fft/rader_one_kernel.hpp"

#include "fft/embedded_sources.hpp"
#include "fft/local_fft_slots.hpp"
#include "fft/radix_factorization.hpp"
#include "ir/precision.hpp"

namespace liftcl::fft {

std::vector<std::int64_t> raderOneKernelRadices(std::int64_t L, ir::ScalarKind precision) {
    const bool fp32 = precision == ir::ScalarKind::Float;
    if (fp32 && L <= 256) return {};
    const std::int64_t most = fp32 ? 256 : 192;
    for (const std::int64_t first : supportedRadices()) {  // the smallest first: the most butterflies
        if (L % first != 0 || L / first > most) continue;
        std::vector<std::int64_t> radices = {first};
        if (L > first) {
            const std::vector<std::int64_t> rest = chooseLocalRadices(L / first);
            if (rest.empty()) continue;
            radices.insert(radices.end(), rest.begin(), rest.end());
        }
        return radices;
    }
    return {};
}

namespace {

std::vector<std::int64_t> radicesOrDefault(std::int64_t p, ir::ScalarKind precision,
                                           const std::vector<std::int64_t>& radices) {
    if (!radices.empty()) return radices;
    std::vector<std::int64_t> own = raderOneKernelRadices(p - 1, precision);
    return own.empty() || !localFftShapeWithArrays(p - 1, precision, own, 3, true) ? radices : own;
}

}  // namespace

std::optional<LocalFftShape> raderOneKernelShape(std::int64_t p, ir::ScalarKind precision,
                                                 const std::vector<std::int64_t>& radices) {
    // The FFTs' two arrays and A, kept for X[0]; its tables in global memory in fp64 too (a
    // work-group computes one transform, so a __local copy costs as much as its points: H100, fp64
    // ms: 641 1.511 -> 1.140, 257 1.158 -> 1.050, 769 1.538 -> 1.559;
    // bench/results/h100-2026-11-27-wave10/run4-global-tables).
    return localFftShapeWithArrays(p - 1, precision, radicesOrDefault(p, precision, radices), 3, true);
}

std::optional<ir::Program> composeRaderOneKernel(std::int64_t p, std::int64_t batch, ir::ScalarKind precision,
                                                 const std::vector<std::int64_t>& radices) {
    const auto shape = raderOneKernelShape(p, precision, radices);
    if (!shape) return std::nullopt;
    static const ir::Module module = embeddedModule({"rader.lift"});
    FftSlotDefinition def{&module, "raderOneKernel", "raderFftSlot", 2,
                          {{"p", ir::Arith(p)}, {"L", ir::Arith(p - 1)}, {"b", ir::Arith(batch)}}};
    ir::Program program = composeWithFftSlots(def, p - 1, precision, shape->radices);
    program.name = "raderOneKernel" + std::to_string(p);
    return lowerLikeLocalFft(std::move(program));
}

}  // namespace liftcl::fft
