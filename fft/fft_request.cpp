#include "fft/fft_request.hpp"

#include "fft/fft_method.hpp"
#include "ir/error.hpp"
#include "runtime/kernel_metadata.hpp"

namespace liftcl::fft {

void validateRequest(const FftRequest& r) {
    if (r.n < 2)
        throw Error("FFT size n=" + std::to_string(r.n) +
                    " is not supported: n must be at least 2");
    if (r.batch < 1) throw Error("FFT batch=" + std::to_string(r.batch) + " is not supported: the batch must be at least 1");
    if (r.n > kMaxElements || r.batch > kMaxElements / r.n)
        throw Error("FFT n=" + std::to_string(r.n) + " with batch=" + std::to_string(r.batch) +
                    " is too large: n*batch must be at most " + std::to_string(kMaxElements));
    if (r.scale && r.direction != rt::FftDirection::Inverse)
        throw Error("--scale applies to inverse transforms only (add --inverse)");
    const Method& method = findMethod(r.method);  // throws for an unknown name
    if (r.localItemsPerTransform != 0 && r.method != "local" && r.method != "auto")
        throw Error("work-items per transform (--items " + std::to_string(r.localItemsPerTransform) +
                    ") apply to method local (or auto) only, not '" + r.method + "'");
    if (r.localByComponents && r.method != "local" && r.method != "auto")
        throw Error(std::string("the exchange by ") + (*r.localByComponents ? "components" : "arrays") +
                    " (exchange=) applies to method local (or auto) only, not '" + r.method + "'");
    if (r.localPadding && r.method != "local" && r.method != "auto")
        throw Error(std::string("the local arrays' padding (padding=") + (*r.localPadding ? "on" : "off") +
                    ") applies to method local (or auto) only, not '" + r.method + "'");
    if (r.registersPerItem && *r.registersPerItem != 0 &&
        (*r.registersPerItem < rt::kMinRegisterLimit || *r.registersPerItem > rt::kMaxRegisterLimit))
        throw Error("registers per work-item (--registers " + std::to_string(*r.registersPerItem) +
                    ") must be 0 (the driver's choice) or from " + std::to_string(rt::kMinRegisterLimit) + " to " +
                    std::to_string(rt::kMaxRegisterLimit));
    if (!r.radices.empty()) method.validateRadices(r);
}

}  // namespace liftcl::fft
