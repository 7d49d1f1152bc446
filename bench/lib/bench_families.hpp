// The multidimensional and real FFT families of `liftcl bench --family` (issue 15's sweeps, the
// same points as bench/cufft_nd_bench.cu): c2c, r2c and c2r (1D), 2d, r2c2d and c2r2d, 3d, r2c3d and
// c2r3d (a C2R family the inverse of its R2C one, over the same shapes), each over
// its listed shapes, batched like the cuFFT program: batch = max(1, the --total-log2 buffer's
// complex values / the complex points of one transform) (a real transform's complex side is its
// half spectrum, n / W * (W/2+1) points for a last axis of W).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "bench/lib/bench_sweep.hpp"

namespace liftcl::bench {

struct BenchFamily {
    std::string name;  // c2c, r2c, c2r, 2d, r2c2d, c2r2d, 3d, r2c3d, c2r3d
    bool real = false;
    std::vector<std::vector<std::int64_t>> shapes;
    bool inverse = false;  // real: C2R (the half spectrum in, the real values out) rather than R2C
};

const std::vector<BenchFamily>& benchFamilies();
// Throws liftcl::Error naming the family and the known ones.
const BenchFamily& findBenchFamily(const std::string& name);

// Points of the families, fp32 first then fp64 as `options` selects, in the listed order; with
// maxLog2 > 0 only those of at most 2^maxLog2 points.
std::vector<BenchCase> makeFamilySweep(const std::vector<std::string>& families, const SweepOptions& options,
                                       int maxLog2 = 0);

// "64x64" for a shape of rank >= 2 (the CSV's N), "" for 1D.
std::string benchShapeText(const std::vector<std::int64_t>& shape);

}  // namespace liftcl::bench
