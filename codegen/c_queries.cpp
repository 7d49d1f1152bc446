// Questions about the OpenCL C tree (which statements name a symbol, where a statement is) and
// rewrites of its expressions with default recursion (c_tree.hpp).
#include "codegen/c_tree.hpp"

namespace liftcl::codegen::c {

namespace {

// The expressions of a statement itself (not of its body).
std::vector<ExprP*> ownExprs(Stmt& st) {
    return std::visit(Overloaded{
                          [](Comment& c) { return std::vector<ExprP*>{&c.text}; },
                          [](Declare& d) { return std::vector<ExprP*>{&d.init}; },
                          [](Assign& a) {
                              return std::vector<ExprP*>{&a.target, &a.value};
                          },
                          [](Evaluate& e) { return std::vector<ExprP*>{&e.expr}; },
                          [](For& f) {
                              return std::vector<ExprP*>{&f.first, &f.limit, &f.stride};
                          },
                          [](If& i) { return std::vector<ExprP*>{&i.condition}; },
                          [](Scope&) { return std::vector<ExprP*>{}; },
                          [](Barrier&) { return std::vector<ExprP*>{}; },
                      },
                      st.node);
}

std::vector<ExprP> rewriteAll(const std::vector<ExprP>& items, const ExprRewrite& f, bool& changed) {
    std::vector<ExprP> out;
    out.reserve(items.size());
    for (const auto& i : items) {
        out.push_back(rewrite(i, f));
        changed = changed || out.back() != i;
    }
    return out;
}

}  // namespace

void forEachNode(const ExprP& e, const std::function<void(const Expr&)>& f) {
    if (!e) return;
    f(*e);
    std::visit(Overloaded{
                   [&](const Element& el) {
                       for (const auto& i : el.indices) forEachNode(i, f);
                   },
                   [&](const Call& c) {
                       for (const auto& a : c.args) forEachNode(a, f);
                   },
                   [&](const Index& i) {
                       for (const auto& [var, expr] : i.bound) forEachNode(expr, f);
                   },
                   [&](const Seq& sq) {
                       for (const auto& p : sq.parts) forEachNode(p, f);
                   },
                   [](const auto&) {},
               },
               e->node);
}

void forEachSymbol(const ExprP& e, const std::function<void(const Symbol*)>& f) {
    forEachNode(e, [&](const Expr& x) {
        if (const auto* n = std::get_if<Name>(&x.node)) f(n->symbol.get());
        if (const auto* el = std::get_if<Element>(&x.node)) f(el->array.get());
    });
}

void forEachStatement(Stmt& st, const std::function<void(Stmt&)>& f) {
    f(st);
    if (Block* inner = bodyOf(st)) forEachStatement(*inner, f);
}

void forEachStatement(Block& b, const std::function<void(Stmt&)>& f) {
    for (auto& st : b) forEachStatement(*st, f);
}

std::set<std::string> calledFunctions(const Block& b) {
    std::set<std::string> out;
    forEachStatement(const_cast<Block&>(b), [&](Stmt& st) {
        for (ExprP* e : ownExprs(st))
            forEachNode(*e, [&](const Expr& x) {
                if (const auto* c = std::get_if<Call>(&x.node)) out.insert(c->function);
            });
    });
    return out;
}

bool names(const ExprP& e, const Symbol* s) {
    bool found = false;
    forEachSymbol(e, [&](const Symbol* x) { found = found || x == s; });
    return found;
}

bool namesOwn(const Stmt& st, const Symbol* s) {
    if (const auto* d = std::get_if<Declare>(&st.node); d && d->symbol.get() == s) return true;
    if (const auto* f = std::get_if<For>(&st.node); f && f->var.get() == s) return true;
    for (ExprP* e : ownExprs(const_cast<Stmt&>(st)))
        if (names(*e, s)) return true;
    return false;
}

bool namesDeep(const Stmt& st, const Symbol* s) {
    if (namesOwn(st, s)) return true;
    const Block* b = bodyOf(st);
    return b && namesDeep(*b, s);
}

bool namesDeep(const Block& b, const Symbol* s) {
    for (const auto& st : b)
        if (namesDeep(*st, s)) return true;
    return false;
}

ExprP rewrite(const ExprP& e, const ExprRewrite& f) {
    if (!e) return e;
    if (ExprP replaced = f(*e)) return replaced;
    bool changed = false;
    ExprP out =
        std::visit(Overloaded{
                       [&](const Element& el) -> ExprP {
                           auto indices = rewriteAll(el.indices, f, changed);
                           return changed ? element(el.array, std::move(indices)) : e;
                       },
                       [&](const Call& c) -> ExprP {
                           auto args = rewriteAll(c.args, f, changed);
                           return changed ? call(c.function, std::move(args), c.facts) : e;
                       },
                       [&](const Index& i) -> ExprP {
                           std::map<std::string, ExprP> bound;
                           for (const auto& [var, expr] : i.bound) {
                               bound[var] = rewrite(expr, f);
                               changed = changed || bound[var] != expr;
                           }
                           return changed ? std::make_shared<const Expr>(Expr{Index{i.value, std::move(bound)}}) : e;
                       },
                       [&](const Seq& s) -> ExprP {
                           auto parts = rewriteAll(s.parts, f, changed);
                           return changed ? seq(std::move(parts)) : e;
                       },
                       [&](const auto&) -> ExprP { return e; },
                   },
                   e->node);
    return out;
}

void rewriteExprs(Stmt& st, const ExprRewrite& f) {
    forEachStatement(st, [&](Stmt& s) {
        for (ExprP* e : ownExprs(s)) *e = rewrite(*e, f);
    });
}

void rewriteExprs(Block& b, const ExprRewrite& f) {
    for (auto& st : b) rewriteExprs(*st, f);
}

void replaceSymbol(Block& b, const Symbol* from, const SymbolP& to) {
    ExprRewrite f;
    f = [&](const Expr& e) -> ExprP {
        if (const auto* n = std::get_if<Name>(&e.node); n && n->symbol.get() == from) return name(to);
        if (const auto* el = std::get_if<Element>(&e.node); el && el->array.get() == from) {
            std::vector<ExprP> indices;
            for (const auto& i : el->indices) indices.push_back(rewrite(i, f));
            return element(to, std::move(indices));
        }
        return nullptr;
    };
    forEachStatement(b, [&](Stmt& st) {
        if (auto* d = std::get_if<Declare>(&st.node); d && d->symbol.get() == from) d->symbol = to;
        if (auto* l = std::get_if<For>(&st.node); l && l->var.get() == from) l->var = to;
    });
    rewriteExprs(b, f);
}

namespace {
void linearizeInto(const Block& b, Linear& out) {
    for (const auto& st : b) {
        const std::size_t at = out.order.size();
        out.position[st.get()] = at;
        out.order.push_back(st.get());
        if (const Block* inner = bodyOf(*st)) linearizeInto(*inner, out);
        out.end[st.get()] = out.order.size() - 1;
    }
}
}  // namespace

Linear linearize(const Block& b) {
    Linear out;
    linearizeInto(b, out);
    return out;
}

std::optional<std::pair<Block*, std::size_t>> parentOf(Block& root, const Stmt* target) {
    for (std::size_t k = 0; k < root.size(); ++k) {
        if (root[k].get() == target) return std::make_pair(&root, k);
        if (Block* inner = bodyOf(*root[k]))
            if (auto found = parentOf(*inner, target)) return found;
    }
    return std::nullopt;
}

}  // namespace liftcl::codegen::c
