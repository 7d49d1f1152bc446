// A sweep point's data on an OpenCL device: the benchmark input (bench_input.hpp) written into a
// buffer in chunks, and one transform of an output buffer read back widened to double. Shared by
// `liftcl bench` (bench_runner) and the OpenCL comparison programs (bench/compare).
#pragma once

#include <complex>
#include <cstdint>
#include <vector>

#include "bench/lib/bench_sweep.hpp"
#include "runtime/buffer.hpp"
#include "runtime/queue.hpp"

namespace liftcl::bench {

// Writes the point's n * batch input elements (in its precision; real values for an R2C point)
// into `buffer`; a C2R point's half spectra (complex values), its first and last transforms
// halfSpectrumInput's (bench_check.hpp).
void uploadInput(const rt::Queue& queue, const rt::Buffer& buffer, const BenchCase& benchCase);
// A real point's input in the padded layout of in-place R2C (FFTW, cuFFT, VkFFT): each row of W
// values starts 2*(W/2+1) values after the one before, so the half spectrum overwrites it in place.
void uploadPaddedRealInput(const rt::Queue& queue, const rt::Buffer& buffer, const BenchCase& benchCase);
// Transform `index` of the batch in `buffer` (an R2C point's: its half spectrum; a C2R point's: its
// n real values, as complex values of imaginary part 0).
std::vector<std::complex<double>> readTransform(const rt::Queue& queue, const rt::Buffer& buffer,
                                                const BenchCase& benchCase, std::int64_t index);

}  // namespace liftcl::bench
