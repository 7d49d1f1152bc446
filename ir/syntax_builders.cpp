#include "ir/syntax_builders.hpp"

#include <cstdio>

namespace liftcl::ir::syn {

using K = Syntax::Kind;

SyntaxP name(std::string identifier) { return makeSyntax(K::Name, {}, std::move(identifier)); }

SyntaxP nat(std::int64_t value) { return makeSyntax(K::Number, {}, std::to_string(value)); }

SyntaxP real(double value) {
    char text[64];
    std::snprintf(text, sizeof text, "%.17g", value);
    std::string s = text;
    if (s.find_first_of(".e") == std::string::npos) s += ".0";
    return makeSyntax(K::Number, {}, std::move(s));
}

SyntaxP call(SyntaxP function, std::vector<SyntaxP> args) {
    args.insert(args.begin(), std::move(function));
    return makeSyntax(K::Call, {}, {}, std::move(args));
}

SyntaxP call(std::string function, std::vector<SyntaxP> args) { return call(name(std::move(function)), std::move(args)); }

SyntaxP compose(std::vector<SyntaxP> functions) {
    if (functions.size() == 1) return functions.front();
    return makeSyntax(K::Compose, {}, "o", std::move(functions));
}

SyntaxP apply(SyntaxP function, SyntaxP argument) {
    return makeSyntax(K::Apply, {}, "$", {std::move(function), std::move(argument)});
}

SyntaxP lambda(std::string param, SyntaxP body) { return lambda(std::move(param), nullptr, std::move(body)); }

SyntaxP lambda(std::string param, SyntaxTypeP type, SyntaxP body) {
    return makeLambdaSyntax({}, {LambdaParam{std::move(param), std::move(type), {}}}, std::move(body));
}

SyntaxP get(SyntaxP tuple, int index) { return makeGetSyntax({}, std::move(tuple), index); }

SyntaxP binary(SyntaxP lhs, std::string op, SyntaxP rhs) {
    return makeSyntax(K::Binary, {}, std::move(op), {std::move(lhs), std::move(rhs)});
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
