#include "fft/fftw_nd_reference.hpp"

#include <fftw3.h>

#include "ir/error.hpp"

namespace liftcl::fft {

namespace {

struct Extents {
    std::vector<int> n;
    int points = 1, halfPoints = 1;
};

Extents extentsOf(const std::vector<std::int64_t>& shape) {
    if (shape.empty()) throw Error("FFTW reference: an empty shape");
    Extents e;
    for (std::int64_t s : shape) {
        e.n.push_back(static_cast<int>(s));
        e.points *= static_cast<int>(s);
    }
    e.halfPoints = e.points / e.n.back() * (e.n.back() / 2 + 1);
    return e;
}

void checkCount(std::size_t have, std::size_t need) {
    if (have != need)
        throw Error("FFTW reference: " + std::to_string(have) + " values but the shape and batch need " +
                    std::to_string(need));
}

}  // namespace

std::vector<std::complex<double>> fftwNdReference(const std::vector<std::complex<double>>& x,
                                                  const std::vector<std::int64_t>& shape, std::int64_t batch,
                                                  rt::FftDirection direction, bool scaled) {
    const Extents e = extentsOf(shape);
    checkCount(x.size(), static_cast<std::size_t>(e.points) * static_cast<std::size_t>(batch));
    std::vector<std::complex<double>> in = x, out(x.size());
    fftw_plan plan = fftw_plan_many_dft(
        static_cast<int>(e.n.size()), e.n.data(), static_cast<int>(batch), reinterpret_cast<fftw_complex*>(in.data()),
        nullptr, 1, e.points, reinterpret_cast<fftw_complex*>(out.data()), nullptr, 1, e.points,
        direction == rt::FftDirection::Forward ? FFTW_FORWARD : FFTW_BACKWARD, FFTW_ESTIMATE);
    fftw_execute(plan);
    fftw_destroy_plan(plan);
    if (scaled)
        for (auto& v : out) v /= static_cast<double>(e.points);
    return out;
}

std::vector<std::complex<double>> fftwR2cReference(const std::vector<double>& x, const std::vector<std::int64_t>& shape,
                                                   std::int64_t batch) {
    const Extents e = extentsOf(shape);
    checkCount(x.size(), static_cast<std::size_t>(e.points) * static_cast<std::size_t>(batch));
    std::vector<double> in = x;
    std::vector<std::complex<double>> out(static_cast<std::size_t>(e.halfPoints) * static_cast<std::size_t>(batch));
    fftw_plan plan = fftw_plan_many_dft_r2c(static_cast<int>(e.n.size()), e.n.data(), static_cast<int>(batch),
                                            in.data(), nullptr, 1, e.points,
                                            reinterpret_cast<fftw_complex*>(out.data()), nullptr, 1, e.halfPoints,
                                            FFTW_ESTIMATE);
    fftw_execute(plan);
    fftw_destroy_plan(plan);
    return out;
}

std::vector<double> fftwC2rReference(const std::vector<std::complex<double>>& x, const std::vector<std::int64_t>& shape,
                                     std::int64_t batch, bool scaled) {
    const Extents e = extentsOf(shape);
    checkCount(x.size(), static_cast<std::size_t>(e.halfPoints) * static_cast<std::size_t>(batch));
    std::vector<std::complex<double>> in = x;  // c2r overwrites its input
    std::vector<double> out(static_cast<std::size_t>(e.points) * static_cast<std::size_t>(batch));
    fftw_plan plan = fftw_plan_many_dft_c2r(static_cast<int>(e.n.size()), e.n.data(), static_cast<int>(batch),
                                            reinterpret_cast<fftw_complex*>(in.data()), nullptr, 1, e.halfPoints,
                                            out.data(), nullptr, 1, e.points, FFTW_ESTIMATE);
    fftw_execute(plan);
    fftw_destroy_plan(plan);
    if (scaled)
        for (auto& v : out) v /= static_cast<double>(e.points);
    return out;
}

}  // namespace liftcl::fft
