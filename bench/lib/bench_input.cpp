#include "bench/lib/bench_input.hpp"

namespace liftcl::bench {

namespace {

// Steele, Lea and Flood's splitmix64 step: a Weyl increment, then two xor-shift-multiply rounds.
std::uint64_t mixHash(std::uint64_t value) {
    std::uint64_t z = value + 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

}  // namespace

double inputScalar(std::uint64_t scalarIndex) {
    constexpr double kTwoToMinus52 = 1.0 / 4503599627370496.0;  // 2 / 2^53
    return static_cast<double>(mixHash(scalarIndex) >> 11) * kTwoToMinus52 - 1.0;
}

std::complex<double> inputElement(std::uint64_t index, bool isDouble) {
    const double re = inputScalar(2 * index);
    const double im = inputScalar(2 * index + 1);
    if (isDouble) return {re, im};
    return {static_cast<double>(static_cast<float>(re)), static_cast<double>(static_cast<float>(im))};
}

void fillInput(std::complex<float>* destination, std::size_t count, std::uint64_t first) {
    for (std::size_t i = 0; i < count; ++i) {
        const std::uint64_t e = first + i;
        destination[i] = {static_cast<float>(inputScalar(2 * e)), static_cast<float>(inputScalar(2 * e + 1))};
    }
}

void fillInput(std::complex<double>* destination, std::size_t count, std::uint64_t first) {
    for (std::size_t i = 0; i < count; ++i) {
        const std::uint64_t e = first + i;
        destination[i] = {inputScalar(2 * e), inputScalar(2 * e + 1)};
    }
}

}  // namespace liftcl::bench
