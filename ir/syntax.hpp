// Surface syntax of the .lift language, as parsed (before elaboration into the core IR).
// Owned by the parser; see docs/language.md.
//
// The surface is deliberately generic: `split(p)` and `map(f)` are both plain calls, and whether an
// argument is a nat, a function or a value is decided by the elaborator (ir/elaborate.hpp).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ir/error.hpp"

namespace liftcl::ir {

struct Syntax;
using SyntaxP = std::shared_ptr<const Syntax>;
struct SyntaxType;
using SyntaxTypeP = std::shared_ptr<const SyntaxType>;

// A type annotation as written: `float`, `double`, `int`, `real`, `complex`, `{T, U}`, `[T]n`.
// Lengths stay syntax because they may name definition parameters that are substituted later.
struct SyntaxType {
    enum class Kind { Named, Tuple, Array };
    Kind kind = Kind::Named;
    std::string name;                   // Named: float, double, int, real, complex
    std::vector<SyntaxTypeP> elements;  // Tuple
    SyntaxTypeP element;                // Array
    SyntaxP length;                     // Array: a nat expression
    SourceLoc loc;
};

struct LambdaParam {
    std::string name;
    SyntaxTypeP type;  // may be null
    SourceLoc loc;
};

struct Syntax {
    enum class Kind {
        Name,     // identifier (text); `iterate[i]` is the name iterate with binder i; an operator
                  // used as a function (`mapSeq(*)`, `reduce(+, 0)`) is a Name with text "*"/"+"/"-"
        Number,   // numeric literal, text as written (a real when it has '.' or an exponent)
        Call,     // items[0](items[1], ..., items[k])
        Compose,  // items[0] o items[1] o ... o items[k]  (applied right to left)
        Apply,    // items[0] $ items[1]
        Lambda,   // \(params) => items[0]
        Get,      // items[0].index
        Tuple,    // {items...}
        Binary,   // items[0] text items[1], text one of + - * / % ^ < <= > >= == != && ||
        Negate,   // -items[0]
        Not,      // !items[0]
        If,       // if items[0] then items[1] else items[2]
        Let,      // let text = items[0] in items[1]
        ArrayLit, // [items...]: an array literal (its items literals of one type)
    };
    Kind kind = Kind::Name;
    SourceLoc loc;
    std::string text;
    std::vector<SyntaxP> items;
    std::vector<LambdaParam> params;  // Lambda
    int index = 0;                    // Get
    std::string binder;               // Name "iterate" written as iterate[i]
    int height = 1;                   // height of the tree below (bounds recursion on it)
};

// Construction (computes height).
SyntaxP makeSyntax(Syntax::Kind kind, SourceLoc loc, std::string text = {},
                   std::vector<SyntaxP> items = {});
SyntaxP makeLambdaSyntax(SourceLoc loc, std::vector<LambdaParam> params, SyntaxP body);
SyntaxP makeGetSyntax(SourceLoc loc, SyntaxP tuple, int index);
SyntaxP makeIterateName(SourceLoc loc, std::string binder);
int syntaxTypeHeight(const SyntaxTypeP& t);

struct Definition {
    std::string name;
    std::vector<std::string> params;
    SyntaxP body;
    SourceLoc loc;
};

// `userfun NAME(a: T, ...): R = BODY [opencl "C body"]`: a scalar function written in the scalar
// sublanguage (ir/scalar_fun.hpp), optionally with a raw OpenCL C body for the device.
struct UserFunDefinition {
    std::string name;
    std::vector<LambdaParam> params;  // every one typed
    SyntaxTypeP returnType;
    SyntaxP body;
    std::string openclBody;  // empty: printed from body
    SourceLoc loc;
};

struct Import {
    std::string path;  // as written, relative to the importing file
    SourceLoc loc;
};

struct Module {
    std::string file;
    std::vector<Import> imports;          // of this file only (parseFile merges their definitions)
    std::vector<Definition> definitions;  // after parseFile: this file's and every imported one's
    std::vector<UserFunDefinition> userFuns;  // likewise
    const Definition* find(const std::string& name) const;
    const UserFunDefinition* findUserFun(const std::string& name) const;
};

}  // namespace liftcl::ir
