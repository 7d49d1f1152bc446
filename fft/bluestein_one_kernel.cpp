// Bluestein in one or two local kernels (see bluestein_one_kernel.hpp): bluestein.lift's
// definitions with their FFT slots filled by the local method's FFT, lowered by the local
// method's strategies.
#include "fft/bluestein_one_kernel.hpp"

#include "fft/embedded_sources.hpp"
#include "fft/local_fft_lowering.hpp"
#include "ir/elaborate.hpp"
#include "ir/error.hpp"
#include "ir/precision.hpp"
#include "ir/userfun.hpp"
#include "runtime/fft/fft_tables.hpp"
#include "rewrite/rule.hpp"

namespace liftcl::fft {

namespace {

constexpr const char* kFftSlot = "bluesteinFftSlot";

// The FFT of size m as a function [complex]m -> [complex]m: the function the local method's
// high-level program maps over its batch of one.
ir::FunP localFft(std::int64_t m, ir::ScalarKind precision, const std::vector<std::int64_t>& radices) {
    auto program = composeLocalMemoryFftHighLevel(m, 1, precision, false, radices);
    if (!program) throw Error("Bluestein: the local FFT of size " + std::to_string(m) + " does not fit");
    const ir::ExprP& call = program->body->body;
    if (program->body->kind != ir::Fun::Kind::Lambda || call->kind != ir::Expr::Kind::Call ||
        call->fun->kind != ir::Fun::Kind::Prim || call->fun->prim != ir::Prim::Map)
        throw Error("Bluestein: the local FFT program is not a map over its batch");
    return call->fun->funs.at(0);
}

bool isFftSlot(const ir::Node& node) {
    const auto* f = std::get_if<ir::FunP>(&node);
    if (!f || (*f)->kind != ir::Fun::Kind::Prim || (*f)->prim != ir::Prim::Map) return false;
    const ir::FunP& g = (*f)->funs.at(0);
    return g->kind == ir::Fun::Kind::UserFun && g->userFun->name == kFftSlot;
}

// Every slot replaced by a fresh copy of the FFT (fresh parameters: one copy per place).
ir::Node fillSlots(const ir::Node& node, std::int64_t m, ir::ScalarKind precision,
                   const std::vector<std::int64_t>& radices, int& filled) {
    if (isFftSlot(node)) {
        ++filled;
        return localFft(m, precision, radices);
    }
    std::vector<ir::Node> kids = ir::children(node);
    for (auto& k : kids) k = fillSlots(k, m, precision, radices, filled);
    return ir::withChildren(node, kids);
}

// The definition of bluestein.lift with its FFT slots filled (slots: how many it has), before lowering.
ir::Program composeWithSlots(const std::string& definition, int slots, std::int64_t n, std::int64_t m,
                             std::int64_t batch, ir::ScalarKind precision, const std::vector<std::int64_t>& radices) {
    if (m < rt::bluesteinMinimumPadding(n))
        throw Error("Bluestein: the padded size " + std::to_string(m) + " is below 2n-2");
    static const ir::Module module = embeddedModule({"bluestein.lift"});
    ir::ElaborateOptions elaborate;
    elaborate.precision = precision;
    elaborate.natValues = {{"n", ir::Arith(n)}, {"m", ir::Arith(m)}, {"b", ir::Arith(batch)}};
    ir::Program program = ir::elaborateDefinition(module, definition, elaborate);
    int filled = 0;
    program.body = std::get<ir::FunP>(fillSlots(program.body, m, precision, radices, filled));
    if (filled != slots)
        throw Error("Bluestein: " + definition + " must have " + std::to_string(slots) + " FFT slot(s)");
    program.name = definition + std::to_string(n);
    return program;
}

// The local method's strategies (factor-dft, lower-local-fft) applied to a composed program.
ir::Program lowerLikeLocalFft(ir::Program program) {
    rewrite::typecheckTree(program.body);
    auto factored = rewrite::factorDftProducts()(program.body);
    if (!factored) throw Error("factor-dft failed on " + program.name);
    rewrite::typecheckTree(factored->root);
    auto lowered = rewrite::lowerLocalFft()(factored->root);
    if (!lowered) throw Error("lower-local-fft failed on " + program.name);
    rewrite::typecheckTree(lowered->root);
    program.body = std::get<ir::FunP>(lowered->root);
    return program;
}

}  // namespace

std::optional<LocalFftShape> bluesteinOneKernelShape(std::int64_t m, ir::ScalarKind precision,
                                                     const std::vector<std::int64_t>& radices) {
    // The chirp and product steps keep their m values in local memory beside the FFT passes' (two
    // arrays of m whatever the FFT's pass count), then the passes' twiddle tables where they fit.
    for (const bool tables : {true, false}) {
        LocalFftLimits limits;
        limits.twiddleTables = tables;
        auto shape = localFftShape(m, precision, radices, limits);
        if (!shape) return std::nullopt;
        const std::int64_t every = shape->localPaddingEvery;
        const std::int64_t padded = every ? m + (m - 1) / every : m;
        if (2 * padded * ir::complexBytes(precision) + shape->tableBytes <= limits.localMemoryBytes) return shape;
    }
    return std::nullopt;
}

std::optional<ir::Program> composeBluesteinOneKernelHighLevel(std::int64_t n, std::int64_t m, std::int64_t batch,
                                                              ir::ScalarKind precision,
                                                              const std::vector<std::int64_t>& radices) {
    if (!bluesteinOneKernelShape(m, precision, radices)) return std::nullopt;
    return composeWithSlots("bluesteinOneKernel", 2, n, m, batch, precision, radices);
}

std::optional<ir::Program> composeBluesteinOneKernel(std::int64_t n, std::int64_t m, std::int64_t batch,
                                                     ir::ScalarKind precision,
                                                     const std::vector<std::int64_t>& radices) {
    auto program = composeBluesteinOneKernelHighLevel(n, m, batch, precision, radices);
    if (!program) return std::nullopt;
    return lowerLikeLocalFft(std::move(*program));
}

std::optional<ir::Program> composeBluesteinHalfKernel(BluesteinHalf half, std::int64_t n, std::int64_t m,
                                                      std::int64_t batch, ir::ScalarKind precision,
                                                      const std::vector<std::int64_t>& radices) {
    if (!localFftShape(m, precision, radices)) return std::nullopt;
    const char* definition = half == BluesteinHalf::Forward ? "bluesteinForwardKernel" : "bluesteinInverseKernel";
    return lowerLikeLocalFft(composeWithSlots(definition, 1, n, m, batch, precision, radices));
}

}  // namespace liftcl::fft
