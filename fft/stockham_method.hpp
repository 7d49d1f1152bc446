// The Stockham method of FFT plans (see stockham_method.cpp).
#pragma once

#include "fft/fft_method.hpp"

namespace liftcl::fft {

class StockhamMethod : public Method {
public:
    std::string name() const override;
    std::string description() const override;
    std::vector<PassProgram> passes(const FftRequest& request,
                                    const std::vector<std::int64_t>& radices) const override;
};

}  // namespace liftcl::fft
