// The benchmark's input data: every sweep point transforms the same deterministic sequence, a hash
// (splitmix64 finaliser) of the scalar index mapped to [-1, 1), so that liftcl and the comparison
// programs in bench/compare (cuFFT, clFFT, VkFFT) transform identical numbers. Complex element i has
// real part value(2i) and imaginary part value(2i+1); fp32 stores the fp64 value rounded to float.
#pragma once

#include <complex>
#include <cstddef>
#include <cstdint>

namespace liftcl::bench {

// Uniform in [-1, 1): the top 53 bits of the hash of `scalarIndex` as a fraction.
double inputScalar(std::uint64_t scalarIndex);

// Complex element `index` of the input exactly as the device sees it (rounded to float first when
// `isDouble` is false), widened to double.
std::complex<double> inputElement(std::uint64_t index, bool isDouble);

// Writes `count` complex elements starting with global element `first`.
void fillInput(std::complex<float>* destination, std::size_t count, std::uint64_t first = 0);
void fillInput(std::complex<double>* destination, std::size_t count, std::uint64_t first = 0);

}  // namespace liftcl::bench
