#include "fft/local_fft_slots.hpp"

#include "fft/local_fft_lowering.hpp"
#include "fft/local_method.hpp"
#include "ir/precision.hpp"
#include "ir/userfun.hpp"
#include "ir/error.hpp"
#include "rewrite/rule.hpp"

namespace liftcl::fft {

namespace {

// The FFT of size m as a function [complex]m -> [complex]m: the function the local method's
// high-level program maps over its batch of one.
ir::FunP localFft(std::int64_t m, ir::ScalarKind precision, const std::vector<std::int64_t>& radices) {
    auto program = composeLocalMemoryFftHighLevel(m, 1, precision, false, radices);
    if (!program) throw Error("the local FFT of size " + std::to_string(m) + " does not fit");
    const ir::ExprP& call = program->body->body;
    if (program->body->kind != ir::Fun::Kind::Lambda || call->kind != ir::Expr::Kind::Call ||
        call->fun->kind != ir::Fun::Kind::Prim || call->fun->prim != ir::Prim::Map)
        throw Error("the local FFT program is not a map over its batch");
    return call->fun->funs.at(0);
}

bool isFftSlot(const ir::Node& node, const std::string& slot) {
    const auto* f = std::get_if<ir::FunP>(&node);
    if (!f || (*f)->kind != ir::Fun::Kind::Prim || (*f)->prim != ir::Prim::Map) return false;
    const ir::FunP& g = (*f)->funs.at(0);
    return g->kind == ir::Fun::Kind::UserFun && g->userFun->name == slot;
}

// Every slot replaced by a fresh copy of the FFT (fresh parameters: one copy per place).
ir::Node fillSlots(const ir::Node& node, const std::string& slot, std::int64_t m, ir::ScalarKind precision,
                   const std::vector<std::int64_t>& radices, int& filled) {
    if (isFftSlot(node, slot)) {
        ++filled;
        return localFft(m, precision, radices);
    }
    std::vector<ir::Node> kids = ir::children(node);
    for (auto& k : kids) k = fillSlots(k, slot, m, precision, radices, filled);
    return ir::withChildren(node, kids);
}

}  // namespace

ir::Program composeWithFftSlots(const FftSlotDefinition& def, std::int64_t fftSize, ir::ScalarKind precision,
                                const std::vector<std::int64_t>& radices) {
    ir::ElaborateOptions elaborate;
    elaborate.precision = precision;
    elaborate.natValues = def.nats;
    ir::Program program = ir::elaborateDefinition(*def.module, def.definition, elaborate);
    int filled = 0;
    program.body = std::get<ir::FunP>(fillSlots(program.body, def.slot, fftSize, precision, radices, filled));
    if (filled != def.slots)
        throw Error(def.definition + " must have " + std::to_string(def.slots) + " FFT slot(s), found " +
                    std::to_string(filled));
    return program;
}

std::optional<LocalFftShape> localFftShapeWithArrays(std::int64_t fftSize, ir::ScalarKind precision,
                                                     const std::vector<std::int64_t>& radices, int arrays,
                                                     bool fp64TablesInGlobal, std::optional<bool> padding,
                                                     bool writeInPlace, std::int64_t deviceLocalMemoryBytes) {
    // Never unpadded to fit: unpadded arrays fit where padded do not (Rader's 1009 and Bluestein's
    // 743 in fp64) but their bank conflicts cost more than the other plans (H100, fp64 ms: 1009 Rader
    // unpadded 3.13, Bluestein 1.88; 743 4.68 against 2.13; bench/results/h100-2026-11-27-wave10/run5-all-tables).
    for (const bool tables : {true, false}) {
        LocalFftLimits limits;
        limits.localMemoryBytes = plannedLocalMemoryBytes(deviceLocalMemoryBytes);
        limits.padLocalArrays = padding;
        limits.twiddleTables = tables;
        limits.fp64TablesInGlobal = fp64TablesInGlobal;
        limits.preferInPlace = writeInPlace;
        auto shape = localFftShape(fftSize, precision, radices, limits);
        if (!shape || (writeInPlace && !shape->inPlace)) return std::nullopt;
        const std::int64_t every = shape->localPaddingEvery;
        const std::int64_t points = every ? fftSize + (fftSize - 1) / every : fftSize;
        const std::int64_t tableBytes = shape->tablesInGlobal ? 0 : shape->tableBytes;
        if (arrays * points * ir::complexBytes(precision) + tableBytes <= limits.localMemoryBytes) return shape;
    }
    return std::nullopt;
}

codegen::TwiddleMode localKernelTwiddles(codegen::TwiddleMode requested, const LocalFftShape& shape) {
    if (requested != codegen::TwiddleMode::Table) return requested;
    return shape.tableBytes > 0 ? codegen::TwiddleMode::Local : codegen::TwiddleMode::Table;
}

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

}  // namespace liftcl::fft
