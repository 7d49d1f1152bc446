#include "runtime/size_expr.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "runtime/error.hpp"

namespace liftcl::rt {

struct SizeExpr::Node {
    enum class Kind { Constant, Name, Negate, Add, Sub, Mul, Div, Mod };
    Kind kind;
    std::int64_t value = 0;
    std::string name;
    std::shared_ptr<const Node> lhs, rhs;
};

namespace {

using Node = SizeExpr::Node;
using NodePtr = std::shared_ptr<const Node>;

NodePtr binary(Node::Kind kind, NodePtr lhs, NodePtr rhs) {
    return std::make_shared<const Node>(Node{kind, 0, {}, std::move(lhs), std::move(rhs)});
}

// Recursive descent: sum := product (('+'|'-') product)* ; product := unary (('*'|'/'|'%') unary)* ;
// unary := '-' unary | atom ; atom := integer | name | '(' sum ')'.
class Parser {
public:
    explicit Parser(std::string_view text) : text_(text) {}

    NodePtr parseAll() {
        NodePtr root = sum();
        skipSpace();
        if (pos_ < text_.size()) fail("unexpected '" + std::string(1, text_[pos_]) + "'");
        return root;
    }

private:
    [[noreturn]] void fail(const std::string& what) const {
        throw Error("size expression '" + std::string(text_) + "': " + what + " at position " +
                    std::to_string(pos_ + 1));
    }
    void skipSpace() {
        while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    }
    bool accept(char c) {
        skipSpace();
        if (pos_ < text_.size() && text_[pos_] == c) {
            ++pos_;
            return true;
        }
        return false;
    }

    NodePtr sum() {
        NodePtr lhs = product();
        while (true) {
            if (accept('+')) lhs = binary(Node::Kind::Add, lhs, product());
            else if (accept('-')) lhs = binary(Node::Kind::Sub, lhs, product());
            else return lhs;
        }
    }
    NodePtr product() {
        NodePtr lhs = unary();
        while (true) {
            if (accept('*')) lhs = binary(Node::Kind::Mul, lhs, unary());
            else if (accept('/')) lhs = binary(Node::Kind::Div, lhs, unary());
            else if (accept('%')) lhs = binary(Node::Kind::Mod, lhs, unary());
            else return lhs;
        }
    }
    NodePtr unary() {
        if (accept('-')) return std::make_shared<const Node>(Node{Node::Kind::Negate, 0, {}, unary(), nullptr});
        return atom();
    }
    NodePtr atom() {
        skipSpace();
        if (pos_ >= text_.size()) fail("expected a number, a name or '(' but the expression ends");
        if (accept('(')) {
            NodePtr inner = sum();
            if (!accept(')')) fail("expected ')'");
            return inner;
        }
        char c = text_[pos_];
        if (std::isdigit(static_cast<unsigned char>(c))) {
            std::size_t start = pos_;
            while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
            std::int64_t value = 0;
            auto [end, ec] = std::from_chars(text_.data() + start, text_.data() + pos_, value);
            if (ec != std::errc()) {
                pos_ = start;
                fail("integer too large");
            }
            return std::make_shared<const Node>(Node{Node::Kind::Constant, value, {}, nullptr, nullptr});
        }
        if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
            std::size_t start = pos_;
            while (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_'))
                ++pos_;
            return std::make_shared<const Node>(
                Node{Node::Kind::Name, 0, std::string(text_.substr(start, pos_ - start)), nullptr, nullptr});
        }
        fail("expected a number, a name or '(' but found '" + std::string(1, c) + "'");
    }

    std::string_view text_;
    std::size_t pos_ = 0;
};

std::int64_t evaluate(const Node& node, const NatValues& nats, const std::string& text) {
    auto fail = [&](const std::string& what) -> std::int64_t {
        throw Error("size expression '" + text + "': " + what);
    };
    using K = Node::Kind;
    switch (node.kind) {
        case K::Constant: return node.value;
        case K::Name: {
            auto it = nats.find(node.name);
            if (it == nats.end()) return fail("unknown name '" + node.name + "' (no nat value given for it)");
            return it->second;
        }
        case K::Negate: {
            std::int64_t v = evaluate(*node.lhs, nats, text);
            std::int64_t out = 0;
            if (__builtin_sub_overflow(std::int64_t{0}, v, &out)) return fail("integer overflow");
            return out;
        }
        default: break;
    }
    std::int64_t a = evaluate(*node.lhs, nats, text);
    std::int64_t b = evaluate(*node.rhs, nats, text);
    std::int64_t out = 0;
    switch (node.kind) {
        case K::Add:
            if (__builtin_add_overflow(a, b, &out)) return fail("integer overflow");
            return out;
        case K::Sub:
            if (__builtin_sub_overflow(a, b, &out)) return fail("integer overflow");
            return out;
        case K::Mul:
            if (__builtin_mul_overflow(a, b, &out)) return fail("integer overflow");
            return out;
        case K::Div:
        case K::Mod: {
            if (b == 0) return fail("division by zero");
            if (b == -1 && a == INT64_MIN) return fail("integer overflow");
            std::int64_t q = a / b, r = a % b;
            if (r != 0 && ((r < 0) != (b < 0))) {  // round the quotient toward negative infinity
                q -= 1;
                r += b;
            }
            return node.kind == K::Div ? q : r;
        }
        default: return fail("internal error: unknown node");
    }
}

void collectNames(const Node& node, std::vector<std::string>& names) {
    if (node.kind == Node::Kind::Name && std::find(names.begin(), names.end(), node.name) == names.end())
        names.push_back(node.name);
    if (node.lhs) collectNames(*node.lhs, names);
    if (node.rhs) collectNames(*node.rhs, names);
}

}  // namespace

SizeExpr SizeExpr::parse(std::string_view text) {
    SizeExpr expr;
    expr.text_ = std::string(text);
    expr.root_ = Parser(text).parseAll();
    return expr;
}

std::int64_t SizeExpr::evaluate(const NatValues& nats) const {
    if (!root_) throw Error("evaluating an empty size expression");
    return rt::evaluate(*root_, nats, text_);
}

std::vector<std::string> SizeExpr::names() const {
    std::vector<std::string> names;
    if (root_) collectNames(*root_, names);
    return names;
}

std::int64_t evalSizeExpr(std::string_view text, const NatValues& nats) { return SizeExpr::parse(text).evaluate(nats); }

}  // namespace liftcl::rt
