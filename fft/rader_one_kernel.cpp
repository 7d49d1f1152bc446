#include "fft/rader_one_kernel.hpp"

#include "fft/embedded_sources.hpp"
#include "fft/local_fft_slots.hpp"
#include "ir/precision.hpp"

namespace liftcl::fft {

std::optional<LocalFftShape> raderOneKernelShape(std::int64_t p, ir::ScalarKind precision,
                                                 const std::vector<std::int64_t>& radices) {
    return localFftShapeWithArrays(p - 1, precision, radices, 3);  // the FFTs' two and A, kept for X[0]
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
