// How accurate one FFT implementation is, measured the same way for every library: the transform
// under test runs on the benchmark's deterministic input (bench_input.hpp), its forward and
// inverse (unnormalised) outputs are compared with FFTW in long double (fftwl) of the same input,
// and inverse(forward(x)) / N with x. Errors:
//   rel L2  = ||y - ref||_2 / ||ref||_2
//   rel max = max_k |y_k - ref_k| / max_k |ref_k|
// The fp32 input is the fp64 input rounded to float, and the reference transforms that rounded
// input, so the errors are the implementation's own.
//
// `liftcl bench --accuracy` and the GPU programs of bench/gpu (cuFFT, VkFFT) both use this file;
// it depends on nothing but FFTW, bench_input, bench_sweep, ir/error and ir/number_format, so those programs link
// those sources without the rest of the compiler. Kept to C++17 (nvcc compiles includers).
#pragma once

#include <complex>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace liftcl::bench {

struct ErrorPair {
    double relL2 = 0;
    double relMax = 0;
};

struct TransformErrors {
    ErrorPair forward, inverse, roundTrip;
};

enum class TransformDirection { Forward, Inverse };

// The implementation under test: `batch` contiguous transforms of size n of `input`, unnormalised
// in both directions (forward exp(-2 pi i jk/n), inverse exp(+2 pi i jk/n)), in the working
// precision. Throws on failure.
template <typename Real>
using TransformFunction =
    std::function<std::vector<std::complex<Real>>(const std::vector<std::complex<Real>>& input, TransformDirection)>;

TransformErrors measureTransformErrors(std::int64_t n, std::int64_t batch, const TransformFunction<float>& transform);
TransformErrors measureTransformErrors(std::int64_t n, std::int64_t batch, const TransformFunction<double>& transform);

// `batch` transforms of size n in long double with FFTW (sign -1 forward, +1 inverse,
// unnormalised); several threads for large n.
std::vector<std::complex<long double>> fftwLongDouble(const std::vector<std::complex<long double>>& x, std::int64_t n,
                                                      std::int64_t batch, int sign);

// The errors of y * scale against the reference.
ErrorPair relativeErrors(const std::vector<std::complex<float>>& y,
                         const std::vector<std::complex<long double>>& reference, long double scale = 1);
ErrorPair relativeErrors(const std::vector<std::complex<double>>& y,
                         const std::vector<std::complex<long double>>& reference, long double scale = 1);

// The sizes of the accuracy table: 2^1 .. 2^maxLog2 (1..26), then the mixed-radix sizes of the
// benchmark (bench_sweep.hpp) that are not larger.
std::vector<std::int64_t> accuracySizes(int maxLog2, bool mixed);

// The accuracy CSV: one line per (library, precision, N, direction), direction forward | inverse |
// roundtrip; precision fp32 | fp64; errors in %.6e. bench/README.md documents it.
inline constexpr const char* kAccuracyCsvHeader = "library,precision,N,direction,rel_l2,rel_max";
std::string accuracyCsvLines(const std::string& library, bool isDouble, std::int64_t n, const TransformErrors& errors);

}  // namespace liftcl::bench
