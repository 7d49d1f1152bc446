#include "codegen/local_nest_shares.hpp"

#include <fmt/format.h>

namespace liftcl::codegen {

std::size_t indentOf(const std::string& line) { return line.find_first_not_of(' '); }

std::string trimmed(const std::string& line) {
    const std::size_t at = line.find_first_not_of(' ');
    return at == std::string::npos ? std::string() : line.substr(at);
}

std::optional<std::vector<Statement>> statements(const std::vector<std::string>& body, std::size_t first,
                                                 std::size_t last, std::size_t indent) {
    std::vector<Statement> out;
    for (std::size_t k = first; k <= last; ++k) {
        if (indentOf(body[k]) != indent) return std::nullopt;
        const std::string t = trimmed(body[k]);
        if (t.empty() || t.back() != '{') {
            out.push_back({k, k});
            continue;
        }
        std::size_t end = k + 1;
        while (end <= last && !(indentOf(body[end]) == indent && trimmed(body[end]).front() == '}')) ++end;
        if (end > last) return std::nullopt;
        out.push_back({k, end});
        k = end;
    }
    return out;
}

bool runsByShares(const LocalLoopNest& nest, const std::vector<std::string>& body) {
    const auto& loops = nest.loops;
    if (loops.empty() || !nest.uniform) return false;
    for (std::size_t k = 0; k + 1 < loops.size(); ++k) {
        const LocalLoop& outer = loops[k];
        const LocalLoop& inner = loops[k + 1];
        if (!(outer.forLine < inner.forLine && inner.closeLine < outer.closeLine)) return false;
        for (std::size_t line = outer.forLine + 1; line < inner.forLine; ++line)
            if (trimmed(body[line]).rfind("//", 0) != 0) return false;
        if (inner.closeLine + 1 != outer.closeLine) return false;
    }
    for (const auto& l : loops)
        if (l.extent < 1 || l.localSize < 1) return false;
    return loops.back().forLine + 1 < loops.back().closeLine;
}

std::int64_t sharesOf(const std::vector<LocalLoop>& loops) {
    std::int64_t k = 1;
    for (const auto& l : loops) k *= (l.extent + l.localSize - 1) / l.localSize;
    return k;
}

bool everyShareRuns(const std::vector<LocalLoop>& loops) {
    for (const auto& l : loops)
        if (l.extent % l.localSize != 0) return false;
    return true;
}

std::vector<std::string> sharesLoop(const std::string& base, const std::string& ip,
                                    const std::vector<LocalLoop>& loops, const std::vector<std::string>& lines,
                                    bool testEveryLoop) {
    const std::int64_t copies = sharesOf(loops);
    std::vector<std::string> out;
    out.push_back(base + "#pragma unroll");
    out.push_back(base + fmt::format("for (int {0} = 0; {0} < {1}; ++{0}) {{", ip, copies));
    std::int64_t stride = 1;
    std::string condition;
    for (auto l = loops.rbegin(); l != loops.rend(); ++l) {
        const std::int64_t k = (l->extent + l->localSize - 1) / l->localSize;
        std::string offset;  // this iteration's share of loop l: (ip / stride % k) * local size
        if (k > 1) {
            const std::string quotient = stride > 1 ? fmt::format("{} / {}", ip, stride) : ip;
            const std::string digit = stride * k < copies ? fmt::format("({} % {})", quotient, k)
                                                          : stride > 1 ? "(" + quotient + ")" : quotient;
            offset = fmt::format(" + {} * {}", digit, l->localSize);
        }
        out.push_back(base + fmt::format("    const int {} = get_local_id({}){};", l->var, l->dim, offset));
        // (The launch fixes the local size: an extent that is a multiple of it needs no test, and
        // without one the compiler sees that every share runs.)
        if (testEveryLoop || l->extent % l->localSize != 0)
            condition = fmt::format("{} < {}", l->var, l->extent) + (condition.empty() ? "" : " && " + condition);
        stride *= k;
    }
    out.push_back(base + (condition.empty() ? "    {" : "    if (" + condition + ") {"));
    for (const auto& line : lines) out.push_back(line);
    out.push_back(base + "    }");
    out.push_back(base + "}");
    return out;
}

}  // namespace liftcl::codegen
