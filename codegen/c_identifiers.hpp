// Whole-identifier search and replacement in emitted OpenCL C lines. The passes that still work
// on the emitted body (local_sharing.cpp, local_in_place.cpp) use these until codegen builds a
// tree of OpenCL C.
#pragma once

#include <cctype>
#include <string>
#include <vector>

namespace liftcl::codegen {

inline bool isIdentifierChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Positions of `name` as a whole identifier in `text`.
inline std::vector<std::size_t> identifierOccurrences(const std::string& text, const std::string& name) {
    std::vector<std::size_t> out;
    for (std::size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + 1)) {
        const bool startOk = at == 0 || !isIdentifierChar(text[at - 1]);
        const std::size_t end = at + name.size();
        const bool endOk = end >= text.size() || !isIdentifierChar(text[end]);
        if (startOk && endOk) out.push_back(at);
    }
    return out;
}

inline bool namesIdentifier(const std::string& text, const std::string& name) {
    return !identifierOccurrences(text, name).empty();
}

// `from` -> `to` at every whole-identifier occurrence.
inline void renameIdentifier(std::string& text, const std::string& from, const std::string& to) {
    const auto at = identifierOccurrences(text, from);
    for (auto it = at.rbegin(); it != at.rend(); ++it) text.replace(*it, from.size(), to);
}

}  // namespace liftcl::codegen
