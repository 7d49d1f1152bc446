#include "ir/syntax_printer.hpp"

namespace liftcl::ir {

namespace {

using K = Syntax::Kind;

// Binding strength, loosest first. A node printed where a stronger one is needed gets parentheses.
enum Level {
    Full = 0, ComposeLevel, Or, And, Comparison, Additive, Multiplicative, Unary, Power, Postfix, Atom
};

Level levelOf(const Syntax& s) {
    switch (s.kind) {
        case K::Apply:
        case K::Lambda: return Full;
        case K::Compose: return ComposeLevel;
        case K::If:
        case K::Let: return Full;
        case K::Binary:
            if (s.text == "||") return Or;
            if (s.text == "&&") return And;
            if (s.text == "+" || s.text == "-") return Additive;
            if (s.text == "*" || s.text == "/" || s.text == "%") return Multiplicative;
            if (s.text != "^") return Comparison;
            if (s.text == "^") return Power;
            return Multiplicative;
        case K::Negate:
        case K::Not: return Unary;
        case K::Call:
        case K::Get: return Postfix;
        case K::Name:
        case K::Number:
        case K::Tuple:
        case K::ArrayLit: return Atom;
    }
    return Atom;
}

std::string print(const SyntaxP& s, Level needed);

// An operator used as a function (a section: `reduce(+, 0)`). The parser reads a bare `+`, `-`
// or `*` as one only before `)`, `,`, `}`, `$`, `o` or a new definition, so it is printed bare
// only in argument lists and tuples, in parentheses elsewhere: `(-) - u` printed as `- - u` read
// back as two negations (found by fuzz_parse_typecheck).
bool isSectionName(const Syntax& s) {
    return s.kind == K::Name && s.binder.empty() && (s.text == "+" || s.text == "-" || s.text == "*");
}

// Items separated by commas; `bareSections`: where the list closes with `)` or `}`.
std::string printList(const std::vector<SyntaxP>& items, std::size_t from, bool bareSections) {
    std::string out;
    for (std::size_t k = from; k < items.size(); ++k) {
        if (k > from) out += ", ";
        out += bareSections && isSectionName(*items[k]) ? items[k]->text : print(items[k], Full);
    }
    return out;
}

std::string printLambda(const Syntax& s) {
    std::string out = "\\";
    bool simple = s.params.size() == 1 && !s.params[0].type;
    if (simple) {
        out += s.params[0].name;
    } else {
        out += "(";
        for (std::size_t k = 0; k < s.params.size(); ++k) {
            if (k > 0) out += ", ";
            out += s.params[k].name;
            if (s.params[k].type) out += ": " + printSyntaxType(s.params[k].type);
        }
        out += ")";
    }
    return out + " => " + print(s.items[0], Full);
}

std::string printBare(const Syntax& s) {
    switch (s.kind) {
        case K::Name:
            if (isSectionName(s)) return "(" + s.text + ")";
            return s.binder.empty() ? s.text : s.text + "[" + s.binder + "]";
        case K::Number: return s.text;
        case K::Tuple: return "{" + printList(s.items, 0, true) + "}";
        case K::ArrayLit: return "[" + printList(s.items, 0, false) + "]";
        case K::Call: return print(s.items[0], Postfix) + "(" + printList(s.items, 1, true) + ")";
        case K::Get: {
            // `1.0` would lex as a real: a number before `.i` keeps its parentheses.
            const SyntaxP& tuple = s.items[0];
            std::string text = print(tuple, Postfix);
            if (tuple->kind == K::Number) text = "(" + text + ")";
            return text + "." + std::to_string(s.index);
        }
        case K::Negate: return "-" + print(s.items[0], Unary);
        case K::Not: return "!" + print(s.items[0], Unary);
        case K::If:
            return "if " + print(s.items[0], Full) + " then " + print(s.items[1], Full) + " else " +
                   print(s.items[2], Full);
        case K::Let:
            return "let " + s.text + " = " + print(s.items[0], Full) + " in " + print(s.items[1], Full);
        case K::Binary: {
            Level own = levelOf(s);
            if (own == Power) return print(s.items[0], Postfix) + " ^ " + print(s.items[1], Unary);
            if (own == Comparison)  // non-associative: both sides one level tighter
                return print(s.items[0], Additive) + " " + s.text + " " + print(s.items[1], Additive);
            return print(s.items[0], own) + " " + s.text + " " +
                   print(s.items[1], static_cast<Level>(own + 1));
        }
        case K::Compose: {
            std::string out;
            for (std::size_t k = 0; k < s.items.size(); ++k) {
                if (k > 0) out += " o ";
                out += print(s.items[k], Or);
            }
            return out;
        }
        case K::Apply: return print(s.items[0], ComposeLevel) + " $ " + print(s.items[1], Full);
        case K::Lambda: return printLambda(s);
    }
    return "?";
}

std::string print(const SyntaxP& s, Level needed) {
    std::string text = printBare(*s);
    return levelOf(*s) < needed ? "(" + text + ")" : text;
}

}  // namespace

std::string printSyntax(const SyntaxP& syntax) { return print(syntax, Full); }

std::string printSyntaxType(const SyntaxTypeP& t) {
    switch (t->kind) {
        case SyntaxType::Kind::Named: return t->name;
        case SyntaxType::Kind::Tuple: {
            std::string out = "{";
            for (std::size_t k = 0; k < t->elements.size(); ++k) {
                if (k > 0) out += ", ";
                out += printSyntaxType(t->elements[k]);
            }
            return out + "}";
        }
        case SyntaxType::Kind::Array: {
            std::string length = print(t->length, Full);
            bool atom = t->length->kind == K::Name || t->length->kind == K::Number;
            return "[" + printSyntaxType(t->element) + "]" + (atom ? length : "(" + length + ")");
        }
    }
    return "?";
}

std::string printDefinition(const Definition& d) {
    std::string out = "def " + d.name;
    if (!d.params.empty()) {
        out += "(";
        for (std::size_t k = 0; k < d.params.size(); ++k) out += (k > 0 ? ", " : "") + d.params[k];
        out += ")";
    }
    return out + " = " + printSyntax(d.body);
}

std::string printUserFunDefinition(const UserFunDefinition& u) {
    std::string out = "userfun " + u.name + "(";
    for (std::size_t k = 0; k < u.params.size(); ++k)
        out += (k > 0 ? ", " : "") + u.params[k].name + ": " + printSyntaxType(u.params[k].type);
    out += "): " + printSyntaxType(u.returnType) + " = " + printSyntax(u.body);
    if (!u.openclBody.empty()) out += " opencl \"" + u.openclBody + "\"";
    return out;
}

std::string printModule(const Module& module) {
    std::string out;
    for (const auto& imp : module.imports) out += "import \"" + imp.path + "\"\n";
    if (!module.imports.empty()) out += "\n";
    for (const auto& d : module.definitions) {
        if (d.loc.file != module.file) continue;
        out += printDefinition(d) + "\n";
    }
    for (const auto& u : module.userFuns) {
        if (u.loc.file != module.file) continue;
        out += printUserFunDefinition(u) + "\n";
    }
    return out;
}

}  // namespace liftcl::ir
