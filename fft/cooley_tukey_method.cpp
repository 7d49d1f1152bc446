// Cooley-Tukey FFT (thesis 2.1, 3.4): the mixed-radix bit reversal P_n(rho)^T = R_1^T ... R_t^T
// (cooleypermT of the prelude) is a layout, read by the first pass (no kernel of its own); pass q
// combines consecutive blocks of size L = p_1 ... p_q.
#include "fft/cooley_tukey_method.hpp"

#include "fft/butterfly_pass.hpp"

namespace liftcl::fft {

std::string CooleyTukeyMethod::name() const { return "cooley-tukey"; }

std::string CooleyTukeyMethod::description() const {
    return "Cooley-Tukey, bit reversal read by the first pass, one global kernel per pass";
}

std::vector<PassProgram> CooleyTukeyMethod::passes(const FftRequest& request,
                                                   const std::vector<std::int64_t>& radices) const {
    // R_1^T o ... o R_t^T with R_q^T = cooleypermT(n, L_q, p_q): R_t^T is applied first.
    std::string bitReversal;
    std::int64_t L = 1;
    for (const auto p : radices) {
        L *= p;
        bitReversal += " o cooleypermT(n, " + std::to_string(L) + ", " + std::to_string(p) + ")";
    }
    std::vector<PassProgram> programs;
    L = 1;
    for (std::size_t q = 0; q < radices.size(); ++q) {
        L *= radices[q];
        ButterflyPass pass;
        pass.name = "cooley_tukey_pass" + std::to_string(q);
        pass.L = L;
        pass.p = radices[q];
        pass.groups = "cooleyTukeyGroups(L, p)" + (q == 0 ? bitReversal : std::string());
        pass.first = q == 0;
        pass.last = q + 1 == radices.size();
        programs.push_back(makeButterflyPass(request, pass));
    }
    return programs;
}

}  // namespace liftcl::fft
