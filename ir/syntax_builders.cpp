#include "ir/syntax_builders.hpp"

#include <cstdio>

namespace liftcl::ir::syn {

using K = Syntax::Kind;

SyntaxP name(std::string identifier) { return makeSyntax(K::Name, {}, std::move(identifier)); }

SyntaxP nat(std::int64_t value) { return makeSyntax(K::Number, {}, std::to_string(value)); }

SyntaxP real(double value) {
    if (value < 0) return makeSyntax(K::Negate, {}, "-", {real(-value)});
    char text[64];
    std::snprintf(text, sizeof text, "%.17g", value);
    std::string s = text;
    if (s.find_first_of(".e") == std::string::npos) s += ".0";
    return makeSyntax(K::Number, {}, std::move(s));
}

SyntaxP tuple(std::vector<SyntaxP> items) { return makeSyntax(K::Tuple, {}, "", std::move(items)); }

SyntaxP call(SyntaxP function, std::vector<SyntaxP> args) {
    args.insert(args.begin(), std::move(function));
    return makeSyntax(K::Call, {}, {}, std::move(args));
}

SyntaxP call(std::string function, std::vector<SyntaxP> args) { return call(name(std::move(function)), std::move(args)); }

SyntaxP compose(std::vector<SyntaxP> functions) {
    // A composition inside a composition is spliced in, as the parser reads `f o g o h`.
    std::vector<SyntaxP> chain;
    for (auto& f : functions) {
        if (f->kind == K::Compose)
            chain.insert(chain.end(), f->items.begin(), f->items.end());
        else
            chain.push_back(std::move(f));
    }
    if (chain.size() == 1) return chain.front();
    return makeSyntax(K::Compose, {}, "o", std::move(chain));
}

SyntaxP apply(SyntaxP function, SyntaxP argument) {
    return makeSyntax(K::Apply, {}, "$", {std::move(function), std::move(argument)});
}

SyntaxP lambda(std::string param, SyntaxP body) { return lambda(std::move(param), nullptr, std::move(body)); }

SyntaxP lambda(std::string param, SyntaxTypeP type, SyntaxP body) {
    return makeLambdaSyntax({}, {LambdaParam{std::move(param), std::move(type), {}}}, std::move(body));
}

SyntaxP lambda(const std::vector<std::pair<std::string, SyntaxTypeP>>& params, SyntaxP body) {
    std::vector<LambdaParam> lambdaParams;
    for (const auto& [param, type] : params) lambdaParams.push_back(LambdaParam{param, type, {}});
    return makeLambdaSyntax({}, std::move(lambdaParams), std::move(body));
}

SyntaxP get(SyntaxP tuple, int index) { return makeGetSyntax({}, std::move(tuple), index); }

SyntaxP binary(SyntaxP lhs, std::string op, SyntaxP rhs) {
    return makeSyntax(K::Binary, {}, std::move(op), {std::move(lhs), std::move(rhs)});
}

SyntaxP iterate(std::string binder, SyntaxP count, SyntaxP f) {
    return call(makeIterateName({}, std::move(binder)), {std::move(count), std::move(f)});
}

std::vector<SyntaxP> names(const std::vector<std::string>& identifiers) {
    std::vector<SyntaxP> out;
    for (const auto& identifier : identifiers) out.push_back(name(identifier));
    return out;
}

SyntaxTypeP namedType(std::string typeName) {
    auto t = std::make_shared<SyntaxType>();
    t->kind = SyntaxType::Kind::Named;
    t->name = std::move(typeName);
    return t;
}

SyntaxTypeP arrayType(SyntaxTypeP element, SyntaxP length) {
    auto t = std::make_shared<SyntaxType>();
    t->kind = SyntaxType::Kind::Array;
    t->element = std::move(element);
    t->length = std::move(length);
    return t;
}

Definition definition(std::string name, std::vector<std::string> params, SyntaxP body) {
    return Definition{std::move(name), std::move(params), std::move(body), {}};
}

}  // namespace liftcl::ir::syn
