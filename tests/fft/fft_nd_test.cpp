// Multidimensional and real FFT plans (fft/nd_planner.hpp) against FFTW's
// fftw_plan_many_dft / _r2c / _c2r: 2D and 3D, odd and prime extents, R2C/C2R of even and odd
// last axes, forward and inverse, fp32 and fp64, in and out of place, one kernel and one kernel per
// axis (a small local-memory budget forces the latter). Output buffers are poisoned with NaN.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>

#include "fft/fftw_nd_reference.hpp"
#include "fft/nd_planner.hpp"
#include "fft_test_support.hpp"
#include "ir/error.hpp"
#include "runtime/fft/fft_plan_registry.hpp"
#include "support/program_text.hpp"
#include "support/quick_mode.hpp"
#include "support/temp_dir.hpp"

using namespace liftcl;
using namespace liftcl::testing;

namespace {

struct NdCase {
    std::vector<std::int64_t> shape;
    std::int64_t batch = 1;
    bool real = false, inverse = false, scale = false, f64 = true, inPlace = false;
    std::int64_t localMemoryBytes = 1 << 20;  // planes up to this are one kernel
    std::string method = "auto";
};

fft::FftRequest ndRequest(const NdCase& c) {
    fft::FftRequest r = shapedRequest(c.shape, c.batch, c.real, c.f64, c.inverse, c.inPlace);
    r.scale = c.scale;
    r.localMemoryBytes = c.localMemoryBytes;
    r.method = c.method;
    return r;
}

template <typename T>
std::vector<T> roundedTo(const std::vector<std::complex<double>>& x) {
    std::vector<T> out(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) out[i] = T(x[i]);
    return out;
}

// Runs the plan on device buffers whose output (and, in place, its tail) is poisoned with NaN;
// returns the relative L2 error against FFTW and the number of kernels.
template <typename Real>
std::pair<double, std::size_t> ndError(const NdCase& c, std::uint64_t seed = 5) {
    auto& dev = DeviceFixture::get();
    const fft::FftRequest r = ndRequest(c);
    rt::FftPlan plan(dev.cache, dev.context, fft::planFft(r));
    const rt::FftPlanDescription& d = plan.description();
    const std::int64_t W = c.shape.back(), points = r.n * c.batch, half = r.n / W * (W / 2 + 1) * c.batch;
    // Input values as the plan's precision sees them, and FFTW's result in double.
    std::vector<std::complex<double>> x = randomBatch(c.real && !c.inverse ? points : points, 1, seed);
    std::vector<double> realIn;
    std::vector<std::complex<double>> complexIn, reference;
    std::vector<double> realReference;
    for (auto& v : x) v = {static_cast<double>(static_cast<Real>(v.real())), static_cast<double>(static_cast<Real>(v.imag()))};
    if (c.real && !c.inverse) {
        for (const auto& v : x) realIn.push_back(v.real());
        reference = fft::fftwR2cReference(realIn, c.shape, c.batch);
    } else if (c.real) {
        std::vector<double> signal;
        for (const auto& v : x) signal.push_back(v.real());
        complexIn = fft::fftwR2cReference(signal, c.shape, c.batch);  // Hermitian by construction
        for (auto& v : complexIn) v = {static_cast<double>(static_cast<Real>(v.real())), static_cast<double>(static_cast<Real>(v.imag()))};
        realReference = fft::fftwC2rReference(complexIn, c.shape, c.batch, c.scale);
    } else {
        complexIn = x;
        reference = fft::fftwNdReference(complexIn, c.shape, c.batch, r.direction, c.scale);
    }
    const std::size_t bytes = std::max(d.inputBytes(), d.outputBytes());
    rt::Buffer in(dev.context, bytes);
    const std::vector<Real> nan(bytes / sizeof(Real), std::numeric_limits<Real>::quiet_NaN());
    in.writeBytes(dev.queue, nan.data(), bytes);
    if (c.real && !c.inverse) {
        const std::vector<Real> host(realIn.begin(), realIn.end());
        in.writeBytes(dev.queue, host.data(), host.size() * sizeof(Real));
    } else {
        const auto host = roundedTo<std::complex<Real>>(complexIn);
        in.writeBytes(dev.queue, host.data(), host.size() * sizeof(host[0]));
    }
    rt::Buffer out = c.inPlace ? in : rt::Buffer(dev.context, bytes);
    if (!c.inPlace) out.writeBytes(dev.queue, nan.data(), bytes);
    plan.execute(dev.queue, in, out);
    double error = 0;
    if (c.real && c.inverse) {
        std::vector<Real> y(static_cast<std::size_t>(points));
        out.readBytes(dev.queue, y.data(), y.size() * sizeof(Real));
        error = fft::relativeL2Error(std::vector<std::complex<Real>>(y.begin(), y.end()),
                                     std::vector<std::complex<double>>(realReference.begin(), realReference.end()));
    } else {
        std::vector<std::complex<Real>> y(static_cast<std::size_t>(c.real ? half : points));
        out.readBytes(dev.queue, y.data(), y.size() * sizeof(y[0]));
        error = fft::relativeL2Error(y, reference);
    }
    return {error, d.kernels.size()};
}

std::string caseText(const NdCase& c) {
    std::string s;
    for (auto e : c.shape) s += (s.empty() ? "" : "x") + std::to_string(e);
    return s + " batch=" + std::to_string(c.batch) + (c.real ? " real" : "") + (c.inverse ? " inverse" : "") +
           (c.scale ? " scaled" : "") + (c.f64 ? " f64" : " f32") + (c.inPlace ? " in-place" : "") +
           " local=" + std::to_string(c.localMemoryBytes) + " method=" + c.method;
}

void checkCase(const NdCase& c) {
    INFO(caseText(c));
    const auto [error, kernels] = c.f64 ? ndError<double>(c) : ndError<float>(c);
    CHECK(error < (c.f64 ? 1e-13 : 2e-6));
    CHECK(kernels >= 1);
}

// Each case matches FFTW and is planned as exactly `expectedKernels` kernels.
void checkCasesPlannedAs(const std::vector<NdCase>& cases, std::size_t expectedKernels) {
    for (const NdCase& c : cases) {
        INFO(caseText(c));
        const auto [error, kernels] = c.f64 ? ndError<double>(c) : ndError<float>(c);
        CHECK(error < (c.f64 ? 1e-13 : 2e-6));
        CHECK(kernels == expectedKernels);
    }
}

// A case and the kernels its plan must have, in order.
struct KernelsCase {
    NdCase c;
    std::vector<std::string> kernels;
};

std::vector<std::string> kernelNames(const rt::FftPlanDescription& plan) {
    std::vector<std::string> names;
    for (const auto& k : plan.kernels) names.push_back(k.name);
    return names;
}

}  // namespace

TEST_CASE("2D and 3D complex plans of one kernel match FFTW (even, odd and prime extents)") {
    const std::vector<std::vector<std::int64_t>> shapes = fullOrQuick<std::vector<std::vector<std::int64_t>>>(
        {{64, 64}, {16, 16, 16}, {8, 12}, {7, 5}, {9, 7, 5}, {3, 16}}, {{64, 64}, {7, 5}, {9, 7, 5}});
    for (const auto& shape : shapes) {
        NdCase c{shape, 4};
        c.f64 = false;
        INFO(caseText(c));
        const auto [error, kernels] = ndError<float>(c);
        CHECK(error < 2e-6);
        CHECK(kernels == 1);
        c.inverse = true, c.scale = true, c.f64 = true;
        checkCase(c);
    }
}

TEST_CASE("R2C and C2R of one kernel match FFTW (1D/2D/3D, even and odd last axes, fp32 and fp64)") {
    const std::vector<std::vector<std::int64_t>> shapes =
        fullOrQuick<std::vector<std::vector<std::int64_t>>>({{16}, {15}, {16, 16, 16}, {6, 14}, {9, 7, 5}},
                                                            {{16}, {15}, {6, 14}});
    // Forward in fp32 and the scaled inverse in fp64 for every shape, the other pairing for some.
    for (const auto& shape : shapes) {
        checkCase({shape, 3, true, false, false, false});
        checkCase({shape, 3, true, true, true, true});
    }
    checkCase({{15}, 2, true, false, false, true});
    checkCase({{6, 14}, 2, true, true, false, false});
    // The shortest axes: 4 (two real pairs, packed) and 2 (transformed as 2 complex points).
    checkCase({{4}, 5, true, false, false, false});
    checkCase({{2}, 5, true, false, false, true});
    checkCase({{3, 4}, 2, true, false, false, true});
}

TEST_CASE("planes and volumes that fit 48 KiB only as one array (in place) or one of components are one kernel") {
    const std::int64_t kib48 = 48 * 1024;
    // 64x64 and 16^3 fp32: one array of 32 KiB written in place; fp64: 32 KiB of components. The
    // sanitizer pass runs the first three (in place, components, a real row).
    std::vector<NdCase> cases = {NdCase{{64, 64}, 2, false, false, false, false, false, kib48},
                                 NdCase{{64, 64}, 2, false, true, true, true, false, kib48},
                                 NdCase{{8192}, 2, true, false, false, false, false, kib48},
                                 NdCase{{16, 16, 16}, 2, false, true, false, false, false, kib48},
                                 NdCase{{16, 16, 16}, 2, false, false, false, true, false, kib48},
                                 NdCase{{32, 128}, 2, true, true, true, false, false, kib48},
                                 NdCase{{4096}, 2, true, true, true, true, false, kib48}};
    if (quickMode()) cases.resize(3);
    checkCasesPlannedAs(cases, 1);
}

TEST_CASE("a real last axis whose FFT of W/2 is one local kernel: that kernel with the split or the pairs") {
    const std::int64_t kib48 = 48 * 1024;
    // 1D: R2C in both precisions, C2R in fp64 (fp32 C2R keeps the tile program: measured faster);
    // in and out of place; 4096 fp32 with its FFT written in place in one array (48 KiB).
    std::vector<KernelsCase> cases = {
        {NdCase{{1024}, 3, true, false, false, false}, {"r2c_local"}},
        {NdCase{{1000}, 2, true, true, true, true, true}, {"c2r_local"}},
        {NdCase{{4096}, 2, true, false, false, false, true, kib48}, {"r2c_local"}},
        {NdCase{{512}, 3, true, true, false, true}, {"c2r_local"}},
        {NdCase{{1024}, 2, true, true, true, false}, {"nd_fft"}},
        // 2D: the rows' kernel, then the column pass over the half spectrum's 1025 columns (tiles of 25)
        {NdCase{{64, 2048}, 1, true, false, false, false, false, kib48}, {"r2c_local", "nd_axis0"}},
        // the tuner's variant asks for it wherever it fits: a 2D C2R
        {NdCase{{4, 512}, 2, true, true, true, true, false, kib48, "nd-rows"}, {"nd_axis0", "c2r_local"}},
    };
    if (quickMode()) cases.resize(2);
    for (const KernelsCase& rc : cases) {
        INFO(caseText(rc.c));
        const rt::FftPlanDescription plan = fft::planFft(ndRequest(rc.c));
        CHECK(kernelNames(plan) == rc.kernels);
        if (rc.c.shape.size() == 1 && rc.kernels.front() != "nd_fft") CHECK(plan.method == "real-local");
        checkCase(rc.c);
    }
}

TEST_CASE("a real plan of one kernel that cannot run in place goes through a temporary when asked to") {
    // 16384 fp32 R2C in 1 MiB of local memory is one tile kernel whose rows of W/2+1 outputs overlap
    // the next rows' inputs: run in place it once wrote over inputs other work-groups had still to read.
    checkCasesPlannedAs({NdCase{{16384}, 3, true, false, false, false, true},
                         NdCase{{8192}, 2, true, true, true, true, true, 48 * 1024}},
                        1);
}

TEST_CASE("3D transforms whose planes fit a work-group are two kernels: the planes, then the first axis") {
    const std::int64_t kib48 = 48 * 1024;
    checkCasesPlannedAs({NdCase{{32, 32, 32}, 2, false, false, false, false, false, kib48},
                         NdCase{{32, 32, 32}, 1, false, true, true, true, true, kib48},
                         NdCase{{12, 40, 64}, 2, true, false, false, false, false, kib48},
                         NdCase{{32, 16, 32}, 1, true, true, true, true, false, kib48}},
                        2);
}

TEST_CASE("plans of one kernel per axis (small local memory) match FFTW, in and out of place") {
    const std::int64_t small = 16 * 1024;
    checkCase({{64, 64}, 2, false, false, false, false, false, small});
    checkCase({{64, 64}, 2, false, true, true, true, true, small});
    checkCase({{64, 48}, 2, true, false, false, true, false, small});
    checkCase({{32, 50}, 1, true, true, true, false, true, small});
    checkCase({{8, 4, 32}, 2, false, false, false, true, false, 4096});
    // A real last axis too long for a tile: widening, the 1D plan over the rows, the half kept
    // (R2C) or the weighted half spectrum, the 1D inverse and the real part (C2R).
    checkCase({{4096}, 2, true, false, false, true, false, small});
    checkCase({{3, 8192}, 2, true, false, false, false, false, small});
    // A half spectrum of prime width (m = 257) by the variant nd-split-last: the complex transform
    // of the real pairs on 256 columns, then one kernel mirroring every axis.
    checkCase({{16, 512}, 2, true, false, false, false, false, small, "nd-split-last"});
    // Strided axes whose tile would be narrower than 8 columns: passes of large radices where their
    // wider tiles cost less (columnTileCost; 8 KiB leaves the one pass tiles of one or two columns).
    checkCase({{512, 16}, 2, false, false, false, true, false, 8192});
    checkCase({{256, 8, 6}, 1, true, true, true, true, true, 4096});
    if (quickMode()) return;  // the sanitizer pass: one case of each path above
    // A 1D R2C whose half-length transform fits 48 KiB only by components: its 1D plan, then the split.
    checkCase({{16384}, 2, true, false, false, false, false, 48 * 1024});
    checkCase({{8, 6, 512}, 1, true, false, false, true, false, 48 * 1024});
    checkCase({{1000, 8}, 1, false, true, true, false, false, small});
    checkCase({{16, 512, 32}, 1, true, false, false, false, false, small});
    checkCase({{2, 2048}, 2, true, true, true, false, false, small});
    // C2R rows too long for a tile: the Hermitian pairs to W/2 points, the 1D inverse plan of W/2
    // writing the real values as complex pairs, scaled by 1/n over all axes.
    checkCase({{4, 16384}, 1, true, true, true, true, false, small});
    // A C2R row of 131072 (the 1D inverse of W/2 in two hierarchical passes): its mirror index
    // X_{W/2-k} was once simplified to (W/2 (k + 1)) mod (W/2 + 1), which overflows 32 bits.
    checkCase({{131072}, 1, true, true, false, false, false, 48 * 1024});
}

TEST_CASE("a strided axis: one pass of narrow tiles or passes of wide ones, whichever costs less") {
    auto kernelNames = [](const std::vector<std::int64_t>& shape, bool f64, std::int64_t localBytes) {
        fft::FftRequest r = shapedRequest(shape, 2, false, f64, false, false);
        r.localMemoryBytes = localBytes;
        std::vector<std::string> names;
        for (const auto& k : fft::planFft(r).kernels) names.push_back(k.name);
        return names;
    };
    // 1000 x 1000 fp32: the columns in one pass of tiles 4 wide (rows of 32 bytes, cost 1.6) rather
    // than two of 8 (64 bytes, 1.2 each); fp64: one pass would have tiles 2 wide (2.5), two of 8 cost 2.
    // (The rows of 1000 by their 1D local kernel, one array of points in both precisions.)
    CHECK(kernelNames({1000, 1000}, false, 48 * 1024) == std::vector<std::string>{"rows_local_fft", "nd_axis0"});
    CHECK(kernelNames({1000, 1000}, true, 48 * 1024) ==
          std::vector<std::string>{"rows_local_fft", "nd_axis0_pass0", "nd_axis0_pass1"});
    CHECK(kernelNames({512, 16}, true, 16 * 1024) == std::vector<std::string>{"nd_axis1", "nd_axis0"});
    CHECK(kernelNames({512, 16}, true, 8 * 1024) == std::vector<std::string>{"nd_axis1", "nd_axis0_pass0", "nd_axis0_pass1"});
}

TEST_CASE("a strided axis whose columns no tile of 8 to 64 divides: tiles of 16 over padded columns") {
    const std::int64_t kib48 = 48 * 1024;
    struct PaddedCase {
        NdCase c;
        std::vector<std::string> kernels;
        std::vector<std::string> guards;  // the bounds each kernel's writes are kept within
    };
    // R2C/C2R of W = 512: the half spectrum's 257 columns (prime) as 17 tiles of 16, the 15 columns
    // past the last read again and never written (257 tiles of one before; 4096's 2049 = 3 x 683
    // went in tiles of 3). 4 x 6 x 512: axis 1's 257 columns and axis 0's 1542 (divisors 2, 3, 6,
    // 257 ...) both padded, or its planes in one kernel and axis 0 padded. A long strided axis in
    // passes (8 KiB): every pass over padded tiles. A complex last axis of prime length 67: its rows
    // by the 1D plan, the first axis padded.
    std::vector<PaddedCase> cases = {
        {NdCase{{128, 512}, 2, true, false, false, false, false, kib48}, {"r2c_local", "nd_axis0"}, {"", "< 257"}},
        {NdCase{{128, 512}, 1, true, true, true, true, false, kib48}, {"nd_axis0", "nd_axis1"}, {"< 257", ""}},
        {NdCase{{4, 6, 512}, 1, true, false, false, false, false, kib48, "nd-no-planes"},
         {"nd_axis2", "nd_axis1", "nd_axis0"},
         {"", "< 257", "< 1542"}},
        {NdCase{{4, 6, 512}, 2, true, false, false, true, false, kib48}, {"nd_planes", "nd_axis0"}, {"", "< 1542"}},
        // fp32 columns of 512 in tiles of 16: 64 KiB of points, exchanged by components
        {NdCase{{512, 512}, 1, true, false, false, false, false, kib48}, {"r2c_local", "nd_axis0"}, {"", "< 257"}},
        {NdCase{{256, 512}, 1, true, false, false, true, false, 8 * 1024},
         {"r2c_local", "nd_axis0_pass0", "nd_axis0_pass1"},
         {"", "< 257", "< 257"}},
        {NdCase{{24, 67}, 2, false, true, true, true, false, kib48}, {"nd_axis0"}, {"< 67"}},
    };
    if (quickMode()) cases.resize(2);
    for (const PaddedCase& pc : cases) {
        INFO(caseText(pc.c));
        const rt::FftPlanDescription plan = fft::planFft(ndRequest(pc.c));
        std::vector<std::string> names;
        for (const auto& k : plan.kernels)
            if (k.name.rfind("rows_", 0) != 0) names.push_back(k.name);  // the 1D plan of prime rows aside
        CHECK(names == pc.kernels);
        for (std::size_t j = 0; j < pc.kernels.size() && j < pc.guards.size(); ++j) {
            if (pc.guards[j].empty()) continue;
            for (const auto& k : plan.kernels)
                if (k.name == pc.kernels[j]) CHECK_MESSAGE(k.source.find(pc.guards[j]) != std::string::npos, k.name);
        }
        if (pc.c.shape == std::vector<std::int64_t>{512, 512}) {
            const auto& columns = plan.kernels.back();
            CHECK_MESSAGE(columns.source.find("one __local array of real, x then y") != std::string::npos, columns.name);
        }
        checkCase(pc.c);
    }
}

TEST_CASE("R2C rows whose tile program would exchange components: fp64 by the 1D plan of W/2 and the split") {
    const std::int64_t kib48 = 48 * 1024;
    const std::vector<KernelsCase> cases = {
        {NdCase{{4, 8192}, 2, true, false, false, true, false, kib48}, {"rows_local_fft", "r2c_twist", "nd_axis0"}},
        {NdCase{{4, 16384}, 1, true, false, false, false, false, kib48}, {"nd_axis1", "nd_axis0"}},
    };
    for (const KernelsCase& kc : cases) {
        INFO(caseText(kc.c));
        CHECK(kernelNames(fft::planFft(ndRequest(kc.c))) == kc.kernels);
        checkCase(kc.c);
    }
}

TEST_CASE("R2C rows of a hierarchical FFT of W/2: the split fused into its last pass, no split kernel") {
    // The last pass's work-groups hold columns c and m - c (column m/2 beside column 0), so each
    // point's mirror is in local memory; the results are scattered back to their columns. Rows
    // whose FFT of W/2 is one local kernel keep it and the split kernel (16384 fp32).
    const std::int64_t kib48 = 48 * 1024;
    const std::vector<std::string> twoPasses{"rows_hierarchical_pass0", "rows_hierarchical_split"};
    std::vector<KernelsCase> cases = {
        {NdCase{{65536}, 3, true, false, false, false, false, kib48}, twoPasses},
        {NdCase{{65536}, 2, true, false, false, true, false, kib48}, twoPasses},
        {NdCase{{32768}, 1, true, false, false, true, false, kib48}, twoPasses},
        {NdCase{{2, 65536}, 1, true, false, false, false, false, kib48},
         {"rows_hierarchical_pass0", "rows_hierarchical_split", "nd_axis0"}},
        {NdCase{{16384}, 2, true, false, false, false, false, kib48}, {"rows_local_fft", "r2c_twist"}},
        {NdCase{{65536}, 2, true, false, false, false, true, kib48}, twoPasses},  // in place
        {NdCase{{1048576}, 1, true, false, false, true, false, kib48},
         {"rows_hierarchical_pass0", "rows_hierarchical_pass1", "rows_hierarchical_split"}},
    };
    // The variant nd-split-last keeps the split in a kernel of its own (the tuner measures both).
    NdCase variant{{65536}, 2, true, false, false, false, false, kib48, "nd-split-last"};
    CHECK(fft::planFft(ndRequest(variant)).kernels.back().name == "r2c_twist");
    checkCase(variant);
    // Tiles whose sides would be rows of 32 bytes keep the split kernel (fp32 2^20: 4 + 4 columns).
    const auto narrow = fft::planFft(ndRequest(NdCase{{1048576}, 1, true, false, false, false, false, kib48}));
    CHECK(narrow.kernels.back().name == "r2c_twist");
    if (quickMode()) cases.resize(3);
    for (const KernelsCase& fc : cases) {
        INFO(caseText(fc.c));
        const auto plan = fft::planFft(ndRequest(fc.c));
        CHECK(kernelNames(plan) == fc.kernels);
        for (const auto& k : plan.kernels) {
            if (k.name != "rows_hierarchical_split") continue;
            CHECK(k.source.find("pairedColumn(") != std::string::npos);  // the scatter back to the columns
            CHECK(k.source.find("mirrorIndex(") != std::string::npos);   // the mirror read in local memory
            // One table of the column order, though the layout reads it three times (fp32: filled per work-group).
            if (!fc.c.f64) CHECK(testing::countOccurrences(k.source, "array_1 of pairedColumn") == 1);
        }
        checkCase(fc.c);
    }
}

TEST_CASE(
    "C2R rows of a hierarchical FFT of W/2: the mirror in the first pass's reads, no kernel of its own "
    "(nd-mirror-kernel keeps it)") {
    // The first pass reads each Z_k's X_k, X_(W/2-k) and omega(k, W) (digit tables) and maps them as
    // it reads; the variant nd-mirror-kernel keeps the c2r_untwist kernel before the row plan (the
    // tuner measures both).
    const std::int64_t kib48 = 48 * 1024;
    const std::vector<std::string> twoPasses{"rows_hierarchical_mirror", "rows_hierarchical_pass1"};
    std::vector<KernelsCase> cases = {
        {NdCase{{65536}, 3, true, true, false, true, false, kib48}, twoPasses},
        {NdCase{{131072}, 2, true, true, true, false, true, kib48}, twoPasses},  // in place
        {NdCase{{30240}, 2, true, true, true, false, false, kib48}, twoPasses},  // 15120 = 140 x 108
        {NdCase{{2, 65536}, 1, true, true, true, true, false, kib48},
         {"nd_axis0", "rows_hierarchical_mirror", "rows_hierarchical_pass1"}},
        {NdCase{{2097152}, 1, true, true, false, false, false, kib48},
         {"rows_hierarchical_mirror", "rows_hierarchical_pass1", "rows_hierarchical_pass2"}},
    };
    NdCase separate{{65536}, 2, true, true, false, true, false, kib48, "nd-mirror-kernel"};
    CHECK(fft::planFft(ndRequest(separate)).kernels.front().name == "c2r_untwist");
    checkCase(separate);
    // Rows whose FFT of W/2 is one local kernel are planned by the variant as by auto (the real
    // rows' one kernel).
    NdCase small{{4096}, 2, true, true, false, true, false, kib48, "nd-mirror-kernel"};
    CHECK(fft::planFft(ndRequest(small)).kernels.front().name ==
          fft::planFft(ndRequest(NdCase{{4096}, 2, true, true, false, true, false, kib48})).kernels.front().name);
    if (quickMode()) cases.resize(3);
    for (const KernelsCase& mc : cases) {
        INFO(caseText(mc.c));
        const auto plan = fft::planFft(ndRequest(mc.c));
        CHECK(kernelNames(plan) == mc.kernels);
        for (const auto& k : plan.kernels)
            if (k.name == "rows_hierarchical_mirror") CHECK(k.source.find("gentwfrarr(") != std::string::npos);
        checkCase(mc.c);
    }
}

TEST_CASE("a real row's split whose table of roots would not stay in L1 reads them from digit tables") {
    // Rows of one kernel (FFT of W/2 and the split): fp64 4096's 2049 roots (32 KiB) as products of
    // two digit tables of omega_W (gentwfrarr); fp32 8192 (32 KiB), fp32 4096 and fp64 1024 read the
    // table of all W/2+1 roots.
    struct SplitCase {
        NdCase c;
        bool digits;
    };
    const std::int64_t kib48 = 48 * 1024;
    std::vector<SplitCase> cases = {
        {NdCase{{4096}, 3, true, false, false, true, false, kib48}, true},
        {NdCase{{4096}, 2, true, true, true, true, false, kib48}, true},
        {NdCase{{8192}, 2, true, false, false, false, false, kib48}, false},
        {NdCase{{4096}, 2, true, false, false, false, false, kib48}, false},
        {NdCase{{1024}, 3, true, false, false, true, false, kib48}, false},
    };
    if (quickMode()) cases.resize(3);
    for (const SplitCase& sc : cases) {
        INFO(caseText(sc.c));
        const auto plan = fft::planFft(ndRequest(sc.c));
        REQUIRE(plan.kernels.size() == 1);
        const auto& k = plan.kernels.front();
        CHECK(k.name == (sc.c.inverse ? "c2r_local" : "r2c_local"));
        CHECK((k.source.find("gentwfrarr(") != std::string::npos) == sc.digits);
        // Tables of W/2 or more values: the FFT's last pass's twiddles, and the split's roots unless
        // the digits stand for them.
        const std::int64_t W = sc.c.shape.back(), rootBytes = (W / 2) * (sc.c.f64 ? 16 : 8);
        int largeTables = 0;
        for (const auto& arg : rt::parseKernelMetadata(k.metadata, k.name).args)
            if (arg.kind == rt::ArgKind::Table && arg.bytes.evaluate({}) >= rootBytes) ++largeTables;
        CHECK(largeTables == (sc.digits ? 1 : 2));
        checkCase(sc.c);
    }
}

TEST_CASE("the real rows' kernel writes its FFT in place in one local array, the split reading it there") {
    // One __local array of W/2 points, not two (the FFT's ping-pong): more work-groups per SM.
    const std::int64_t kib48 = 48 * 1024;
    std::vector<NdCase> cases = {
        NdCase{{1024}, 3, true, false, false, false, false, kib48},
        NdCase{{1024}, 2, true, true, true, true, false, kib48},
        NdCase{{4096}, 2, true, false, false, false, false, kib48},
        NdCase{{2048}, 3, true, false, false, true, false, kib48},
    };
    if (quickMode()) cases.resize(2);
    for (const NdCase& c : cases) {
        INFO(caseText(c));
        const auto plan = fft::planFft(ndRequest(c));
        REQUIRE(plan.kernels.size() == 1);
        const std::string& source = plan.kernels.front().source;
        std::size_t arrays = 0;
        for (std::size_t at = source.find("local complex ltmp_"); at != std::string::npos;
             at = source.find("local complex ltmp_", at + 1))
            ++arrays;
        CHECK(arrays == 1);
        checkCase(c);
    }
}

TEST_CASE("a complex last axis of 100+ points by the 1D local plan of its rows, not a tile program") {
    const std::int64_t kib48 = 48 * 1024;
    // 512^2 and 100^3 fp32, 2048^2 fp64 (in place), 1000^2 fp64 (one array): the rows' 1D local
    // kernel; 64 x 3000 fp64 (its 1D kernel exchanges components: its array fits only unpadded) and
    // rows of 16 keep the tile program; nd-rows asks for the rows' plan before the kernel of the
    // whole array (64x64).
    std::vector<KernelsCase> cases = {
        {NdCase{{512, 512}, 1, false, false, false, false, false, kib48}, {"rows_local_fft", "nd_axis0"}},
        {NdCase{{12, 200, 100}, 1, false, true, true, false, false, kib48}, {"rows_local_fft", "nd_axis1", "nd_axis0"}},
        {NdCase{{2048, 2048}, 1, false, true, true, true, true, kib48},
         {"rows_local_fft", "nd_axis0_pass0", "nd_axis0_pass1"}},
        {NdCase{{1000, 1000}, 1, false, false, false, true, false, kib48},
         {"rows_local_fft", "nd_axis0_pass0", "nd_axis0_pass1"}},
        {NdCase{{64, 3000}, 1, false, false, false, true, false, kib48}, {"nd_axis1", "nd_axis0"}},
        {NdCase{{512, 16}, 2, false, false, false, true, false, 16 * 1024}, {"nd_axis1", "nd_axis0"}},
        {NdCase{{64, 64}, 2, false, true, false, false, false, kib48, "nd-rows"}, {"rows_local_fft", "nd_axis0"}},
    };
    if (quickMode()) cases.resize(2);
    for (const KernelsCase& rc : cases) {
        INFO(caseText(rc.c));
        CHECK(kernelNames(fft::planFft(ndRequest(rc.c))) == rc.kernels);
        checkCase(rc.c);
    }
    // The rows' 1D plan keeps the device's local memory: 2048 fp64 rows on 32 KiB took 36848 bytes
    // when the row request left the limit out.
    fft::FftRequest small = shapedRequest({2048, 2048}, 1, false, true, false, false);
    small.localMemoryBytes = 32 * 1024;
    for (const auto& k : fft::planFft(small).kernels) {
        INFO(k.name);
        CHECK(rt::parseKernelMetadata(k.metadata, k.name).localBytes.evaluate({}) <= 32 * 1024);
    }
}

TEST_CASE("the done-when plans: 64x64 batch 16 fp32 and a 16x16x16 R2C are one kernel") {
    for (const NdCase& c : {NdCase{{64, 64}, 16, false, false, false, false}, NdCase{{16, 16, 16}, 1, true}}) {
        INFO(caseText(c));
        fft::FftRequest r = ndRequest(c);
        r.localMemoryBytes = static_cast<std::int64_t>(DeviceFixture::get().device.localMemBytes());
        CHECK(fft::planFft(r).kernels.size() == 1);
    }
}

TEST_CASE("a last axis with prime factors above 23: the 1D plan of any size over the rows, with its tables") {
    // R2C and C2R of odd and even lengths whose rows (or half rows) are Rader or Bluestein plans,
    // 1D and 2D, in and out of place, scaled; complex 2D with a prime last axis.
    checkCase({{1009}, 2, true, false, false, true, false});
    checkCase({{1009}, 2, true, true, true, false, true});
    checkCase({{2018}, 1, true, true, false, false, false});
    checkCase({{37}, 3, true, true, true, true, false});
    checkCase({{16, 1009}, 1, true, false, false, false, false});
    checkCase({{4, 6, 74}, 1, true, true, true, true, false});
    checkCase({{16, 1009}, 1, false, true, true, true, false});
    if (quickMode()) return;
    checkCase({{8198}, 1, true, true, false, false, false});  // rows of 4099: Bluestein in several kernels
    // The rows' tables are computed for the row transform (n = 1009, 32 rows), not the plan's, and
    // survive plan.json.
    fft::FftRequest r = ndRequest({{32, 1009}, 1, true, false, false, true, false});
    const auto plan = fft::planFft(r);
    REQUIRE_FALSE(plan.tables.empty());
    for (const auto& t : plan.tables) {
        REQUIRE(t.transform);
        CHECK(t.transform->n == 1009);
        CHECK(t.transform->batch == 32);
    }
    testing::TempDir dir;
    rt::writeFftPlanDirectory(plan, dir.path());
    const auto loaded = rt::loadFftPlanDirectory(dir.path());
    REQUIRE(loaded.tables.size() == plan.tables.size());
    for (std::size_t i = 0; i < plan.tables.size(); ++i) CHECK(loaded.tables[i].transform == plan.tables[i].transform);
    CHECK(loaded.workN == plan.workN);
}

TEST_CASE("multidimensional and real requests that no plan can do are refused naming the field") {
    auto refusal = [](NdCase c, const std::string& method = "auto") {
        fft::FftRequest r = ndRequest(c);
        r.method = method;
        try {
            fft::planFft(r);
        } catch (const Error& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    CHECK(refusal({{2, 3, 4, 5}}).find("at most 3") != std::string::npos);
    CHECK(refusal({{29, 4}}).find("axis 0 of length 29 has the prime factor 29") != std::string::npos);
    // Refused by the strided axis even where the last axis has such a factor too.
    CHECK(refusal({{1009, 1009}, 1, true}).find("axis 0 of length 1009 has the prime factor 1009") != std::string::npos);
    CHECK(refusal({{8, 1}, 1, true}).find("last axis of a real transform") != std::string::npos);
    CHECK(refusal({{8, 8}}, "stockham").find("--method") != std::string::npos);
    CHECK(refusal({{8192, 8}, 1, false, false, false, true, false, 512}).find("axis 0 of length 8192") !=
          std::string::npos);
    // A register limit (the 1D plans' --registers) is refused rather than ignored.
    fft::FftRequest limited = ndRequest({{8, 8}});
    limited.registersPerItem = 64;
    CHECK_THROWS_WITH_AS(fft::planFft(limited), doctest::Contains("--registers applies to 1D complex transforms only"), Error);
    // So are the 1D methods' shapes (a tile width, an exchange).
    fft::FftRequest tiled = ndRequest({{65536}, 1, true});
    tiled.hierarchicalMaxTileWidth = 32;
    CHECK_THROWS_WITH_AS(fft::planFft(tiled), doctest::Contains("--tile-width"), Error);
    fft::FftRequest exchanged = ndRequest({{8, 8}});
    exchanged.localByComponents = false;
    CHECK_THROWS_WITH_AS(fft::planFft(exchanged), doctest::Contains("--exchange"), Error);
}

TEST_CASE("descriptors of multidimensional and real plans: text, equality and the embedded registry") {
    rt::FftDescriptor a{4096, 2, rt::Precision::Float};
    a.shape = {64, 64};
    a.real = true;
    CHECK(a.text() == "n=64x64 batch=2 f32 real forward out-of-place");
    rt::FftDescriptor b = a;
    b.shape = {4096};
    CHECK_FALSE(a.sameTransform(b));
    rt::FftDescriptor oneD{4096, 2, rt::Precision::Float};
    CHECK(oneD.sameTransform(rt::FftDescriptor{4096, 2, rt::Precision::Float, false, false, false, {4096}}));
    NdCase c{{8, 6}, 2, true};
    rt::registerEmbeddedFftPlan(fft::planFft(ndRequest(c)));
    rt::FftDescriptor wanted{48, 2, rt::Precision::Double};
    wanted.shape = {8, 6};
    wanted.real = true;
    const rt::FftPlanDescription found = rt::findEmbeddedFftPlan(wanted);
    CHECK(found.real);
    CHECK(found.shape == std::vector<std::int64_t>{8, 6});
    wanted.real = false;
    CHECK_THROWS_AS(rt::findEmbeddedFftPlan(wanted), rt::Error);
}

