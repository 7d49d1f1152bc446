#include "fft/rader_one_kernel.hpp"

#include "fft/embedded_sources.hpp"
#include "fft/local_fft_slots.hpp"
#include "ir/precision.hpp"

namespace liftcl::fft {

std::optional<LocalFftShape> raderOneKernelShape(std::int64_t p, ir::ScalarKind precision,
                                                 const std::vector<std::int64_t>& radices) {
    const std::int64_t L = p - 1;
    for (const bool tables : {true, false}) {
        LocalFftLimits limits;
        limits.twiddleTables = tables;
        auto shape = localFftShape(L, precision, radices, limits);
        if (!shape) return std::nullopt;
        const std::int64_t every = shape->localPaddingEvery;
        const std::int64_t padded = every ? L + (L - 1) / every : L;
        if (3 * padded * ir::complexBytes(precision) + shape->tableBytes <= limits.localMemoryBytes) return shape;
    }
    return std::nullopt;
}

std::optional<ir::Program> composeRaderOneKernel(std::int64_t p, std::int64_t batch, ir::ScalarKind precision,
                                                 const std::vector<std::int64_t>& radices) {
    if (!raderOneKernelShape(p, precision, radices)) return std::nullopt;
    static const ir::Module module = embeddedModule({"rader.lift"});
    FftSlotDefinition def{&module, "raderOneKernel", "raderFftSlot", 2,
                          {{"p", ir::Arith(p)}, {"L", ir::Arith(p - 1)}, {"b", ir::Arith(batch)}}};
    ir::Program program = composeWithFftSlots(def, p - 1, precision, radices);
    program.name = "raderOneKernel" + std::to_string(p);
    return lowerLikeLocalFft(std::move(program));
}

}  // namespace liftcl::fft
