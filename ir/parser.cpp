#include "ir/parser.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "ir/lexer.hpp"
#include "ir/type.hpp"

namespace liftcl::ir {

namespace {

using K = Syntax::Kind;

// Limits that keep recursion (here and in every later pass over the tree) far from the stack's end.
constexpr int kMaxNesting = 200;
constexpr int kMaxHeight = 400;

bool isKeyword(const std::string& s) {
    return s == "def" || s == "import" || s == "o" || s == "userfun" || s == "if" || s == "then" ||
           s == "else" || s == "let" || s == "in";
}

class Parser {
public:
    Parser(std::vector<Token> tokens) : toks_(std::move(tokens)) {}

    Module module(const std::string& file) {
        Module m;
        m.file = file;
        // Definitions and user functions share one namespace: a name may be defined once.
        std::map<std::string, SourceLoc> seen;
        auto claimName = [&seen](const std::string& name, const SourceLoc& loc) {
            auto [it, fresh] = seen.emplace(name, loc);
            if (!fresh)
                throw Error("duplicate definition '" + name + "' (first defined at " + it->second.toString() + ")",
                            loc);
        };
        while (!at(Token::Kind::End)) {
            if (peek().isIdent("import")) {
                Import imp;
                imp.loc = next().loc;
                if (!at(Token::Kind::String))
                    fail("expected a file name in quotes after 'import', found " + describeToken(peek()));
                imp.path = next().text;
                m.imports.push_back(std::move(imp));
            } else if (peek().isIdent("def")) {
                Definition d = definition();
                claimName(d.name, d.loc);
                m.definitions.push_back(std::move(d));
            } else if (peek().isIdent("userfun")) {
                UserFunDefinition u = userFunDefinition();
                claimName(u.name, u.loc);
                m.userFuns.push_back(std::move(u));
            } else {
                fail("expected 'def', 'userfun' or 'import', found " + describeToken(peek()));
            }
        }
        if (m.definitions.empty() && m.imports.empty() && m.userFuns.empty())
            throw Error("empty program: no definitions", SourceLoc{file, 1, 1});
        return m;
    }

    SyntaxP wholeExpression() {
        SyntaxP e = expr();
        if (!at(Token::Kind::End)) fail("unexpected " + describeToken(peek()) + " after the expression");
        return e;
    }

private:
    std::vector<Token> toks_;
    std::size_t pos_ = 0;
    int nesting_ = 0;

    struct Nest {
        Parser& p;
        explicit Nest(Parser& parser) : p(parser) {
            if (++p.nesting_ > kMaxNesting) {
                --p.nesting_;
                throw Error("expression nests too deeply (more than " + std::to_string(kMaxNesting) +
                                " levels)",
                            p.peek().loc);
            }
        }
        ~Nest() { --p.nesting_; }
        Nest(const Nest&) = delete;
        Nest& operator=(const Nest&) = delete;
    };

    const Token& peek(std::size_t ahead = 0) const {
        std::size_t k = std::min(pos_ + ahead, toks_.size() - 1);
        return toks_[k];
    }
    const Token& next() {
        const Token& t = toks_[pos_];
        if (pos_ + 1 < toks_.size()) ++pos_;
        return t;
    }
    bool at(Token::Kind k) const { return peek().kind == k; }
    [[noreturn]] void fail(const std::string& msg) const { throw Error(msg, peek().loc); }
    void expectSymbol(const char* s, const char* context) {
        if (!peek().isSymbol(s))
            fail(std::string("expected '") + s + "' " + context + ", found " + describeToken(peek()));
        next();
    }
    std::string name(const char* what) {
        if (!at(Token::Kind::Ident) || isKeyword(peek().text))
            fail(std::string("expected ") + what + ", found " + describeToken(peek()));
        return next().text;
    }
    SyntaxP checked(SyntaxP s) {
        if (s->height > kMaxHeight)
            throw Error("expression nests too deeply (more than " + std::to_string(kMaxHeight) +
                            " levels)",
                        s->loc);
        return s;
    }

    Definition definition() {
        Definition d;
        d.loc = next().loc;  // 'def'
        d.name = name("a definition name after 'def'");
        if (peek().isSymbol("(")) {
            next();
            if (!peek().isSymbol(")")) {
                while (true) {
                    SourceLoc loc = peek().loc;
                    std::string p = name("a parameter name");
                    for (const auto& q : d.params)
                        if (q == p) throw Error("duplicate parameter '" + p + "'", loc);
                    d.params.push_back(p);
                    if (!peek().isSymbol(",")) break;
                    next();
                }
            }
            expectSymbol(")", "after the parameters");
        }
        expectSymbol("=", "after the definition's name");
        d.body = expr();
        return d;
    }

    // userfun NAME(a: T, ...): R = BODY [opencl "C body"]
    UserFunDefinition userFunDefinition() {
        UserFunDefinition u;
        u.loc = next().loc;  // 'userfun'
        u.name = name("a function name after 'userfun'");
        expectSymbol("(", "after the user function's name");
        if (!peek().isSymbol(")")) u.params = paramList();
        expectSymbol(")", "after the user function's parameters");
        for (const auto& p : u.params)
            if (!p.type)
                throw Error("parameter '" + p.name + "' of user function '" + u.name +
                                "' needs a type (e.g. " + p.name + ": float)",
                            p.loc);
        expectSymbol(":", "before the user function's result type");
        u.returnType = type();
        expectSymbol("=", "before the user function's body");
        u.body = expr();
        if (peek().isIdent("opencl")) {
            next();
            if (!at(Token::Kind::String))
                fail("expected an OpenCL C body in quotes after 'opencl', found " +
                     describeToken(peek()));
            u.openclBody = next().text;
        }
        return u;
    }

    // expr := compose ('$' expr)?
    SyntaxP expr() {
        Nest guard(*this);
        return optionalInfix(compose(), "$", K::Apply, &Parser::expr);
    }

    // compose := logicalOr ('o' logicalOr)*
    SyntaxP compose() {
        SyntaxP first = logicalOr();
        if (!peek().isIdent("o")) return first;
        std::vector<SyntaxP> items{first};
        while (peek().isIdent("o")) {
            next();
            items.push_back(logicalOr());
        }
        return checked(makeSyntax(K::Compose, first->loc, "o", std::move(items)));
    }

    // The scalar sublanguage's operators (user functions): || binds loosest, then &&, then one
    // comparison, then arithmetic.
    SyntaxP logicalOr() { return leftAssociative({"||"}, &Parser::logicalAnd); }
    SyntaxP logicalAnd() { return leftAssociative({"&&"}, &Parser::comparison); }

    // operand (op operand)*, grouped to the left, op any of `ops`.
    SyntaxP leftAssociative(std::initializer_list<const char*> ops, SyntaxP (Parser::*operand)()) {
        SyntaxP lhs = (this->*operand)();
        auto atOperator = [&] {
            return std::any_of(ops.begin(), ops.end(), [&](const char* op) { return peek().isSymbol(op); });
        };
        while (atOperator()) {
            Token t = next();
            lhs = checked(makeSyntax(K::Binary, t.loc, t.text, {lhs, (this->*operand)()}));
        }
        return lhs;
    }

    // lhs (op rhs)?: one operator at most, located at the operator (the rhs may recurse: right
    // associative).
    SyntaxP optionalInfix(SyntaxP lhs, const char* op, K kind, SyntaxP (Parser::*rhs)()) {
        if (!peek().isSymbol(op)) return lhs;
        SourceLoc loc = next().loc;
        SyntaxP right = (this->*rhs)();
        return checked(makeSyntax(kind, loc, op, {lhs, right}));
    }

    SyntaxP comparison() {
        SyntaxP lhs = additive();
        for (const char* op : {"<", "<=", ">", ">=", "==", "!="}) {
            if (!peek().isSymbol(op)) continue;
            Token t = next();
            return checked(makeSyntax(K::Binary, t.loc, t.text, {lhs, additive()}));
        }
        return lhs;
    }

    SyntaxP additive() { return leftAssociative({"+", "-"}, &Parser::multiplicative); }
    SyntaxP multiplicative() { return leftAssociative({"*", "/", "%"}, &Parser::unary); }

    SyntaxP unary() {
        Nest guard(*this);
        if (peek().isSymbol("-") && !isSection()) {
            SourceLoc loc = next().loc;
            return checked(makeSyntax(K::Negate, loc, "-", {unary()}));
        }
        if (peek().isSymbol("!")) {
            SourceLoc loc = next().loc;
            return checked(makeSyntax(K::Not, loc, "!", {unary()}));
        }
        return power();
    }

    // expr (',' expr)*: the elements of a tuple or array literal.
    std::vector<SyntaxP> commaSeparatedExprs() {
        std::vector<SyntaxP> items;
        while (true) {
            items.push_back(expr());
            if (!peek().isSymbol(",")) break;
            next();
        }
        return items;
    }

    // power := postfix ('^' unary)?   (right associative)
    SyntaxP power() { return optionalInfix(postfix(), "^", K::Binary, &Parser::unary); }

    SyntaxP postfix() {
        SyntaxP e = primary();
        while (true) {
            if (peek().isSymbol("(")) {
                next();
                SourceLoc loc = e->loc;  // a call is located at its head: errors name the callee
                std::vector<SyntaxP> items{e};
                if (!peek().isSymbol(")")) {
                    while (true) {
                        items.push_back(expr());
                        if (!peek().isSymbol(",")) break;
                        next();
                    }
                }
                expectSymbol(")", "to close the argument list");
                e = checked(makeSyntax(K::Call, loc, "", std::move(items)));
            } else if (peek().isSymbol(".")) {
                SourceLoc loc = next().loc;
                if (!at(Token::Kind::Number) || peek().text.size() > 6)
                    fail("expected a tuple component index after '.', found " + describeToken(peek()));
                int index = std::stoi(next().text);
                e = checked(makeGetSyntax(loc, e, index));
            } else {
                return e;
            }
        }
    }

    // An operator used as a function: `mapSeq(*)`, `reduce(+, 0)`, `id o *`.
    bool isSection() const {
        const Token& t = peek();
        if (!(t.isSymbol("+") || t.isSymbol("-") || t.isSymbol("*"))) return false;
        const Token& after = peek(1);
        return after.isSymbol(")") || after.isSymbol(",") || after.isSymbol("}") ||
               after.isSymbol("$") || after.isIdent("o") || after.isIdent("def") ||
               after.isIdent("import") || after.isIdent("userfun") || after.kind == Token::Kind::End;
    }

    // Is the '(' at the current position the start of `(params) => body`?
    bool parenthesisedParamsFollow() const {
        int depth = 0;
        for (std::size_t k = pos_; k < toks_.size(); ++k) {
            const Token& t = toks_[k];
            if (t.kind == Token::Kind::End) return false;
            if (t.isSymbol("(") || t.isSymbol("[") || t.isSymbol("{")) ++depth;
            if (t.isSymbol(")") || t.isSymbol("]") || t.isSymbol("}")) {
                if (--depth == 0) return k + 1 < toks_.size() && toks_[k + 1].isSymbol("=>");
            }
            if (t.isSymbol("=>") || t.isIdent("def")) return false;
        }
        return false;
    }

    SyntaxP primary() {
        Nest guard(*this);
        const Token& t = peek();
        if (isSection()) {
            Token op = next();
            return makeSyntax(K::Name, op.loc, op.text);
        }
        if (t.isSymbol("\\")) {
            SourceLoc loc = next().loc;
            return lambda(loc);
        }
        if (t.kind == Token::Kind::Number) {
            Token n = next();
            return makeSyntax(K::Number, n.loc, n.text);
        }
        if (t.isIdent("if")) {  // if c then a else b
            SourceLoc loc = next().loc;
            SyntaxP c = expr();
            if (!peek().isIdent("then")) fail("expected 'then' after the condition, found " + describeToken(peek()));
            next();
            SyntaxP a = expr();
            if (!peek().isIdent("else")) fail("expected 'else' after 'then ...', found " + describeToken(peek()));
            next();
            SyntaxP b = expr();
            return checked(makeSyntax(K::If, loc, "if", {c, a, b}));
        }
        if (t.isIdent("let")) {  // let x = e in body
            SourceLoc loc = next().loc;
            std::string bound = name("a name after 'let'");
            expectSymbol("=", "after the name of a let binding");
            SyntaxP value = expr();
            if (!peek().isIdent("in")) fail("expected 'in' after the let binding's value, found " + describeToken(peek()));
            next();
            SyntaxP body = expr();
            return checked(makeSyntax(K::Let, loc, bound, {value, body}));
        }
        if (t.kind == Token::Kind::Ident && !isKeyword(t.text)) {
            if (peek(1).isSymbol("=>")) return lambda(t.loc);  // bare `x => e`
            Token n = next();
            if (n.text == "iterate" && peek().isSymbol("[")) {
                next();
                std::string binder = name("an iteration variable in iterate[...]");
                expectSymbol("]", "after the iteration variable");
                return makeIterateName(n.loc, binder);
            }
            return makeSyntax(K::Name, n.loc, n.text);
        }
        if (t.isSymbol("(")) {
            if (parenthesisedParamsFollow()) return lambda(t.loc);  // bare `(x, y) => e`
            next();
            SyntaxP e = expr();
            expectSymbol(")", "to close the parenthesis");
            return e;
        }
        if (t.isSymbol("{")) {
            SourceLoc loc = next().loc;
            std::vector<SyntaxP> items = commaSeparatedExprs();
            expectSymbol("}", "to close the tuple");
            return checked(makeSyntax(K::Tuple, loc, "", std::move(items)));
        }
        if (t.isSymbol("[")) {  // an array literal [a, b, c]
            SourceLoc loc = next().loc;
            if (peek().isSymbol("]")) fail("an array literal needs at least one element");
            std::vector<SyntaxP> items = commaSeparatedExprs();
            expectSymbol("]", "to close the array literal");
            return checked(makeSyntax(K::ArrayLit, loc, "", std::move(items)));
        }
        if (t.kind == Token::Kind::String) fail("unexpected string \"" + t.text + "\"");
        fail("expected an expression, found " + describeToken(t));
    }

    // After `\` (or at the start of a bare lambda):
    //   x => e | x: T => e | (x, y: T) => e | (x => e) | ((x, y) => e)   [the last two: λ(x ⇒ e)]
    SyntaxP lambda(SourceLoc loc) {
        std::vector<LambdaParam> params;
        if (peek().isSymbol("(")) {
            next();
            if (peek().isSymbol("(")) {  // λ((x, y) ⇒ e)
                next();
                params = paramList();
                expectSymbol(")", "after the lambda's parameters");
                expectSymbol("=>", "after the lambda's parameters");
                SyntaxP body = expr();
                expectSymbol(")", "to close the lambda");
                return checked(makeLambdaSyntax(loc, std::move(params), body));
            }
            params = paramList();
            if (peek().isSymbol(")")) {  // \(x, y) => e
                next();
                expectSymbol("=>", "after the lambda's parameters");
                return checked(makeLambdaSyntax(loc, std::move(params), expr()));
            }
            expectSymbol("=>", "after the lambda's parameters");  // λ(x ⇒ e)
            SyntaxP body = expr();
            expectSymbol(")", "to close the lambda");
            return checked(makeLambdaSyntax(loc, std::move(params), body));
        }
        params = paramList();
        expectSymbol("=>", "after the lambda's parameters");
        return checked(makeLambdaSyntax(loc, std::move(params), expr()));
    }

    std::vector<LambdaParam> paramList() {
        std::vector<LambdaParam> params;
        while (true) {
            LambdaParam p;
            p.loc = peek().loc;
            p.name = name("a parameter name");
            for (const auto& q : params)
                if (q.name == p.name) throw Error("duplicate parameter '" + p.name + "'", p.loc);
            if (peek().isSymbol(":")) {
                next();
                p.type = type();
            }
            params.push_back(std::move(p));
            if (!peek().isSymbol(",")) return params;
            next();
        }
    }

    SyntaxTypeP type() {
        Nest guard(*this);
        auto t = std::make_shared<SyntaxType>();
        t->loc = peek().loc;
        if (peek().isSymbol("{")) {
            next();
            t->kind = SyntaxType::Kind::Tuple;
            while (true) {
                t->elements.push_back(type());
                if (!peek().isSymbol(",")) break;
                next();
            }
            expectSymbol("}", "to close the tuple type");
        } else if (peek().isSymbol("[")) {
            next();
            t->kind = SyntaxType::Kind::Array;
            t->element = type();
            expectSymbol("]", "after the array's element type");
            t->length = lengthAtom();
        } else if (at(Token::Kind::Ident) && !isKeyword(peek().text)) {
            t->kind = SyntaxType::Kind::Named;
            t->name = next().text;
            if (!namedType(t->name, ScalarKind::Double))
                throw Error("unknown type '" + t->name +
                                "' (expected float, double, int, real, complex, a vector such as real4, {T, U} or [T]n)",
                            t->loc);
        } else {
            fail("expected a type, found " + describeToken(peek()));
        }
        if (syntaxTypeHeight(t) > kMaxHeight) throw Error("type nests too deeply", t->loc);
        return t;
    }

    // The length after [T]: a number, a name, or a parenthesised nat expression.
    SyntaxP lengthAtom() {
        const Token& t = peek();
        if (t.kind == Token::Kind::Number) {
            Token n = next();
            return makeSyntax(K::Number, n.loc, n.text);
        }
        if (t.kind == Token::Kind::Ident && !isKeyword(t.text)) {
            Token n = next();
            return makeSyntax(K::Name, n.loc, n.text);
        }
        if (t.isSymbol("(")) {
            next();
            SyntaxP e = expr();
            expectSymbol(")", "to close the array length");
            return e;
        }
        fail("expected an array length after ']', found " + describeToken(t));
    }
};

std::string readFile(const std::string& path, const SourceLoc& where) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        throw Error("cannot read file '" + path + "'" +
                        (std::filesystem::exists(path, ec) ? ": not a regular file" : ": no such file"),
                    where);
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error("cannot read file '" + path + "'", where);
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) throw Error("cannot read file '" + path + "'", where);
    return text.str();
}

class Loader {
public:
    Module load(const std::string& path) {
        Module root = loadOne(path, {});
        return root;
    }

private:
    std::vector<std::string> stack_;  // canonical paths being loaded (for cycle detection)
    std::set<std::string> done_;
    std::map<std::string, SourceLoc> defined_;

    static std::string canonical(const std::string& path) {
        std::error_code ec;
        auto c = std::filesystem::weakly_canonical(path, ec);
        return ec ? path : c.string();
    }

    Module loadOne(const std::string& path, const SourceLoc& importedAt) {
        std::string key = canonical(path);
        Module m = parseModule(readFile(path, importedAt), path);
        stack_.push_back(key);
        Module merged;
        merged.file = m.file;
        merged.imports = m.imports;
        std::filesystem::path dir = std::filesystem::path(path).parent_path();
        for (const auto& imp : m.imports) {
            std::string target = (dir / imp.path).lexically_normal().string();
            std::string targetKey = canonical(target);
            for (std::size_t k = 0; k < stack_.size(); ++k) {
                if (stack_[k] != targetKey) continue;
                std::string cycle;
                for (std::size_t j = k; j < stack_.size(); ++j) cycle += stack_[j] + " -> ";
                throw Error("import cycle: " + cycle + targetKey, imp.loc);
            }
            if (done_.count(targetKey)) continue;
            Module sub = loadOne(target, imp.loc);
            for (auto& d : sub.definitions) merged.definitions.push_back(std::move(d));
            for (auto& u : sub.userFuns) merged.userFuns.push_back(std::move(u));
        }
        for (auto& d : m.definitions) {
            auto [it, fresh] = defined_.emplace(d.name, d.loc);
            if (!fresh)
                throw Error("duplicate definition '" + d.name + "' (first defined at " +
                                it->second.toString() + ")",
                            d.loc);
            merged.definitions.push_back(std::move(d));
        }
        for (auto& u : m.userFuns) {
            auto [it, fresh] = defined_.emplace(u.name, u.loc);
            if (!fresh)
                throw Error("duplicate definition '" + u.name + "' (first defined at " +
                                it->second.toString() + ")",
                            u.loc);
            merged.userFuns.push_back(std::move(u));
        }
        stack_.pop_back();
        done_.insert(key);
        return merged;
    }
};

}  // namespace

Module parseModule(const std::string& text, const std::string& file) {
    return Parser(tokenize(text, file)).module(file);
}

SyntaxP parseExpression(const std::string& text, const std::string& file) {
    return Parser(tokenize(text, file)).wholeExpression();
}

Module parseFile(const std::string& path) { return Loader().load(path); }

}  // namespace liftcl::ir
