// Shared by the fft suite: deterministic random batches and running a planned FFT on the test
// device (tests/support/kernel_harness.hpp's DeviceFixture) against FFTW. (TempDir: support/temp_dir.hpp.)
#pragma once

#include <complex>
#include <random>
#include <vector>

#include <doctest/doctest.h>

#include "support/kernel_harness.hpp"
#include "support/temp_dir.hpp"
#include "fft/fft_planner.hpp"
#include "fft/fftw_reference.hpp"
#include "runtime/fft/fft_plan.hpp"

namespace liftcl::testing {

inline std::vector<std::complex<double>> randomBatch(std::int64_t n, std::int64_t batch, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> dist(-1.0, 1.0);
    std::vector<std::complex<double>> x(static_cast<std::size_t>(n * batch));
    for (auto& v : x) {
        const double re = dist(rng);
        v = {re, dist(rng)};
    }
    return x;
}

template <typename Real>
std::vector<std::complex<Real>> toPrecision(const std::vector<std::complex<double>>& x) {
    std::vector<std::complex<Real>> out(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) out[i] = {static_cast<Real>(x[i].real()), static_cast<Real>(x[i].imag())};
    return out;
}

inline fft::FftRequest request(std::int64_t n, std::int64_t batch, bool f64 = true) {
    fft::FftRequest r;
    r.n = n;
    r.batch = batch;
    r.precision = f64 ? ir::ScalarKind::Double : ir::ScalarKind::Float;
    return r;
}

// A multidimensional (or real) request: the shape's product as n, the direction by `inverse`.
inline fft::FftRequest shapedRequest(const std::vector<std::int64_t>& shape, std::int64_t batch, bool real, bool f64,
                                     bool inverse, bool inPlace) {
    fft::FftRequest r = request(1, batch, f64);
    for (auto e : shape) r.n *= e;
    r.shape = shape;
    r.real = real;
    r.direction = inverse ? rt::FftDirection::Inverse : rt::FftDirection::Forward;
    r.inPlace = inPlace;
    return r;
}

// Runs `plan` on `host` in device buffers made by `makeBuffer(bytes)` (a reference to a buffer the
// caller keeps alive), in place or out of place; out of place the output is poisoned with NaN first
// (written from the host rather than with clEnqueueFillBuffer, after which Oclgrind 21.10 reports
// the kernels' later reads of the buffer as uninitialized although they read what an earlier pass
// wrote) and the input must survive unchanged. Returns the result.
template <typename Real, typename MakeBuffer>
std::vector<std::complex<Real>> executePoisoned(rt::FftPlan& plan, const std::vector<std::complex<Real>>& host,
                                                bool inPlace, MakeBuffer makeBuffer) {
    auto& dev = DeviceFixture::get();
    const std::size_t bytes = plan.description().bufferBytes();
    rt::Buffer& in = makeBuffer(bytes);
    in.write(dev.queue, host);
    if (inPlace) {
        plan.execute(dev.queue, in);
        return in.template read<std::complex<Real>>(dev.queue);
    }
    rt::Buffer& out = makeBuffer(bytes);
    const std::vector<unsigned char> poison(bytes, 0xff);  // NaN: an element left unwritten shows
    out.writeBytes(dev.queue, poison.data(), bytes);
    plan.execute(dev.queue, in, out);
    CHECK_MESSAGE(in.template read<std::complex<Real>>(dev.queue) == host, "the input changed out of place");
    return out.template read<std::complex<Real>>(dev.queue);
}

// Runs `plan` (forward, unscaled, double) on a random batch on device buffers: out of place into a
// poisoned output, which must match FFTW with the input unchanged, then in place. Returns the
// out-of-place execution.
inline rt::FftExecution checkOutOfPlaceThenInPlace(rt::FftPlan& plan, std::int64_t n, std::int64_t batch,
                                                   std::uint64_t seed) {
    auto& dev = DeviceFixture::get();
    const auto x = randomBatch(n, batch, seed);
    const auto expected = fft::fftwReference(x, n, batch, rt::FftDirection::Forward, false);
    const std::size_t bytes = plan.description().bufferBytes();
    rt::Buffer in(dev.context, bytes), out(dev.context, bytes);
    in.write(dev.queue, x);
    const unsigned char poison = 0xff;
    out.fillBytes(dev.queue, &poison, 1, bytes);
    const rt::FftExecution e = plan.execute(dev.queue, in, out);
    dev.queue.finish();
    CHECK(fft::relativeL2Error(out.read<std::complex<double>>(dev.queue), expected) < 1e-13);
    CHECK(in.read<std::complex<double>>(dev.queue) == x);
    plan.execute(dev.queue, in);  // in place
    CHECK(fft::relativeL2Error(in.read<std::complex<double>>(dev.queue), expected) < 1e-13);
    return e;
}

// Plans and runs `r` on random data (host to host), returns the relative L2 error against FFTW.
template <typename Real>
double planError(const fft::FftRequest& r, std::uint64_t seed = 11) {
    auto& dev = DeviceFixture::get();
    rt::FftPlan plan(dev.cache, dev.context, fft::planFft(r));
    const auto x = randomBatch(r.n, r.batch, seed);
    const auto y = plan.execute(dev.queue, toPrecision<Real>(x));
    return fft::relativeL2Error(y, fft::fftwReference(x, r.n, r.batch, r.direction, r.scale));
}

}  // namespace liftcl::testing
