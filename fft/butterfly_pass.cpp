#include "fft/butterfly_pass.hpp"

#include "fft/embedded_sources.hpp"
#include "ir/elaborate.hpp"
#include "ir/precision.hpp"
#include "fft/fft_syntax.hpp"

namespace liftcl::fft {

namespace {

constexpr std::int64_t kTwiddleDigitBase = 16;

// Digits of base 16 needed to write every exponent below L (base^bound >= L).
std::int64_t twiddleDigits(std::int64_t L) {
    std::int64_t bound = 1, reach = kTwiddleDigitBase;
    while (reach < L) ++bound, reach *= kTwiddleDigitBase;
    return bound;
}

}  // namespace

// The building blocks every pass uses, parsed once.
const ir::Module& fftPassLibrary() {
    static const ir::Module module = embeddedModule({"prelude.lift", "fft_passes.lift"});
    return module;
}

ir::Definition butterflyPassDefinition(const FftRequest& request, const ButterflyPass& pass) {
    using namespace syntax;
    const bool inverse = request.direction == rt::FftDirection::Inverse;
    // An inverse conjugates the first pass's input and the last pass's output (and scales it).
    const std::string twiddle = inverse && pass.first ? "twiddledConj" : "twiddled";
    ir::SyntaxP dft = call("dftGroup", {name("p")});
    if (inverse && pass.last) dft = call("dftGroupPost", {name("p"), inverseOutput("e", request.scale, request.n)});
    // join o map(butterflyResults(L, p)) o split(n/p) o map(DFT) o map(\t => twiddle(t.0, t.1)) $
    //     zip(batchTwiddles(n, L, p, b, bound, base), join o map(groups) $ xs)
    const ir::SyntaxP groups = apply(compose({join(), map(pass.groups)}), name("xs"));
    const ir::SyntaxP twiddled = lambda("t", call(twiddle, {get(name("t"), 0), get(name("t"), 1)}));
    const ir::SyntaxP body =
        apply(compose({join(), map(call("butterflyResults", names({"L", "p"}))),
                       call("split", {binary(name("n"), "/", name("p"))}), map(dft), map(twiddled)}),
              call("zip", {call("batchTwiddles", names({"n", "L", "p", "b", "bound", "base"})), groups}));
    return definition(pass.name, {"n", "L", "p", "b", "bound", "base"}, lambda("xs", batchOf("complex", name("n")), body));
}

ir::Program elaborateBatchedPass(const ir::Definition& definition, ir::ScalarKind precision, std::int64_t batch) {
    ir::Module module = fftPassLibrary();
    module.definitions.push_back(definition);
    ir::ElaborateOptions elaborate;
    elaborate.precision = precision;
    elaborate.natValues = {{"b", ir::Arith(batch)}};
    return ir::elaborateDefinition(module, definition.name, elaborate);
}

PassProgram makeButterflyPass(const FftRequest& request, const ButterflyPass& pass) {
    ir::Module module = fftPassLibrary();
    module.definitions.push_back(butterflyPassDefinition(request, pass));

    const std::int64_t bound = twiddleDigits(pass.L);
    ir::ElaborateOptions elaborate;
    elaborate.precision = request.precision;
    elaborate.natValues = {{"n", ir::Arith(request.n)}, {"L", ir::Arith(pass.L)}, {"p", ir::Arith(pass.p)},
                           {"b", ir::Arith(request.batch)}, {"bound", ir::Arith(bound)},
                           {"base", ir::Arith(kTwiddleDigitBase)}};

    PassProgram result;
    result.name = pass.name;
    result.radix = pass.p;
    result.program = ir::elaborateDefinition(module, pass.name, elaborate);
    // One mapGlb over the b*n/p butterflies; fusion first keeps each butterfly's twiddled values
    // in one private array rather than a global one between two parallel maps. Unrolling the
    // butterfly's sequential maps (constant length p) lets codegen fold DFT_p's entries to
    // literals and its multiplications by 1, -1, i, -i to copies, negations and swaps.
    result.strategy = "fuse ; lower-global ; unroll";
    result.options.precision = request.precision;
    result.options.twiddles = request.twiddles;
    result.options.kernelName = pass.name;
    result.options.sourceFile = pass.name + ".cl";
    // Constant tables are made in order of use: the twiddles first, then DFT_p. When both do not
    // fit, the budget is cut to what the twiddle digit tables and DFT_p need, so the twiddles fall
    // back to digit tables and DFT_p stays a table instead of being computed with sin/cos.
    const std::int64_t complexBytes = ir::complexBytes(request.precision);
    const std::int64_t dftBytes = pass.p * pass.p * complexBytes;
    if (request.twiddles == codegen::TwiddleMode::Table &&
        pass.L * complexBytes + dftBytes > result.options.constantMemoryBytes)
        result.options.constantMemoryBytes = bound * kTwiddleDigitBase * complexBytes + dftBytes;
    return result;
}

}  // namespace liftcl::fft
