// cuFFT's advanced layouts (runtime/fft/fft_layout.hpp) against FFTW: strided, embedded and spaced
// inputs and outputs of 1D, 2D and 3D, complex and real transforms, out of place and in place
// (FFTW's padded in-place R2C). Positions of the input outside the layout hold NaN (they must not be
// read), positions of the output outside it hold a sentinel that must survive.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <random>

#include "fft/fft_planner.hpp"
#include "fft/fftw_nd_reference.hpp"
#include "fft_test_support.hpp"
#include "runtime/error.hpp"
#include "runtime/fft/fft_layout.hpp"
#include "support/quick_mode.hpp"

using namespace liftcl;
using namespace liftcl::testing;

namespace {

struct LayoutCase {
    std::vector<std::int64_t> shape;
    std::int64_t batch = 2;
    bool real = false, inverse = false, f64 = true, inPlace = false;
    std::vector<std::int64_t> inembed, onembed;
    std::int64_t istride = 0, idist = 0, ostride = 0, odist = 0;
};

// Offset (in elements) of element j (row-major over `side.extents`) of transform b.
std::int64_t offsetOf(const rt::FftSideLayout& side, std::int64_t b, std::int64_t j) {
    std::int64_t offset = b * side.dist, pitch = side.stride;
    for (std::size_t k = side.extents.size(); k-- > 0;) {
        offset += (j % side.extents[k]) * pitch;
        j /= side.extents[k];
        pitch *= side.embed[k];
    }
    return offset;
}

template <typename Real>
void checkLayout(const LayoutCase& c) {
    auto& dev = DeviceFixture::get();
    const fft::FftRequest r = shapedRequest(c.shape, c.batch, c.real, c.f64, c.inverse, c.inPlace);
    rt::FftPlan plan(dev.cache, dev.context, fft::planFft(r));
    rt::FftDescriptor d = rt::FftDescriptor::of(plan.description());
    d.inembed = c.inembed, d.onembed = c.onembed;
    d.istride = c.istride, d.idist = c.idist, d.ostride = c.ostride, d.odist = c.odist;
    plan.useLayout(d);
    const rt::FftLayout& layout = plan.layout();
    REQUIRE_FALSE(layout.packed());

    // Packed input values (complex, or real in .real()), as the precision sees them.
    const std::int64_t inPoints = layout.input.points(), outPoints = layout.output.points();
    std::vector<std::complex<double>> x = randomBatch(inPoints * c.batch, 1, 11);
    for (auto& v : x) v = {static_cast<double>(static_cast<Real>(v.real())), c.real && !c.inverse ? 0.0 : static_cast<double>(static_cast<Real>(v.imag()))};
    if (c.real && c.inverse) {  // a Hermitian half spectrum: the R2C of real values
        std::vector<double> signal(static_cast<std::size_t>(r.n * c.batch));
        for (std::size_t i = 0; i < signal.size(); ++i) signal[i] = std::sin(0.37 * static_cast<double>(i)) + 0.25;
        x = fft::fftwR2cReference(signal, c.shape, c.batch);
        for (auto& v : x) v = {static_cast<double>(static_cast<Real>(v.real())), static_cast<double>(static_cast<Real>(v.imag()))};
    }
    const bool realIn = c.real && !c.inverse, realOut = c.real && c.inverse;
    const std::size_t inElement = realIn ? sizeof(Real) : 2 * sizeof(Real), outElement = realOut ? sizeof(Real) : 2 * sizeof(Real);
    const std::size_t inBytes = layout.input.spanBytes(c.batch), outBytes = layout.output.spanBytes(c.batch);
    const std::size_t bytes = c.inPlace ? std::max(inBytes, outBytes) : inBytes;
    const Real nan = std::numeric_limits<Real>::quiet_NaN(), sentinel = Real(-7.25);
    std::vector<Real> in(bytes / sizeof(Real), nan);
    for (std::int64_t b = 0; b < c.batch; ++b)
        for (std::int64_t j = 0; j < inPoints; ++j) {
            const auto v = x[static_cast<std::size_t>(b * inPoints + j)];
            const std::size_t at = static_cast<std::size_t>(offsetOf(layout.input, b, j)) * inElement / sizeof(Real);
            in[at] = static_cast<Real>(v.real());
            if (!realIn) in[at + 1] = static_cast<Real>(v.imag());
        }
    rt::Buffer inBuffer = rt::Buffer::fromHost(dev.context, dev.queue, std::span<const Real>(in));
    std::vector<Real> initialOut(outBytes / sizeof(Real), sentinel);
    rt::Buffer outBuffer = c.inPlace ? inBuffer : rt::Buffer::fromHost(dev.context, dev.queue, std::span<const Real>(initialOut));
    plan.execute(dev.queue, inBuffer, outBuffer);
    const std::vector<Real> out = outBuffer.read<Real>(dev.queue);

    // The reference on the packed input.
    std::vector<std::complex<double>> reference;
    if (c.real && !c.inverse) {
        std::vector<double> realValues;
        for (const auto& v : x) realValues.push_back(v.real());
        reference = fft::fftwR2cReference(realValues, c.shape, c.batch);
    } else if (c.real) {
        for (double v : fft::fftwC2rReference(x, c.shape, c.batch, false)) reference.push_back({v, 0.0});
    } else {
        reference = fft::fftwNdReference(x, c.shape, c.batch, r.direction, false);
    }
    std::vector<std::complex<Real>> y;
    std::vector<bool> written(out.size(), false);
    for (std::int64_t b = 0; b < c.batch; ++b)
        for (std::int64_t j = 0; j < outPoints; ++j) {
            const std::size_t at = static_cast<std::size_t>(offsetOf(layout.output, b, j)) * outElement / sizeof(Real);
            y.push_back({out[at], realOut ? Real(0) : out[at + 1]});
            written[at] = true;
            if (!realOut) written[at + 1] = true;
        }
    CHECK(fft::relativeL2Error(y, reference) < (c.f64 ? 1e-13 : 2e-6));
    if (!c.inPlace) {
        std::size_t touched = 0;
        for (std::size_t i = 0; i < out.size(); ++i)
            if (!written[i] && out[i] != sentinel) ++touched;
        CHECK(touched == 0);  // positions outside the output layout are left as they were
    }
}

void check(const LayoutCase& c) {
    std::string text;
    for (auto e : c.shape) text += (text.empty() ? "" : "x") + std::to_string(e);
    INFO(text << (c.real ? " real" : "") << (c.inverse ? " inverse" : "") << (c.f64 ? " f64" : " f32")
              << (c.inPlace ? " in-place" : "") << " istride=" << c.istride << " idist=" << c.idist
              << " ostride=" << c.ostride << " odist=" << c.odist);
    if (c.f64) checkLayout<double>(c);
    else checkLayout<float>(c);
}

}  // namespace

TEST_CASE("advanced layouts: strided, embedded and spaced transforms equal FFTW, outside positions untouched") {
    // 1D complex: strides on both sides, transforms spaced apart.
    check({{64}, 3, false, false, true, false, {}, {}, 2, 130, 3, 200});
    // 1D real forward, spaced input rows and output spectra.
    check({{30}, 2, true, false, false, false, {}, {}, 1, 33, 1, 17});
    // 2D complex inverse: rows embedded in wider ones on input, a stride of 2 on output.
    check({{6, 5}, 2, false, true, true, false, {6, 7}, {6, 5}, 1, 45, 2, 61});
    // 3D complex: embedded input, strided and embedded output.
    check({{4, 3, 5}, 2, false, false, false, false, {4, 4, 6}, {5, 3, 5}, 1, 100, 2, 160});
    // FFTW's padded in-place R2C: real rows of 2*(W/2+1), the half spectrum over them.
    check({{8, 6}, 2, true, false, true, true, {8, 8}, {8, 4}, 1, 64, 1, 32});
    // C2R from a strided half spectrum into embedded real rows.
    check({{6, 8}, 2, true, true, false, false, {6, 5}, {6, 9}, 2, 70, 1, 60});
}

TEST_CASE("advanced layouts: a seeded sample of strides, embeddings and distances equals FFTW") {
    std::mt19937 rng(20261125);
    auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    const int samples = quickMode() ? 4 : 12;
    for (int i = 0; i < samples; ++i) {
        LayoutCase c;
        const int rank = pick(1, 3);
        for (int k = 0; k < rank; ++k) c.shape.push_back(pick(2, 9));
        c.batch = pick(1, 3);
        c.real = pick(0, 1) == 1;
        c.inverse = pick(0, 1) == 1;
        c.f64 = pick(0, 1) == 1;
        // Input and output extents (a real transform's complex side is the half spectrum).
        std::vector<std::int64_t> full = c.shape, half = c.shape;
        half.back() = half.back() / 2 + 1;
        const std::vector<std::int64_t>& inExtents = c.real && c.inverse ? half : full;
        const std::vector<std::int64_t>& outExtents = c.real && !c.inverse ? half : full;
        auto side = [&](const std::vector<std::int64_t>& extents, std::vector<std::int64_t>& embed, std::int64_t& stride,
                        std::int64_t& dist) {
            if (pick(0, 1) == 1) {
                embed = extents;
                for (std::size_t k = 1; k < embed.size(); ++k) embed[k] += pick(0, 2);
            }
            stride = pick(1, 3);
            std::int64_t span = 1, pitch = stride;
            const std::vector<std::int64_t>& e = embed.empty() ? extents : embed;
            for (std::size_t k = extents.size(); k-- > 0;) {
                span += (extents[k] - 1) * pitch;
                pitch *= e[k];
            }
            dist = span + pick(0, 5);
        };
        side(inExtents, c.inembed, c.istride, c.idist);
        side(outExtents, c.onembed, c.ostride, c.odist);
        if (c.istride == 1 && c.inembed.empty()) c.idist += 1;  // never the packed layout on both sides
        check(c);
    }
}

TEST_CASE("advanced layouts no buffer can hold are refused naming the field") {
    rt::FftDescriptor d{48, 2, rt::Precision::Float};
    d.shape = {8, 6};
    d.real = true;  // forward: input 8x6 real, output the half spectrum 8x4
    CHECK_NOTHROW(d.validateLayout());
    auto refusal = [](const rt::FftDescriptor& bad) {
        try {
            bad.validateLayout();
        } catch (const rt::Error& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    rt::FftDescriptor narrow = d;
    narrow.inembed = {8, 5};
    CHECK(refusal(narrow).find("inembed 8x5: extent 1 is below the 6") != std::string::npos);
    rt::FftDescriptor rank = d;
    rank.onembed = {32};
    CHECK(refusal(rank).find("onembed 32 has 1 extents") != std::string::npos);
    rt::FftDescriptor negative = d;
    negative.istride = -1;
    CHECK(refusal(negative).find("istride -1 is negative") != std::string::npos);
    rt::FftDescriptor overlap = d;
    overlap.odist = 20;  // the half spectrum spans 32
    CHECK(refusal(overlap).find("odist 20 makes transforms overlap") != std::string::npos);
    rt::FftDescriptor inverse = d;  // C2R: the half spectrum in, the padded real rows out
    inverse.inverse = true;
    inverse.inembed = {8, 4};
    inverse.onembed = {8, 8};
    CHECK(refusal(inverse) == "accepted");
}
