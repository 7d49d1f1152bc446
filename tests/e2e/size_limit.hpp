// The largest FFT size exponent the end-to-end FFT tests run: n = 2^1 .. 2^k. The default covers
// the whole range; LIFTCL_E2E_MAX_LOG2N lowers it where every kernel runs in a simulator (the
// Oclgrind ctest sets 6: every kernel kind still runs once, at small sizes).
#pragma once

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace liftcl::testing {

inline int maxLog2Size(int fullRange) {
    const char* text = std::getenv("LIFTCL_E2E_MAX_LOG2N");
    if (!text || !*text) return fullRange;
    char* end = nullptr;
    const long k = std::strtol(text, &end, 10);
    if (*end != '\0' || k < 1 || k > 30)
        throw std::invalid_argument("LIFTCL_E2E_MAX_LOG2N must be an integer in 1..30, not '" + std::string(text) + "'");
    return std::min(fullRange, static_cast<int>(k));
}

}  // namespace liftcl::testing
