#include "fft/rader_one_kernel.hpp"

#include "fft/embedded_sources.hpp"
#include "fft/local_fft_slots.hpp"
#include "fft/radix_factorization.hpp"
#include "ir/precision.hpp"

namespace liftcl::fft {

std::int64_t raderMostWorkItems(ir::ScalarKind precision) { return precision == ir::ScalarKind::Float ? 256 : 192; }

std::vector<std::int64_t> raderOneKernelRadices(std::int64_t L, ir::ScalarKind precision) {
    if (precision == ir::ScalarKind::Float && L <= 256) return {};
    for (const std::int64_t first : supportedRadices()) {  // the smallest first: the most butterflies
        if (L % first != 0 || L / first > raderMostWorkItems(precision)) continue;
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

std::optional<LocalFftShape> raderOneKernelShape(std::int64_t p, ir::ScalarKind precision,
                                                 const std::vector<std::int64_t>& radices) {
    // The FFTs' two arrays and A, kept for X[0]; its tables in global memory in fp64 too (a
    // work-group computes one transform, so a __local copy costs as much as its points: H100, fp64
    // ms: 641 1.511 -> 1.140, 257 1.158 -> 1.050, 769 1.538 -> 1.559;
    // bench/results/h100-2026-11-27-wave10/run4-global-tables).
    auto shapeOf = [&](const std::vector<std::int64_t>& r) { return localFftShapeWithArrays(p - 1, precision, r, 3, true); };
    if (radices.empty())
        if (const auto own = raderOneKernelRadices(p - 1, precision); !own.empty())
            if (auto shape = shapeOf(own)) return shape;
    return shapeOf(radices);
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
