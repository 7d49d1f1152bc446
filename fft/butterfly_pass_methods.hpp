// The methods of one global kernel per radix pass (fft/butterfly_pass.hpp), which differ in how a
// pass groups its butterflies' inputs:
//   stockham:     Stockham autosort (thesis 2.2, 3.2) with the access pattern of Listing 4.5: pass q
//                 (radix p_q, L = p_1 ... p_q) reads its butterflies' inputs n/p apart, so consecutive
//                 work-items read consecutive addresses and the result is in natural order;
//   cooley-tukey: Cooley-Tukey (thesis 2.1, 3.4): the mixed-radix bit reversal
//                 P_n(rho)^T = R_1^T ... R_t^T (cooleypermT of the prelude) is a layout read by the
//                 first pass (no kernel of its own); pass q combines consecutive blocks of size L.
#pragma once

#include "fft/fft_method.hpp"

namespace liftcl::fft {

const Method& stockhamMethod();
const Method& cooleyTukeyMethod();

}  // namespace liftcl::fft
