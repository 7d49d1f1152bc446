// The local-memory method of FFT plans: the whole batch in ONE kernel, every pass of a transform
// in the local memory of its work-group (fft/local_method.hpp composes and lowers it).
// Sizes that localFftShape refuses (not a power of two, too large for 48 KiB of local memory or
// 1024 work-items) are refused with an error naming the methods that do them.
#pragma once

#include "fft/fft_method.hpp"

namespace liftcl::fft {

const Method& localFftMethod();

}  // namespace liftcl::fft
