// Barrier elimination: emission puts a barrier at the end of every mapWrg body that used __local
// memory (the next iteration overwrites what other work-items may still read); where the body
// ends with a barrier already (after its last mapLcl nest, or after an inner mapWrg loop whose
// own body ends with one), the second orders nothing more and is dropped. Declarations and
// comments between the two change nothing; any other statement keeps the barrier.
// And the fences of a kernel that may run in place (fenceGlobalMemoryAtBarriers).
#include "codegen/kernel_builder.hpp"

namespace liftcl::codegen {

namespace {

// A loop over work-groups (mapWrg: from get_group_id) whose body ends with a barrier: every
// iteration that ran ended with one, and one that did not run touched no __local memory.
bool endsWithBarrier(const c::Stmt& st);

bool ordersNothing(const c::Stmt& st) {
    return std::holds_alternative<c::Declare>(st.node) || std::holds_alternative<c::Comment>(st.node);
}

bool workGroupLoopEndingWithBarrier(const c::Stmt& st) {
    const auto* loop = std::get_if<c::For>(&st.node);
    if (!loop) return false;
    const auto* start = std::get_if<c::Call>(&loop->first->node);
    if (!start || start->function != "get_group_id") return false;
    for (auto it = loop->body.rbegin(); it != loop->body.rend(); ++it)
        if (!ordersNothing(**it)) return endsWithBarrier(**it);
    return false;
}

bool endsWithBarrier(const c::Stmt& st) {
    return std::holds_alternative<c::Barrier>(st.node) || workGroupLoopEndingWithBarrier(st);
}

}  // namespace

bool eliminateBarriers(c::Block& body) {
    bool changed = false;
    for (auto& st : body)
        if (c::Block* inner = c::bodyOf(*st)) changed = eliminateBarriers(*inner) || changed;
    const c::Stmt* previous = nullptr;  // the last statement that is no declaration or comment
    for (std::size_t k = 0; k < body.size();) {
        const c::Stmt& st = *body[k];
        if (std::holds_alternative<c::Barrier>(st.node) && previous && endsWithBarrier(*previous)) {
            body.erase(body.begin() + static_cast<std::ptrdiff_t>(k));
            changed = true;
            continue;
        }
        if (!ordersNothing(st)) previous = &st;
        ++k;
    }
    return changed;
}

void fenceGlobalMemoryAtBarriers(c::Block& body) {
    for (auto& st : body) {
        if (auto* barrier = std::get_if<c::Barrier>(&st->node)) barrier->global = true;
        if (c::Block* inner = c::bodyOf(*st)) fenceGlobalMemoryAtBarriers(*inner);
    }
}

}  // namespace liftcl::codegen
