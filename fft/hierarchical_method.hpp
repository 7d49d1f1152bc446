// The hierarchical method of FFT plans: a few large-radix Stockham passes (2 up to 2^21 fp32 and
// 2^20 fp64, 3 up to 2^24 fp32), each one kernel whose work-groups compute their DFT_R in local
// memory (fft/hierarchical_passes.hpp). n = 2^a 3^b 5^c 7^d >= 16 (10080 = 120 x 84: two
// kernels); --radices gives the large radices (2,3,5,7-smooth, each fitting a tile).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "fft/fft_method.hpp"

namespace liftcl::fft {

const Method& hierarchicalMethod();
// Whether auto should take the method: its radices fit (hierarchicalShapes) and no pass is a small
// radix (below 64) over tiles one column wide.
bool hierarchicalMethodFits(const FftRequest& request);

// A cyclic convolution's two FFTs by the method: `forward` (its first pass taking the request's
// inputProduct), the product with `product`'s table, `inverse` (radices the forward's reversed),
// with the forward's last pass, the product and the inverse's first pass in one kernel
// (makeHierarchicalConvolutionPass): the padded data crosses global memory once less than in two
// plans and a product. Names: prefix + "fwd_pass" q, "convolution", "inv_pass" q. nullopt where
// `forward`'s method does not resolve to this one or its last pass is by components or in rounds.
std::optional<std::vector<PassProgram>> hierarchicalConvolutionPasses(const FftRequest& forward, const FftRequest& inverse,
                                                                      const FftInputProduct& product,
                                                                      const std::string& prefix);

}  // namespace liftcl::fft
