// Appendix A of the thesis, one TEST_CASE per lemma: the interpretation of each building block of
// fft/lift/prelude.lift equals multiplication with the matrix of chapter 2, built here directly
// from the definitions (Kronecker product 2.1, mod-p sort 2.2, Butterfly 2.3, Stockham 2.6/2.7,
// Cooley-Tukey 2.4/2.5, DFT slice of the four-step method).
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "program_runner.hpp"

namespace {

using liftcl::reference::ComplexL;
using liftcl::reference::omegaL;
using liftcl::testing::fftExample;
using liftcl::testing::Nats;
using liftcl::testing::randomVector;
using liftcl::testing::runOnVector;

using Matrix = std::vector<std::vector<ComplexL>>;

Matrix zeros(std::size_t rows, std::size_t cols) { return Matrix(rows, std::vector<ComplexL>(cols)); }

Matrix identity(std::size_t n) {
    Matrix m = zeros(n, n);
    for (std::size_t k = 0; k < n; ++k) m[k][k] = 1;
    return m;
}

Matrix product(const Matrix& a, const Matrix& b) {
    Matrix c = zeros(a.size(), b[0].size());
    for (std::size_t i = 0; i < a.size(); ++i)
        for (std::size_t k = 0; k < b.size(); ++k)
            for (std::size_t j = 0; j < b[0].size(); ++j) c[i][j] += a[i][k] * b[k][j];
    return c;
}

Matrix transposed(const Matrix& a) {
    Matrix t = zeros(a[0].size(), a.size());
    for (std::size_t i = 0; i < a.size(); ++i)
        for (std::size_t j = 0; j < a[0].size(); ++j) t[j][i] = a[i][j];
    return t;
}

// Definition 2.1.
Matrix kron(const Matrix& a, const Matrix& b) {
    const std::size_t m = b.size(), n = b[0].size();
    Matrix c = zeros(a.size() * m, a[0].size() * n);
    for (std::size_t r = 0; r < a.size(); ++r)
        for (std::size_t s = 0; s < a[0].size(); ++s)
            for (std::size_t i = 0; i < m; ++i)
                for (std::size_t j = 0; j < n; ++j) c[r * m + i][s * n + j] = a[r][s] * b[i][j];
    return c;
}

std::vector<ComplexL> apply(const Matrix& a, const std::vector<ComplexL>& v) {
    std::vector<ComplexL> y(a.size());
    for (std::size_t i = 0; i < a.size(); ++i)
        for (std::size_t j = 0; j < v.size(); ++j) y[i] += a[i][j] * v[j];
    return y;
}

// Definition 2.2: Pi^T_{p,n} v stacks v(0:p:n-1), v(1:p:n-1), ..., v(p-1:p:n-1).
Matrix modpSortMatrix(std::size_t p, std::size_t n) {
    Matrix m = zeros(n, n);
    std::size_t row = 0;
    for (std::size_t j = 0; j < p; ++j)
        for (std::size_t k = j; k < n; k += p) m[row++][k] = 1;
    return m;
}

Matrix dftMatrix(std::size_t n) {
    Matrix m = zeros(n, n);
    for (std::size_t j = 0; j < n; ++j)
        for (std::size_t k = 0; k < n; ++k)
            m[j][k] = omegaL(static_cast<std::int64_t>(j * k), static_cast<std::int64_t>(n));
    return m;
}

// Definition 2.3: B_{p,L} = (DFT_p (x) I_{L/p}) diag(I, Omega, ..., Omega^{p-1}),
// Omega = diag(1, w_L, ..., w_L^{L/p-1}).
Matrix butterflyMatrix(std::size_t p, std::size_t L) {
    const std::size_t r = L / p;
    Matrix twiddles = zeros(L, L);
    for (std::size_t block = 0; block < p; ++block)
        for (std::size_t d = 0; d < r; ++d)
            twiddles[block * r + d][block * r + d] =
                omegaL(static_cast<std::int64_t>(block * d), static_cast<std::int64_t>(L));
    return product(kron(dftMatrix(p), identity(r)), twiddles);
}

long double maxDifference(const std::vector<ComplexL>& a, const std::vector<ComplexL>& b) {
    REQUIRE(a.size() == b.size());
    long double worst = 0;
    for (std::size_t k = 0; k < a.size(); ++k) worst = std::max(worst, std::abs(a[k] - b[k]));
    return worst;
}

constexpr long double kTolerance = 1e-12L;

// The expression `def` of `path` on random data of size n against the matrix.
void checkAgainstMatrix(const std::string& path, const std::string& def, const Nats& nats,
                        const Matrix& matrix) {
    const auto v = randomVector(matrix.size(), 11);
    CHECK(maxDifference(runOnVector(path, def, nats, v), apply(matrix, v)) < kTolerance);
}

struct PL {
    std::size_t n, L, p;
};
const std::vector<PL> kPasses = {{8, 2, 2}, {8, 4, 2}, {8, 8, 2},  {16, 4, 4}, {16, 16, 4},
                                 {64, 8, 8}, {24, 6, 3}, {24, 12, 2}, {30, 15, 5}, {36, 36, 6}};

Nats natsOf(const PL& s) {
    return {{"n", static_cast<std::int64_t>(s.n)}, {"L", static_cast<std::int64_t>(s.L)},
            {"p", static_cast<std::int64_t>(s.p)}};
}

}  // namespace

TEST_CASE("Lemma A.1: modpsort(p) is the mod-p sort permutation Pi^T_{p,n}") {
    for (const auto& entry : std::vector<std::pair<std::size_t, std::size_t>>{
             {4, 2}, {8, 2}, {8, 4}, {12, 3}, {30, 5}, {36, 6}, {16, 16}}) {
        const auto& n = std::get<0>(entry);
        const auto& p = std::get<1>(entry);
        CAPTURE(n);
        CAPTURE(p);
        checkAgainstMatrix(fftExample("prelude.lift"), "modpsort", {{"p", static_cast<std::int64_t>(p)}},
                           modpSortMatrix(p, n));
    }
}

TEST_CASE("Lemma 3.2 / A.1.4: stockperm(n, L, p) is Q_{p,L} = Pi^T_{p,L} (x) I_{n/L}") {
    for (const auto& s : kPasses) {
        CAPTURE(s.n);
        CAPTURE(s.L);
        CAPTURE(s.p);
        checkAgainstMatrix(fftExample("prelude.lift"), "stockperm", natsOf(s),
                           kron(modpSortMatrix(s.p, s.L), identity(s.n / s.L)));
    }
}

TEST_CASE("Lemma A.3: multB(p, L) is the Butterfly matrix B_{p,L}") {
    for (const auto& entry : std::vector<std::pair<std::size_t, std::size_t>>{
             {2, 2}, {4, 2}, {8, 2}, {16, 4}, {64, 8}, {12, 3}, {30, 5}, {36, 6}}) {
        const auto& L = std::get<0>(entry);
        const auto& p = std::get<1>(entry);
        CAPTURE(L);
        CAPTURE(p);
        checkAgainstMatrix(fftExample("prelude.lift"), "multB",
                           {{"p", static_cast<std::int64_t>(p)}, {"L", static_cast<std::int64_t>(L)}},
                           butterflyMatrix(p, L));
    }
}

TEST_CASE("Lemma 3.3 / A.1.5: stockcombine(n, L, p) is S_{p,L} = B_{p,L} (x) I_{n/L}") {
    for (const auto& s : kPasses) {
        CAPTURE(s.n);
        CAPTURE(s.L);
        checkAgainstMatrix(fftExample("prelude.lift"), "stockcombine", natsOf(s),
                           kron(butterflyMatrix(s.p, s.L), identity(s.n / s.L)));
    }
}

TEST_CASE("Lemma 3.1 / A.4: kronapply(m, f) applies A (x) I_m when f applies A") {
    const std::string path = liftcl::testing::writeTestModule(
        "kronapply", "def kronModp(m, p) = kronapply(m, modpsort(p))\n"
                     "def kronMultB(m, p, L) = kronapply(m, multB(p, L))\n"
                     "def kronDft(m, r) = kronapply(m, \\xs => matrixMult(DFT(r), xs))\n");
    for (const auto& entry : std::vector<std::array<std::int64_t, 3>>{
             {1, 8, 2}, {2, 8, 4}, {3, 4, 2}, {4, 6, 3}, {5, 4, 4}}) {
        const auto& m = std::get<0>(entry);
        const auto& r = std::get<1>(entry);
        const auto& p = std::get<2>(entry);
        CAPTURE(m);
        CAPTURE(r);
        CAPTURE(p);
        const auto rs = static_cast<std::size_t>(r), ms = static_cast<std::size_t>(m);
        checkAgainstMatrix(path, "kronModp", {{"m", m}, {"p", p}}, kron(modpSortMatrix(p, rs), identity(ms)));
        checkAgainstMatrix(path, "kronMultB", {{"m", m}, {"p", p}, {"L", r}},
                           kron(butterflyMatrix(static_cast<std::size_t>(p), rs), identity(ms)));
        checkAgainstMatrix(path, "kronDft", {{"m", m}, {"r", r}}, kron(dftMatrix(rs), identity(ms)));
    }
}

TEST_CASE("Lemma A.5: twiddleMult(n1, n2) multiplies v_{n2 x n1} by DFT_n(0:n2-1, 0:n1-1)") {
    for (const auto& entry : std::vector<std::pair<std::size_t, std::size_t>>{
             {2, 2}, {4, 8}, {8, 4}, {3, 5}, {6, 6}, {16, 16}}) {
        const auto& n1 = std::get<0>(entry);
        const auto& n2 = std::get<1>(entry);
        const std::size_t n = n1 * n2;
        CAPTURE(n1);
        CAPTURE(n2);
        // Element (row j, column k) of the (n2 x n1) matrix-split is v[j*n1 + k].
        Matrix diag = zeros(n, n);
        for (std::size_t j = 0; j < n2; ++j)
            for (std::size_t k = 0; k < n1; ++k)
                diag[j * n1 + k][j * n1 + k] =
                    omegaL(static_cast<std::int64_t>(j * k), static_cast<std::int64_t>(n));
        checkAgainstMatrix(fftExample("prelude.lift"), "twiddleMult",
                           {{"n1", static_cast<std::int64_t>(n1)}, {"n2", static_cast<std::int64_t>(n2)}},
                           diag);
    }
}

TEST_CASE("Lemma 3.4 / Definition 2.4: cooleyperm is R_q = I_{n/L} (x) Pi_{p,L}, bitrev is P_n^T") {
    for (const auto& s : kPasses) {
        CAPTURE(s.n);
        CAPTURE(s.L);
        checkAgainstMatrix(fftExample("prelude.lift"), "cooleyperm", natsOf(s),
                           kron(identity(s.n / s.L), transposed(modpSortMatrix(s.p, s.L))));
    }
    // P_n(rho) = R_t ... R_1 for rho = <2, 4, 8> (n = 64); the Cooley-Tukey FFT needs its transpose.
    const std::size_t n = 64;
    Matrix P = identity(n);
    std::size_t L = 1;
    for (std::size_t p : {2, 4, 8}) {
        L *= p;
        P = product(kron(identity(n / L), transposed(modpSortMatrix(p, L))), P);
    }
    checkAgainstMatrix(fftExample("prelude.lift"), "bitrevMixed",
                       {{"n", 64}, {"p1", 2}, {"k1", 1}, {"p2", 4}, {"k2", 1}, {"p3", 8}, {"k3", 1}},
                       transposed(P));
}

TEST_CASE("Lemma 3.5 / Definition 2.5: cooleytukeyPass is C_q = I_{n/L} (x) B_{p,L}") {
    for (const auto& s : kPasses) {
        CAPTURE(s.n);
        CAPTURE(s.L);
        checkAgainstMatrix(fftExample("cooley_tukey.lift"), "cooleytukeyPass", natsOf(s),
                           kron(identity(s.n / s.L), butterflyMatrix(s.p, s.L)));
    }
}

TEST_CASE("Theorem 3.1: stockhamPass(n, L, p) is S_{p,L} Q_{p,L}") {
    for (const auto& s : kPasses) {
        CAPTURE(s.n);
        CAPTURE(s.L);
        const Matrix q = kron(modpSortMatrix(s.p, s.L), identity(s.n / s.L));
        const Matrix S = kron(butterflyMatrix(s.p, s.L), identity(s.n / s.L));
        checkAgainstMatrix(fftExample("stockham.lift"), "stockhamPass", natsOf(s), product(S, q));
        checkAgainstMatrix(fftExample("stockham.lift"), "stockhamTwPass", natsOf(s), product(S, q));
    }
}
