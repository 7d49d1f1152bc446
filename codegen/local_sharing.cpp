// Sharing of __local arrays between values whose lifetimes a barrier separates: the passes of an
// FFT in local memory each allocate their result, but pass k+1 may reuse the memory pass k-1
// wrote once pass k has read it and a barrier followed, so a chain of passes needs two arrays
// (ping-pong) instead of one per pass. Lifetimes are read off the emitted body: an array lives
// from the first to the last line that names it. This is sound because barriers are only emitted
// in straight-line code of a work-group (never inside sequential loops: the caller checks) and a
// mapWrg iteration that used local memory ends with a barrier.
#include <algorithm>

#include "codegen/c_identifiers.hpp"
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

void shareLocalArrays(std::vector<LocalArray>& locals, std::vector<std::string>& body) {
    if (locals.size() < 2) return;
    std::vector<std::size_t> barriers;
    for (std::size_t line = 0; line < body.size(); ++line)
        if (body[line].find("barrier(") != std::string::npos) barriers.push_back(line);
    std::vector<Lifetime> lifetimes;
    for (std::size_t k = 0; k < locals.size(); ++k) {
        std::optional<std::size_t> first, last;
        for (std::size_t line = 0; line < body.size(); ++line) {
            if (!namesIdentifier(body[line], locals[k].name)) continue;
            if (!first) first = line;
            last = line;
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
        for (auto& line : body) renameIdentifier(line, a.name, reusable->array.name);
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
