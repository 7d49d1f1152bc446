#include "fft/fft_strategies.hpp"

#include <mutex>

#include "fft/hierarchical_fft_lowering.hpp"
#include "fft/local_fft_lowering.hpp"
#include "rewrite/lowering.hpp"

namespace liftcl::fft {

void registerFftStrategies() {
    static std::once_flag once;
    std::call_once(once, [] {
        rewrite::registerStrategy("lower-hierarchical-fft",
                                  "one large-radix pass: mapWrg(0) tiles, mapLcl(1) rows, mapLcl(0) columns",
                                  [] { return rewrite::lowerHierarchicalFftPass(); });
        rewrite::registerStrategy("lower-local-fft",
                                  "the whole work-group's transform in local memory: mapWrg(0) over the batch (or groups), "
                                  "mapLcl(0) over each pass's butterflies",
                                  [] { return rewrite::lowerLocalFft(); });
        rewrite::registerStrategy("factor-dft",
                                  "normalize(dft-factor(4)) ; normalize(dft-factor(2)) ; normalize(dft-pairs): dense DFT products as "
                                  "radix-4/2 layers, odd ones in symmetric pairs",
                                  [] { return rewrite::factorDftProducts(); });
    });
}

}  // namespace liftcl::fft
