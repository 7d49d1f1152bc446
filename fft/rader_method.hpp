// Rader's method of FFT plans for a prime size n = p whose p - 1 has a radix factorization
// (prime factors up to 23): the DFT of size p as a cyclic convolution of length L = p - 1
// (fft/lift/rader.lift). ONE kernel when the FFT of size L fits a work-group with the values it keeps
// (rader_one_kernel.hpp; the default where it fits, auto's choice for such primes); otherwise, and
// always for method rader-steps, five steps as separate kernels:
//   1. the permutation x[g^k] by a host index table, and a carry row per transform holding x[0],
//   2. the forward FFT of size L over 2*batch rows, planned by method auto (its own passes),
//   3. the product with B = DFT_L(w^(g^-k)) / L, adding x[0] and forming X[0] in the carry rows,
//   4. the inverse FFT of size L (method auto),
//   5. the inverse permutation X[g^-q] (and X[0] from the carry row), with 1/n for a scaled inverse.
// The index tables (g^k mod p, from exact integers) and the spectrum (long double) are computed on
// the host (runtime/fft/fft_tables.hpp); the plan's temporaries hold 2L values per transform.
#pragma once

#include "fft/fft_method.hpp"

namespace liftcl::fft {

// Throws liftcl::Error naming n when Rader's method cannot do the request: n not an odd prime or p - 1
// without a radix factorization. (The five steps also refuse a batch whose fp32 index tables would
// pass the 2^24 a float holds exactly.)
void checkRaderSize(const FftRequest& request);
// Whether Rader's method does n: an odd prime whose n-1 has a radix factorization.
bool isRaderSize(std::int64_t n);

// Fewest: one kernel where it fits (rader_one_kernel.hpp), else the five steps; Steps: the five
// steps always ("rader-steps").
enum class RaderForm { Fewest, Steps };

class RaderMethod : public Method {
public:
    explicit RaderMethod(RaderForm form = RaderForm::Fewest);
    // --radices: those of the FFTs of size p - 1 (empty: their method's choice).
    std::vector<std::int64_t> radices(const FftRequest& request) const override;
    void validateRadices(const FftRequest& request) const override;
    std::vector<PassProgram> passes(const FftRequest& request,
                                    const std::vector<std::int64_t>& radices) const override;
    PlanResources resources(const FftRequest& request) const override;
    bool inOneKernel(const FftRequest& request) const;

private:
    RaderForm form_;
};

}  // namespace liftcl::fft
