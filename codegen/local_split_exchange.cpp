// __local arrays of two-component elements exchanged one component at a time
// (CodegenOptions::localSplitExchange): a chain of mapLcl nests N0 .. NL, where N(i-1) writes the
// __local array A_i and Ni reads it, needs one __local array of n points; when n points do not
// fit local memory but n of their components do (8192 float2 = 64 KiB of a 48 KiB limit, 32 KiB
// per component), every nest keeps its results in private memory and hands them to the next
// through ONE __local array of components, x first, then y:
//
//     N0's body, its writes A_1[i] = v kept as (v, i) in private memory     (all shares)
//     A[i] = v.x;  barrier;  N1 reads the x of A[its indices];  barrier;
//     A[i] = v.y;  barrier;  N1 reads the y, runs its body (its A_1 reads now private), keeps its
//                            writes of A_2 the same way;  barrier;  ... NL writes global memory
//
// Each nest runs by shares (local_nest_shares.hpp: the launch fixes the local size), so every
// work-item reaches every barrier. Applies to a chain whose nests are straight-line code (no
// loops or conditions inside: each write runs once per share), whose reads of A_i are indexed by
// the nest's own loop variables and constants, and whose writes of A_i are whole statements;
// anything else is left untouched and the pass answers false.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <regex>
#include <set>

#include "codegen/c_identifiers.hpp"
#include "codegen/kernel_builder.hpp"
#include "codegen/local_nest_shares.hpp"

namespace liftcl::codegen {

namespace {

// The C type of one component of a two-component vector type (nullopt for other types).
std::optional<std::string> componentOf(const std::string& elementType) {
    if (elementType == "complex") return std::string("real");
    if (elementType == "float2") return std::string("float");
    if (elementType == "double2") return std::string("double");
    return std::nullopt;
}

// The text between the `[` at `open` and its matching `]` (nullopt when unbalanced).
std::optional<std::string> bracketed(const std::string& text, std::size_t open, std::size_t& close) {
    if (open >= text.size() || text[open] != '[') return std::nullopt;
    int depth = 0;
    for (std::size_t k = open; k < text.size(); ++k) {
        if (text[k] == '[') ++depth;
        if (text[k] == ']' && --depth == 0) {
            close = k;
            return text.substr(open + 1, k - open - 1);
        }
    }
    return std::nullopt;
}

// Every identifier of `text` is one of `allowed`.
bool namesOnly(const std::string& text, const std::set<std::string>& allowed) {
    static const std::regex identifier(R"([A-Za-z_]\w*)");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), identifier); it != std::sregex_iterator(); ++it)
        if (!allowed.count(it->str())) return false;
    return true;
}

// One nest of the chain, its body rewritten: reads of its input array from the staging copies,
// writes of its output array into the stash.
struct ChainNest {
    const LocalLoopNest* nest = nullptr;
    std::int64_t shares = 1;
    std::vector<std::string> body;     // the innermost loop's body, rewritten
    std::vector<std::string> indices;  // of the input array, in staging order
    std::int64_t writes = 0;           // statements writing the output array
    std::vector<std::string> writeIndices;  // of the output array, in stash order
    // Every write index names only the nest's loop variables: the flush recomputes it (in a loop
    // over the shares like the nest's own) instead of keeping it in a register per value (not
    // under CodegenOptions::localShareTests).
    bool indicesRecomputable = true;
};

// The body of `nest` with `input[IDX]` read from `staging[ip][m]` and `output[IDX] = v;` kept as
// `stashValue[ip][m] = v; stashIndex[ip][m] = IDX;`; nullopt when the body does not have the shape.
std::optional<ChainNest> rewriteBody(const LocalLoopNest& nest, const std::vector<std::string>& body,
                                     const std::string* input, const std::string* output, const std::string& ip,
                                     const std::string& staging) {
    ChainNest out;
    out.nest = &nest;
    out.shares = sharesOf(nest.loops);
    std::set<std::string> loopVars;
    for (const auto& l : nest.loops) loopVars.insert(l.var);
    static const std::regex control(R"((^|[^A-Za-z_0-9])(for|while|if|do|switch|goto|return|break|continue)\b)");
    std::map<std::string, std::size_t> slotOf;  // staging slot by index text
    for (std::size_t line = nest.loops.back().forLine + 1; line < nest.loops.back().closeLine; ++line) {
        std::string text = body[line];
        const std::string t = trimmed(text);
        if (t.rfind("//", 0) == 0) {
            out.body.push_back(text);
            continue;
        }
        if (std::regex_search(t, control) || t.find("barrier(") != std::string::npos) return std::nullopt;
        if (output && namesIdentifier(text, *output)) {
            // `output[IDX] = EXPR;` as one statement, output named nowhere else in it.
            if (t.rfind(*output + "[", 0) != 0) return std::nullopt;
            std::size_t close = 0;
            auto index = bracketed(t, output->size(), close);
            if (!index || t.compare(close + 1, 3, " = ") != 0 || t.back() != ';') return std::nullopt;
            const std::string value = t.substr(close + 4, t.size() - close - 5);
            if (namesIdentifier(value, *output) || namesIdentifier(*index, *output)) return std::nullopt;
            const std::string pad(indentOf(text), ' ');
            out.body.push_back(fmt::format("{}stash_value[{}][{}] = {};", pad, ip, out.writes, value));
            out.body.push_back(fmt::format("{}stash_index[{}][{}] = {};", pad, ip, out.writes, *index));
            out.writeIndices.push_back(*index);
            out.indicesRecomputable = out.indicesRecomputable && namesOnly(*index, loopVars);
            ++out.writes;
            continue;
        }
        if (input) {
            auto at = identifierOccurrences(text, *input);
            for (auto it = at.rbegin(); it != at.rend(); ++it) {
                std::size_t close = 0;
                auto index = bracketed(text, *it + input->size(), close);
                if (!index || !namesOnly(*index, loopVars)) return std::nullopt;
                auto slot = slotOf.find(*index);
                if (slot == slotOf.end()) {
                    slot = slotOf.emplace(*index, out.indices.size()).first;
                    out.indices.push_back(*index);
                }
                text.replace(*it, close + 1 - *it, fmt::format("{}[{}][{}]", staging, ip, slot->second));
            }
        }
        out.body.push_back(text);
    }
    return out;
}

}  // namespace

bool exchangeLocalArraysByComponent(std::vector<LocalArray>& locals, std::vector<std::string>& body,
                                    std::vector<LocalLoopNest> nests, std::int64_t maxCopies, bool shareTests) {
    if (locals.empty()) return false;
    const auto component = componentOf(locals.front().elementType);
    if (!component) return false;
    for (const auto& a : locals)
        if (a.elementType != locals.front().elementType) return false;

    // The chain: the nests naming a __local array, in order; A_i named only by N(i-1) and N(i).
    std::sort(nests.begin(), nests.end(), [](const LocalLoopNest& a, const LocalLoopNest& b) {
        return a.loops.front().forLine < b.loops.front().forLine;
    });
    auto namesIn = [&](const LocalLoopNest& n, const std::string& name) {
        for (std::size_t line = n.loops.front().forLine; line <= n.loops.front().closeLine; ++line)
            if (namesIdentifier(body[line], name)) return true;
        return false;
    };
    std::vector<const LocalLoopNest*> chain;
    for (const auto& n : nests) {
        bool any = false;
        for (const auto& a : locals) any = any || namesIn(n, a.name);
        if (any) chain.push_back(&n);
    }
    if (chain.size() != locals.size() + 1) return false;
    std::vector<std::string> arrays;  // A_1 .. A_L: the array N(i-1) writes
    for (std::size_t i = 0; i + 1 < chain.size(); ++i) {
        std::optional<std::string> written;
        for (const auto& a : locals)
            if (namesIn(*chain[i], a.name) && namesIn(*chain[i + 1], a.name)) written = a.name;
        if (!written || std::count(arrays.begin(), arrays.end(), *written)) return false;
        arrays.push_back(*written);
    }
    const std::size_t begin = chain.front()->loops.front().forLine, end = chain.back()->loops.front().closeLine;
    for (const auto& a : locals) {
        for (std::size_t line = 0; line < body.size(); ++line) {
            const bool inChain = std::any_of(chain.begin(), chain.end(), [&](const LocalLoopNest* n) {
                return line >= n->loops.front().forLine && line <= n->loops.front().closeLine;
            });
            if (!inChain && namesIdentifier(body[line], a.name)) return false;
        }
    }
    // Between the nests only barriers and comments; one scope; every nest by shares.
    for (std::size_t i = 0; i < chain.size(); ++i) {
        if (!runsByShares(*chain[i], body) || sharesOf(chain[i]->loops) > maxCopies) return false;
        if (chain[i]->scopeBegin != chain.front()->scopeBegin) return false;
        if (i == 0) continue;
        for (std::size_t line = chain[i - 1]->loops.front().closeLine + 1; line < chain[i]->loops.front().forLine; ++line) {
            const std::string t = trimmed(body[line]);
            if (!t.empty() && t.rfind("//", 0) != 0 && t.rfind("barrier(", 0) != 0) return false;
        }
    }

    std::vector<ChainNest> rewritten;
    for (std::size_t i = 0; i < chain.size(); ++i) {
        const std::string* input = i > 0 ? &arrays[i - 1] : nullptr;
        const std::string* output = i + 1 < chain.size() ? &arrays[i] : nullptr;
        auto nest = rewriteBody(*chain[i], body, input, output, fmt::format("ipx_{}", i), fmt::format("staged_{}", i));
        if (!nest || (output && nest->writes == 0) || (input && nest->indices.empty())) return false;
        // With the share tests kept, the indices stay in registers: recomputed ones ran slower there
        // (H100, 8192 fp32: 0.70 ms, kept 0.59; bench/results/h100-2026-11-25-wave5/run5-final).
        if (shareTests) nest->indicesRecomputable = false;
        if (nest->indicesRecomputable)
            std::erase_if(nest->body, [](const std::string& line) { return trimmed(line).rfind("stash_index[", 0) == 0; });
        rewritten.push_back(std::move(*nest));
    }

    const std::string& buffer = arrays.front();
    const std::string base(indentOf(body[begin]), ' ');
    const std::string inner = base + "        ";
    std::int64_t stashShares = 1, stashWrites = 1;
    bool keepIndices = false;
    for (const auto& n : rewritten) {
        stashShares = std::max(stashShares, n.shares);
        stashWrites = std::max(stashWrites, n.writes);
        keepIndices = keepIndices || (n.writes > 0 && !n.indicesRecomputable);
    }
    const std::string vectorType = locals.front().elementType;
    std::vector<std::string> out;
    out.push_back(base + "// mapLcl nests exchanging " + vectorType + " through one __local array of " + *component +
                  ", x then y");
    out.push_back(base + fmt::format("{} stash_value[{}][{}];", vectorType, stashShares, stashWrites));
    if (keepIndices) out.push_back(base + fmt::format("int stash_index[{}][{}];", stashShares, stashWrites));
    for (std::size_t i = 1; i < rewritten.size(); ++i)
        out.push_back(base + fmt::format("{} staged_{}[{}][{}];", vectorType, i, rewritten[i].shares,
                                         rewritten[i].indices.size()));
    auto append = [&](std::vector<std::string> lines) {
        for (auto& line : lines) out.push_back(std::move(line));
    };
    auto barrier = [&] { out.push_back(base + "barrier(CLK_LOCAL_MEM_FENCE);"); };
    // The writer's kept values, one component, into the buffer (only where its share ran).
    auto flush = [&](const ChainNest& writer, const std::string& part) {
        if (writer.indicesRecomputable) {
            std::vector<std::string> lines;
            for (std::int64_t m = 0; m < writer.writes; ++m)
                lines.push_back(inner + fmt::format("{}[{}] = stash_value[ipf][{}].{};", buffer,
                                                    writer.writeIndices[static_cast<std::size_t>(m)], m, part));
            append(sharesLoop(base, "ipf", writer.nest->loops, lines, shareTests));
            return;
        }
        const bool checked = !everyShareRuns(writer.nest->loops);
        out.push_back(base + "#pragma unroll");
        out.push_back(base + fmt::format("for (int ipf = 0; ipf < {}; ++ipf) {{", writer.shares));
        for (std::int64_t m = 0; m < writer.writes; ++m)
            out.push_back(base + "    " + (checked ? fmt::format("if (stash_index[ipf][{}] >= 0) ", m) : "") +
                          fmt::format("{}[stash_index[ipf][{}]] = stash_value[ipf][{}].{};", buffer, m, m, part));
        out.push_back(base + "}");
    };
    auto run = [&](std::size_t i, std::vector<std::string> before) {
        const ChainNest& n = rewritten[i];
        if (n.writes > 0 && !n.indicesRecomputable && !everyShareRuns(n.nest->loops)) {
            out.push_back(base + "#pragma unroll");
            out.push_back(base + fmt::format("for (int ipf = 0; ipf < {}; ++ipf)", n.shares));
            out.push_back(base + fmt::format("    for (int ipm = 0; ipm < {}; ++ipm) stash_index[ipf][ipm] = -1;", n.writes));
        }
        for (const auto& line : n.body) before.push_back(line);
        append(sharesLoop(base, fmt::format("ipx_{}", i), n.nest->loops, before, shareTests));
    };
    auto stage = [&](std::size_t i, const std::string& part) {
        std::vector<std::string> lines;
        for (std::size_t m = 0; m < rewritten[i].indices.size(); ++m)
            lines.push_back(fmt::format("{}staged_{}[ipx_{}][{}].{} = {}[{}];", inner, i, i, m, part, buffer,
                                        rewritten[i].indices[m]));
        return lines;
    };
    run(0, {});
    for (std::size_t i = 1; i < rewritten.size(); ++i) {
        flush(rewritten[i - 1], "x");
        barrier();
        append(sharesLoop(base, fmt::format("ipx_{}", i), rewritten[i].nest->loops, stage(i, "x"), shareTests));
        barrier();
        flush(rewritten[i - 1], "y");
        barrier();
        run(i, stage(i, "y"));
        if (i + 1 < rewritten.size()) barrier();
    }
    body.erase(body.begin() + static_cast<std::ptrdiff_t>(begin), body.begin() + static_cast<std::ptrdiff_t>(end) + 1);
    body.insert(body.begin() + static_cast<std::ptrdiff_t>(begin), out.begin(), out.end());

    LocalArray merged = locals.front();
    merged.count = merged.bytes = 0;
    for (const auto& a : locals) {
        const std::int64_t elementBytes = a.count > 0 ? a.bytes / a.count : 0;
        merged.count = std::max(merged.count, a.count);
        merged.bytes = std::max(merged.bytes, a.count * elementBytes / 2);
    }
    merged.name = buffer;
    merged.elementType = *component;
    locals.assign(1, merged);
    return true;
}

}  // namespace liftcl::codegen
