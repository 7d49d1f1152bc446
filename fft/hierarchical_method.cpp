#include "fft/hierarchical_method.hpp"

#include "fft/hierarchical_passes.hpp"
#include "ir/error.hpp"

namespace liftcl::fft {

std::string HierarchicalMethod::name() const { return "hierarchical"; }

std::string HierarchicalMethod::description() const {
    return "a few large-radix Stockham passes, each DFT_R computed in local memory by a work-group over a tile "
           "of columns (n = 2^a 3^b 5^c 7^d >= 16)";
}

std::vector<std::int64_t> HierarchicalMethod::radices(const FftRequest& request) const {
    return request.radices.empty() ? chooseHierarchicalRadices(request.n, request.precision, hierarchicalLimitsFor(request)) : request.radices;
}

bool HierarchicalMethod::fits(const FftRequest& request) {
    const auto radices = HierarchicalMethod{}.radices(request);
    return !radices.empty() && hierarchicalShapes(request.n, request.precision, radices, hierarchicalLimitsFor(request)).has_value();
}

namespace {

[[noreturn]] void refuse(const FftRequest& request) {
    throw Error("FFT method 'hierarchical' cannot do n=" + std::to_string(request.n) +
                    (request.radices.empty() ? "" : " with these radices") +
                    ": it needs n = 2^a 3^b 5^c 7^d >= 16 whose radices (2,3,5,7-smooth) each leave a tile of "
                    "columns in 16 KiB (R <= 256 fp32, 128 fp64); use --method auto or stockham");
}

}  // namespace

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
