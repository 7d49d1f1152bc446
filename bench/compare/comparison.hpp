// The driver of the comparison programs (bench/compare/: cuFFT, clFFT, VkFFT). Each program only
// says how its library plans, runs and reads back one sweep point; the sweep, the input, the
// correctness check, the metrics and the CSV are liftcl's own (bench/lib: bench_sweep,
// bench_input, bench_check, bench_csv), so every library is measured exactly as `liftcl bench`
// measures liftcl, and `liftcl bench --compare` reads their CSVs.
//
// Options (the same names and defaults as `liftcl bench`):
//   --precision f32|f64|both  --min-log2 K  --max-log2 K  --total-log2 T  --single-log2 K
//   --mixed  --reps R  --warmup W  --check-bins B  --csv FILE  --no-copy
//   --family F,...  (the multidimensional and real sweeps of `liftcl bench --family`, bench_families.hpp)
// Kept to C++17: nvcc compiles the cuFFT program, which includes this header.
#pragma once

#include <complex>
#include <cstdint>
#include <exception>
#include <string>
#include <vector>

#include "bench/lib/bench_sweep.hpp"

namespace liftcl::bench {

// One library under comparison. The driver calls prepare, then time, then readTransform for the
// checked transforms, then release, for every sweep point.
class ComparedLibrary {
public:
    virtual ~ComparedLibrary() = default;
    virtual std::string name() const = 0;    // the CSV's library column: cufft, clfft, vkfft
    virtual std::string device() const = 0;  // device, driver, library version (printed)
    // Bytes the device can allocate in total and in one buffer (points that do not fit are skipped).
    virtual std::int64_t memoryBytes() const = 0;
    virtual std::int64_t maxBufferBytes() const = 0;
    // Plans the forward transform of the point and uploads the benchmark input; "" when ready,
    // else why not (the row gets nan times and the reason in its note).
    virtual std::string prepare(const BenchCase& benchCase) = 0;
    // Milliseconds of each of `repetitions` executions (device time), after `warmup` untimed ones.
    virtual std::vector<double> time(int repetitions, int warmup) = 0;
    // The output of transform `index` of the batch, widened to double.
    virtual std::vector<std::complex<double>> readTransform(std::int64_t index) = 0;
    virtual void release() = 0;  // the plan and buffers of the point
    // Milliseconds of each device-to-device copy of `bytes` (the bandwidth ceiling).
    virtual std::vector<double> timeCopy(std::int64_t bytes, int repetitions, int warmup) = 0;
    // Note items added to every row (e.g. "inplace" for VkFFT); "" for none.
    virtual std::string note() const { return ""; }
    // Whether prepare takes the points of --family (a shape of rank >= 2, real transforms); the
    // others' rows of those points say "unsupported".
    virtual bool multidimensional() const { return false; }
};

// Parses the options, runs the sweep with `library`, prints a table and writes the CSV. Returns
// the process exit status: 0, 1 when a point failed its check, 2 for bad options.
int runComparison(int argc, char** argv, ComparedLibrary& library);

void reportFailure(const char* program, const char* what);  // "program: what" on stderr

// A comparison program's main: constructs the library (its setup may throw) and runs it; a
// failure is reported on stderr with the program's name and exit status 2.
template <typename Library>
int comparisonMain(const char* name, int argc, char** argv) {
    try {
        Library library;
        return runComparison(argc, argv, library);
    } catch (const std::exception& e) {
        reportFailure(name, e.what());
        return 2;
    }
}

}  // namespace liftcl::bench
