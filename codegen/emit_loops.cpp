// Parallel and sequential maps and reductions. Parallel maps loop with the stride of the
// NDRange (get_global_size, get_num_groups, get_local_size), so every NDRange computes the right
// result (but a mapWrg under CodegenOptions::workGroupPerIteration: one trip, the NDRange covers
// it); barriers follow a mapLcl that wrote local memory, and close a mapWrg iteration that used local
// memory, never inside divergent code. A parallel map's temporary result (other than
// a mapLcl's in local memory) is only readable by the work-item that wrote each element.
#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "codegen/kernel_builder.hpp"
#include "ir/builders.hpp"
#include "ir/userfun.hpp"
#include "ir/printer.hpp"
#include "ir/typecheck.hpp"

namespace liftcl::codegen {

using ir::Arith;
using ir::Prim;

namespace {

struct LoopSpelling {
    const char* hint;
    const char* start;   // first index of this work-item
    const char* stride;  // step
};

LoopSpelling spelling(Prim kind) {
    switch (kind) {
        case Prim::MapGlb: return {"gl", "get_global_id", "get_global_size"};
        case Prim::MapWrg: return {"wg", "get_group_id", "get_num_groups"};
        case Prim::MapLcl: return {"l", "get_local_id", "get_local_size"};
        default: return {"i", nullptr, nullptr};
    }
}

}  // namespace

bool KernelBuilder::insideLoopOf(Prim kind) const {
    for (const auto& l : loops_)
        if (l.kind == kind) return true;
    return false;
}

bool KernelBuilder::insideParallelLoop() const {
    for (const auto& l : loops_)
        if (ir::isParallelMap(l.kind)) return true;
    return false;
}

void KernelBuilder::barrier(const ir::Expr& node) {
    if (insideLoopOf(Prim::MapLcl) || insideLoopOf(Prim::MapGlb))
        fail(node, "needs a barrier inside a mapLcl or mapGlb, where work-items diverge; move "
                   "the local-memory exchange out of it");
    for (const auto& l : loops_)
        if (l.kind != Prim::MapWrg) barrierInSequentialLoop_ = true;
    emit(c::barrier());
}

ViewP KernelBuilder::emitMap(const ir::FunP& map, const ViewP& input, const Env& env, ViewP dest,
                             const ir::Expr& node) {
    const Prim kind = map->prim;
    const Arith n = lengthOf(input);
    const bool temporary = !dest;
    AddressSpace space = resultSpace(map, spaceContext_);
    // Outside every parallel map each work-item computes the value for itself: an unmarked
    // temporary there is private (in shared global memory every work-item would write it: a race).
    if (temporary && runByEveryWorkItem() && !inferResultSpace(map) && !spaceContext_) space = AddressSpace::Private;
    if (temporary) {
        const ir::TypeP type = ir::inferCallType(map, {input->type});
        dest = allocate(type, space, "tmp", node);
    }
    logViews(map, input, dest);
    forcePending(env);
    const ir::FunP& body = map->funs.at(0);
    const auto saved = spaceContext_;
    if (auto s = inferResultSpace(map)) spaceContext_ = *s;

    if (kind == Prim::MapSeqUnroll || (kind == Prim::MapSeq && n.tryConstant() == 1)) {
        auto count = n.tryConstant();
        if (!count) fail(node, "mapSeqUnroll needs a constant length, found " + n.toString());
        emit(c::comment(ir::primName(kind) + (*count == 1 ? " (one iteration)" : "")));
        for (std::int64_t k = 0; k < *count; ++k) {
            open(emit(c::stmt(c::Scope{})));
            apply(body, {elementAt(input, Arith(k))}, env, elementAt(dest, Arith(k)), node);
            close();
        }
        spaceContext_ = saved;
        return dest;
    }

    const int dim = ir::isParallelMap(kind) ? ir::build::dimension(*map) : 0;
    const LoopSpelling sp = spelling(kind);
    const c::SymbolP var = freshSymbol(ir::isParallelMap(kind) ? sp.hint + std::to_string(dim) : sp.hint);
    const Arith v = Arith::var(var->name, 0, n);
    c::For loop;
    loop.type = indexType();
    loop.var = var;
    loop.limit = c::index(n);
    if (ir::isParallelMap(kind)) {
        if (dim < 0 || dim > 2) fail(node, "parallel map dimension must be 0, 1 or 2");
        NDRangeDim& d = ndrange_[static_cast<std::size_t>(dim)];
        if (kind == Prim::MapGlb && !d.global) d.global = n;
        if (kind == Prim::MapWrg && !d.groups) d.groups = n;
        if (kind == Prim::MapLcl && !d.local) d.local = n;
        if (kind == Prim::MapLcl && !insideLoopOf(Prim::MapWrg))
            fail(node, "mapLcl must be nested in a mapWrg");
        loop.first = c::call(sp.start, {c::text(std::to_string(dim))});
        if (kind == Prim::MapWrg && options_.workGroupPerIteration) {
            emit(c::comment(fmt::format("{}({}), one iteration per work-group", ir::primName(kind), dim)));
            loop.step = c::For::Step::Stop;
            loop.stride = c::index(n);
        } else {
            emit(c::comment(fmt::format("{}({})", ir::primName(kind), dim)));
            loop.step = c::For::Step::AddStride;
            loop.stride = c::call(sp.stride, {c::text(std::to_string(dim))});
        }
    } else {
        emit(c::comment(ir::primName(kind)));
        loop.first = c::text("0");
    }
    c::Stmt* const loopStmt = emit(c::stmt(std::move(loop)));
    open(loopStmt);
    const bool outerWroteLocal = wroteLocal_;
    wroteLocal_ = false;
    loops_.push_back({kind, v, n, dim, loopStmt});
    apply(body, {elementAt(input, v)}, env, elementAt(dest, v), node);
    loops_.pop_back();
    const bool bodyWroteLocal = wroteLocal_;
    // The next work-group iteration overwrites local memory other work-items may still read
    // (where the body ends with a barrier already, barrier elimination drops this one).
    if (kind == Prim::MapWrg && bodyWroteLocal) barrier(node);
    close();
    wroteLocal_ = outerWroteLocal || bodyWroteLocal;
    if (kind == Prim::MapLcl) recordLocalLoop(var, dim, n, loopStmt, bodyWroteLocal);
    // After the outermost mapLcl of a nest: other work-items read what this one wrote.
    if (kind == Prim::MapLcl && bodyWroteLocal && !insideLoopOf(Prim::MapLcl)) barrier(node);
    spaceContext_ = saved;
    if (temporary && ir::isParallelMap(kind) && !(kind == Prim::MapLcl && space == AddressSpace::Local))
        return readByWriterOnly(dest, {kind, v, n, dim}, node);
    return dest;
}

// The mapLcl loop just closed, for local_in_place.cpp: the nest it closes (when outermost) is one
// that localInPlace may rewrite, when its extents and the local sizes are constant.
void KernelBuilder::recordLocalLoop(const c::SymbolP& var, int dim, const Arith& extent, c::Stmt* loopStmt,
                                    bool wroteLocal) {
    LocalLoop loop;
    loop.var = var;
    loop.dim = dim;
    loop.extent = extent.tryConstant().value_or(0);
    const auto& first = ndrange_[static_cast<std::size_t>(dim)].local;  // sets the local size (build())
    if (auto c = first ? first->tryConstant() : std::nullopt) loop.localSize = std::min(*c, options_.maxLocalSizeOf(dim));
    loop.loop = loopStmt;
    openLocalLoops_.push_back(loop);
    if (insideLoopOf(Prim::MapLcl)) return;
    LocalLoopNest nest;
    nest.loops = std::move(openLocalLoops_);
    openLocalLoops_.clear();
    // Recorded innermost first (each loop when it closes): outermost first.
    std::reverse(nest.loops.begin(), nest.loops.end());
    nest.uniform = !loops_.empty();
    for (const auto& l : loops_) nest.uniform = nest.uniform && l.kind == Prim::MapWrg;
    nest.scope = loops_.empty() ? nullptr : loops_.back().loop;
    nest.wroteLocal = wroteLocal;
    localNests_.push_back(std::move(nest));
}

void KernelBuilder::logViews(const ir::FunP& f, const ViewP& input, const ViewP& output) {
    if (!options_.recordStages) return;
    const std::string indent(2 * (loops_.size() + 1), ' ');
    const std::string what = describeFun(f);
    viewLog_ += fmt::format("{}{} reads  {}\n{}{} writes {}\n", indent, what, printView(input), indent,
                            std::string(what.size(), ' '), output ? printView(output) : "its accumulator");
}

std::string KernelBuilder::viewLabel(const ir::FunP& f) const {
    return options_.recordStages ? ir::printFun(f) : std::string();
}

// A parallel map's result in a temporary is spread over the work-items (work-groups) that wrote
// it. Only a mapLcl result in local memory is followed by a barrier; nothing orders work-items in
// global memory, and private memory is not shared at all. So an element may only be read by the
// work-item that wrote it: in a parallel loop of the same kind, dimension and extent, at that
// loop's index (the loops stride alike). Any other read (a reduction over a split of it, a
// permuted or sequential read, a copy) is refused rather than left to race.
ViewP KernelBuilder::readByWriterOnly(const ViewP& result, const Loop& writer, const ir::Expr& node) {
    const ir::Expr* at = &node;
    const std::string description = "read by its writer " + ir::primName(writer.kind) + "(" + std::to_string(writer.dim) + ")";
    return computedView(result->type, description, {result}, [this, result, writer, at](const Arith& index) {
        std::set<std::string> bound(program_.natParams.begin(), program_.natParams.end());
        for (const auto& l : loops_) bound.insert(l.var.name());
        // An index by data (at's and scatter's index variables) is not checked here.
        for (const auto& name : index.variables())
            if (!bound.count(name)) return elementAt(result, index);
        for (auto l = loops_.rbegin(); l != loops_.rend(); ++l) {
            if (l->kind != writer.kind || l->dim != writer.dim) continue;
            if (l->extent == writer.extent && l->var == index) return elementAt(result, index);
            break;
        }
        fail(*at, "writes a result that other work-items read (at index " + index.toString() +
                      "), and nothing synchronizes work-items within a kernel; use mapSeq for one "
                      "of the maps, or mapWrg/mapLcl with toLocal");
    });
}

namespace {
bool isZeroLiteral(const ir::ExprP& e) {
    if (e->kind != ir::Expr::Kind::Literal || e->literal.empty()) return false;
    for (double c : e->literal)
        if (c != 0.0) return false;
    return true;
}
}  // namespace

ViewP KernelBuilder::emitReduce(const ir::FunP& reduce, const ViewP& input, const Env& env,
                                const ViewP& dest, const ir::Expr& node) {
    if (reduce->exprs.size() != 1) fail(node, "reduceSeq needs an initial value");
    const ViewP init = value(reduce->exprs[0], env, nullptr);
    if (init->type->isArray())
        fail(node, "reduceSeq with an array accumulator is not supported");
    const Arith n = lengthOf(input);
    logViews(reduce, input, dest);
    const c::SymbolP acc = freshSymbol("acc");
    const ir::FunP& op = reduce->funs.at(0);
    // An unrolled sum from 0 starts from its first element (0 + x costs an addition per
    // reduction the OpenCL compiler may not remove: it would change the sign of a zero).
    const auto unrolledCount = reduce->prim == Prim::ReduceSeqUnroll ? n.tryConstant() : std::nullopt;
    const bool fromFirst = unrolledCount && *unrolledCount >= 1 && isZeroLiteral(reduce->exprs[0]) &&
                           op->kind == ir::Fun::Kind::UserFun && op->userFun->isSum;
    if (fromFirst) forcePending(env);
    emit(c::declare(types_.name(init->type), acc, fromFirst ? rvalue(elementAt(input, Arith(0))) : rvalue(init)));
    const ViewP accView = leafView(init->type, c::name(acc), true, AddressSpace::Private);
    forcePending(env);
    if (reduce->prim == Prim::ReduceSeqUnroll) {
        auto count = n.tryConstant();
        if (!count) fail(node, "reduceSeqUnroll needs a constant length, found " + n.toString());
        emit(c::comment("reduceSeqUnroll"));
        for (std::int64_t k = fromFirst ? 1 : 0; k < *count; ++k) {
            open(emit(c::stmt(c::Scope{})));
            apply(op, {accView, elementAt(input, Arith(k))}, env, accView, node);
            close();
        }
    } else {
        const c::SymbolP var = freshSymbol("i");
        const Arith v = Arith::var(var->name, 0, n);
        emit(c::comment("reduceSeq"));
        c::Stmt* const loopStmt = emit(c::countingLoop(indexType(), var, c::index(n)));
        open(loopStmt);
        loops_.push_back({Prim::ReduceSeq, v, n, 0, loopStmt});
        apply(op, {accView, elementAt(input, v)}, env, accView, node);
        loops_.pop_back();
        close();
    }
    return finish(repeatView(accView), dest, node);
}

}  // namespace liftcl::codegen
