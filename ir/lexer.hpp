// Tokens of the .lift language. The lexer reads UTF-8 text; `λ`, `⇒`, `∘` (and `◦`) are accepted
// for `\`, `=>` and `o`. Columns count code points. Bad input (a stray byte, an unterminated comment
// or string) is a located liftcl::Error.
#pragma once

#include <string>
#include <vector>

#include "ir/error.hpp"

namespace liftcl::ir {

struct Token {
    enum class Kind {
        Ident,    // names; also the keywords def, import and the composition operator o
        Number,   // 12, 1.5, 2e-3
        String,   // "path" (text without quotes)
        Symbol,   // ( ) [ ] { } , . : = => $ + - * / % ^ < > <= >= == != && || ! and the
                  // lambda backslash (λ is the backslash, ⇒ is =>, ∘ is o)
        End,
    };
    Kind kind = Kind::End;
    std::string text;
    SourceLoc loc;

    bool is(Kind k, const char* t) const { return kind == k && text == t; }
    bool isSymbol(const char* t) const { return is(Kind::Symbol, t); }
    bool isIdent(const char* t) const { return is(Kind::Ident, t); }
};

std::vector<Token> tokenize(const std::string& text, const std::string& file);

// Printable description of a token for error messages: `'('`, `name 'map'`, `end of input`.
std::string describeToken(const Token& t);

}  // namespace liftcl::ir
