#include "bench/lib/bench_check.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "bench/lib/bench_input.hpp"
#include "bench/lib/bench_reference.hpp"
#include "fft/fftw_nd_reference.hpp"
#include "fft/fftw_reference.hpp"

namespace liftcl::bench {

double checkTolerance(bool isDouble) { return isDouble ? 1e-12 : 1e-5; }

namespace {

std::vector<std::int64_t> transformsToCheck(std::int64_t batch) {
    std::vector<std::int64_t> indices = {0};
    if (batch > 2) indices.push_back(batch / 2 | 1);  // an odd one inside
    if (batch > 1) indices.push_back(batch - 1);
    return indices;
}

std::vector<std::int64_t> binsToCheck(std::int64_t n, int count, std::int64_t salt) {
    std::vector<std::int64_t> candidates = {1 % n, n - 1, n / 2, 0};
    for (std::int64_t i = 0; i < 8; ++i) {
        const double u = 0.5 * (inputScalar(static_cast<std::uint64_t>(salt * 16 + i)) + 1.0);
        candidates.push_back(std::min(n - 1, static_cast<std::int64_t>(u * static_cast<double>(n))));
    }
    std::vector<std::int64_t> bins;
    for (std::int64_t k : candidates) {
        if (static_cast<int>(bins.size()) >= count) break;
        if (std::find(bins.begin(), bins.end(), k) == bins.end()) bins.push_back(k);
    }
    return bins;
}

}  // namespace

CheckResult checkCase(const BenchCase& c, const TransformReader& read, int binsPerTransform) {
    CheckResult result;
    result.tolerance = checkTolerance(c.isDouble);
    if (binsPerTransform <= 0) return result;
    const NaiveDft dft(c.n, -1);
    std::vector<std::complex<double>> x(static_cast<std::size_t>(c.n));
    for (std::int64_t t : transformsToCheck(c.batch)) {
        const std::vector<std::complex<double>> y = read(t);
        double energy = 0;
        for (std::int64_t j = 0; j < c.n; ++j) {
            x[static_cast<std::size_t>(j)] = inputElement(static_cast<std::uint64_t>(t * c.n + j), c.isDouble);
            energy += std::norm(x[static_cast<std::size_t>(j)]);
        }
        const double norm = std::sqrt(energy);
        for (std::int64_t k : binsToCheck(c.n, binsPerTransform, t + c.n)) {
            double e = std::abs(y[static_cast<std::size_t>(k)] - dft.bin(x, k)) / norm;
            if (std::isnan(e)) e = std::numeric_limits<double>::infinity();
            result.relativeError = std::max(result.relativeError, e);
            ++result.bins;
        }
    }
    return result;
}

namespace {

// The R2C point's real input of transform t, as the device sees it.
std::vector<double> realInput(const BenchCase& c, std::int64_t t) {
    std::vector<double> x(static_cast<std::size_t>(c.n));
    for (std::int64_t j = 0; j < c.n; ++j) {
        const double v = inputScalar(static_cast<std::uint64_t>(t * c.n + j));
        x[static_cast<std::size_t>(j)] = c.isDouble ? v : static_cast<double>(static_cast<float>(v));
    }
    return x;
}

}  // namespace

std::vector<std::complex<double>> halfSpectrumInput(const BenchCase& c, std::int64_t index) {
    const std::vector<std::int64_t> shape = c.shape.empty() ? std::vector<std::int64_t>{c.n} : c.shape;
    std::vector<std::complex<double>> x = fft::fftwR2cReference(realInput(c, index), shape, 1);
    if (!c.isDouble)
        for (auto& v : x)
            v = {static_cast<double>(static_cast<float>(v.real())), static_cast<double>(static_cast<float>(v.imag()))};
    return x;
}

CheckResult checkWholeTransforms(const BenchCase& c, const TransformReader& read, int binsPerTransform) {
    CheckResult result;
    result.tolerance = checkTolerance(c.isDouble);
    if (binsPerTransform <= 0) return result;
    const std::vector<std::int64_t> shape = c.shape.empty() ? std::vector<std::int64_t>{c.n} : c.shape;
    std::vector<std::int64_t> indices = {0};
    if (c.batch > 1) indices.push_back(c.batch - 1);
    for (std::int64_t t : indices) {
        std::vector<std::complex<double>> reference;
        if (c.real && c.inverse) {
            for (double v : fft::fftwC2rReference(halfSpectrumInput(c, t), shape, 1, false))
                reference.push_back({v, 0.0});
        } else if (c.real) {
            reference = fft::fftwR2cReference(realInput(c, t), shape, 1);
        } else {
            std::vector<std::complex<double>> x(static_cast<std::size_t>(c.n));
            for (std::int64_t j = 0; j < c.n; ++j)
                x[static_cast<std::size_t>(j)] = inputElement(static_cast<std::uint64_t>(t * c.n + j), c.isDouble);
            reference = fft::fftwNdReference(x, shape, 1, rt::FftDirection::Forward, false);
        }
        double e = fft::relativeL2Error(read(t), reference);
        if (std::isnan(e)) e = std::numeric_limits<double>::infinity();
        result.relativeError = std::max(result.relativeError, e);
        result.bins += static_cast<int>(reference.size());
    }
    return result;
}

}  // namespace liftcl::bench
