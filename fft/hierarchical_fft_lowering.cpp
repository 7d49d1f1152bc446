// lower-hierarchical-fft (see hierarchical_fft_lowering.hpp): the grouped local FFT's strategy
// (fft/local_fft_lowering.hpp) with a tile's levels named.
#include "fft/hierarchical_fft_lowering.hpp"

#include "fft/local_fft_lowering.hpp"

namespace liftcl::rewrite {

Strategy lowerHierarchicalFftPass() {
    return lowerWrgLcl1Lcl0({"the map over the tiles", "a map over the rows or butterflies of a tile",
                             "the map over a tile's columns", "a map inside a column's butterfly"});
}

}  // namespace liftcl::rewrite
