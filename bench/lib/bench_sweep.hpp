// The benchmark's sweep: which (precision, n, batch) points `liftcl bench` measures. Powers of two
// N = 2^min..2^max with batch = max(1, 2^T / N), T = total-log2 for fp32 and total-log2 - 1 for
// fp64, so every point moves the same number of bytes (the comparison programs of bench/compare
// use this sweep too); one extra batch = 1 point at N = 2^single-log2; optionally a mixed-radix set
// (2^a 3^b 5^c 7^d) batched by the same rule.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace liftcl::bench {

struct SweepOptions {
    bool fp32 = true;
    bool fp64 = true;
    int minLog2 = 4;
    int maxLog2 = 26;  // capped by the buffer: 2^26 fp32, 2^25 fp64 (the reference sweep)
    int totalLog2 = 26;
    int singleLog2 = 24;  // 0: no batch = 1 point
    bool mixed = false;
    // --sizes: exactly these sizes (any n >= 2, in the order given), batched by the same rule,
    // instead of the powers of two, the single point and the mixed set.
    std::vector<std::int64_t> sizes;
};

// The check of one item of a --sizes list (CLI11 validates each comma-separated item before it
// converts it): "" for a whole number, else why not, naming the item and the list's form (a list
// given with spaces, "16 32", is one item).
std::string sizeListItemError(const std::string& item);

struct BenchCase {
    bool isDouble = false;
    std::int64_t n = 0;
    std::int64_t batch = 1;
    bool single = false;  // the extra batch = 1 point
    bool mixed = false;   // from the mixed-radix set
    bool listed = false;  // from --sizes
    // --family points (bench_families.hpp): the transformed axes (last fastest; n their product),
    // real (R2C: n real values in, the half spectrum out; with inverse C2R: the half spectrum in, n
    // real values out, unscaled) and the family's name.
    std::vector<std::int64_t> shape;
    bool real = false;
    bool inverse = false;
    std::string family;

    const char* precisionName() const { return isDouble ? "fp64" : "fp32"; }
    std::int64_t complexBytes() const { return isDouble ? 16 : 8; }
    std::int64_t elements() const { return n * batch; }
    std::int64_t bytes() const { return elements() * complexBytes(); }  // one complex buffer
    // Complex points of one transform's output: n, or the half spectrum n / W * (W/2+1).
    std::int64_t complexPoints() const;
    double flops() const;       // 5 N log2(N) batch (2.5 for a real transform)
    double bytesMoved() const;  // the input read and the output written (2 N batch bytes_per_complex for C2C)
    std::string label() const;  // "fp32 N=1024 batch=65536"
};

// The mixed-radix sizes: 1680, 3000, 5040, 6000, 10080, 15120, 100000, 362880.
const std::vector<std::int64_t>& mixedRadixSizes();

// fp32 points first, then fp64; in each, powers of two ascending, the single point, then the mixed
// sizes (or only the --sizes, each with note "sizes"). Throws liftcl::Error for inconsistent options (min > max, log2 out of 1..30, ...).
std::vector<BenchCase> makeSweep(const SweepOptions& options);

}  // namespace liftcl::bench
