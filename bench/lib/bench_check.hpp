// The per-size correctness check of `liftcl bench` and of bench/compare: a few bins of the first,
// a middle and the last transform of the batch against a naive long-double DFT of the same input. The error is max |X_k - Xref_k| / ||x||_2 (||x||_2 is the rms of |Xref| by
// Parseval), so it reads as a relative error of the transform.
#pragma once

#include <complex>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "bench/lib/bench_sweep.hpp"

namespace liftcl::bench {

// The whole output of transform `index` of the batch, widened to double.
using TransformReader = std::function<std::vector<std::complex<double>>(std::int64_t index)>;

struct CheckResult {
    double relativeError = 0;
    int bins = 0;
    bool passed() const { return relativeError <= tolerance; }
    double tolerance = 0;
};

// 1e-5 for fp32, 1e-12 for fp64 (the harness's limits).
double checkTolerance(bool isDouble);

// Checks `binsPerTransform` bins (bin 1, N-1, N/2 and hashed ones) of up to three transforms.
CheckResult checkCase(const BenchCase& benchCase, const TransformReader& read, int binsPerTransform);

// --family points (multidimensional or real, bench_families.hpp): the whole first and last
// transforms of the batch against FFTW in double (their relative L2 error), when
// binsPerTransform > 0. An R2C transform's input element i is inputScalar(i); a C2R one's first and
// last transforms read halfSpectrumInput (its output read as complex values of imaginary part 0).
CheckResult checkWholeTransforms(const BenchCase& benchCase, const TransformReader& read, int binsPerTransform);

// A C2R point's input of transform `index`: the half spectrum (FFTW) of the R2C point's real input
// of that transform, rounded to the precision, so that it is a half spectrum of real values and
// FFTW's C2R of it the reference. (The other transforms of the batch are any values: the time does
// not depend on them.)
std::vector<std::complex<double>> halfSpectrumInput(const BenchCase& benchCase, std::int64_t index);

}  // namespace liftcl::bench
