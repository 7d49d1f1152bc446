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
            for (const std::int64_t r : rest) {
                // fp64: a radix 16 as two of 4 (H200, ms: 1009 7,16,3,3 1.462, 7,4,4,3,3 1.085; 1153
                // 8,16,3,3 1.296, 8,4,4,3,3 1.243; bench/results/h200-2026-11-29-wave20/run4).
                if (r == 16 && precision == ir::ScalarKind::Double) radices.insert(radices.end(), {4, 4});
                else radices.push_back(r);
            }
        }
        return radices;
    }
    return {};
}

std::optional<LocalFftShape> raderOneKernelShape(std::int64_t p, ir::ScalarKind precision,
                                                 const std::vector<std::int64_t>& radices,
                                                 std::int64_t deviceLocalMemoryBytes) {
    // The FFTs' two arrays and A, kept for X[0]; its tables in global memory in fp64 too (a
    // work-group computes one transform, so a __local copy costs as much as its points: H100, fp64
    // ms: 641 1.511 -> 1.140, 257 1.158 -> 1.050, 769 1.538 -> 1.559;
    // bench/results/h100-2026-11-27-wave10/run4-global-tables).
    // Where the three do not fit, the FFT written in place in one array leaves two (H200, fp64 ms,
    // Bluestein before: 1009 1.768 -> 1.468, 1153 1.993 -> 1.296); not where they fit, as it lost
    // there (641 fp64 0.786 -> 0.863, 1153 fp32 1.124 -> 1.190; 2003 fp32 gained, 1.472 -> 1.327;
    // bench/results/h200-2026-11-28-wave16/run8-rader-in-place).
    auto shapeOf = [&](const std::vector<std::int64_t>& r) {
        if (auto threeArrays = localFftShapeWithArrays(p - 1, precision, r, 3, true, std::nullopt, false,
                                                       deviceLocalMemoryBytes))
            return threeArrays;
        return localFftShapeWithArrays(p - 1, precision, r, 2, true, std::nullopt, true, deviceLocalMemoryBytes);
    };
    if (radices.empty())
        if (const auto own = raderOneKernelRadices(p - 1, precision); !own.empty())
            if (auto shape = shapeOf(own)) return shape;
    return shapeOf(radices);
}

std::optional<ir::Program> composeRaderOneKernel(std::int64_t p, std::int64_t batch, ir::ScalarKind precision,
                                                 const std::vector<std::int64_t>& radices,
                                                 std::int64_t deviceLocalMemoryBytes) {
    const auto shape = raderOneKernelShape(p, precision, radices, deviceLocalMemoryBytes);
    if (!shape) return std::nullopt;
    static const ir::Module module = embeddedModule({"rader.lift"});
    FftSlotDefinition def{&module, "raderOneKernel", "raderFftSlot", 2,
                          {{"p", ir::Arith(p)}, {"L", ir::Arith(p - 1)}, {"b", ir::Arith(batch)}}};
    ir::Program program = composeWithFftSlots(def, p - 1, precision, shape->radices);
    program.name = "raderOneKernel" + std::to_string(p);
    return lowerLikeLocalFft(std::move(program));
}

}  // namespace liftcl::fft
