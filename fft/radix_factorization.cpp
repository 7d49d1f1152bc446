#include "fft/radix_factorization.hpp"

#include <algorithm>
#include <charconv>

#include "ir/error.hpp"

namespace liftcl::fft {

const std::vector<std::int64_t>& supportedRadices() {
    static const std::vector<std::int64_t> radices = {2, 3, 4, 5, 7, 8, 11, 13, 16, 17, 19, 23};
    return radices;
}

const std::vector<std::int64_t>& radixPrimes() {
    static const std::vector<std::int64_t> primes = {23, 19, 17, 13, 11, 7, 5, 3, 2};
    return primes;
}

bool isSmooth(std::int64_t n, const std::vector<std::int64_t>& primes) {
    if (n < 1) return false;
    for (std::int64_t p : primes)
        while (n % p == 0) n /= p;
    return n == 1;
}

std::string supportedRadicesText() {
    std::string s;
    for (auto r : supportedRadices()) s += (s.empty() ? "" : ", ") + std::to_string(r);
    return s;
}

std::vector<std::int64_t> unsupportedFactors(std::int64_t n) {
    for (std::int64_t p : radixPrimes())
        while (n > 1 && n % p == 0) n /= p;
    std::vector<std::int64_t> factors;
    for (std::int64_t p = 29; p * p <= n; p += 2)
        while (n % p == 0) factors.push_back(p), n /= p;
    if (n > 1) factors.push_back(n);
    return factors;
}

std::vector<std::int64_t> oddRadixFactors(std::int64_t n) {
    std::vector<std::int64_t> factors;
    for (std::int64_t p : radixPrimes())
        while (p != 2 && n % p == 0) factors.push_back(p), n /= p;
    return factors;
}

std::vector<std::int64_t> chooseRadices(std::int64_t n) {
    if (n < 2) throw Error("FFT size n=" + std::to_string(n) + " has no radix factorization (n must be at least 2)");
    if (isDirectDftSize(n)) return {n};
    if (!unsupportedFactors(n).empty())
        throw Error("FFT size n=" + std::to_string(n) + " has the prime factor " +
                    std::to_string(unsupportedFactors(n).front()) +
                    ": radix passes need sizes whose prime factors are at most 23 (radices " +
                    supportedRadicesText() + ")");
    std::int64_t twos = 0;
    while (n % 2 == 0) n /= 2, ++twos;
    std::vector<std::int64_t> radices;
    // ceil(twos/4) passes with 2^4 or 2^3 ... each, the exponents differing by at most one.
    const std::int64_t passes = (twos + 3) / 4;
    for (std::int64_t i = 0; i < passes; ++i) {
        const std::int64_t bits = twos / passes + (i < twos % passes ? 1 : 0);
        radices.push_back(std::int64_t{1} << bits);
    }
    for (std::int64_t p : oddRadixFactors(n)) radices.push_back(p);
    std::stable_sort(radices.begin(), radices.end(), std::greater<>());
    return radices;
}

bool isDirectDftSize(std::int64_t n) { return n > 13 && n <= kMaxDirectDft && isPrime(n); }

void checkRadices(std::int64_t n, const std::vector<std::int64_t>& radices) {
    if (radices.empty()) throw Error("--radices: no radix given for n=" + std::to_string(n));
    if (radices.size() == 1 && radices.front() == n && isDirectDftSize(n)) return;
    std::int64_t product = 1;
    std::string list;
    for (auto r : radices) {
        const auto& ok = supportedRadices();
        if (std::find(ok.begin(), ok.end(), r) == ok.end())
            throw Error("--radices: radix " + std::to_string(r) + " is not supported (supported: " +
                        supportedRadicesText() + ")");
        list += (list.empty() ? "" : "*") + std::to_string(r);
        if (product > n) break;
        product *= r;
    }
    if (product != n)
        throw Error("--radices: the radices " + list + " multiply to " + std::to_string(product) +
                    ", not the FFT size n=" + std::to_string(n));
}

std::string radicesText(const std::vector<std::int64_t>& radices, const std::string& separator) {
    std::string text;
    for (std::size_t i = 0; i < radices.size(); ++i) text += (i ? separator : "") + std::to_string(radices[i]);
    return text;
}

std::vector<std::int64_t> parseRadices(const std::string& text) {
    std::vector<std::int64_t> radices;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const std::string item = text.substr(start, comma - start);
        std::int64_t value = 0;
        const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), value);
        if (item.empty() || ec != std::errc{} || end != item.data() + item.size())
            throw Error("--radices: expected a comma-separated list of integers, found '" + item + "' in '" + text + "'");
        radices.push_back(value);
        start = comma + 1;
    }
    return radices;
}

bool isPowerOfTwo(std::int64_t n) { return n >= 1 && (n & (n - 1)) == 0; }

bool isPrime(std::int64_t n) {
    if (n < 2) return false;
    for (std::int64_t d = 2; d * d <= n; ++d)
        if (n % d == 0) return false;
    return true;
}

}  // namespace liftcl::fft
