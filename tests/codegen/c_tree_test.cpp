// The OpenCL C tree (codegen/c_tree.hpp): what the printer writes for each statement, what the
// queries answer, that rewrites recurse by default and renaming goes by symbol, and the
// local-sharing pass on a tree built by hand.
#include <doctest/doctest.h>

#include "codegen/c_tree.hpp"
#include "codegen/kernel_builder.hpp"

using namespace liftcl;
using namespace liftcl::codegen;

namespace {

std::string printed(const c::Block& b) {
    std::string out;
    c::print(b, 0, out);
    return out;
}

}  // namespace

TEST_CASE("c tree: the printer writes each kind of statement") {
    const c::SymbolP a = c::symbol("a"), l = c::symbol("l0_1"), v = c::symbol("v_0");
    const ir::Arith lv = ir::Arith::var("l0_1", 0, ir::Arith(64));
    c::Block b;
    b.push_back(c::comment("mapLcl(0)"));
    c::For loop;
    loop.type = "int";
    loop.var = l;
    loop.first = c::call("get_local_id", {c::text("0")});
    loop.limit = c::index(ir::Arith(64));
    loop.step = c::For::Step::AddStride;
    loop.stride = c::call("get_local_size", {c::text("0")});
    loop.body.push_back(c::declare(
        "complex", v,
        c::call("cmul", {c::element(a, {c::index(lv * ir::Arith(2))}), c::literal("(complex)(1.0f, 0.0f)")})));
    loop.body.push_back(c::assign(c::element(a, {c::index(lv)}), c::member(c::name(v), ".x")));
    b.push_back(c::stmt(std::move(loop)));
    b.push_back(c::barrier());
    c::Scope scope;
    scope.body.push_back(c::declare("int", c::symbol("k"), c::text("3"), {}, "const"));
    c::If test{c::text("1 < 2"), {}, false};
    test.body.push_back(c::stmt(c::Evaluate{c::call("vstore2", {c::name(v), c::text("0"), c::text("&x")})}));
    scope.body.push_back(c::stmt(std::move(test)));
    b.push_back(c::stmt(std::move(scope)));
    b.push_back(c::declare("real", c::symbol("p"), nullptr, {4, 2}, "local"));
    CHECK(printed(b) ==
          "// mapLcl(0)\n"
          "for (int l0_1 = get_local_id(0); l0_1 < 64; l0_1 += get_local_size(0)) {\n"
          "    complex v_0 = cmul(a[2 * l0_1], (complex)(1.0f, 0.0f));\n"
          "    a[l0_1] = (v_0).x;\n"
          "}\n"
          "barrier(CLK_LOCAL_MEM_FENCE);\n"
          "{\n"
          "    const int k = 3;\n"
          "    if (1 < 2) {\n"
          "        vstore2(v_0, 0, &x);\n"
          "    }\n"
          "}\n"
          "local real p[4][2];\n");
}

TEST_CASE("c tree: one-line loops, unrolled loops, a stopping step") {
    c::StmtP loop = c::countingLoop("int", c::symbol("i"), c::text("4"), true);
    std::get<c::For>(loop->node).oneLine = true;
    std::get<c::For>(loop->node).body.push_back(c::assign(c::name(c::symbol("x")), c::text("-1")));
    c::For once;
    once.type = "long";
    once.var = c::symbol("wg0_0");
    once.first = c::text("get_group_id(0)");
    once.limit = c::index(ir::Arith(9));
    once.step = c::For::Step::Stop;
    once.stride = c::index(ir::Arith(9));
    c::Block b;
    b.push_back(std::move(loop));
    b.push_back(c::stmt(std::move(once)));
    CHECK(printed(b) ==
          "#pragma unroll\nfor (int i = 0; i < 4; ++i) x = -1;\n"
          "for (long wg0_0 = get_group_id(0); wg0_0 < 9; wg0_0 = 9) {\n}\n");
}

TEST_CASE("c tree: queries name symbols, not text") {
    const c::SymbolP a = c::symbol("a"), ab = c::symbol("ab"), i = c::symbol("i");
    c::Block b;
    b.push_back(c::assign(c::element(ab, {c::text("0")}), c::text("1")));  // "ab" contains "a": not a
    c::StmtP loop = c::countingLoop("int", i, c::text("8"));
    std::get<c::For>(loop->node).body.push_back(c::assign(c::name(ab), c::element(a, {c::name(i)})));
    b.push_back(std::move(loop));
    CHECK_FALSE(c::namesOwn(*b[0], a.get()));
    CHECK(c::namesOwn(*b[0], ab.get()));
    CHECK(c::namesOwn(*b[1], i.get()));  // its loop variable
    CHECK_FALSE(c::namesOwn(*b[1], a.get()));
    CHECK(c::namesDeep(*b[1], a.get()));
    const c::Linear linear = c::linearize(b);
    REQUIRE(linear.order.size() == 3);
    CHECK(linear.position.at(b[1].get()) == 1);
    CHECK(linear.end.at(b[1].get()) == 2);
    CHECK(linear.end.at(b[0].get()) == 0);
    const auto parent = c::parentOf(b, std::get<c::For>(b[1]->node).body[0].get());
    REQUIRE(parent);
    CHECK(parent->first == &std::get<c::For>(b[1]->node).body);
    CHECK(parent->second == 0);
}

TEST_CASE("c tree: rewrites recurse by default; renaming reaches bound index variables") {
    const c::SymbolP p = c::symbol("p"), ip = c::symbol("ip"), idx = c::symbol("idx"), other = c::symbol("other");
    c::Block b;
    b.push_back(c::assign(c::element(p, {c::text("2")}), c::call("f", {c::seq({c::text("-"), c::name(p)})})));
    c::rewriteExprs(b, [&](const c::Expr& e) -> c::ExprP {
        if (const auto* n = std::get_if<c::Name>(&e.node); n && n->symbol == p) return c::element(p, {c::name(ip)});
        return nullptr;
    });
    CHECK(printed(b) == "p[2] = f(-p[ip]);\n");  // the element p[2] itself was not a Name: kept

    // at(xs, idx[l]): the clamped index is a variable of the index arithmetic bound to its expression.
    const c::ExprP clamped = c::call("clamp", {c::element(idx, {c::text("l")}), c::text("0"), c::text("7")});
    const std::string var = c::print(clamped);
    c::Index at{ir::Arith::var(var, 0, ir::Arith(8)) * ir::Arith(2), {{var, clamped}}};
    c::Block g;
    g.push_back(c::assign(c::name(c::symbol("y")),
                          c::element(c::symbol("xs"), {std::make_shared<const c::Expr>(c::Expr{at})})));
    CHECK(printed(g) == "y = xs[2 * clamp(idx[l], 0, 7)];\n");
    CHECK(c::namesOwn(*g[0], idx.get()));
    c::replaceSymbol(g, idx.get(), other);
    CHECK(printed(g) == "y = xs[2 * clamp(other[l], 0, 7)];\n");
    CHECK_FALSE(c::namesOwn(*g[0], idx.get()));
    // The functions called, in nested calls and bound index expressions too (the printer keeps
    // only definitions something calls).
    g.push_back(c::stmt(c::Evaluate{c::call("f", {c::call("g", {c::text("1")})})}));
    CHECK(c::calledFunctions(g) == std::set<std::string>{"clamp", "f", "g"});
}

TEST_CASE("c tree: local sharing reuses an array a barrier separates, renaming by symbol") {
    // a = 1; barrier; b = a; barrier; c = b: c may take a's memory (a is dead after the first read).
    std::vector<LocalArray> locals;
    for (const char* n : {"la", "lb", "lc"}) locals.push_back({c::symbol(n), "float", 8, 32});
    locals[2].count = 16;
    locals[2].bytes = 64;
    auto at = [](const LocalArray& a, int k) { return c::element(a.symbol, {c::text(std::to_string(k))}); };
    c::Block b;
    b.push_back(c::assign(at(locals[0], 0), c::text("1.0f")));
    b.push_back(c::barrier());
    b.push_back(c::assign(at(locals[1], 0), at(locals[0], 0)));
    b.push_back(c::barrier());
    b.push_back(c::assign(at(locals[2], 0), at(locals[1], 0)));
    shareLocalArrays(locals, b);
    REQUIRE(locals.size() == 2);
    CHECK(locals[0].symbol->name == "la");
    CHECK(locals[0].count == 16);  // sized for its largest user
    CHECK(locals[0].bytes == 64);
    CHECK(printed(b) ==
          "la[0] = 1.0f;\nbarrier(CLK_LOCAL_MEM_FENCE);\nlb[0] = la[0];\nbarrier(CLK_LOCAL_MEM_FENCE);\n"
          "la[0] = lb[0];\n");

    // Without the second barrier c and a may not share (b's write would race with c's).
    std::vector<LocalArray> unshared;
    for (const char* n : {"la", "lb", "lc"}) unshared.push_back({c::symbol(n), "float", 8, 32});
    c::Block u;
    u.push_back(c::assign(at(unshared[0], 0), c::text("1.0f")));
    u.push_back(c::barrier());
    u.push_back(c::assign(at(unshared[1], 0), at(unshared[0], 0)));
    u.push_back(c::assign(at(unshared[2], 0), at(unshared[0], 1)));
    shareLocalArrays(unshared, u);
    CHECK(unshared.size() == 3);
}

TEST_CASE("c tree: barrier elimination drops a barrier only where one ends what precedes it") {
    auto groupLoop = [](c::Block body) {
        c::For loop;
        loop.type = "int";
        loop.var = c::symbol("wg0_0");
        loop.first = c::call("get_group_id", {c::text("0")});
        loop.limit = c::text("8");
        loop.step = c::For::Step::AddStride;
        loop.stride = c::call("get_num_groups", {c::text("0")});
        loop.body = std::move(body);
        return c::stmt(std::move(loop));
    };
    auto write = [] { return c::assign(c::name(c::symbol("x")), c::text("1")); };
    auto count = [](const std::string& text) {
        std::size_t n = 0;
        for (auto at = text.find("barrier("); at != std::string::npos; at = text.find("barrier(", at + 1)) ++n;
        return n;
    };
    c::Block inner;
    inner.push_back(write());
    inner.push_back(c::barrier());
    inner.push_back(c::declare("float", c::symbol("p")));  // a declaration between: still redundant
    inner.push_back(c::barrier());
    c::Block outer;
    outer.push_back(groupLoop(std::move(inner)));
    outer.push_back(c::comment("after the inner work-group loop"));
    outer.push_back(c::barrier());  // the inner loop ends with one
    c::Block kernel;
    kernel.push_back(groupLoop(std::move(outer)));
    CHECK(count(printed(kernel)) == 3);
    CHECK(eliminateBarriers(kernel));
    CHECK(count(printed(kernel)) == 1);
    CHECK_FALSE(eliminateBarriers(kernel));  // nothing left to drop

    // A statement between, a sequential loop or a scope before: the barrier stays.
    c::Block kept;
    kept.push_back(c::barrier());
    kept.push_back(write());
    kept.push_back(c::barrier());
    c::StmtP seqLoop = c::countingLoop("int", c::symbol("i"), c::text("4"));
    std::get<c::For>(seqLoop->node).body.push_back(c::barrier());
    kept.push_back(std::move(seqLoop));
    kept.push_back(c::barrier());
    c::Scope scope;
    scope.body.push_back(c::barrier());
    kept.push_back(c::stmt(std::move(scope)));
    kept.push_back(c::barrier());
    CHECK_FALSE(eliminateBarriers(kept));
    CHECK(count(printed(kept)) == 6);
}
