#include "ir/lexer.hpp"

#include <cstdio>

namespace liftcl::ir {

namespace {

bool isIdentStart(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isIdentChar(char c) { return isIdentStart(c) || isDigit(c); }

// Multi-byte spellings of single symbols.
struct Alias {
    const char* utf8;
    Token::Kind kind;
    const char* text;
};
constexpr Alias kAliases[] = {
    {"\xCE\xBB", Token::Kind::Symbol, "\\"},    // λ
    {"\xE2\x87\x92", Token::Kind::Symbol, "=>"},  // ⇒
    {"\xE2\x88\x98", Token::Kind::Ident, "o"},    // ∘
    {"\xE2\x97\xA6", Token::Kind::Ident, "o"},    // ◦ (as in some thesis listings)
};

class Lexer {
public:
    Lexer(const std::string& text, const std::string& file) : text_(text), file_(file) {}

    std::vector<Token> run() {
        std::vector<Token> out;
        while (true) {
            skipSpaceAndComments();
            Token t;
            t.loc = here();
            if (pos_ >= text_.size()) {
                t.kind = Token::Kind::End;
                out.push_back(std::move(t));
                return out;
            }
            // After `.`, only digits follow (x.0.1 is two projections, not x . 0.1).
            bool afterDot = !out.empty() && out.back().isSymbol(".");
            lexOne(t, afterDot);
            out.push_back(std::move(t));
        }
    }

private:
    const std::string& text_;
    std::string file_;
    std::size_t pos_ = 0;
    int line_ = 1;
    int column_ = 1;

    SourceLoc here() const { return SourceLoc{file_, line_, column_}; }
    char peek(std::size_t ahead = 0) const {
        return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0';
    }
    void advance() {
        char c = text_[pos_++];
        if (c == '\n') {
            ++line_;
            column_ = 1;
        } else if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) {
            ++column_;  // count code points, not continuation bytes
        }
    }
    void advance(std::size_t n) {
        for (std::size_t k = 0; k < n; ++k) advance();
    }
    bool startsWith(const char* s) const { return text_.compare(pos_, std::char_traits<char>::length(s), s) == 0; }

    void skipSpaceAndComments() {
        while (pos_ < text_.size()) {
            char c = peek();
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
                advance();
            } else if (c == '/' && peek(1) == '/') {
                while (pos_ < text_.size() && peek() != '\n') advance();
            } else if (c == '/' && peek(1) == '*') {
                SourceLoc start = here();
                advance(2);
                while (pos_ < text_.size() && !(peek() == '*' && peek(1) == '/')) advance();
                if (pos_ >= text_.size()) throw Error("unterminated comment", start);
                advance(2);
            } else {
                return;
            }
        }
    }

    void lexOne(Token& t, bool afterDot) {
        char c = peek();
        if (isIdentStart(c)) {
            std::size_t start = pos_;
            while (isIdentChar(peek())) advance();
            t.kind = Token::Kind::Ident;
            t.text = text_.substr(start, pos_ - start);
            return;
        }
        if (isDigit(c)) {
            lexNumber(t, afterDot);
            return;
        }
        if (c == '"') {
            SourceLoc start = here();
            advance();
            std::size_t from = pos_;
            while (pos_ < text_.size() && peek() != '"' && peek() != '\n') advance();
            if (peek() != '"') throw Error("unterminated string", start);
            t.kind = Token::Kind::String;
            t.text = text_.substr(from, pos_ - from);
            advance();
            return;
        }
        for (const auto& a : kAliases) {
            if (startsWith(a.utf8)) {
                advance(std::char_traits<char>::length(a.utf8));
                t.kind = a.kind;
                t.text = a.text;
                return;
            }
        }
        t.kind = Token::Kind::Symbol;
        if (c == '=' && peek(1) == '>') {
            advance(2);
            t.text = "=>";
            return;
        }
        for (const char* two : {"<=", ">=", "==", "!=", "&&", "||"}) {
            if (c == two[0] && peek(1) == two[1]) {
                advance(2);
                t.text = two;
                return;
            }
        }
        static const std::string singles = "()[]{},.:=$+-*/%^\\<>!";
        if (singles.find(c) != std::string::npos) {
            advance();
            t.text = std::string(1, c);
            return;
        }
        auto byte = static_cast<unsigned char>(c);
        char buf[64];
        if (byte >= 0x21 && byte < 0x7F)
            std::snprintf(buf, sizeof buf, "unexpected character '%c'", c);
        else
            std::snprintf(buf, sizeof buf, "unexpected byte 0x%02X", byte);
        throw Error(buf, t.loc);
    }

    void lexNumber(Token& t, bool afterDot) {
        std::size_t start = pos_;
        while (isDigit(peek())) advance();
        if (!afterDot) {
            if (peek() == '.' && isDigit(peek(1))) {
                advance();
                while (isDigit(peek())) advance();
            }
            if ((peek() == 'e' || peek() == 'E') &&
                (isDigit(peek(1)) || ((peek(1) == '+' || peek(1) == '-') && isDigit(peek(2))))) {
                advance(2);
                while (isDigit(peek())) advance();
            }
        }
        if (isIdentStart(peek())) throw Error("malformed number", t.loc);
        t.kind = Token::Kind::Number;
        t.text = text_.substr(start, pos_ - start);
    }
};

}  // namespace

std::vector<Token> tokenize(const std::string& text, const std::string& file) {
    return Lexer(text, file).run();
}

std::string describeToken(const Token& t) {
    switch (t.kind) {
        case Token::Kind::End: return "end of input";
        case Token::Kind::Ident: return "'" + t.text + "'";
        case Token::Kind::Number: return "number " + t.text;
        case Token::Kind::String: return "string \"" + t.text + "\"";
        case Token::Kind::Symbol: return "'" + t.text + "'";
    }
    return "token";
}

}  // namespace liftcl::ir
