// Lowering of one pass of a hierarchical FFT (fft/hierarchical_method.hpp): a large-radix
// Stockham pass whose DFT_R is computed in local memory by the work-group that owns a tile of T
// columns, [[complex]T]R (thesis 4.4; Govindaraju et al.'s hierarchical FFT):
//
//   map(\tile => vecPass_k o ... o vecPass_0 o twiddles $ tile) $ tiles
//   -> mapWrg(0) over the tiles                          (iterate of vector passes unrolled)
//      a map over butterflies or rows of the tile        -> mapLcl(1)
//      the map over the T columns inside it              -> mapLcl(0)  (consecutive work-items
//                                                           touch consecutive addresses, in global
//                                                           and in local memory)
//      maps inside a column's butterfly -> mapSeq, reduce -> reduceSeq, then unrolled
//      intermediate results toLocal (barriers between), the last one toGlobal, the rest toPrivate
#pragma once

#include "rewrite/strategy.hpp"

namespace liftcl::rewrite {

Strategy lowerHierarchicalFftPass();

}  // namespace liftcl::rewrite
