#include "ir/syntax.hpp"

#include <algorithm>

namespace liftcl::ir {

namespace {
int heightOf(const std::vector<SyntaxP>& items) {
    int h = 0;
    for (const auto& s : items) h = std::max(h, s ? s->height : 0);
    return h + 1;
}
}  // namespace

int syntaxTypeHeight(const SyntaxTypeP& t) {
    if (!t) return 0;
    int h = t->length ? t->length->height : 0;
    h = std::max(h, syntaxTypeHeight(t->element));
    for (const auto& e : t->elements) h = std::max(h, syntaxTypeHeight(e));
    return h + 1;
}

SyntaxP makeSyntax(Syntax::Kind kind, SourceLoc loc, std::string text, std::vector<SyntaxP> items) {
    auto s = std::make_shared<Syntax>();
    s->kind = kind;
    s->loc = std::move(loc);
    s->text = std::move(text);
    s->height = heightOf(items);
    // A composition chain becomes a nest of calls of the same depth when elaborated.
    if (kind == Syntax::Kind::Compose) s->height += static_cast<int>(items.size());
    s->items = std::move(items);
    return s;
}

SyntaxP makeLambdaSyntax(SourceLoc loc, std::vector<LambdaParam> params, SyntaxP body) {
    auto s = std::make_shared<Syntax>();
    s->kind = Syntax::Kind::Lambda;
    s->loc = std::move(loc);
    int h = body->height;
    for (const auto& p : params) h = std::max(h, syntaxTypeHeight(p.type));
    s->height = h + 1;
    s->params = std::move(params);
    s->items = {std::move(body)};
    return s;
}

SyntaxP makeGetSyntax(SourceLoc loc, SyntaxP tuple, int index) {
    auto s = std::make_shared<Syntax>();
    s->kind = Syntax::Kind::Get;
    s->loc = std::move(loc);
    s->height = tuple->height + 1;
    s->items = {std::move(tuple)};
    s->index = index;
    return s;
}

SyntaxP makeIterateName(SourceLoc loc, std::string binder) {
    auto s = std::make_shared<Syntax>();
    s->kind = Syntax::Kind::Name;
    s->loc = std::move(loc);
    s->text = "iterate";
    s->binder = std::move(binder);
    return s;
}

const Definition* Module::find(const std::string& name) const {
    for (const auto& d : definitions)
        if (d.name == name) return &d;
    return nullptr;
}

const UserFunDefinition* Module::findUserFun(const std::string& name) const {
    for (const auto& u : userFuns)
        if (u.name == name) return &u;
    return nullptr;
}

}  // namespace liftcl::ir
