// Lowering of a batch of FFTs to one kernel with the whole FFT in local memory (thesis 4.4,
// Listing 4.8's FFT_n per work-group; Govindaraju et al.'s shared-memory FFT):
//
//   map(iterate[i](k, pass_i)) $ xs                    xs : [[complex]n]batch
//   -> mapWrg(0)(pass_{k-1} o ... o pass_0) $ xs       iterate unrolled (iterate-unroll)
//      each pass's butterfly map -> mapLcl(0), one radix-p butterfly per work-item
//      maps inside a butterfly -> mapSeq, reduce -> reduceSeq, then unrolled (constant p)
//      intermediate passes write toLocal (a barrier follows each), the last one toGlobal,
//      values inside a butterfly toPrivate
//
// The first pass reads global memory directly, the last writes global memory; the code
// generator shares the local arrays of passes a barrier separates (two arrays of n complex).
//
// Several transforms per work-group (lowerGroupedLocalFft), the batch split into groups of T:
//
//   join o map(map(pass_{k-1}) o ... o map(pass_0)) o split(T) $ xs
//   -> mapWrg(0) over the groups; each pass's map over the T transforms -> mapLcl(1), its
//      butterfly map -> mapLcl(0) (consecutive work-items: butterflies of one transform); the
//      rest as above, local arrays of T * n complex, a barrier after each pass.
#pragma once

#include <string>

#include "rewrite/strategy.hpp"

namespace liftcl::rewrite {

Strategy lowerLocalFft();
// Every dense DFT_p product factored into DFT_4 layers (DFT_2 where a factor 2 is left), the odd
// DFT_r left over in symmetric pairs: normalize(dft-factor(4)) ; normalize(dft-factor(2)) ;
// normalize(dft-pairs).
Strategy factorDftProducts();
Strategy lowerGroupedLocalFft();

// The strategy of lowerGroupedLocalFft, also lowerHierarchicalFftPass's: iterate unrolled, the
// outermost computing map -> mapWrg(0), a computing map directly inside it -> mapLcl(1), one
// directly inside that -> mapLcl(0), maps inside -> mapSeq, reduce -> reduceSeq, then memory
// placement and unrolling. The labels name each level in the strategy's name.
struct WrgLcl1Lcl0Labels {
    std::string wrg0, lcl1, lcl0, seq;
};
Strategy lowerWrgLcl1Lcl0(const WrgLcl1Lcl0Labels& labels);

}  // namespace liftcl::rewrite
