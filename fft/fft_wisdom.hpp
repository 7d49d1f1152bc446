// FFT plans in the wisdom file (runtime/wisdom.hpp): `liftcl fft --tune` records the fastest
// verified variant under the device, its driver and the FFT descriptor (n, batch, precision,
// direction, scaling, placement), and `liftcl fft` without --method/--radices/--twiddles plans that
// variant again. The descriptor stands where explore puts a program hash:
//   "fft n=1024 batch=8 precision=f32 direction=forward scaled=0 placement=out-of-place"
// and the record's choices hold the variant's text (fft/fft_variant.hpp).
#pragma once

#include <optional>
#include <string>

#include "fft/fft_request.hpp"
#include "fft/fft_variant.hpp"
#include "runtime/device.hpp"
#include "runtime/wisdom.hpp"

namespace liftcl::fft {

inline constexpr const char* kFftWisdomDefinition = "fft";

std::string fftWisdomDescriptor(const FftRequest& request);
rt::WisdomKey fftWisdomKey(const rt::Device& device, const FftRequest& request);

struct FftWisdomEntry {
    FftVariant variant;
    rt::WisdomRecord record;
};

// The recorded variant for the request on the device; nullopt when there is none (an entry that
// is not an FFT entry or whose variant does not parse counts as none).
std::optional<FftWisdomEntry> lookupFftWisdom(const rt::Wisdom& wisdom, const rt::Device& device,
                                              const FftRequest& request);

// Records the variant with its measured median time (ns), throughput and relative L2 error.
void recordFftWisdom(const rt::Wisdom& wisdom, const rt::Device& device, const FftRequest& request,
                     const FftVariant& variant, double medianNs, double gbPerSecond, double relativeError);

}  // namespace liftcl::fft
