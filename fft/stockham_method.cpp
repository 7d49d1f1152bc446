// Stockham autosort FFT (thesis 2.2, 3.2) with the adjusted access pattern of Listing 4.5: pass q
// (radix p_q, L = p_1 ... p_q) reads its butterflies' inputs n/p apart, so consecutive work-items
// read consecutive addresses, and the result is in natural order without a bit reversal.
#include "fft/butterfly_pass.hpp"
#include "fft/stockham_method.hpp"

namespace liftcl::fft {

std::string StockhamMethod::name() const { return "stockham"; }

std::string StockhamMethod::description() const {
    return "Stockham autosort, one global kernel per pass (coalesced reads, Listing 4.5)";
}

std::vector<PassProgram> StockhamMethod::passes(const FftRequest& request,
                                                const std::vector<std::int64_t>& radices) const {
    std::vector<PassProgram> programs;
    std::int64_t L = 1;
    for (std::size_t q = 0; q < radices.size(); ++q) {
        L *= radices[q];
        ButterflyPass pass;
        pass.name = "stockham_pass" + std::to_string(q);
        pass.L = L;
        pass.p = radices[q];
        pass.groups = "stockhamGroups(n, p)";
        pass.first = q == 0;
        pass.last = q + 1 == radices.size();
        programs.push_back(makeButterflyPass(request, pass));
    }
    return programs;
}

}  // namespace liftcl::fft
