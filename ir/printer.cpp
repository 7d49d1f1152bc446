#include "ir/printer.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <functional>
#include <map>
#include <set>

#include "ir/builders.hpp"
#include "ir/scalar_fun.hpp"
#include "ir/syntax_printer.hpp"
#include "ir/userfun.hpp"

namespace liftcl::ir {

namespace {

// Binding strength of printed text, loosest first (as in the surface printer).
enum Level { Full = 0, ComposeLevel, Additive, Postfix = 6, Atom };

struct Printed {
    std::string text;
    Level level;
};

std::string wrap(const Printed& p, Level needed) {
    return p.level < needed ? "(" + p.text + ")" : p.text;
}

std::string joinArgs(const std::vector<std::string>& items) {
    std::string out;
    for (std::size_t k = 0; k < items.size(); ++k) out += (k > 0 ? ", " : "") + items[k];
    return out;
}

bool isIdentifier(const std::string& s) {
    if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
    for (char c : s)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
    return true;
}

// Names a parameter must not take: they mean something else where the printed text is read.
bool isReservedName(const std::string& s) {
    static const std::set<std::string> words{"o",    "def",  "import", "wrap", "clamp", "mirror", "min",
                                             "max",  "log",  "div",    "mod",  "pow",   "real",
                                             "complex", "float", "double", "int"};
    if (words.count(s) || primFromName(s)) return true;
    for (const char* prefix : {"mapGlobal", "mapGlb", "mapWorkgroup", "mapWrg", "mapLocal", "mapLcl",
                               "array", "carray"})
        if (s.rfind(prefix, 0) == 0) return true;
    return lookupUserFun(s, ScalarKind::Double) != nullptr;
}

std::string nat(const Arith& a) { return a.toString(); }

std::string natAtom(const Arith& a) {
    bool atom = a.kind() == Arith::Kind::Var ||
                (a.kind() == Arith::Kind::Cst && a.constant() >= 0);
    return atom ? nat(a) : "(" + nat(a) + ")";
}

std::string realLiteral(double v, ScalarKind kind) {
    if (!std::isfinite(v)) throw Error("cannot print a non-finite literal");
    char buf[64];
    auto result = kind == ScalarKind::Float ? std::to_chars(buf, buf + sizeof buf, static_cast<float>(v))
                                            : std::to_chars(buf, buf + sizeof buf, v);
    std::string s(buf, result.ptr);
    if (s.find_first_of(".eE") == std::string::npos) s += ".0";
    return s;
}

class CorePrinter {
public:
    explicit CorePrinter(const Node& root, const std::vector<std::string>& natParams = {}) {
        for (const auto& n : natParams) taken_.insert(n);
        collectNatNames(root);
    }

    Printed fun(const FunP& f) {
        switch (f->kind) {
            case Fun::Kind::Lambda: return lambda(*f);
            case Fun::Kind::UserFun: {
                if (f->staticArgs.empty()) return {f->userFun->name, Atom};
                std::vector<std::string> statics;
                for (const auto& a : f->staticArgs) statics.push_back(nat(a));
                return {f->userFun->name + "(" + joinArgs(statics) + ")", Postfix};
            }
            case Fun::Kind::Prim: {
                auto [head, args] = primParts(*f);
                if (args.empty()) return {head, Atom};
                return {head + "(" + joinArgs(args) + ")", Postfix};
            }
        }
        return {"?", Atom};
    }

    Printed expr(const ExprP& e) {
        switch (e->kind) {
            case Expr::Kind::Param: return {paramName(e), Atom};
            case Expr::Kind::Literal: {
                std::size_t next = 0;
                std::string text = literal(e->literalType, e->literal, next);
                // A scalar is not an atom: `5.0` would read as a real, so `get(0, 5)` is printed.
                return {text, text[0] == '{' || text[0] == '[' ? Atom : Additive};
            }
            case Expr::Kind::Call: return call(*e);
        }
        return {"?", Atom};
    }

private:
    std::map<const Expr*, std::string> names_;
    std::set<std::string> taken_;

    void collectNatNames(const Node& root) {
        std::vector<Node> work{root};
        auto addArith = [&](const Arith& a) {
            for (const auto& v : a.variables()) taken_.insert(v);
        };
        std::function<void(const TypeP&)> addType = [&](const TypeP& t) {
            if (!t) return;
            if (t->kind == Type::Kind::Array) addArith(t->length);
            addType(t->element);
            for (const auto& e : t->elements) addType(e);
        };
        while (!work.empty()) {
            Node n = work.back();
            work.pop_back();
            if (auto* f = std::get_if<FunP>(&n)) {
                const Fun& fn = **f;
                for (const auto& a : fn.nats) addArith(a);
                for (const auto& a : fn.staticArgs) addArith(a);
                if (!fn.binder.empty()) taken_.insert(fn.binder);
                for (const auto& p : fn.params) addType(p->declaredType);
            } else if (auto* e = std::get_if<ExprP>(&n)) {
                addType((*e)->declaredType);
            }
            for (auto& c : children(n)) work.push_back(std::move(c));
        }
    }

    std::string paramName(const ExprP& p) {
        auto it = names_.find(p.get());
        if (it != names_.end()) return it->second;
        std::string base = isIdentifier(p->name) ? p->name : "x";
        if (isReservedName(base)) base = "p_" + base;
        std::string name = base;
        for (int k = 2; taken_.count(name) || isReservedName(name); ++k)
            name = base + "_" + std::to_string(k);
        taken_.insert(name);
        names_.emplace(p.get(), name);
        return name;
    }

    std::string literal(const TypeP& t, const std::vector<double>& values, std::size_t& next) {
        if (!t) throw Error("cannot print a literal without a type");
        if (t->kind == Type::Kind::Tuple) {
            std::vector<std::string> parts;
            for (const auto& c : t->elements) parts.push_back(literal(c, values, next));
            return "{" + joinArgs(parts) + "}";
        }
        if (t->kind == Type::Kind::Array && t->length.isConstant()) {  // an array literal
            std::vector<std::string> parts;
            for (std::int64_t k = 0; k < t->length.constant(); ++k) parts.push_back(literal(t->element, values, next));
            return "[" + joinArgs(parts) + "]";
        }
        if (t->kind != Type::Kind::Scalar || next >= values.size())
            throw Error("cannot print a literal of this type");
        double v = values[next++];
        if (t->scalar == ScalarKind::Int) {
            if (!std::isfinite(v) || std::fabs(v) > 9.0e18) throw Error("cannot print this integer literal");
            return std::to_string(static_cast<long long>(v));
        }
        return realLiteral(v, t->scalar);
    }

    std::string type(const TypeP& t) {
        switch (t->kind) {
            case Type::Kind::Scalar: return scalarName(t->scalar);
            case Type::Kind::Tuple: {
                if (t->isComplex()) return "complex";
                std::vector<std::string> parts;
                for (const auto& e : t->elements) parts.push_back(type(e));
                return "{" + joinArgs(parts) + "}";
            }
            case Type::Kind::Array: return "[" + type(t->element) + "]" + natAtom(t->length);
            default: return "?";
        }
    }

    // Annotations with function types or type variables cannot be written; they are left out
    // (they only restate what inference finds).
    static bool writable(const TypeP& t) {
        if (!t) return false;
        switch (t->kind) {
            case Type::Kind::Scalar: return true;
            case Type::Kind::Array: return writable(t->element);
            case Type::Kind::Tuple:
                for (const auto& e : t->elements)
                    if (!writable(e)) return false;
                return !t->elements.empty();
            default: return false;
        }
    }

    // Is `f` the lambda x => f1(f2(...fk(x))) with k >= 2 and x used nowhere else?
    std::vector<FunP> compositionChain(const Fun& f) {
        if (f.params.size() != 1 || writable(f.params[0]->declaredType)) return {};
        const Expr* param = f.params[0].get();
        std::vector<FunP> chain;
        const Expr* e = f.body.get();
        while (e->kind == Expr::Kind::Call && e->args.size() == 1) {
            chain.push_back(e->fun);
            e = e->args[0].get();
        }
        if (e != param || chain.size() < 2) return {};
        for (const auto& g : chain)
            if (mentions(g, param)) return {};
        return chain;
    }

    static bool mentions(const FunP& f, const Expr* param) {
        std::vector<Node> work{f};
        while (!work.empty()) {
            Node n = work.back();
            work.pop_back();
            if (auto* e = std::get_if<ExprP>(&n); e && e->get() == param) return true;
            for (auto& c : children(n)) work.push_back(std::move(c));
        }
        return false;
    }

    Printed lambda(const Fun& f) {
        auto chain = compositionChain(f);
        if (!chain.empty()) {
            std::string out;
            for (std::size_t k = 0; k < chain.size(); ++k)
                out += (k > 0 ? " o " : "") + wrap(fun(chain[k]), Additive);
            return {out, ComposeLevel};
        }
        std::string out = "\\";
        if (f.params.size() == 1 && !writable(f.params[0]->declaredType)) {
            out += paramName(f.params[0]);
        } else {
            std::vector<std::string> params;
            for (const auto& p : f.params)
                params.push_back(paramName(p) +
                                 (writable(p->declaredType) ? ": " + type(p->declaredType) : ""));
            out += "(" + joinArgs(params) + ")";
        }
        return {out + " => " + expr(f.body).text, Full};
    }

    std::pair<std::string, std::vector<std::string>> primParts(const Fun& f) {
        std::string name = primName(f.prim);
        auto funArg = [&](std::size_t k) {
            if (k >= f.funs.size()) throw Error(name + " without its function argument");
            return fun(f.funs[k]).text;
        };
        switch (f.prim) {
            case Prim::Map: case Prim::MapSeq: case Prim::MapSeqUnroll:
            case Prim::ToGlobal: case Prim::ToLocal: case Prim::ToPrivate: case Prim::Scatter:
                return {name, {funArg(0)}};
            case Prim::MapGlb: case Prim::MapWrg: case Prim::MapLcl:
                if (build::dimension(f) == 0) return {name, {funArg(0)}};
                return {name + "(" + std::to_string(build::dimension(f)) + ")", {funArg(0)}};
            case Prim::Reduce: case Prim::ReduceSeq: case Prim::ReduceSeqUnroll:
                if (f.exprs.empty()) throw Error(name + " without its initial value");
                return {name, {funArg(0), expr(f.exprs[0]).text}};
            case Prim::Split: case Prim::Slide: case Prim::Take: case Prim::AsVector: {
                std::vector<std::string> args;
                for (const auto& a : f.nats) args.push_back(nat(a));
                return {name, args};
            }
            case Prim::Pad:
                if (f.nats.size() != 2) throw Error("pad without its two sizes");
                return {name, {nat(f.nats[0]), nat(f.nats[1]),
                               padModeName(build::padMode(f))}};
            case Prim::Iterate:
                if (f.nats.empty()) throw Error("iterate without its count");
                return {f.binder.empty() ? name : name + "[" + f.binder + "]",
                        {nat(f.nats[0]), funArg(0)}};
            case Prim::Array: case Prim::CArray: {
                std::vector<std::string> args;
                for (const auto& a : f.nats) args.push_back(nat(a));
                args.push_back(funArg(0));
                if (f.prim == Prim::CArray) {
                    if (f.exprs.empty()) throw Error("carray without its table");
                    args.push_back(expr(f.exprs[0]).text);
                }
                return {name + "_" + std::to_string(f.nats.size()), args};
            }
            case Prim::Get: return {name, {std::to_string(build::component(f))}};
            case Prim::Zip: case Prim::Tuple: case Prim::Join: case Prim::Transpose: case Prim::Id: case Prim::AsScalar:
            case Prim::At:
                return {name, {}};
        }
        return {name, {}};
    }

    Printed call(const Expr& e) {
        std::vector<std::string> args;
        for (const auto& a : e.args) args.push_back(expr(a).text);
        const Fun& f = *e.fun;
        switch (f.kind) {
            case Fun::Kind::Prim: {
                if (f.prim == Prim::Get && e.args.size() == 1) {
                    Printed tuple = expr(e.args[0]);
                    if (tuple.level >= Postfix)
                        return {tuple.text + "." + std::to_string(build::component(f)), Postfix};
                }
                auto [head, own] = primParts(f);
                own.insert(own.end(), args.begin(), args.end());
                return {head + "(" + joinArgs(own) + ")", Postfix};
            }
            case Fun::Kind::UserFun:
                return {wrap(fun(e.fun), Postfix) + "(" + joinArgs(args) + ")", Postfix};
            case Fun::Kind::Lambda:
                return {"(" + fun(e.fun).text + ")(" + joinArgs(args) + ")", Postfix};
        }
        return {"?", Atom};
    }
};

}  // namespace

std::string printFun(const FunP& f) { return CorePrinter(f).fun(f).text; }

std::string printExpr(const ExprP& e) { return CorePrinter(e).expr(e).text; }

namespace {

// The `userfun` definitions a program needs (its user functions written in the scalar sublanguage,
// scalar lambdas included, and the ones they call), each once, callees first.
void collectDefinitions(const UserFunP& u, std::set<std::string>& seen, std::string& out) {
    if (!u || !u->definition || seen.count(u->name)) return;
    seen.insert(u->name);
    if (lookupUserFun(u->name, ScalarKind::Double)) return;  // the library's (add, mul, ...)
    if (u->scalarBody) {
        std::vector<const ScalarExpr*> work{u->scalarBody->result.get()};
        while (!work.empty()) {
            const ScalarExpr* e = work.back();
            work.pop_back();
            if (e->kind == ScalarExpr::Kind::Call) collectDefinitions(e->callee, seen, out);
            for (const auto& item : e->items) work.push_back(item.get());
        }
    }
    out += printUserFunDefinition(*u->definition) + "\n";
}

}  // namespace

std::string printProgram(const Program& program) {
    std::string out;
    std::set<std::string> seen;
    std::vector<Node> work{program.body};
    while (!work.empty()) {
        Node n = work.back();
        work.pop_back();
        if (auto* f = std::get_if<FunP>(&n); f && (*f)->kind == Fun::Kind::UserFun)
            collectDefinitions((*f)->userFun, seen, out);
        for (auto& c : children(n)) work.push_back(std::move(c));
    }
    CorePrinter printer(program.body, program.natParams);
    out += "def " + program.name;
    if (!program.natParams.empty()) out += "(" + joinArgs(program.natParams) + ")";
    return out + " = " + printer.fun(program.body).text;
}

}  // namespace liftcl::ir
