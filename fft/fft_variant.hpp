// One point of the FFT plan space that `liftcl fft --tune` measures and the wisdom file remembers:
// a method, its radices, a twiddle variant and the work-group size of the pass kernels. As text
// (the wisdom's "choices") it reads "method=stockham radices=16,16,4 twiddles=table local=64";
// local=default leaves the work-group size to the OpenCL implementation. A Bluestein variant adds
// its padded size: "method=bluestein radices=default twiddles=table local=default padded=2048"; a
// hierarchical one its tile where not the default: "... tile=32768 width=16"; a local one its
// work-items per transform where not the default: "... items=300", and how its passes hand the
// points on where not the default: "... exchange=components" (or arrays); any its kernels' registers
// per work-item where not the method's rule: "... registers=96" (registers=driver: the driver's choice).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "codegen/codegen.hpp"
#include "fft/fft_request.hpp"
#include "runtime/fft/fft_plan_description.hpp"

namespace liftcl::fft {

struct FftVariant {
    std::string method;                 // a concrete method (not a choosing one such as auto)
    std::vector<std::int64_t> radices;  // empty: the method's own choice
    codegen::TwiddleMode twiddles = codegen::TwiddleMode::Table;
    std::optional<std::size_t> local;   // work-group size of every 1-D kernel whose size is free
    std::int64_t padded = 0;            // method bluestein: its padded size m (0: the default)
    std::int64_t tileBytes = 0;         // method hierarchical: bytes of a tile (0: the default)
    std::int64_t tileWidth = 0;         // method hierarchical: widest tile in columns (0: the default)
    bool powerOfTwoTiles = false;       // method hierarchical: widths=pow2, tile widths powers of two only
    std::int64_t items = 0;             // method local: work-items per transform (0: the default)
    std::optional<bool> byComponents;   // method local: exchange=components|arrays (unset: the default)
    std::optional<bool> padding;        // method local: padding=on|off of its __local arrays (unset: the default)
    std::optional<std::int64_t> registers;  // registers=N per work-item, registers=driver for 0 (unset: the method's rule)

    std::string text() const;
    // Parses text(); throws liftcl::Error naming the bad field.
    static FftVariant parse(const std::string& text);
};

// The request with the variant's method, radices, twiddles, padded size, tile shape and work-items (size, batch, precision, direction,
// scaling and placement from `base`).
FftRequest requestFor(const FftRequest& base, const FftVariant& variant);

// Plans the variant: planFft of requestFor, then the work-group size (withLocalSize). Throws
// liftcl::Error when the method refuses the request or the local size fits no kernel.
rt::FftPlanDescription planVariant(const FftRequest& base, const FftVariant& variant);

// The plan with ndrange.local = [local] in the metadata of every 1-D kernel whose local size is
// free (null and not fixed) and whose global size `local` divides; nullopt when no kernel takes it.
std::optional<rt::FftPlanDescription> withLocalSize(const rt::FftPlanDescription& plan, std::size_t local);

}  // namespace liftcl::fft
