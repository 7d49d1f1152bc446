// Bluestein's method of FFT plans, for every size n (the default for sizes with a prime factor
// above 23, which have no radix factorization): the DFT of size n as a cyclic convolution of
// padded size m >= 2n-2 (fft/lift/bluestein.lift). When the FFT of size m fits one work-group, the
// whole method is ONE kernel (fft/bluestein_one_kernel.hpp); when it fits the local method, TWO
// (steps 1-3 and 4-5, each around one local FFT kernel); otherwise five steps:
//   1. chirp multiplication and zero padding to m (one kernel),
//   2. the forward FFT of size m, planned by method auto (its own passes),
//   3. the product with the spectrum of the conjugate chirp (one kernel),
//   4. the inverse FFT of size m (method auto),
//   5. truncation to n, chirp multiplication and scaling (one kernel).
// The chirp comes from k^2 mod 2n in exact integers and the spectrum from a long double FFT on the
// host (runtime/fft/fft_tables.hpp), so large n keeps the accuracy of the FFTs of size m. The plan's
// temporaries hold m values per transform.
#pragma once

#include "fft/fft_method.hpp"

namespace liftcl::fft {

// The default padded size: the smallest power of two >= 2n-2 when the whole method then fits one
// kernel (bluestein_one_kernel.hpp), else the smallest 2^a 3^b 5^c 7^d >= 2n-2 when that does, else
// whichever of the two moves fewer values (size times the kernels of its FFT's auto plan, those of
// a size with odd factors counted 1.25 times: they run slower), for a device of that local memory
// (FftRequest::localMemoryBytes; 0: unknown).
std::int64_t bluesteinPaddedSize(std::int64_t n, ir::ScalarKind precision, std::int64_t deviceLocalMemoryBytes = 0);
// The smallest 2^a 3^b 5^c 7^d >= 2n-2 (the default padding where the power of two does not win).
std::int64_t smallestSmoothPadding(std::int64_t n);
// The request's padded size (FftRequest::paddedN, else the default); throws liftcl::Error when a
// given one is below 2n-2 or has no radix factorization, or m*batch is too large.
std::int64_t bluesteinPaddedSize(const FftRequest& request);

// Whether the padded transform of the request fits one kernel (its padded size fits the local method).
bool bluesteinFitsOneKernel(const FftRequest& request);

// How the steps become kernels. Fewest ("bluestein", the default): one kernel where
// bluesteinFitsOneKernel, else two where the FFT of size m is one local kernel (the element-wise
// steps fused into the FFTs' first and last stages, bluestein_one_kernel.hpp), else the five steps.
// TwoKernels ("bluestein-two-kernels"): the two kernels even where one fits (refused where the FFT
// of m is not one local kernel). Steps ("bluestein-steps"): always the five steps. The last two are
// for --tune and the kernel-safety tests.
enum class BluesteinForm { Fewest, TwoKernels, Steps };

class BluesteinMethod : public Method {
public:
    explicit BluesteinMethod(BluesteinForm form = BluesteinForm::Fewest);
    // --radices: those of the FFTs of size m (empty: their method's choice).
    std::vector<std::int64_t> radices(const FftRequest& request) const override;
    void validateRadices(const FftRequest& request) const override;
    std::vector<PassProgram> passes(const FftRequest& request,
                                    const std::vector<std::int64_t>& radices) const override;
    PlanResources resources(const FftRequest& request) const override;

private:
    bool inOneKernel(const FftRequest& request) const {
        return form_ == BluesteinForm::Fewest && bluesteinFitsOneKernel(request);
    }
    BluesteinForm form_;
};

}  // namespace liftcl::fft
