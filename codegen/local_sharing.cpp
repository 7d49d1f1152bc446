// Sharing of __local arrays between values whose lifetimes a barrier separates: the passes of an
// FFT in local memory each allocate their result, but pass k+1 may reuse the memory pass k-1
// wrote once pass k has read it and a barrier followed, so a chain of passes needs two arrays
// (ping-pong) instead of one per pass. An array lives from the first to the last statement that
// names it, in the order of the statements' first lines (c::linearize). This is sound because
// barriers are only emitted in straight-line code of a work-group (never inside sequential loops:
// the caller checks) and a mapWrg iteration that used local memory ends with a barrier.
#include <algorithm>

#include "codegen/kernel_builder.hpp"

namespace liftcl::codegen {

namespace {

struct Lifetime {
    std::size_t index;  // into the locals
    std::size_t first, last;
};

struct Slot {
    LocalArray array;
    std::size_t last;
};

}  // namespace

void shareLocalArrays(std::vector<LocalArray>& locals, c::Block& body) {
    if (locals.size() < 2) return;
    const c::Linear linear = c::linearize(body);
    std::vector<std::size_t> barriers;
    for (std::size_t at = 0; at < linear.order.size(); ++at)
        if (std::holds_alternative<c::Barrier>(linear.order[at]->node)) barriers.push_back(at);
    std::vector<Lifetime> lifetimes;
    for (std::size_t k = 0; k < locals.size(); ++k) {
        std::optional<std::size_t> first, last;
        for (std::size_t at = 0; at < linear.order.size(); ++at) {
            if (!c::namesOwn(*linear.order[at], locals[k].symbol.get())) continue;
            if (!first) first = at;
            last = at;
        }
        if (first) lifetimes.push_back({k, *first, *last});
    }
    std::sort(lifetimes.begin(), lifetimes.end(),
              [](const Lifetime& a, const Lifetime& b) { return a.first < b.first; });
    auto barrierBetween = [&](std::size_t after, std::size_t before) {
        auto it = std::upper_bound(barriers.begin(), barriers.end(), after);
        return it != barriers.end() && *it < before;
    };
    std::vector<Slot> slots;
    for (const auto& l : lifetimes) {
        const LocalArray& a = locals[l.index];
        auto reusable = std::find_if(slots.begin(), slots.end(), [&](const Slot& s) {
            return s.array.elementType == a.elementType && barrierBetween(s.last, l.first);
        });
        if (reusable == slots.end()) {
            slots.push_back({a, l.last});
            continue;
        }
        c::replaceSymbol(body, a.symbol.get(), reusable->array.symbol);
        const std::int64_t elementBytes = a.count > 0 ? a.bytes / a.count : 0;
        if (a.count > reusable->array.count) {
            reusable->array.count = a.count;
            reusable->array.bytes = a.count * elementBytes;
        }
        reusable->last = l.last;
    }
    locals.clear();
    for (const auto& s : slots) locals.push_back(s.array);
}

}  // namespace liftcl::codegen
