// Kernels built around the local method's FFT: a .lift definition marks where an FFT goes by
// map(slot), a user function that is the identity on its own (bluestein.lift's bluesteinFftSlot,
// rader.lift's raderFftSlot); each slot is replaced by the local method's high-level FFT of the
// given size and the whole program is lowered by the local method's strategies (factor-dft,
// lower-local-fft): one work-group per transform, its steps in local memory. Bluestein's one and
// two kernels (bluestein_one_kernel.hpp) and Rader's one kernel (rader_one_kernel.hpp) are such.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "fft/local_method.hpp"
#include "ir/arith.hpp"
#include "ir/elaborate.hpp"
#include "ir/expr.hpp"

namespace liftcl::fft {

struct FftSlotDefinition {
    const ir::Module* module = nullptr;
    std::string definition;  // the definition to elaborate
    std::string slot;        // the user function marking its FFT slots
    int slots = 0;           // how many the definition has (checked)
    std::map<std::string, ir::Arith> nats;
};

// The definition with every slot filled by a fresh copy of the local FFT of size fftSize, before
// lowering. Throws liftcl::Error when that FFT does not fit or the slots are not `slots` (bugs).
ir::Program composeWithFftSlots(const FftSlotDefinition& def, std::int64_t fftSize, ir::ScalarKind precision,
                                const std::vector<std::int64_t>& radices);

// The local FFT's shape for fftSize when `arrays` arrays of it (padded as the shape pads them) fit a
// work-group's local memory, with the passes' twiddle tables where they fit too (or in global
// memory: LocalFftShape::tablesInGlobal, LocalFftLimits::fp64TablesInGlobal); else nullopt. The
// arrays padded as `padding` says (unset: padsLocalArraysByDefault). With writeInPlace, only a shape
// whose passes are written in place in one array (LocalFftLimits::preferInPlace), so the caller
// counts one array fewer. The local memory is plannedLocalMemoryBytes(deviceLocalMemoryBytes).
std::optional<LocalFftShape> localFftShapeWithArrays(std::int64_t fftSize, ir::ScalarKind precision,
                                                     const std::vector<std::int64_t>& radices, int arrays,
                                                     bool fp64TablesInGlobal = false,
                                                     std::optional<bool> padding = std::nullopt,
                                                     bool writeInPlace = false, std::int64_t deviceLocalMemoryBytes = 0);

// The twiddles of such a kernel: `table` (the default) is the local method's choice, __local tables
// filled from the host where the shape has room for them; any other mode as requested.
codegen::TwiddleMode localKernelTwiddles(codegen::TwiddleMode requested, const LocalFftShape& shape);

// The local method's strategies applied to a composed program (throws liftcl::Error on failure).
ir::Program lowerLikeLocalFft(ir::Program program);

}  // namespace liftcl::fft
