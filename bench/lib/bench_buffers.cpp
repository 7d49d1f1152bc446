#include "bench/lib/bench_buffers.hpp"

#include <algorithm>

#include "bench/lib/bench_check.hpp"
#include "bench/lib/bench_input.hpp"

namespace liftcl::bench {

namespace {

// The benchmark input (bench_input.hpp) of a complex point, and of a real one: element i is
// inputScalar(i), rounded to Real.
template <typename Real>
void fillValues(std::complex<Real>* destination, std::size_t count, std::uint64_t first) {
    fillInput(destination, count, first);
}
template <typename Real>
void fillValues(Real* destination, std::size_t count, std::uint64_t first) {
    for (std::size_t i = 0; i < count; ++i) destination[i] = static_cast<Real>(inputScalar(first + i));
}

template <typename Value>
void upload(const rt::Queue& queue, const rt::Buffer& buffer, std::int64_t elements) {
    constexpr std::int64_t kChunk = std::int64_t{1} << 22;
    std::vector<Value> host(static_cast<std::size_t>(std::min(elements, kChunk)));
    for (std::int64_t first = 0; first < elements; first += kChunk) {
        const std::size_t count = static_cast<std::size_t>(std::min(kChunk, elements - first));
        fillValues(host.data(), count, static_cast<std::uint64_t>(first));
        buffer.writeBytes(queue, host.data(), count * sizeof(Value), static_cast<std::size_t>(first) * sizeof(Value));
    }
}

template <typename Real>
std::vector<std::complex<double>> read(const rt::Queue& queue, const rt::Buffer& buffer, std::int64_t n,
                                       std::int64_t index) {
    std::vector<std::complex<Real>> host(static_cast<std::size_t>(n));
    buffer.readBytes(queue, host.data(), host.size() * sizeof(std::complex<Real>),
                     static_cast<std::size_t>(index * n) * sizeof(std::complex<Real>));
    return {host.begin(), host.end()};
}

// A C2R point's half spectra: any values, then transform t's as halfSpectrumInput gives it.
template <typename Real>
void uploadHalfSpectra(const rt::Queue& queue, const rt::Buffer& buffer, const BenchCase& c) {
    const std::int64_t points = c.complexPoints();
    upload<std::complex<Real>>(queue, buffer, points * c.batch);
    for (const std::int64_t t : {std::int64_t{0}, c.batch - 1}) {
        const std::vector<std::complex<double>> x = halfSpectrumInput(c, t);
        const std::vector<std::complex<Real>> host(x.begin(), x.end());
        buffer.writeBytes(queue, host.data(), host.size() * sizeof(std::complex<Real>),
                          static_cast<std::size_t>(t * points) * sizeof(std::complex<Real>));
    }
}

template <typename Real>
std::vector<std::complex<double>> readReals(const rt::Queue& queue, const rt::Buffer& buffer, std::int64_t n,
                                            std::int64_t index) {
    std::vector<Real> host(static_cast<std::size_t>(n));
    buffer.readBytes(queue, host.data(), host.size() * sizeof(Real),
                     static_cast<std::size_t>(index * n) * sizeof(Real));
    std::vector<std::complex<double>> values;
    values.reserve(host.size());
    for (Real v : host) values.push_back({static_cast<double>(v), 0.0});
    return values;
}

}  // namespace

void uploadPaddedRealInput(const rt::Queue& queue, const rt::Buffer& buffer, const BenchCase& c) {
    const std::int64_t W = c.shape.empty() ? c.n : c.shape.back(), pitch = 2 * (W / 2 + 1), rows = c.elements() / W;
    // Chunks of whole rows, one write each (a write per row: 1.9M writes for the 16-point R2C point).
    const std::int64_t rowsPerChunk = std::max<std::int64_t>(1, (std::int64_t{1} << 22) / pitch);
    auto rowsOf = [&](auto zero) {
        using Real = decltype(zero);
        std::vector<Real> host(static_cast<std::size_t>(std::min(rows, rowsPerChunk) * pitch), Real(0));
        for (std::int64_t first = 0; first < rows; first += rowsPerChunk) {
            const std::int64_t count = std::min(rowsPerChunk, rows - first);
            for (std::int64_t r = 0; r < count; ++r)
                fillValues(host.data() + r * pitch, static_cast<std::size_t>(W), static_cast<std::uint64_t>((first + r) * W));
            buffer.writeBytes(queue, host.data(), static_cast<std::size_t>(count * pitch) * sizeof(Real),
                              static_cast<std::size_t>(first * pitch) * sizeof(Real));
        }
    };
    if (c.isDouble) rowsOf(0.0);
    else rowsOf(0.0f);
}

void uploadInput(const rt::Queue& queue, const rt::Buffer& buffer, const BenchCase& c) {
    if (c.real && c.inverse && c.isDouble)
        uploadHalfSpectra<double>(queue, buffer, c);
    else if (c.real && c.inverse)
        uploadHalfSpectra<float>(queue, buffer, c);
    else if (c.real && c.isDouble)
        upload<double>(queue, buffer, c.elements());
    else if (c.real) upload<float>(queue, buffer, c.elements());
    else if (c.isDouble) upload<std::complex<double>>(queue, buffer, c.elements());
    else upload<std::complex<float>>(queue, buffer, c.elements());
}

std::vector<std::complex<double>> readTransform(const rt::Queue& queue, const rt::Buffer& buffer,
                                                const BenchCase& c, std::int64_t index) {
    if (c.real && c.inverse)
        return c.isDouble ? readReals<double>(queue, buffer, c.n, index) : readReals<float>(queue, buffer, c.n, index);
    const std::int64_t points = c.complexPoints();  // a real transform's half spectrum
    return c.isDouble ? read<double>(queue, buffer, points, index) : read<float>(queue, buffer, points, index);
}

}  // namespace liftcl::bench
