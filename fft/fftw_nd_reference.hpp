// FFTW references of multidimensional and real transforms (fftw_plan_many_dft, _r2c, _c2r) in
// double precision over a batch, row-major with the last axis fastest; for `liftcl fft --verify`
// and the tests. The half spectrum has shape[..-1] x (W/2+1) points per transform (numpy's rfftn).
#pragma once

#include <complex>
#include <cstdint>
#include <vector>

#include "runtime/fft/fft_plan_description.hpp"

namespace liftcl::fft {

std::vector<std::complex<double>> fftwNdReference(const std::vector<std::complex<double>>& x,
                                                  const std::vector<std::int64_t>& shape, std::int64_t batch,
                                                  rt::FftDirection direction, bool scaled);
// Real to half spectrum (forward).
std::vector<std::complex<double>> fftwR2cReference(const std::vector<double>& x, const std::vector<std::int64_t>& shape,
                                                   std::int64_t batch);
// Half spectrum to real (inverse; unnormalized unless scaled by 1/prod(shape)).
std::vector<double> fftwC2rReference(const std::vector<std::complex<double>>& x, const std::vector<std::int64_t>& shape,
                                     std::int64_t batch, bool scaled);

}  // namespace liftcl::fft
