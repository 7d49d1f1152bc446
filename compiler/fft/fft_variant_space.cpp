#include "compiler/fft/fft_variant_space.hpp"

#include <algorithm>

#include "compiler/fft/fft_method.hpp"
#include "compiler/fft/radix_factorization.hpp"

namespace liftcl::fft {

namespace {

void factorize(std::int64_t rest, std::size_t maxPasses, std::int64_t largest, std::vector<std::int64_t>& prefix,
               std::vector<std::vector<std::int64_t>>& out) {
    if (rest == 1) {
        if (!prefix.empty()) out.push_back(prefix);
        return;
    }
    if (prefix.size() == maxPasses) return;
    const auto& radices = supportedRadices();
    for (auto it = radices.rbegin(); it != radices.rend(); ++it) {
        const std::int64_t r = *it;
        if (r > largest || rest % r != 0) continue;
        prefix.push_back(r);
        factorize(rest / r, maxPasses, r, prefix, out);
        prefix.pop_back();
    }
}

}  // namespace

std::vector<std::vector<std::int64_t>> radixFactorizations(std::int64_t n, std::size_t maxPasses) {
    std::vector<std::vector<std::int64_t>> out;
    std::vector<std::int64_t> prefix;
    if (n >= 2) factorize(n, maxPasses, supportedRadices().back(), prefix, out);
    return out;
}

std::vector<FftVariant> structuralVariants(const FftRequest& request) {
    const std::size_t maxPasses = chooseRadices(request.n).size() + 1;
    const auto factorizations = radixFactorizations(request.n, maxPasses);
    const codegen::TwiddleMode twiddleModes[] = {codegen::TwiddleMode::Table, codegen::TwiddleMode::Digits,
                                                 codegen::TwiddleMode::Sincos};
    std::vector<const Method*> concrete;
    for (const Method* method : methods())
        if (&method->resolve(request) == method) concrete.push_back(method);  // a choosing method picks among these
    std::vector<std::vector<std::int64_t>> radixChoices;
    radixChoices.emplace_back();  // empty: each method's own choice, first
    for (const auto& f : factorizations) radixChoices.push_back(f);
    // Methods innermost, so that a budget that ends the enumeration early has seen every method.
    std::vector<FftVariant> out;
    for (const auto& radices : radixChoices)
        for (const auto twiddles : twiddleModes)
            for (const Method* method : concrete) out.push_back({method->name(), radices, twiddles, std::nullopt});
    return out;
}

std::vector<std::size_t> localSizeCandidates(std::size_t deviceMaxWorkGroupSize) {
    std::vector<std::size_t> out;
    for (std::size_t l = 16; l <= std::min<std::size_t>(deviceMaxWorkGroupSize, 1024); l *= 2) out.push_back(l);
    return out;
}

}  // namespace liftcl::fft
