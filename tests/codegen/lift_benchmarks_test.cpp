// The Lift benchmark programs of examples/ (dot, ASUM, GEMV, GESUMMV, Black-Scholes, nearest
// neighbour, N-Body, K-Means, MRI-Q, molecular dynamics, 2D convolution): each
// high-level program equals a plain C++ reference in the interpreter, and its lowering BY STRATEGY
// (possibly several kernels: rewrite/kernel_sequence.hpp) equals the interpreter on the device.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <set>

#include "exec/kernel_execution.hpp"
#include "ir/printer.hpp"
#include "ir/program_loader.hpp"
#include "rewrite/kernel_sequence.hpp"
#include "rewrite/lowering.hpp"
#include "support/host_dot.hpp"
#include "support/kernel_harness.hpp"
#include "support/strategy_run.hpp"

using namespace liftcl;
using liftcl::testing::runByStrategy;
using liftcl::testing::StrategyRun;

using liftcl::testing::hostDot;

TEST_CASE("dot and ASUM by lower-reduction: two kernels, C++ and the interpreter agree") {
    const StrategyRun dot = runByStrategy("examples/dot_product.lift", "dot", "n=16384", "lower-reduction");
    CHECK(dot.kernels == 2);
    CHECK(dot.maxAbsError < 1e-11);
    CHECK(dot.expected.items.at(0).r == doctest::Approx(hostDot(dot.inputs[0], dot.inputs[1])).epsilon(1e-12));

    const StrategyRun asum = runByStrategy("examples/asum.lift", "asum", "n=16384", "lower-reduction");
    CHECK(asum.kernels == 2);
    CHECK(asum.maxAbsError < 1e-9);
    double s = 0;
    for (const auto& v : asum.inputs[0].items) s += std::fabs(v.r);
    CHECK(asum.expected.items.at(0).r == doctest::Approx(s).epsilon(1e-12));
}

TEST_CASE("GEMV and GESUMMV by lower-global: C++ and the interpreter agree") {
    const long m = 24, n = 40;
    const std::string set = "m=" + std::to_string(m) + ",n=" + std::to_string(n);
    const StrategyRun gemv = runByStrategy("examples/gemv.lift", "gemv", set, "lower-global");
    CHECK(gemv.maxAbsError < 1e-12);
    // alpha, M, x, beta, y
    for (long i = 0; i < m; ++i) {
        const double want = gemv.inputs[0].r * hostDot(gemv.inputs[1].items[i], gemv.inputs[2]) +
                            gemv.inputs[3].r * gemv.inputs[4].items[i].r;
        CHECK(gemv.expected.items.at(i).r == doctest::Approx(want).epsilon(1e-12));
    }
    const StrategyRun ges = runByStrategy("examples/gesummv.lift", "gesummv", set, "lower-global");
    CHECK(ges.maxAbsError < 1e-12);
    // alpha, A, B, x, beta
    for (long i = 0; i < m; ++i) {
        const double want = ges.inputs[0].r * hostDot(ges.inputs[1].items[i], ges.inputs[3]) +
                            ges.inputs[4].r * hostDot(ges.inputs[2].items[i], ges.inputs[3]);
        CHECK(ges.expected.items.at(i).r == doctest::Approx(want).epsilon(1e-12));
    }
}

TEST_CASE("Black-Scholes by lower-global: C++ and the interpreter agree") {
    const StrategyRun bs = runByStrategy("examples/black_scholes.lift", "blackScholes", "n=512", "lower-global");
    CHECK(bs.kernels == 1);
    CHECK(bs.maxAbsError < 1e-12);
    auto cnd = [](double d) {
        const double k = 1.0 / (1.0 + 0.2316419 * std::fabs(d));
        const double poly =
            k * (0.31938153 + k * (-0.356563782 + k * (1.781477937 + k * (-1.821255978 + k * 1.330274429))));
        const double c = 0.3989422804014327 * std::exp(-0.5 * d * d) * poly;
        return d > 0 ? 1.0 - c : c;
    };
    const double x = 30.0, t = 1.5, r = 0.02, v = 0.30;
    for (std::size_t i = 0; i < bs.inputs[0].items.size(); ++i) {
        const double stock = 5.0 + 25.0 * std::fabs(bs.inputs[0].items[i].r);
        const double d1 = (std::log(stock / x) + (r + 0.5 * v * v) * t) / (v * std::sqrt(t));
        const double d2 = d1 - v * std::sqrt(t);
        const double call = stock * cnd(d1) - x * std::exp(-r * t) * cnd(d2);
        const double put = x * std::exp(-r * t) * (1.0 - cnd(d2)) - stock * (1.0 - cnd(d1));
        CHECK(bs.expected.items[i].items.at(0).r == doctest::Approx(call).epsilon(1e-12));
        CHECK(bs.expected.items[i].items.at(1).r == doctest::Approx(put).epsilon(1e-12));
    }
}

namespace {

// The largest magnitude of the reals in v: the scale of relative error bounds.
double maxAbs(const ir::Value& v) {
    if (v.kind == ir::Value::Kind::Real) return std::fabs(v.r);
    double m = 0;
    for (const auto& x : v.items) m = std::max(m, maxAbs(x));
    return m;
}

std::array<double, 3> add3(std::array<double, 3> a, const std::array<double, 3>& b) {
    for (int c = 0; c < 3; ++c) a[c] += b[c];
    return a;
}

}  // namespace

TEST_CASE("nearest neighbour by lower-global: C++ and the interpreter agree") {
    const StrategyRun nn = runByStrategy("examples/nearest_neighbour.lift", "nearestNeighbour", "n=96", "lower-global");
    CHECK(nn.kernels == 1);
    CHECK(nn.maxAbsError < 1e-14);
    // records, lat, lng
    const double lat = nn.inputs[1].r, lng = nn.inputs[2].r;
    REQUIRE(nn.expected.items.size() == 96);
    for (std::size_t i = 0; i < 96; ++i) {
        const auto& r = nn.inputs[0].items[i];
        const double want = std::sqrt((lat - r.items[0].r) * (lat - r.items[0].r) + (lng - r.items[1].r) * (lng - r.items[1].r));
        CHECK(nn.expected.items[i].r == doctest::Approx(want).epsilon(1e-14));
    }
}

TEST_CASE("N-Body by lower-global-fused: one step, C++ and the interpreter agree") {
    const std::size_t n = 64;
    const StrategyRun nb = runByStrategy("examples/nbody.lift", "nbody", "n=64", "lower-global-fused");
    CHECK(nb.kernels == 1);
    CHECK(nb.lowered.find("toPrivate") == std::string::npos);  // the pulls fused into the sum
    CHECK(nb.maxAbsError < 1e-12 * std::max(1.0, maxAbs(nb.expected)));
    // bodies {x, y, z, m}, velocities {vx, vy, vz}, eps, dt
    const auto& bodies = nb.inputs[0].items;
    const auto& velocities = nb.inputs[1].items;
    const double eps = nb.inputs[2].r, dt = nb.inputs[3].r;
    REQUIRE(nb.expected.items.size() == n);
    for (std::size_t i = 0; i < n; ++i) {
        std::array<double, 3> a{0, 0, 0};
        for (std::size_t j = 0; j < n; ++j) {
            std::array<double, 3> d;
            for (int c = 0; c < 3; ++c) d[c] = bodies[j].items[c].r - bodies[i].items[c].r;
            const double d2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + eps * eps;
            const double s = bodies[j].items[3].r / (d2 * std::sqrt(d2));
            a = add3(a, {d[0] * s, d[1] * s, d[2] * s});
        }
        const auto& got = nb.expected.items[i];
        for (int c = 0; c < 3; ++c) {
            const double v = velocities[i].items[c].r + dt * a[c];
            CHECK(got.items[1].items[c].r == doctest::Approx(v).epsilon(1e-11));
            CHECK(got.items[0].items[c].r == doctest::Approx(bodies[i].items[c].r + dt * v).epsilon(1e-11));
        }
        CHECK(got.items[0].items[3].r == bodies[i].items[3].r);
    }
}

TEST_CASE("K-Means assignment by lower-global-fused: C++ and the interpreter agree") {
    const std::size_t n = 64, k = 8, f = 6;
    const StrategyRun km = runByStrategy("examples/kmeans.lift", "kmeans", "n=64,k=8,f=6", "lower-global-fused");
    CHECK(km.kernels == 1);
    CHECK(km.maxAbsError == 0);
    // points [[real]f]n, centroids [[real]f]k
    REQUIRE(km.expected.items.size() == n);
    std::set<std::int64_t> chosen;
    for (std::size_t i = 0; i < n; ++i) {
        std::int64_t best = 0;
        double bestDist = INFINITY;
        for (std::size_t c = 0; c < k; ++c) {
            double d = 0;
            for (std::size_t j = 0; j < f; ++j) {
                const double t = km.inputs[0].items[i].items[j].r - km.inputs[1].items[c].items[j].r;
                d += t * t;
            }
            if (d < bestDist) bestDist = d, best = static_cast<std::int64_t>(c);
        }
        CHECK(km.expected.items[i].kind == ir::Value::Kind::Int);
        CHECK(km.expected.items[i].i == best);
        chosen.insert(best);
    }
    CHECK(chosen.size() > 2);  // the random points do not all fall to one centroid
}

TEST_CASE("MRI-Q by lower-global-fused: C++ and the interpreter agree") {
    const std::size_t n = 32, m = 24;
    const StrategyRun q = runByStrategy("examples/mri_q.lift", "mriQ", "n=32,m=24", "lower-global-fused");
    CHECK(q.kernels == 1);
    CHECK(q.lowered.find("toPrivate") == std::string::npos);
    CHECK(q.maxAbsError < 1e-12);
    // x, y, z, kx, ky, kz, phiR, phiI
    const auto& in = q.inputs;
    const double pi = std::acos(-1.0);
    REQUIRE(q.expected.items.size() == n);
    for (std::size_t i = 0; i < n; ++i) {
        double qr = 0, qi = 0;
        for (std::size_t j = 0; j < m; ++j) {
            const double phiMag = in[6].items[j].r * in[6].items[j].r + in[7].items[j].r * in[7].items[j].r;
            const double arg = 2 * pi *
                               (in[3].items[j].r * in[0].items[i].r + in[4].items[j].r * in[1].items[i].r +
                                in[5].items[j].r * in[2].items[i].r);
            qr += phiMag * std::cos(arg);
            qi += phiMag * std::sin(arg);
        }
        CHECK(q.expected.items[i].items.at(0).r == doctest::Approx(qr).epsilon(1e-12));
        CHECK(q.expected.items[i].items.at(1).r == doctest::Approx(qi).epsilon(1e-12));
    }
}

TEST_CASE("molecular dynamics (neighbour lists read by at) by lower-global-fused: C++ and the interpreter agree") {
    const std::size_t n = 128, m = 12;  // random int indices are 0..99 < n
    const StrategyRun md = runByStrategy("examples/molecular_dynamics.lift", "md", "n=128,m=12", "lower-global-fused");
    CHECK(md.kernels == 1);
    CHECK(md.lowered.find("toPrivate") == std::string::npos);
    CHECK(md.maxAbsError <= 1e-12 * std::max(1.0, maxAbs(md.expected)));
    // positions, neighbours, lj1, lj2
    const auto& pos = md.inputs[0].items;
    const double lj1 = md.inputs[2].r, lj2 = md.inputs[3].r;
    REQUIRE(md.expected.items.size() == n);
    std::size_t interacting = 0;
    for (std::size_t i = 0; i < n; ++i) {
        std::array<double, 3> f{0, 0, 0};
        for (std::size_t k = 0; k < m; ++k) {
            const auto j = static_cast<std::size_t>(md.inputs[1].items[i].items[k].i);
            std::array<double, 3> d;
            for (int c = 0; c < 3; ++c) d[c] = pos[i].items[c].r - pos[j].items[c].r;
            const double r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
            if (!(r2 < 16.0 && r2 > 0.0)) continue;
            ++interacting;
            const double r2inv = 1.0 / r2, r6inv = r2inv * r2inv * r2inv;
            const double force = r2inv * r6inv * (lj1 * r6inv - lj2);
            f = add3(f, {d[0] * force, d[1] * force, d[2] * force});
        }
        for (int c = 0; c < 3; ++c)
            CHECK(md.expected.items[i].items.at(c).r == doctest::Approx(f[c]).epsilon(1e-11));
    }
    CHECK(interacting > n * m / 2);
}

TEST_CASE("2D convolution: plain and tiled by lower-global-2d, tiled through local memory; C++ and the interpreter agree") {
    const long h = 16, w = 24, t = 8;
    const StrategyRun conv = runByStrategy("examples/convolution2d.lift", "convolution", "h=16,w=24", "lower-global-2d");
    CHECK(conv.kernels == 1);
    CHECK(conv.maxAbsError < 1e-14);
    // weights [real]9, img [[real]w]h; the border clamped
    const auto& wt = conv.inputs[0].items;
    const auto& img = conv.inputs[1].items;
    auto pixel = [&](long i, long j) {
        return img[static_cast<std::size_t>(std::clamp(i, 0L, h - 1))].items[static_cast<std::size_t>(std::clamp(j, 0L, w - 1))].r;
    };
    REQUIRE(conv.expected.items.size() == static_cast<std::size_t>(h));
    for (long i = 0; i < h; ++i)
        for (long j = 0; j < w; ++j) {
            double s = 0;
            for (long di = 0; di < 3; ++di)
                for (long dj = 0; dj < 3; ++dj) s += pixel(i + di - 1, j + dj - 1) * wt[static_cast<std::size_t>(3 * di + dj)].r;
            CHECK(conv.expected.items[static_cast<std::size_t>(i)].items.at(static_cast<std::size_t>(j)).r ==
                  doctest::Approx(s).epsilon(1e-14));
        }
    // The tiled program is the same function (same inputs: same seed, same parameters).
    const std::string set = "h=16,w=24,t=" + std::to_string(t);
    const StrategyRun tiled = runByStrategy("examples/convolution2d.lift", "convolutionTiled", set, "lower-global-2d");
    CHECK(tiled.kernels == 1);
    CHECK(tiled.maxAbsError < 1e-14);
    CHECK(ir::maxAbsDifference(tiled.expected, conv.expected) < 1e-14);
    // The hand-lowered local-memory version on the device against the high-level interpreter.
    const testing::KernelRun local = testing::runAndCompare("examples/convolution2d.lift", "convolutionTiledLocal", set,
                                                            {}, "", "convolution");
    CHECK(local.kernel.source.find("local real") != std::string::npos);
    CHECK(local.maxAbsError < 1e-14);
}

TEST_CASE("GEMV, GESUMMV and N-Body by lower-reduction-workgroup: a work-group per row, a tree in local memory") {
    const long m = 8;
    const StrategyRun gemv = runByStrategy("examples/gemv.lift", "gemv", "m=8,n=512", "lower-reduction-workgroup");
    CHECK(gemv.lowered.find("mapWrg") != std::string::npos);
    CHECK(gemv.kernels == 1);  // alpha * r + beta * y moved into the rows' work-groups (zip-join-fusion)
    CHECK(gemv.maxAbsError < 1e-12);
    for (long i = 0; i < m; ++i) {
        const double want = gemv.inputs[0].r * hostDot(gemv.inputs[1].items[i], gemv.inputs[2]) +
                            gemv.inputs[3].r * gemv.inputs[4].items[i].r;
        CHECK(gemv.expected.items.at(i).r == doctest::Approx(want).epsilon(1e-12));
    }
    // GESUMMV: both dot products of a row get their tree (two per work-group), and the result
    // alpha * a + beta * b is applied in the same work-group: one kernel, no loop over a whole row.
    const StrategyRun ges = runByStrategy("examples/gesummv.lift", "gesummv", "m=8,n=512", "lower-reduction-workgroup");
    CAPTURE(ges.source);
    CHECK(ges.kernels == 1);
    CHECK(ges.source.find("< 512; ++i") == std::string::npos);
    CHECK(ges.maxAbsError < 1e-12);
    for (long i = 0; i < m; ++i) {
        const double want = ges.inputs[0].r * hostDot(ges.inputs[1].items[i], ges.inputs[3]) +
                            ges.inputs[4].r * hostDot(ges.inputs[2].items[i], ges.inputs[3]);
        CHECK(ges.expected.items.at(i).r == doctest::Approx(want).epsilon(1e-12));
    }
    // The sum over all bodies of three-component pulls: tuples in local memory.
    const StrategyRun nb = runByStrategy("examples/nbody.lift", "nbody", "n=256", "lower-reduction-workgroup");
    CHECK(nb.lowered.find("mapWrg") != std::string::npos);
    CHECK(nb.maxAbsError < 1e-12 * std::max(1.0, maxAbs(nb.expected)));
}
