#include "codegen/local_nest_shares.hpp"

#include <fmt/format.h>

namespace liftcl::codegen {

c::Block& innermostBody(const LocalLoopNest& nest) { return std::get<c::For>(nest.loops.back().loop->node).body; }

bool runsByShares(const LocalLoopNest& nest) {
    const auto& loops = nest.loops;
    if (loops.empty() || !nest.uniform) return false;
    for (std::size_t k = 0; k + 1 < loops.size(); ++k) {
        const c::Block& outer = std::get<c::For>(loops[k].loop->node).body;
        if (outer.empty() || outer.back().get() != loops[k + 1].loop) return false;
        for (std::size_t s = 0; s + 1 < outer.size(); ++s)
            if (!std::holds_alternative<c::Comment>(outer[s]->node)) return false;
    }
    for (const auto& l : loops)
        if (l.extent < 1 || l.localSize < 1) return false;
    return !innermostBody(nest).empty();
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

c::StmtP sharesLoop(const c::SymbolP& ip, const std::vector<LocalLoop>& loops, c::Block body, bool testEveryLoop) {
    const std::int64_t copies = sharesOf(loops);
    c::For loop;
    loop.type = "int";
    loop.var = ip;
    loop.first = c::text("0");
    loop.limit = c::text(std::to_string(copies));
    loop.unroll = true;
    std::int64_t stride = 1;
    std::vector<c::ExprP> condition;
    for (auto l = loops.rbegin(); l != loops.rend(); ++l) {
        const std::int64_t k = (l->extent + l->localSize - 1) / l->localSize;
        // this iteration's share of loop l: get_local_id + (ip / stride % k) * local size
        std::vector<c::ExprP> start{c::text(fmt::format("get_local_id({})", l->dim))};
        if (k > 1) {
            const c::ExprP quotient =
                stride > 1 ? c::seq({c::name(ip), c::text(fmt::format(" / {}", stride))}) : c::name(ip);
            const c::ExprP digit = stride * k < copies
                                       ? c::seq({c::text("("), quotient, c::text(fmt::format(" % {})", k))})
                                   : stride > 1 ? c::seq({c::text("("), quotient, c::text(")")})
                                                : quotient;
            start.push_back(c::text(" + "));
            start.push_back(digit);
            start.push_back(c::text(fmt::format(" * {}", l->localSize)));
        }
        loop.body.push_back(c::declare("int", l->var, c::seq(std::move(start)), {}, "const"));
        // (The launch fixes the local size: an extent that is a multiple of it needs no test, and
        // without one the compiler sees that every share runs.)
        if (testEveryLoop || l->extent % l->localSize != 0) {
            std::vector<c::ExprP> test{c::name(l->var), c::text(fmt::format(" < {}", l->extent))};
            if (!condition.empty()) test.push_back(c::text(" && "));
            condition.insert(condition.begin(), test.begin(), test.end());
        }
        stride *= k;
    }
    if (condition.empty())
        loop.body.push_back(c::stmt(c::Scope{std::move(body)}));
    else
        loop.body.push_back(c::stmt(c::If{c::seq(std::move(condition)), std::move(body)}));
    return c::stmt(std::move(loop));
}

}  // namespace liftcl::codegen
