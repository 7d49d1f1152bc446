// The pass program shared by the Stockham and Cooley-Tukey methods: over the whole batch, one
// butterfly per group of p elements (the method's layout `groups`), twiddles of the DFTs of size
// L (carray digit tables, thesis 4.3), DFT_p, and the results written L/p apart in blocks of L
// (fft/lift/fft_passes.lift). An inverse transform conjugates the input of its first pass
// and the output of its last (DFT^-1 x = conj(DFT conj(x)) / n), where the scaling goes too.
#pragma once

#include <cstdint>
#include <string>

#include "fft/fft_method.hpp"
#include "fft/fft_request.hpp"
#include "ir/syntax.hpp"

namespace liftcl::fft {

struct ButterflyPass {
    std::string name;    // kernel name
    std::int64_t L = 0;  // size of the DFTs this pass creates
    std::int64_t p = 0;  // radix
    // A .lift layout function [complex]n -> [[complex]p](n/p) over the nats n, L, p (and the
    // other nat parameters of the pass: b, bound, base), e.g. stockhamGroups(n, p).
    ir::SyntaxP groups;
    bool first = false;  // the first pass of the transform (conjugates the input of an inverse)
    bool last = false;   // the last pass (conjugates and scales the output of an inverse)
};

PassProgram makeButterflyPass(const FftRequest& request, const ButterflyPass& pass);

// The .lift definition of the pass over fft_passes.lift's building blocks (printed by
// ir::printDefinition for reading plans).
ir::Definition butterflyPassDefinition(const FftRequest& request, const ButterflyPass& pass);

// Shared with the hierarchical and multidimensional passes: prelude.lift and fft_passes.lift,
// parsed once.
const ir::Module& fftPassLibrary();
// `definition` (which may use the pass library) elaborated in `precision` with the batch nat
// b = `batch`.
ir::Program elaborateBatchedPass(const ir::Definition& definition, ir::ScalarKind precision, std::int64_t batch);

}  // namespace liftcl::fft
