#include "fft/butterfly_pass_methods.hpp"

#include <functional>

#include "fft/butterfly_pass.hpp"
#include "ir/syntax_builders.hpp"

namespace liftcl::fft {

namespace {

// A method whose pass q is makeButterflyPass with the grouping `groups(q)`.
class ButterflyPassMethod final : public Method {
public:
    using Groups = std::function<ir::SyntaxP(const std::vector<std::int64_t>& radices, std::size_t q)>;
    ButterflyPassMethod(std::string name, std::string description, std::string passPrefix, Groups groups)
        : Method(std::move(name), std::move(description)), passPrefix_(std::move(passPrefix)), groups_(std::move(groups)) {}

    std::vector<PassProgram> passes(const FftRequest& request, const std::vector<std::int64_t>& radices) const override {
        std::vector<PassProgram> programs;
        std::int64_t L = 1;
        for (std::size_t q = 0; q < radices.size(); ++q) {
            L *= radices[q];
            ButterflyPass pass;
            pass.name = passPrefix_ + std::to_string(q);
            pass.L = L;
            pass.p = radices[q];
            pass.groups = groups_(radices, q);
            pass.first = q == 0;
            pass.last = q + 1 == radices.size();
            programs.push_back(makeButterflyPass(request, pass));
        }
        return programs;
    }
    std::size_t passCount(const FftRequest&, const std::vector<std::int64_t>& radices) const override { return radices.size(); }

private:
    std::string passPrefix_;
    Groups groups_;
};

// Pass q's grouping: cooleyTukeyGroups(L, p), in the first pass after the mixed-radix bit reversal
// R_1^T o ... o R_t^T with R_q^T = cooleypermT(n, L_q, p_q) (R_t^T is applied first).
ir::SyntaxP cooleyTukeyGroups(const std::vector<std::int64_t>& radices, std::size_t q) {
    using namespace ir::syn;
    std::vector<ir::SyntaxP> chain{call("cooleyTukeyGroups", names({"L", "p"}))};
    std::int64_t L = 1;
    for (std::size_t k = 0; q == 0 && k < radices.size(); ++k) {
        L *= radices[k];
        chain.push_back(call("cooleypermT", {name("n"), nat(L), nat(radices[k])}));
    }
    return compose(std::move(chain));
}

}  // namespace

const Method& stockhamMethod() {
    static const ButterflyPassMethod method(
        "stockham", "Stockham autosort, one global kernel per pass (coalesced reads, Listing 4.5)", "stockham_pass",
        [](const std::vector<std::int64_t>&, std::size_t) { return ir::syn::call("stockhamGroups", ir::syn::names({"n", "p"})); });
    return method;
}

const Method& cooleyTukeyMethod() {
    static const ButterflyPassMethod method(
        "cooley-tukey", "Cooley-Tukey, bit reversal read by the first pass, one global kernel per pass",
        "cooley_tukey_pass", cooleyTukeyGroups);
    return method;
}

}  // namespace liftcl::fft
