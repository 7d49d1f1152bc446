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
// Where even the components do not fit (8192 fp64, 16384 fp32: 64 KiB of each), the buffer holds
// 1/R of the indices and each component goes over in R rounds of index ranges (`ranges`,
// register boost: the work-group's points live in registers, local memory only passes them on):
//
//     for x, then y:  for r < R:  the writer's values with index in range r, A[i - r*C] = v;
//                                 barrier;  the reader's with index in range r read;  barrier
//
// Which round a write or read belongs to is decided here, per share, by evaluating its index over
// the share's work-items: where they all fall in one range the access is placed in that round
// untested (a writer with at least R butterflies per work-item, the butterfly index's high digits
// giving the range); else it appears in every round it may fall in, under a test of its index.
// In that form every nest's shares are written out (a scope per share), so every private array
// is indexed by constants.
//
// Each nest runs by shares (local_nest_shares.hpp: the launch fixes the local size), so every
// work-item reaches every barrier. Applies to a chain whose nests are straight-line code (no
// loops or conditions inside: each write runs once per share), whose reads of A_i are indexed by
// the nest's own loop variables and constants, and whose writes of A_i are whole statements;
// anything else is left untouched and the pass answers false.
#include <fmt/format.h>

#include <algorithm>
#include <set>

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

// The index arithmetic of a one-index element naming only `loopVars` (nullopt otherwise).
std::optional<ir::Arith> loopIndex(const c::ExprP& index, const std::set<std::string>& loopVars) {
    const auto* i = std::get_if<c::Index>(&index->node);
    if (!i || !i->bound.empty()) return std::nullopt;
    for (const auto& v : i->value.variables())
        if (!loopVars.count(v)) return std::nullopt;
    return i->value;
}

c::ExprP integer(std::int64_t k) { return c::text(std::to_string(k)); }

// One nest of the chain, its body rewritten: reads of its input array from the staging copies,
// writes of its output array into the stash.
struct ChainNest {
    const LocalLoopNest* nest = nullptr;
    std::int64_t shares = 1;
    c::Block body;                       // the innermost loop's body, rewritten
    std::vector<ir::Arith> indices;      // of the input array, in staging order
    std::int64_t writes = 0;             // statements writing the output array
    std::vector<c::ExprP> writeIndices;  // of the output array, in stash order
    std::vector<std::optional<ir::Arith>> writeArith;  // the same, where they name only loop variables
    // Every write index names only the nest's loop variables: the flush recomputes it (in a loop
    // over the shares like the nest's own) instead of keeping it in a register per value (not
    // under CodegenOptions::localShareTests).
    bool indicesRecomputable = true;
};

struct ChainSymbols {
    c::SymbolP stashValue = c::symbol("stash_value"), stashIndex = c::symbol("stash_index");
    c::SymbolP flushShare = c::symbol("ipf"), clearWrite = c::symbol("ipm");
};

// Rewrites the statements of a nest's body into `out`: `input[IDX]` read from `staging[ip][m]`,
// `output[IDX] = v;` kept as `stash_value[ip][m] = v; stash_index[ip][m] = IDX;`; false when the
// body does not have the shape (straight-line code, reads indexed by the loop variables).
bool rewriteStatements(const c::Block& in, c::Block& out, ChainNest& nest, const std::set<std::string>& loopVars,
                       const c::Symbol* input, const c::Symbol* output, const c::SymbolP& ip, const c::SymbolP& staging,
                       const ChainSymbols& names) {
    bool shaped = true;
    const c::ExprRewrite fromStaging = [&](const c::Expr& e) -> c::ExprP {
        const auto* n = std::get_if<c::Name>(&e.node);
        if (n && n->symbol.get() == input) shaped = false;
        const auto* el = std::get_if<c::Element>(&e.node);
        if (!el || el->array.get() != input) return nullptr;
        const auto index = el->indices.size() == 1 ? loopIndex(el->indices[0], loopVars) : std::nullopt;
        if (!index) {
            shaped = false;
            return nullptr;
        }
        auto slot = std::find(nest.indices.begin(), nest.indices.end(), *index);
        if (slot == nest.indices.end()) slot = nest.indices.insert(nest.indices.end(), *index);
        return c::element(staging, {c::name(ip), integer(slot - nest.indices.begin())});
    };
    for (const auto& st : in) {
        if (std::holds_alternative<c::Comment>(st->node)) {
            out.push_back(c::stmt(std::get<c::Comment>(st->node)));
            continue;
        }
        if (const auto* scope = std::get_if<c::Scope>(&st->node)) {
            c::Scope rewritten;
            if (!rewriteStatements(scope->body, rewritten.body, nest, loopVars, input, output, ip, staging, names))
                return false;
            out.push_back(c::stmt(std::move(rewritten)));
            continue;
        }
        // A guarded store (`if (index < n) out[...] = v;`, codegen's take after a computation):
        // kept where it writes no array of the exchange, its reads of the input from the staging.
        if (const auto* guarded = std::get_if<c::If>(&st->node)) {
            if ((output && c::namesOwn(*st, output)) || (input && c::names(guarded->condition, input))) return false;
            c::If rewritten{guarded->condition, {}, guarded->oneLine};
            if (!rewriteStatements(guarded->body, rewritten.body, nest, loopVars, input, output, ip, staging, names))
                return false;
            out.push_back(c::stmt(std::move(rewritten)));
            continue;
        }
        if (c::bodyOf(*st) || std::holds_alternative<c::Barrier>(st->node)) return false;  // loops, conditions
        if (output && c::namesOwn(*st, output)) {
            // `output[IDX] = EXPR;`, output named nowhere else in it.
            const auto* a = std::get_if<c::Assign>(&st->node);
            const auto* target = a ? std::get_if<c::Element>(&a->target->node) : nullptr;
            if (!target || target->array.get() != output || target->indices.size() != 1 ||
                c::names(target->indices[0], output) || c::names(a->value, output))
                return false;
            const c::ExprP value = input ? c::rewrite(a->value, fromStaging) : a->value;
            const c::ExprP index = target->indices[0];
            out.push_back(c::assign(c::element(names.stashValue, {c::name(ip), integer(nest.writes)}), value));
            out.push_back(c::assign(c::element(names.stashIndex, {c::name(ip), integer(nest.writes)}), index));
            nest.writeIndices.push_back(index);
            nest.writeArith.push_back(loopIndex(index, loopVars));
            nest.indicesRecomputable = nest.indicesRecomputable && nest.writeArith.back().has_value();
            ++nest.writes;
            if (!shaped) return false;
            continue;
        }
        c::StmtP copy;
        if (const auto* d = std::get_if<c::Declare>(&st->node))
            copy = c::stmt(*d);
        else if (const auto* a = std::get_if<c::Assign>(&st->node))
            copy = c::stmt(*a);
        else if (const auto* e = std::get_if<c::Evaluate>(&st->node))
            copy = c::stmt(*e);
        else
            return false;
        if (input) c::rewriteExprs(*copy, fromStaging);
        if (!shaped) return false;
        out.push_back(std::move(copy));
    }
    return true;
}

// Statements that write a stash index: dropped where the flush recomputes the indices.
void dropStashIndexWrites(c::Block& b, const c::Symbol* stashIndex) {
    std::erase_if(b, [&](const c::StmtP& st) {
        const auto* a = std::get_if<c::Assign>(&st->node);
        const auto* target = a ? std::get_if<c::Element>(&a->target->node) : nullptr;
        return target && target->array.get() == stashIndex;
    });
    for (auto& st : b)
        if (c::Block* inner = c::bodyOf(*st)) dropStashIndexWrites(*inner, stashIndex);
}

// The ranges [r * chunk, (r + 1) * chunk) that `index` falls in over the work-items of share
// `share` of a nest (every range where it cannot be told: the exchange then tests the index).
std::set<std::int64_t> rangesOf(const std::optional<ir::Arith>& index, const std::vector<LocalLoop>& loops,
                                std::int64_t share, std::int64_t chunk, std::int64_t ranges) {
    std::set<std::int64_t> all;
    for (std::int64_t r = 0; r < ranges; ++r) all.insert(r);
    if (!index) return all;
    // Each loop's first value in this share, as sharesLoop numbers the shares (the last loop's
    // digit lowest), and the work-items of the nest (the product of the local sizes).
    std::vector<std::int64_t> first(loops.size());
    std::int64_t stride = 1, items = 1;
    for (std::size_t k = loops.size(); k-- > 0;) {
        const std::int64_t copies = (loops[k].extent + loops[k].localSize - 1) / loops[k].localSize;
        first[k] = (share / stride) % copies * loops[k].localSize;
        stride *= copies;
        items *= loops[k].localSize;
    }
    std::set<std::int64_t> found;
    for (std::int64_t item = 0; item < items; ++item) {
        ir::Valuation values;
        bool runs = true;
        for (std::size_t k = 0, rest = static_cast<std::size_t>(item); k < loops.size(); ++k) {
            const auto size = static_cast<std::size_t>(loops[k].localSize);
            const std::int64_t v = first[k] + static_cast<std::int64_t>(rest % size);
            rest /= size;
            runs = runs && v < loops[k].extent;
            values[loops[k].var->name] = v;
        }
        if (!runs) continue;
        const std::int64_t at = index->evaluate(values);
        if (at < 0 || at >= chunk * ranges) return all;
        found.insert(at / chunk);
    }
    return found;
}

// One trip of a loop over the shares written out: `{ const int ip = share; body }`, the body being
// the loop's (sharesLoop: `const int l = get_local_id(d) + ...; if (l < E) { ... }`). Written out
// rather than left to the compiler: a share index it keeps as a variable puts the private arrays it
// indexes on the stack (H100, 8192 fp64 by ranges: 512-5120 B stack frames).
c::StmtP shareWrittenOut(const c::SymbolP& ip, std::int64_t share, c::Block body) {
    c::Scope scope;
    scope.body.push_back(c::declare("int", ip, integer(share), {}, "const"));
    for (auto& st : body) scope.body.push_back(std::move(st));
    return c::stmt(std::move(scope));
}

// Share `share` of a nest written out around `body`.
c::StmtP oneShare(const std::vector<LocalLoop>& loops, std::int64_t share, c::Block body, bool testEveryLoop) {
    const c::SymbolP ip = c::symbol("ips");
    c::StmtP loop = sharesLoop(ip, loops, std::move(body), testEveryLoop);
    return shareWrittenOut(ip, share, std::move(std::get<c::For>(loop->node).body));
}

// `target = value;`, under `(uint)(index - low) < chunk` when the index may leave the range.
c::StmtP writeInRange(c::ExprP target, c::ExprP value, const c::ExprP& index, bool tested, std::int64_t chunk) {
    c::StmtP write = c::assign(std::move(target), std::move(value));
    if (!tested) return write;
    c::If test{c::seq({c::text("(uint)("), index, c::text(fmt::format(") < {}u", chunk))}), {}, true};
    test.body.push_back(std::move(write));
    return c::stmt(std::move(test));
}

}  // namespace

bool exchangeLocalArraysByComponent(std::vector<LocalArray>& locals, c::Block& body, std::vector<LocalLoopNest> nests,
                                    std::int64_t maxCopies, bool shareTests, std::int64_t ranges) {
    if (locals.empty() || ranges < 1) return false;
    const auto component = componentOf(locals.front().elementType);
    if (!component) return false;
    for (const auto& a : locals)
        if (a.elementType != locals.front().elementType) return false;

    // The chain: the nests naming a __local array, in order; A_i named only by N(i-1) and N(i).
    const c::Linear linear = c::linearize(body);
    auto position = [&](const LocalLoopNest& n) { return linear.position.at(n.loops.front().loop); };
    std::sort(nests.begin(), nests.end(),
              [&](const LocalLoopNest& a, const LocalLoopNest& b) { return position(a) < position(b); });
    auto namesIn = [&](const LocalLoopNest& n, const LocalArray& a) {
        return c::namesDeep(*n.loops.front().loop, a.symbol.get());
    };
    std::vector<const LocalLoopNest*> chain;
    for (const auto& n : nests)
        if (std::any_of(locals.begin(), locals.end(), [&](const LocalArray& a) { return namesIn(n, a); }))
            chain.push_back(&n);
    if (chain.size() != locals.size() + 1) return false;
    std::vector<c::SymbolP> arrays;  // A_1 .. A_L: the array N(i-1) writes
    for (std::size_t i = 0; i + 1 < chain.size(); ++i) {
        c::SymbolP written;
        for (const auto& a : locals)
            if (namesIn(*chain[i], a) && namesIn(*chain[i + 1], a)) written = a.symbol;
        if (!written || std::count(arrays.begin(), arrays.end(), written)) return false;
        arrays.push_back(written);
    }
    for (const auto& a : locals) {
        for (std::size_t at = 0; at < linear.order.size(); ++at) {
            const bool inChain = std::any_of(chain.begin(), chain.end(), [&](const LocalLoopNest* n) {
                return at >= position(*n) && at <= linear.end.at(n->loops.front().loop);
            });
            if (!inChain && c::namesOwn(*linear.order[at], a.symbol.get())) return false;
        }
    }
    // Between the nests only barriers and comments, in one block; one scope; every nest by shares.
    const auto first = c::parentOf(body, chain.front()->loops.front().loop);
    if (!first) return false;
    c::Block& parent = *first->first;
    std::vector<std::size_t> at;  // each nest's place in the parent block
    for (const auto* n : chain) {
        const auto place = c::parentOf(body, n->loops.front().loop);
        if (!place || place->first != &parent) return false;
        at.push_back(place->second);
    }
    for (std::size_t i = 0; i < chain.size(); ++i) {
        if (!runsByShares(*chain[i]) || sharesOf(chain[i]->loops) > maxCopies) return false;
        if (chain[i]->scope != chain.front()->scope) return false;
        if (i == 0) continue;
        for (std::size_t k = at[i - 1] + 1; k < at[i]; ++k)
            if (!std::holds_alternative<c::Comment>(parent[k]->node) &&
                !std::holds_alternative<c::Barrier>(parent[k]->node))
                return false;
    }

    const ChainSymbols names;
    std::vector<c::SymbolP> shareIndex, staging;
    std::vector<ChainNest> rewritten;
    for (std::size_t i = 0; i < chain.size(); ++i) {
        shareIndex.push_back(c::symbol(fmt::format("ipx_{}", i)));
        staging.push_back(c::symbol(fmt::format("staged_{}", i)));
        const c::Symbol* input = i > 0 ? arrays[i - 1].get() : nullptr;
        const c::Symbol* output = i + 1 < chain.size() ? arrays[i].get() : nullptr;
        ChainNest nest;
        nest.nest = chain[i];
        nest.shares = sharesOf(chain[i]->loops);
        std::set<std::string> loopVars;
        for (const auto& l : chain[i]->loops) loopVars.insert(l.var->name);
        if (!rewriteStatements(innermostBody(*chain[i]), nest.body, nest, loopVars, input, output, shareIndex[i],
                               staging[i], names))
            return false;
        if ((output && nest.writes == 0) || (input && nest.indices.empty())) return false;
        // With the share tests kept, the indices stay in registers: recomputed ones ran slower there
        // (H100, 8192 fp32: 0.70 ms, kept 0.59; bench/results/h100-2026-11-25-wave5/run5-final).
        if (shareTests) nest.indicesRecomputable = false;
        if (nest.indicesRecomputable) dropStashIndexWrites(nest.body, names.stashIndex.get());
        rewritten.push_back(std::move(nest));
    }

    const c::SymbolP& buffer = arrays.front();
    std::int64_t stashShares = 1, stashWrites = 1;
    bool keepIndices = false;
    for (const auto& n : rewritten) {
        stashShares = std::max(stashShares, n.shares);
        stashWrites = std::max(stashWrites, n.writes);
        keepIndices = keepIndices || (n.writes > 0 && !n.indicesRecomputable);
    }
    const std::string vectorType = locals.front().elementType;
    c::Block out;
    out.push_back(c::comment("mapLcl nests exchanging " + vectorType + " through one __local array of " + *component +
                             ", x then y"));
    out.push_back(c::declare(vectorType, names.stashValue, nullptr, {stashShares, stashWrites}));
    if (keepIndices) out.push_back(c::declare("int", names.stashIndex, nullptr, {stashShares, stashWrites}));
    for (std::size_t i = 1; i < rewritten.size(); ++i)
        out.push_back(c::declare(vectorType, staging[i], nullptr,
                                 {rewritten[i].shares, static_cast<std::int64_t>(rewritten[i].indices.size())}));
    auto stashed = [&](const c::ExprP& share, std::int64_t m, const std::string& part) {
        return c::seq({c::element(names.stashValue, {share, integer(m)}), c::text("." + part)});
    };
    // The writer's kept values, one component, into the buffer (only where its share ran).
    auto flush = [&](const ChainNest& writer, const std::string& part) {
        const c::ExprP share = c::name(names.flushShare);
        if (writer.indicesRecomputable) {
            c::Block writes;
            for (std::int64_t m = 0; m < writer.writes; ++m)
                writes.push_back(c::assign(c::element(buffer, {writer.writeIndices[static_cast<std::size_t>(m)]}),
                                           stashed(share, m, part)));
            out.push_back(sharesLoop(names.flushShare, writer.nest->loops, std::move(writes), shareTests));
            return;
        }
        const bool checked = !everyShareRuns(writer.nest->loops);
        c::StmtP loop = c::countingLoop("int", names.flushShare, integer(writer.shares), true);
        c::Block& writes = std::get<c::For>(loop->node).body;
        for (std::int64_t m = 0; m < writer.writes; ++m) {
            const c::ExprP index = c::element(names.stashIndex, {share, integer(m)});
            c::StmtP write = c::assign(c::element(buffer, {index}), stashed(share, m, part));
            if (!checked) {
                writes.push_back(std::move(write));
                continue;
            }
            c::If test{c::seq({index, c::text(" >= 0")}), {}, true};
            test.body.push_back(std::move(write));
            writes.push_back(c::stmt(std::move(test)));
        }
        out.push_back(std::move(loop));
    };
    auto run = [&](std::size_t i, c::Block before) {
        ChainNest& n = rewritten[i];
        if (n.writes > 0 && !n.indicesRecomputable && !everyShareRuns(n.nest->loops)) {
            c::StmtP clear = c::countingLoop("int", names.flushShare, integer(n.shares), true);
            c::StmtP each = c::countingLoop("int", names.clearWrite, integer(n.writes));
            std::get<c::For>(each->node).oneLine = true;
            std::get<c::For>(each->node)
                .body.push_back(
                    c::assign(c::element(names.stashIndex, {c::name(names.flushShare), c::name(names.clearWrite)}),
                              c::text("-1")));
            std::get<c::For>(clear->node).body.push_back(std::move(each));
            out.push_back(std::move(clear));
        }
        for (auto& st : n.body) before.push_back(std::move(st));
        c::StmtP loop = sharesLoop(shareIndex[i], n.nest->loops, std::move(before), shareTests);
        if (ranges == 1) {
            out.push_back(std::move(loop));
            return;
        }
        for (std::int64_t k = 0; k < n.shares; ++k)
            out.push_back(shareWrittenOut(shareIndex[i], k, c::clone(std::get<c::For>(loop->node).body)));
    };
    auto stage = [&](std::size_t i, const std::string& part) {
        c::Block reads;
        for (std::size_t m = 0; m < rewritten[i].indices.size(); ++m)
            reads.push_back(c::assign(
                c::seq({c::element(staging[i], {c::name(shareIndex[i]), integer(static_cast<std::int64_t>(m))}),
                        c::text("." + part)}),
                c::element(buffer, {c::index(rewritten[i].indices[m])})));
        return reads;
    };
    // Ranges: the buffer holds `chunk` elements, one range of the indices; each component goes over
    // in `ranges` rounds, a write or read placed in the round of its range, tested only where its
    // share's work-items span several ranges.
    std::int64_t count = 0;
    for (const auto& a : locals) count = std::max(count, a.count);
    const std::int64_t chunk = (count + ranges - 1) / ranges;
    // The ranges of each share's accesses ([share][access]), found once per nest.
    using RangesTable = std::vector<std::vector<std::set<std::int64_t>>>;
    auto rangesTable = [&](const ChainNest& nest, const std::vector<std::optional<ir::Arith>>& indices) {
        RangesTable table(static_cast<std::size_t>(nest.shares));
        for (std::int64_t ip = 0; ip < nest.shares; ++ip)
            for (const auto& index : indices)
                table[static_cast<std::size_t>(ip)].push_back(rangesOf(index, nest.nest->loops, ip, chunk, ranges));
        return table;
    };
    auto flushRange = [&](const ChainNest& writer, const RangesTable& table, const std::string& part, std::int64_t r) {
        const auto& loops = writer.nest->loops;
        for (std::int64_t ip = 0; ip < writer.shares; ++ip) {
            c::Block writes;
            for (std::int64_t m = 0; m < writer.writes; ++m) {
                const auto& arith = writer.writeArith[static_cast<std::size_t>(m)];
                const auto& in = table[static_cast<std::size_t>(ip)][static_cast<std::size_t>(m)];
                if (!in.count(r)) continue;
                const c::ExprP index =
                    writer.indicesRecomputable
                        ? c::index(*arith - ir::Arith(r * chunk))
                    : r == 0 ? c::element(names.stashIndex, {integer(ip), integer(m)})
                             : c::seq({c::element(names.stashIndex, {integer(ip), integer(m)}),
                                       c::text(fmt::format(" - {}", r * chunk))});
                writes.push_back(writeInRange(c::element(buffer, {index}), stashed(integer(ip), m, part), index,
                                              in.size() > 1, chunk));
            }
            if (!writes.empty()) out.push_back(oneShare(loops, ip, std::move(writes), shareTests));
        }
    };
    auto stageRange = [&](std::size_t i, const RangesTable& table, const std::string& part, std::int64_t r) {
        const ChainNest& reader = rewritten[i];
        const auto& loops = reader.nest->loops;
        for (std::int64_t ip = 0; ip < reader.shares; ++ip) {
            c::Block reads;
            for (std::size_t m = 0; m < reader.indices.size(); ++m) {
                const auto& in = table[static_cast<std::size_t>(ip)][m];
                if (!in.count(r)) continue;
                const c::ExprP index = c::index(reader.indices[m] - ir::Arith(r * chunk));
                reads.push_back(writeInRange(
                    c::seq({c::element(staging[i], {integer(ip), integer(static_cast<std::int64_t>(m))}),
                            c::text("." + part)}),
                    c::element(buffer, {index}), index, in.size() > 1, chunk));
            }
            if (!reads.empty()) out.push_back(oneShare(loops, ip, std::move(reads), shareTests));
        }
    };
    run(0, {});
    for (std::size_t i = 1; ranges > 1 && i < rewritten.size(); ++i) {
        const RangesTable written = rangesTable(rewritten[i - 1], rewritten[i - 1].writeArith);
        const RangesTable read =
            rangesTable(rewritten[i], {rewritten[i].indices.begin(), rewritten[i].indices.end()});
        for (const std::string part : {"x", "y"})
            for (std::int64_t r = 0; r < ranges; ++r) {
                flushRange(rewritten[i - 1], written, part, r);
                out.push_back(c::barrier());
                stageRange(i, read, part, r);
                if (part == "x" || r + 1 < ranges) out.push_back(c::barrier());
            }
        run(i, {});
        if (i + 1 < rewritten.size()) out.push_back(c::barrier());
    }
    for (std::size_t i = 1; ranges == 1 && i < rewritten.size(); ++i) {
        flush(rewritten[i - 1], "x");
        out.push_back(c::barrier());
        out.push_back(sharesLoop(shareIndex[i], rewritten[i].nest->loops, stage(i, "x"), shareTests));
        out.push_back(c::barrier());
        flush(rewritten[i - 1], "y");
        out.push_back(c::barrier());
        run(i, stage(i, "y"));
        if (i + 1 < rewritten.size()) out.push_back(c::barrier());
    }
    parent.erase(parent.begin() + static_cast<std::ptrdiff_t>(at.front()),
                 parent.begin() + static_cast<std::ptrdiff_t>(at.back()) + 1);
    parent.insert(parent.begin() + static_cast<std::ptrdiff_t>(at.front()), std::make_move_iterator(out.begin()),
                  std::make_move_iterator(out.end()));

    LocalArray merged = locals.front();
    merged.count = merged.bytes = 0;
    for (const auto& a : locals) {
        const std::int64_t elementBytes = a.count > 0 ? a.bytes / a.count : 0;
        merged.count = std::max(merged.count, std::min(a.count, chunk));
        merged.bytes = std::max(merged.bytes, std::min(a.count, chunk) * elementBytes / 2);
    }
    merged.symbol = buffer;
    merged.elementType = *component;
    locals.assign(1, merged);
    return true;
}

}  // namespace liftcl::codegen
