// Sharing of __local arrays between values whose lifetimes a barrier separates: the passes of an
// FFT in local memory each allocate their result, but pass k+1 may reuse the memory pass k-1
// wrote once pass k has read it and a barrier followed, so a chain of passes needs two arrays
// (ping-pong) instead of one per pass. Lifetimes are read off the emitted body: an array lives
// from the first to the last line that names it. This is sound because barriers are only emitted
// in straight-line code of a work-group (never inside sequential loops: the caller checks) and a
// mapWrg iteration that used local memory ends with a barrier.
#include <algorithm>

#include "codegen/kernel_builder.hpp"

namespace liftcl::codegen {

namespace {

bool identifierChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Positions of `name` as a whole identifier in `text`.
std::vector<std::size_t> occurrencesOf(const std::string& text, const std::string& name) {
    std::vector<std::size_t> out;
    for (std::size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + 1)) {
        const bool startOk = at == 0 || !identifierChar(text[at - 1]);
        const std::size_t end = at + name.size();
        const bool endOk = end >= text.size() || !identifierChar(text[end]);
        if (startOk && endOk) out.push_back(at);
    }
    return out;
}

void rename(std::string& text, const std::string& from, const std::string& to) {
    auto at = occurrencesOf(text, from);
    for (auto it = at.rbegin(); it != at.rend(); ++it) text.replace(*it, from.size(), to);
}

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
            if (occurrencesOf(body[line], locals[k].name).empty()) continue;
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
        for (auto& line : body) rename(line, a.name, reusable->array.name);
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
