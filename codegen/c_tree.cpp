// Constructors of the OpenCL C tree's nodes (c_tree.hpp).
#include "codegen/c_tree.hpp"

namespace liftcl::codegen::c {

SymbolP symbol(std::string name) { return std::make_shared<Symbol>(Symbol{std::move(name)}); }

namespace {
template <class T>
ExprP make(T node) {
    return std::make_shared<const Expr>(Expr{std::move(node)});
}
}  // namespace

ExprP text(std::string t) { return make(Text{std::move(t)}); }
ExprP name(SymbolP s) { return make(Name{std::move(s)}); }
ExprP element(SymbolP array, std::vector<ExprP> indices) { return make(Element{std::move(array), std::move(indices)}); }
ExprP literal(std::string text, std::optional<std::pair<double, double>> complexValue) {
    return make(Literal{std::move(text), complexValue});
}
ExprP call(std::string function, std::vector<ExprP> args, CallFacts facts) {
    return make(Call{std::move(function), std::move(args), facts});
}
ExprP index(const ir::Arith& value) { return make(Index{value, {}}); }
ExprP seq(std::vector<ExprP> parts) { return make(Seq{std::move(parts)}); }
ExprP member(const ExprP& e, const std::string& field) { return seq({text("("), e, text(")" + field)}); }

StmtP comment(std::string text) { return stmt(Comment{c::text(std::move(text))}); }
StmtP comment(ExprP text) { return stmt(Comment{std::move(text)}); }
StmtP declare(std::string type, SymbolP symbol, ExprP init, std::vector<std::int64_t> extents, std::string qualifiers) {
    return stmt(
        Declare{std::move(qualifiers), std::move(type), std::move(symbol), std::move(extents), std::move(init), ""});
}
StmtP assign(ExprP target, ExprP value) { return stmt(Assign{std::move(target), std::move(value)}); }
StmtP barrier() { return stmt(Barrier{}); }

StmtP countingLoop(std::string type, SymbolP var, ExprP limit, bool unroll) {
    For f;
    f.type = std::move(type);
    f.var = std::move(var);
    f.first = text("0");
    f.limit = std::move(limit);
    f.unroll = unroll;
    return stmt(std::move(f));
}

StmtP clone(const Stmt& s) {
    // Expressions and symbols are shared; nested statements are copied.
    return std::visit(Overloaded{[](const For& f) {
                                     For n{f.type, f.var, f.first, f.limit, f.step, f.stride, f.unroll, f.oneLine, clone(f.body)};
                                     return stmt(std::move(n));
                                 },
                                 [](const If& i) { return stmt(If{i.condition, clone(i.body), i.oneLine}); },
                                 [](const Scope& c) { return stmt(Scope{clone(c.body)}); },
                                 [](const auto& leaf) { return stmt(leaf); }},
                      s.node);
}

Block clone(const Block& b) {
    Block out;
    for (const auto& s : b) out.push_back(clone(*s));
    return out;
}

Block* bodyOf(Stmt& s) {
    if (auto* f = std::get_if<For>(&s.node)) return &f->body;
    if (auto* i = std::get_if<If>(&s.node)) return &i->body;
    if (auto* sc = std::get_if<Scope>(&s.node)) return &sc->body;
    return nullptr;
}

const Block* bodyOf(const Stmt& s) { return bodyOf(const_cast<Stmt&>(s)); }

}  // namespace liftcl::codegen::c
