// The default method of FFT plans: the local-memory method (one kernel for the whole batch)
// when the transform fits one work-group with one first-pass butterfly per work-item (at most 256),
// else the hierarchical method (2-3 large-radix passes with local-memory sub-FFTs) for every
// 2,3,5,7-smooth n, else the Stockham global passes; Bluestein for sizes with a prime factor above
// 13 (no radix factorization).
#pragma once

#include "fft/fft_method.hpp"

namespace liftcl::fft {

const Method& autoMethod();

}  // namespace liftcl::fft
