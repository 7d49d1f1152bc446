#include "fft/fftw_reference.hpp"

#include <fftw3.h>

#include "ir/error.hpp"

namespace liftcl::fft {

std::vector<std::complex<double>> fftwReference(const std::vector<std::complex<double>>& x, std::int64_t n,
                                                std::int64_t batch, rt::FftDirection direction, bool scaled) {
    if (n < 1 || batch < 1 || x.size() != static_cast<std::size_t>(n * batch))
        throw Error("FFTW reference: " + std::to_string(x.size()) + " values do not hold batch=" +
                    std::to_string(batch) + " transforms of n=" + std::to_string(n));
    fftw_complex* in = fftw_alloc_complex(x.size());
    fftw_complex* out = fftw_alloc_complex(x.size());
    if (!in || !out) throw Error("FFTW reference: out of memory");
    for (std::size_t i = 0; i < x.size(); ++i) in[i][0] = x[i].real(), in[i][1] = x[i].imag();
    const int size = static_cast<int>(n);
    fftw_plan plan = fftw_plan_many_dft(1, &size, static_cast<int>(batch), in, nullptr, 1, size, out, nullptr, 1,
                                        size, direction == rt::FftDirection::Forward ? FFTW_FORWARD : FFTW_BACKWARD,
                                        FFTW_ESTIMATE);
    fftw_execute(plan);
    fftw_destroy_plan(plan);
    std::vector<std::complex<double>> y(x.size());
    for (std::size_t i = 0; i < y.size(); ++i) y[i] = {out[i][0], out[i][1]};
    fftw_free(in);
    fftw_free(out);
    if (scaled)
        for (auto& v : y) v /= static_cast<double>(n);
    return y;
}

}  // namespace liftcl::fft
