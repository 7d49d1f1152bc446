// Passes over __local memory written in place (CodegenOptions::localInPlace). A nest of mapLcl
// loops whose body first reads all it needs of a __local array X into private variables, then
// computes and writes a fresh __local array Y, can write Y over X: every work-item does its reads,
// a barrier follows, then every work-item computes and writes. A chain of such passes (the passes
// of an FFT in local memory) then needs ONE __local array instead of two (ping-pong,
// local_sharing.cpp).
//
// The launch fixes the local size S_d of each dimension (the metadata's local size, local_fixed,
// reqd_work_group_size), so a mapLcl loop of extent E runs K = ceil(E / S_d) times per work-item;
// every iteration keeps its private variables in its own copy ([K] more) so that all K
// iterations' reads happen before the barrier:
//
//     complex ptmp_3[K][8];                         // the body's top-level declarations, hoisted
//     for (int ip_0 = 0; ip_0 < K; ++ip_0) {        // unrolled: constant indices into ptmp_3
//         const int l0_2 = get_local_id(0) + ip_0 * S0;
//         if (l0_2 < E0) { reads of X into ptmp_3[ip_0] }
//     }
//     barrier(CLK_LOCAL_MEM_FENCE);                 // uniform: every work-item runs both loops
//     for (int ip_0 = 0; ip_0 < K; ++ip_0) { ... if (l0_2 < E0) { compute; writes of Y (now X) } }
//
// The nests are recorded during emission (KernelBuilder::emitMap); this runs on the finished
// body, where lifetimes are known: X must not be named after the nest, Y not before it. The split
// of the body is read off the emitted lines (the last top-level statement naming X), as
// local_sharing.cpp reads lifetimes; a nest that does not have the expected shape (a perfect nest,
// the reads of X only before the writes of Y, private variables only written in the read phase) is
// left as it was.
#include <fmt/format.h>

#include <algorithm>
#include <regex>

#include "codegen/c_identifiers.hpp"
#include "codegen/kernel_builder.hpp"
#include "codegen/local_nest_shares.hpp"

namespace liftcl::codegen {

namespace {

// `name` -> `name` + suffix at every whole-identifier occurrence.
void appendAfter(std::string& text, const std::string& name, const std::string& suffix) {
    auto at = identifierOccurrences(text, name);
    for (auto it = at.rbegin(); it != at.rend(); ++it) text.insert(*it + name.size(), suffix);
}

const std::regex& declarationPattern() {
    // `type name[8][2];`, `type name;` or `type name = value;` (as memory.cpp and emit_*.cpp print them)
    static const std::regex re(R"(^([A-Za-z_]\w*) ([A-Za-z_]\w*)((?:\[\d+\])*)(?: = (.*))?;$)");
    return re;
}

const std::regex& assignmentPattern() {
    static const std::regex re(R"(^([A-Za-z_]\w*)(?:\[[^=]*\])?(?:\.\w+)? = )");
    return re;
}

// Rewrites one nest in place; false (body untouched) when it does not have the shape.
bool rewriteNest(std::vector<LocalArray>& locals, std::vector<std::string>& body, const LocalLoopNest& nest,
                 std::int64_t maxCopies, bool shareTests, int& counter) {
    const auto& loops = nest.loops;
    if (!nest.wroteLocal || !runsByShares(nest, body)) return false;
    const std::int64_t copies = sharesOf(loops);
    if (copies > maxCopies) return false;
    const std::size_t begin = loops.front().forLine, end = loops.front().closeLine;
    const std::size_t first = loops.back().forLine + 1, last = loops.back().closeLine - 1;

    // X: a __local array read in the nest and never named after it; Y: one first named in it.
    std::optional<std::size_t> x, y;
    for (std::size_t a = 0; a < locals.size(); ++a) {
        bool before = false, inside = false, after = false;
        for (std::size_t line = 0; line < body.size(); ++line) {
            if (!namesIdentifier(body[line], locals[a].name)) continue;
            (line < begin ? before : line > end ? after : inside) = true;
        }
        if (!inside) continue;
        if (before && !after) {
            if (x) return false;
            x = a;
        } else if (!before) {
            if (y) return false;
            y = a;
        }
    }
    if (!x || !y || locals[*x].elementType != locals[*y].elementType) return false;
    // X is written in the iteration of the enclosing loop that runs the nest: were it written
    // before that loop, a later iteration would read what this one wrote over it.
    for (std::size_t line = 0; line < nest.scopeBegin; ++line)
        if (namesIdentifier(body[line], locals[*x].name)) return false;
    const std::string& xName = locals[*x].name;
    const std::string& yName = locals[*y].name;

    const std::size_t indent = indentOf(body[first]);
    auto stmts = statements(body, first, last, indent);
    if (!stmts) return false;
    std::optional<std::size_t> split;  // the last statement reading X
    for (std::size_t s = 0; s < stmts->size(); ++s)
        for (std::size_t line = (*stmts)[s].first; line <= (*stmts)[s].last; ++line)
            if (namesIdentifier(body[line], xName)) split = s;
    if (!split || *split + 1 >= stmts->size()) return false;
    const std::size_t readEnd = (*stmts)[*split].last;  // read phase: lines [first, readEnd]
    for (std::size_t line = first; line <= readEnd; ++line)
        if (namesIdentifier(body[line], yName)) return false;
    // The read phase writes only variables it declares (the iterations' copies keep them apart).
    std::set<std::string> declared;
    for (std::size_t line = first; line <= readEnd; ++line) {
        std::smatch m;
        const std::string t = trimmed(body[line]);
        if (std::regex_match(t, m, declarationPattern())) declared.insert(m[2]);
    }
    for (std::size_t line = first; line <= readEnd; ++line) {
        std::smatch m;
        const std::string t = trimmed(body[line]);
        if (std::regex_match(t, declarationPattern())) continue;
        if (t.find("barrier(") != std::string::npos) return false;
        if (std::regex_search(t, m, assignmentPattern())) {
            if (!declared.count(m[1])) return false;
        } else if (indentOf(body[line]) == indent && t.rfind("//", 0) != 0 && t.back() != '{' && t.front() != '}') {
            return false;  // a top-level statement of unknown kind (a declaration not hoisted?)
        }
    }

    // Hoist the read phase's top-level declarations (one copy per iteration when several).
    const std::string base(body[begin].find_first_not_of(' '), ' ');
    const std::string ip = fmt::format("ipk_{}", counter++);
    std::vector<std::string> hoisted, readPhase, writePhase;
    std::vector<std::string> hoistedNames;
    for (std::size_t s = 0; s <= *split; ++s) {
        const Statement& st = (*stmts)[s];
        std::smatch m;
        const std::string t = trimmed(body[st.first]);
        if (st.first == st.last && std::regex_match(t, m, declarationPattern())) {
            const std::string dims = copies > 1 ? fmt::format("[{}]", copies) : std::string();
            hoisted.push_back(fmt::format("{}{} {}{}{};", base, m[1].str(), m[2].str(), dims, m[3].str()));
            hoistedNames.push_back(m[2]);
            if (m[4].matched) readPhase.push_back(fmt::format("{}{} = {};", std::string(indent, ' '), m[2].str(), m[4].str()));
            continue;
        }
        for (std::size_t line = st.first; line <= st.last; ++line) readPhase.push_back(body[line]);
    }
    for (std::size_t line = readEnd + 1; line <= last; ++line) writePhase.push_back(body[line]);
    if (copies > 1)
        for (const auto& name : hoistedNames) {
            for (auto& line : readPhase) appendAfter(line, name, "[" + ip + "]");
            for (auto& line : writePhase) appendAfter(line, name, "[" + ip + "]");
        }

    // The two phases, each a loop over the iterations of the nest (the body at its old indentation).
    std::vector<std::string> out;
    std::string loopNames;
    for (const auto& l : loops) loopNames += (loopNames.empty() ? "" : ", ") + fmt::format("mapLcl({})", l.dim);
    out.push_back(base + "// " + loopNames + " in place: reads of " + xName + ", barrier, writes over them");
    for (const auto& h : hoisted) out.push_back(h);
    auto phase = [&](const std::vector<std::string>& lines) {
        for (auto& line : sharesLoop(base, ip, loops, lines, shareTests)) out.push_back(std::move(line));
    };
    phase(readPhase);
    out.push_back(base + "barrier(CLK_LOCAL_MEM_FENCE);");
    phase(writePhase);

    body.erase(body.begin() + static_cast<std::ptrdiff_t>(begin), body.begin() + static_cast<std::ptrdiff_t>(end) + 1);
    body.insert(body.begin() + static_cast<std::ptrdiff_t>(begin), out.begin(), out.end());
    for (auto& line : body) renameIdentifier(line, yName, xName);
    locals[*x].count = std::max(locals[*x].count, locals[*y].count);
    locals[*x].bytes = std::max(locals[*x].bytes, locals[*y].bytes);
    locals.erase(locals.begin() + static_cast<std::ptrdiff_t>(*y));
    return true;
}

}  // namespace

bool writeLocalNestsInPlace(std::vector<LocalArray>& locals, std::vector<std::string>& body,
                            std::vector<LocalLoopNest> nests, std::int64_t maxCopies, bool shareTests) {
    // Later nests first: rewriting one changes the line numbers after it only.
    std::sort(nests.begin(), nests.end(), [](const LocalLoopNest& a, const LocalLoopNest& b) {
        return a.loops.front().forLine > b.loops.front().forLine;
    });
    bool any = false;
    int counter = 0;
    for (const auto& nest : nests) any = rewriteNest(locals, body, nest, maxCopies, shareTests, counter) || any;
    return any;
}

}  // namespace liftcl::codegen
