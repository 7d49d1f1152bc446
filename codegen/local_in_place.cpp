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
// tree, where lifetimes are known: X must not be named after the nest, Y not before it. The body
// splits after its last top-level statement naming X; a nest that does not have the expected
// shape (a perfect nest, the reads of X only before the writes of Y, private variables only
// written in the read phase) is left as it was.
#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <span>

#include "codegen/kernel_builder.hpp"
#include "codegen/local_nest_shares.hpp"

namespace liftcl::codegen {

namespace {

// The variable an assignment writes: the array or variable its target starts with, `(p).x` of p;
// nullptr when the target is some other expression.
const c::Symbol* writtenSymbol(const c::ExprP& target) {
    if (const auto* n = std::get_if<c::Name>(&target->node)) return n->symbol.get();
    if (const auto* e = std::get_if<c::Element>(&target->node)) return e->array.get();
    if (const auto* s = std::get_if<c::Seq>(&target->node)) {
        for (const auto& part : s->parts) {
            if (std::holds_alternative<c::Text>(part->node)) continue;
            return writtenSymbol(part);
        }
    }
    return nullptr;
}

// The read phase writes only variables it declares (the iterations' copies keep them apart) and
// holds no barrier; every top-level statement is a declaration, an assignment, a comment or
// nested statements.
bool readPhaseIsPrivate(std::span<const c::StmtP> phase, const std::set<const c::Symbol*>& declared, bool topLevel) {
    for (const auto& st : phase) {
        if (std::holds_alternative<c::Barrier>(st->node)) return false;
        if (const auto* a = std::get_if<c::Assign>(&st->node)) {
            const c::Symbol* w = writtenSymbol(a->target);
            if (!w || !declared.count(w)) return false;
            continue;
        }
        if (const auto* d = std::get_if<c::Declare>(&st->node)) {
            if (topLevel && !d->qualifiers.empty()) return false;  // a declaration that cannot be hoisted
            continue;
        }
        if (const c::Block* inner = c::bodyOf(*st)) {
            if (!readPhaseIsPrivate(*inner, declared, false)) return false;
            continue;
        }
        if (topLevel && !std::holds_alternative<c::Comment>(st->node)) return false;  // a statement of unknown kind
    }
    return true;
}

void collectDeclared(std::span<const c::StmtP> b, std::set<const c::Symbol*>& out) {
    for (const auto& top : b)
        c::forEachStatement(*top, [&](c::Stmt& st) {
            if (const auto* d = std::get_if<c::Declare>(&st.node); d && d->qualifiers.empty()) out.insert(d->symbol.get());
        });
}

// Rewrites one nest in place; false (tree untouched) when it does not have the shape.
bool rewriteNest(std::vector<LocalArray>& locals, c::Block& body, const LocalLoopNest& nest, std::int64_t maxCopies,
                 bool shareTests, int& counter) {
    const auto& loops = nest.loops;
    if (!nest.wroteLocal || !runsByShares(nest)) return false;
    const std::int64_t copies = sharesOf(loops);
    if (copies > maxCopies) return false;
    const c::Stmt* outer = loops.front().loop;
    const c::Linear linear = c::linearize(body);
    const std::size_t begin = linear.position.at(outer), end = linear.end.at(outer);

    // X: a __local array read in the nest and never named after it; Y: one first named in it.
    std::optional<std::size_t> x, y;
    for (std::size_t a = 0; a < locals.size(); ++a) {
        bool before = false, inside = false, after = false;
        for (std::size_t at = 0; at < linear.order.size(); ++at) {
            if (!c::namesOwn(*linear.order[at], locals[a].symbol.get())) continue;
            (at < begin ? before : at > end ? after : inside) = true;
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
    const c::SymbolP xSymbol = locals[*x].symbol, ySymbol = locals[*y].symbol;
    // X is written in the iteration of the enclosing loop that runs the nest: were it written
    // before that loop, a later iteration would read what this one wrote over it.
    if (nest.scope)
        for (std::size_t at = 0; at < linear.position.at(nest.scope); ++at)
            if (c::namesOwn(*linear.order[at], xSymbol.get())) return false;

    c::Block& inner = innermostBody(nest);
    std::optional<std::size_t> split;  // the last top-level statement reading X
    for (std::size_t st = 0; st < inner.size(); ++st)
        if (c::namesDeep(*inner[st], xSymbol.get())) split = st;
    if (!split || *split + 1 >= inner.size()) return false;
    c::Block readPhase, writePhase;
    for (std::size_t st = 0; st <= *split; ++st)
        if (c::namesDeep(*inner[st], ySymbol.get())) return false;
    const std::span<const c::StmtP> reads(inner.data(), *split + 1);
    std::set<const c::Symbol*> declared;
    collectDeclared(reads, declared);
    if (!readPhaseIsPrivate(reads, declared, true)) return false;

    // Hoist the read phase's top-level declarations (one copy per iteration when several).
    const c::SymbolP ip = c::symbol(fmt::format("ipk_{}", counter++));
    c::Block hoisted;
    std::set<const c::Symbol*> hoistedSymbols;
    for (std::size_t st = 0; st <= *split; ++st) {
        c::StmtP& statement = inner[st];
        if (auto* d = std::get_if<c::Declare>(&statement->node)) {
            std::vector<std::int64_t> extents = d->extents;
            if (copies > 1) extents.insert(extents.begin(), copies);
            hoisted.push_back(c::declare(d->type, d->symbol, nullptr, extents));
            hoistedSymbols.insert(d->symbol.get());
            if (d->init) readPhase.push_back(c::assign(c::name(d->symbol), d->init));
            continue;
        }
        readPhase.push_back(std::move(statement));
    }
    for (std::size_t st = *split + 1; st < inner.size(); ++st) writePhase.push_back(std::move(inner[st]));
    if (copies > 1) {
        // Each iteration's copy: p -> p[ip], p[i] -> p[ip][i].
        const c::ExprRewrite ownCopy = [&](const c::Expr& e) -> c::ExprP {
            if (const auto* n = std::get_if<c::Name>(&e.node); n && hoistedSymbols.count(n->symbol.get()))
                return c::element(n->symbol, {c::name(ip)});
            if (const auto* el = std::get_if<c::Element>(&e.node); el && hoistedSymbols.count(el->array.get())) {
                std::vector<c::ExprP> indices{c::name(ip)};
                for (const auto& i : el->indices) indices.push_back(c::rewrite(i, ownCopy));
                return c::element(el->array, std::move(indices));
            }
            return nullptr;
        };
        c::rewriteExprs(readPhase, ownCopy);
        c::rewriteExprs(writePhase, ownCopy);
    }

    // The two phases, each a loop over the iterations of the nest.
    c::Block out;
    std::string loopNames;
    for (const auto& l : loops) loopNames += (loopNames.empty() ? "" : ", ") + fmt::format("mapLcl({})", l.dim);
    out.push_back(c::comment(c::seq(
        {c::text(loopNames + " in place: reads of "), c::name(xSymbol), c::text(", barrier, writes over them")})));
    for (auto& h : hoisted) out.push_back(std::move(h));
    out.push_back(sharesLoop(ip, loops, std::move(readPhase), shareTests));
    out.push_back(c::barrier());
    out.push_back(sharesLoop(ip, loops, std::move(writePhase), shareTests));

    auto [parent, position] = *c::parentOf(body, outer);
    parent->erase(parent->begin() + static_cast<std::ptrdiff_t>(position));
    parent->insert(parent->begin() + static_cast<std::ptrdiff_t>(position), std::make_move_iterator(out.begin()),
                   std::make_move_iterator(out.end()));
    c::replaceSymbol(body, ySymbol.get(), xSymbol);
    locals[*x].count = std::max(locals[*x].count, locals[*y].count);
    locals[*x].bytes = std::max(locals[*x].bytes, locals[*y].bytes);
    locals.erase(locals.begin() + static_cast<std::ptrdiff_t>(*y));
    return true;
}

}  // namespace

bool writeLocalNestsInPlace(std::vector<LocalArray>& locals, c::Block& body, std::vector<LocalLoopNest> nests,
                            std::int64_t maxCopies, bool shareTests) {
    // Later nests first, as the line-based pass did (each rewrite keeps the nests before it).
    const c::Linear linear = c::linearize(body);
    std::sort(nests.begin(), nests.end(), [&](const LocalLoopNest& a, const LocalLoopNest& b) {
        return linear.position.at(a.loops.front().loop) > linear.position.at(b.loops.front().loop);
    });
    bool any = false;
    int counter = 0;
    for (const auto& nest : nests) any = rewriteNest(locals, body, nest, maxCopies, shareTests, counter) || any;
    return any;
}

}  // namespace liftcl::codegen
