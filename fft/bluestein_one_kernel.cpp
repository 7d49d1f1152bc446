// Bluestein in one or two local kernels (see bluestein_one_kernel.hpp): bluestein.lift's
// definitions with their FFT slots filled by the local method's FFT, lowered by the local
// method's strategies.
#include "fft/bluestein_one_kernel.hpp"

#include "fft/embedded_sources.hpp"
#include "fft/local_fft_slots.hpp"
#include "ir/elaborate.hpp"
#include "ir/error.hpp"
#include "ir/precision.hpp"
#include "runtime/fft/fft_tables.hpp"

namespace liftcl::fft {

namespace {

// The definition of bluestein.lift with its FFT slots filled (slots: how many it has), before lowering.
ir::Program composeWithSlots(const std::string& definition, int slots, std::int64_t n, std::int64_t m,
                             std::int64_t batch, ir::ScalarKind precision, const std::vector<std::int64_t>& radices) {
    if (m < rt::bluesteinMinimumPadding(n))
        throw Error("Bluestein: the padded size " + std::to_string(m) + " is below 2n-2");
    static const ir::Module module = embeddedModule({"bluestein.lift"});
    FftSlotDefinition def{&module, definition, "bluesteinFftSlot", slots,
                          {{"n", ir::Arith(n)}, {"m", ir::Arith(m)}, {"b", ir::Arith(batch)}}};
    ir::Program program = composeWithFftSlots(def, m, precision, radices);
    program.name = definition + std::to_string(n);
    return program;
}

}  // namespace

std::optional<LocalFftShape> bluesteinOneKernelShape(std::int64_t m, ir::ScalarKind precision,
                                                     const std::vector<std::int64_t>& radices,
                                                     std::int64_t deviceLocalMemoryBytes) {
    // The chirp and product steps keep their m values in local memory beside the FFT passes' (two
    // arrays of m whatever the FFT's pass count), padded as all of Bluestein's FFTs (bluesteinPadsLocalArrays).
    return localFftShapeWithArrays(m, precision, radices, 2, false, bluesteinPadsLocalArrays, false,
                                   deviceLocalMemoryBytes);
}

std::optional<ir::Program> composeBluesteinOneKernelHighLevel(std::int64_t n, std::int64_t m, std::int64_t batch,
                                                              ir::ScalarKind precision,
                                                              const std::vector<std::int64_t>& radices) {
    if (!bluesteinOneKernelShape(m, precision, radices)) return std::nullopt;
    return composeWithSlots("bluesteinOneKernel", 2, n, m, batch, precision, radices);
}

std::optional<ir::Program> composeBluesteinOneKernel(std::int64_t n, std::int64_t m, std::int64_t batch,
                                                     ir::ScalarKind precision,
                                                     const std::vector<std::int64_t>& radices) {
    auto program = composeBluesteinOneKernelHighLevel(n, m, batch, precision, radices);
    if (!program) return std::nullopt;
    return lowerLikeLocalFft(std::move(*program));
}

std::optional<ir::Program> composeBluesteinHalfKernel(BluesteinHalf half, std::int64_t n, std::int64_t m,
                                                      std::int64_t batch, ir::ScalarKind precision,
                                                      const std::vector<std::int64_t>& radices) {
    if (!localFftShape(m, precision, radices)) return std::nullopt;
    const char* definition = half == BluesteinHalf::Forward ? "bluesteinForwardKernel" : "bluesteinInverseKernel";
    return lowerLikeLocalFft(composeWithSlots(definition, 1, n, m, batch, precision, radices));
}

}  // namespace liftcl::fft
