#include "fft/hierarchical_method.hpp"

#include "fft/hierarchical_passes.hpp"
#include "ir/precision.hpp"
#include "ir/error.hpp"

namespace liftcl::fft {

namespace {

class HierarchicalMethod final : public Method {
public:
    HierarchicalMethod()
        : Method("hierarchical", "a few large-radix Stockham passes, each DFT_R computed in local memory by a work-group over a tile "
           "of columns (n >= 16 with prime factors up to 23)") {}
    // --radices, else chooseHierarchicalRadices.
    std::vector<std::int64_t> radices(const FftRequest& request) const override {
        return request.radices.empty() ? chooseHierarchicalRadices(request.n, request.precision, hierarchicalLimitsFor(request))
                                       : request.radices;
    }
    // Powers of two multiplying to n, each fitting a tile (hierarchicalShapes).
    void validateRadices(const FftRequest& request) const override;
    std::vector<PassProgram> passes(const FftRequest& request, const std::vector<std::int64_t>& radices) const override;
    std::size_t passCount(const FftRequest&, const std::vector<std::int64_t>& radices) const override { return radices.size(); }
};

}  // namespace

bool hierarchicalMethodFits(const FftRequest& request) {
    const auto radices = hierarchicalMethod().radices(request);
    if (radices.empty()) return false;
    const auto shapes = hierarchicalShapes(request.n, request.precision, radices, hierarchicalLimitsFor(request));
    if (!shapes) return false;
    // A tile of one column and a small radix (an odd n leaves tiles one column wide: a pass of radix
    // 17..23 is then one butterfly per work-group) ran 20-50x slower than a local kernel or Stockham
    // passes (H100: 7429 fp32 23,19,17 38.5 ms, local 2.78; 6859 = 19^3 35.7, 2.92; 46189 fp64
    // 19,17,13,11 35.9, Stockham 2.79; 46189 fp32 in tiles of 221 and 209 points 2.09;
    // bench/results/h100-2026-11-27-wave8/run5-prime-radices, run6-tile-floor).
    for (const auto& shape : *shapes)
        if (shape.T == 1 && shape.R < 64) return false;
    return true;
}

namespace {

[[noreturn]] void refuse(const FftRequest& request) {
    const HierarchicalLimits limits = hierarchicalLimitsFor(request);
    const std::int64_t widest = limits.tileBytes / (ir::complexBytes(request.precision) * limits.minTileWidth);
    throw Error("FFT method 'hierarchical' cannot do n=" + std::to_string(request.n) +
                (request.radices.empty() ? "" : " with these radices") +
                ": it needs n >= 16 with prime factors up to 23 whose radices each leave a tile of " +
                std::to_string(limits.minTileWidth) + " columns in " + std::to_string(limits.tileBytes / 1024) +
                " KiB (here R <= " + std::to_string(widest) +
                (limits.componentTiles ? ", or " + std::to_string(2 * widest) + " as components" : std::string()) +
                "); use --method auto or stockham");
}

}  // namespace

std::optional<std::vector<PassProgram>> hierarchicalConvolutionPasses(const FftRequest& forward, const FftRequest& inverse,
                                                                      const FftInputProduct& product,
                                                                      const std::string& prefix) {
    if (&findMethod(forward.method).resolve(forward) != &hierarchicalMethod()) return std::nullopt;
    const std::vector<std::int64_t> radices = hierarchicalMethod().radices(forward);
    if (radices.size() < 2) return std::nullopt;
    const std::vector<std::int64_t> reversed(radices.rbegin(), radices.rend());
    const auto forwardShapes = hierarchicalShapes(forward.n, forward.precision, radices, hierarchicalLimitsFor(forward));
    const auto inverseShapes = hierarchicalShapes(inverse.n, inverse.precision, reversed, hierarchicalLimitsFor(inverse));
    if (!forwardShapes || !inverseShapes) return std::nullopt;
    const HierarchicalPassShape& middle = forwardShapes->back();
    // One tile through both halves: the inverse's first pass must tile the columns alike.
    if (middle.components || middle.ranges > 1 || inverseShapes->front().T != middle.T) return std::nullopt;
    std::vector<PassProgram> passes;
    for (std::size_t q = 0; q + 1 < forwardShapes->size(); ++q)
        passes.push_back(makeHierarchicalPass(forward, (*forwardShapes)[q], prefix + "fwd_pass" + std::to_string(q), q == 0, false));
    passes.push_back(makeHierarchicalConvolutionPass(forward, middle, product, prefix + "convolution"));
    for (std::size_t q = 1; q < inverseShapes->size(); ++q)
        passes.push_back(makeHierarchicalPass(inverse, (*inverseShapes)[q], prefix + "inv_pass" + std::to_string(q), false,
                                              q + 1 == inverseShapes->size()));
    return passes;
}

const Method& hierarchicalMethod() {
    static const HierarchicalMethod method;
    return method;
}

void HierarchicalMethod::validateRadices(const FftRequest& request) const {
    if (!hierarchicalShapes(request.n, request.precision, request.radices, hierarchicalLimitsFor(request))) refuse(request);
}

std::vector<PassProgram> HierarchicalMethod::passes(const FftRequest& request,
                                                    const std::vector<std::int64_t>& radices) const {
    const auto shapes = radices.empty() ? std::nullopt : hierarchicalShapes(request.n, request.precision, radices, hierarchicalLimitsFor(request));
    if (!shapes) refuse(request);
    std::vector<PassProgram> programs;
    for (std::size_t q = 0; q < shapes->size(); ++q)
        programs.push_back(makeHierarchicalPass(request, (*shapes)[q], "hierarchical_pass" + std::to_string(q),
                                                q == 0, q + 1 == shapes->size()));
    return programs;
}

}  // namespace liftcl::fft
