// Elaboration of surface syntax into core IR. A term elaborates to a value (ExprP), a function
// (FunP), or a primitive still waiting for its configuring arguments (Partial, e.g. `mapGlb(1)`
// before `(f)`). Definition parameters are bound to their argument syntax together with the
// caller's scope (a closure), so a parameter means whatever its use asks for: a nat in `split(p)`,
// a function in `map(f)`, a value elsewhere.
#include "ir/elaborate.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <functional>
#include <set>
#include <cstdlib>
#include <optional>
#include <variant>

#include "ir/math_library.hpp"
#include "ir/scalar_fun.hpp"
#include "ir/userfun.hpp"

namespace liftcl::ir {

namespace {

using K = Syntax::Kind;

constexpr int kMaxExpansionDepth = 100;  // nested expansions of definitions and parameters
constexpr int kMaxNesting = 1500;        // recursion of the elaborator itself
// ... and the stack that recursion takes: a level is several frames, about 1.5 KiB without
// sanitizers but over 5 KiB under ASan, where 1500 levels overflowed the 8 MiB stack (the
// parse_typecheck fuzzer, a recursive definition).
constexpr std::uintptr_t kMaxStackBytes = 4u << 20;

struct Env;
using EnvP = std::shared_ptr<const Env>;

// What a name in scope stands for.
struct Binding {
    enum class Kind { Value, Nat, Macro };
    Kind kind = Kind::Value;
    ExprP value;        // Value: a lambda parameter
    Arith nat;          // Nat: a parameter of the elaborated definition, --set value, iterate index
    SyntaxP syntax;     // Macro: a definition's argument ...
    EnvP env;           // ... and the scope it was written in
    bool topLevel = false;  // a nat parameter of the definition being elaborated
};

struct Env {
    std::string name;
    Binding binding;
    EnvP parent;
};

EnvP bind(EnvP parent, std::string name, Binding b) {
    return std::make_shared<const Env>(Env{std::move(name), std::move(b), std::move(parent)});
}

const Binding* lookup(const EnvP& env, const std::string& name) {
    for (const Env* e = env.get(); e; e = e->parent.get())
        if (e->name == name) return &e->binding;
    return nullptr;
}

struct Arg {
    SyntaxP syntax;
    EnvP env;
};

// A built-in (primitive or user function) applied to fewer arguments than it needs to be a function.
struct Partial {
    std::string name;
    std::string binder;
    std::vector<Arg> args;
    SourceLoc loc;
};

using Term = std::variant<ExprP, FunP, Partial>;

std::string plural(std::size_t n, const char* word) {
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

// How a built-in name is applied: `config` leading arguments configure it (nats, functions, init
// values); the arguments after them are the values it is applied to.
struct Builtin {
    enum class Kind { Prim, UserFun };
    Kind kind = Kind::Prim;
    Prim prim = Prim::Id;
    UserFunP userFun;
    std::size_t config = 0;
    int dimension = -1;  // mapGlb0..2 etc. when the name says it
    int arrayDims = -1;  // array_m / carray_m when the name says it
};

bool parseDigits(const std::string& s, int& out) {
    if (s.empty() || s.size() > 2) return false;
    for (char c : s)
        if (c < '0' || c > '9') return false;
    out = std::stoi(s);
    return true;
}

class Elaborator {
public:
    Elaborator(const Module& module, const ElaborateOptions& options)
        : module_(module), options_(options) {
        for (const auto& [name, value] : options.natValues) {
            Binding b;
            b.kind = Binding::Kind::Nat;
            b.nat = value;
            root_ = bind(root_, name, b);
        }
    }

    Program run(const std::string& name) {
        if (module_.definitions.empty())
            throw Error("no definitions in the program", SourceLoc{module_.file, 1, 1});
        const Definition* d = module_.find(name);
        if (!d) {
            std::string where = module_.file.empty() ? "" : " in " + module_.file;
            throw Error("no definition named '" + name + "'" + where);
        }
        Program program;
        program.name = d->name;
        definition_ = d;
        EnvP env = root_;
        for (const auto& p : d->params) {
            Binding b;
            b.kind = Binding::Kind::Nat;
            b.topLevel = true;
            auto given = options_.natValues.find(p);
            if (given != options_.natValues.end()) {
                b.nat = given->second;
            } else {
                b.nat = Arith::var(p, 1);
                program.natParams.push_back(p);
            }
            env = bind(env, p, b);
        }
        Term t = term(d->body, env);
        if (std::holds_alternative<ExprP>(t))
            throw Error("definition '" + d->name +
                            "' is not a function: its body is a value (a program must take its "
                            "inputs as parameters, e.g. \\xs => ...)",
                        d->loc);
        program.body = toFun(t, d->body->loc);
        return program;
    }

private:
    const Module& module_;
    const ElaborateOptions& options_;
    EnvP root_;
    int expansionDepth_ = 0;
    int nesting_ = 0;
    std::uintptr_t stackBase_ = 0;  // the outermost term's frame address
    long work_ = 0;
    const Definition* definition_ = nullptr;  // the one being elaborated
    std::map<std::string, UserFunP> userFuns_;  // built module user functions (null: in progress)
    int scalarLambdas_ = 0;                     // names the user functions of scalar lambdas
    // The expansions in progress, outermost first: the names expanded and where they are used.
    std::vector<std::pair<std::string, SourceLoc>> expanding_;

    // Located at the outermost expansion in progress: the use, in the body of the definition
    // being elaborated, that grows past the limit.
    [[noreturn]] void tooLarge(const SourceLoc& loc) const {
        const std::string limit = std::to_string(options_.maxNodes);
        if (expanding_.empty())
            throw Error("definition '" + definition_->name + "' has more than " + limit +
                            " nodes (the elaboration limit)",
                        loc);
        throw Error("definition '" + definition_->name + "' grows past " + limit +
                        " nodes (the elaboration limit) while expanding '" +
                        expanding_.front().first +
                        "' here; a definition that uses another definition or a parameter "
                        "more than once doubles in size with each level of nesting",
                    expanding_.front().second);
    }

    struct Guard {
        Elaborator& e;
        Guard(Elaborator& el, const SourceLoc& loc) : e(el) {
            if (++e.work_ > e.options_.maxNodes) e.tooLarge(loc);
            const auto frame = reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0));
            if (e.nesting_ == 0) e.stackBase_ = frame;
            const std::uintptr_t used = e.stackBase_ > frame ? e.stackBase_ - frame : frame - e.stackBase_;
            if (++e.nesting_ > kMaxNesting || used > kMaxStackBytes) {
                --e.nesting_;
                throw Error("program nests too deeply after expanding definitions", loc);
            }
        }
        ~Guard() { --e.nesting_; }
        Guard(const Guard&) = delete;
        Guard& operator=(const Guard&) = delete;
    };
    struct Expansion {
        Elaborator& e;
        Expansion(Elaborator& el, const std::string& what, const SourceLoc& loc) : e(el) {
            if (++e.expansionDepth_ > kMaxExpansionDepth) {
                --e.expansionDepth_;
                throw Error("expansion of '" + what + "' is nested more than " +
                                std::to_string(kMaxExpansionDepth) +
                                " levels deep (is the definition recursive?)",
                            loc);
            }
            e.expanding_.emplace_back(what, loc);
        }
        ~Expansion() {
            e.expanding_.pop_back();
            --e.expansionDepth_;
        }
        Expansion(const Expansion&) = delete;
        Expansion& operator=(const Expansion&) = delete;
    };

    // ---------------------------------------------------------------- terms

    Term term(const SyntaxP& s, const EnvP& env) {
        Guard guard(*this, s->loc);
        switch (s->kind) {
            case K::Number: return literal(*s, false);
            case K::Negate:
                if (s->items[0]->kind == K::Number) return literal(*s->items[0], true);
                throw Error("unary '-' applies only to nats and number literals here", s->loc);
            case K::Binary:
                throw Error("operator '" + s->text +
                                "' is only allowed on nats and inside user functions (for values "
                                "define one, e.g. userfun axpy(a: real, x: real, y: real): real = "
                                "a * x + y, or use add, mul, cadd, cmul)",
                            s->loc);
            case K::Not:
            case K::If:
            case K::Let:
                throw Error("'" + s->text +
                                "' belongs to the scalar sublanguage of user functions (define "
                                "one with 'userfun NAME(x: real): real = ...')",
                            s->loc);
            case K::Tuple: return tupleTerm(*s, env);
            case K::ArrayLit: return arrayLiteralTerm(*s, env);
            case K::Name: return nameTerm(*s, env, {}, s->loc);
            case K::Call: {
                std::vector<Arg> args;
                for (std::size_t k = 1; k < s->items.size(); ++k) args.push_back({s->items[k], env});
                const SyntaxP& head = s->items[0];
                if (head->kind == K::Name) return nameTerm(*head, env, std::move(args), s->loc);
                return apply(term(head, env), std::move(args), s->loc);
            }
            case K::Apply: return apply(term(s->items[0], env), {{s->items[1], env}}, s->loc);
            case K::Compose: return composeTerm(*s, env);
            case K::Lambda: return lambdaTerm(*s, env);
            case K::Get: {
                ExprP tuple = value(s->items[0], env);
                return makeCall(makePrim(Prim::Get, {}, {}, {}, s->index, s->loc), {tuple}, s->loc);
            }
        }
        throw Error("unexpected syntax", s->loc);
    }

    ExprP literal(const Syntax& n, bool negative) {
        const std::string& text = n.text;
        bool real = text.find_first_of(".eE") != std::string::npos;
        if (real) {
            double v = std::strtod(text.c_str(), nullptr);
            if (negative) v = -v;
            return makeLiteral({v}, Type::scalarOf(options_.precision), n.loc);
        }
        std::int64_t v = integer(n);
        return makeLiteral({static_cast<double>(negative ? -v : v)}, Type::scalarOf(ScalarKind::Int),
                           n.loc);
    }

    static std::int64_t integer(const Syntax& n) {
        std::int64_t v = 0;
        auto [ptr, ec] = std::from_chars(n.text.data(), n.text.data() + n.text.size(), v);
        if (ec != std::errc() || ptr != n.text.data() + n.text.size())
            throw Error("integer literal " + n.text + " is too large", n.loc);
        return v;
    }

    Term tupleTerm(const Syntax& s, const EnvP& env) {
        std::vector<ExprP> parts;
        bool allLiterals = true;
        for (const auto& item : s.items) {
            parts.push_back(value(item, env));
            allLiterals = allLiterals && parts.back()->kind == Expr::Kind::Literal;
        }
        if (allLiterals) {
            std::vector<double> flat;
            std::vector<TypeP> types;
            for (const auto& p : parts) {
                flat.insert(flat.end(), p->literal.begin(), p->literal.end());
                types.push_back(p->literalType);
            }
            return makeLiteral(std::move(flat), Type::tupleOf(std::move(types)), s.loc);
        }
        auto arity = static_cast<int>(parts.size());
        return makeCall(makePrim(Prim::Tuple, {}, {}, {}, arity, s.loc), std::move(parts), s.loc);
    }

    // [a, b, c]: one literal of type [T]k, its elements' components flattened in order. The
    // elements are number or tuple literals of one type (no arrays of arrays).
    Term arrayLiteralTerm(const Syntax& s, const EnvP& env) {
        std::vector<double> flat;
        TypeP element;
        for (const auto& item : s.items) {
            ExprP part = value(item, env);
            if (part->kind != Expr::Kind::Literal || !part->literalType || part->literalType->isArray())
                throw Error("the elements of an array literal must be number or tuple literals", item->loc);
            if (element && !typesEqual(element, part->literalType))
                throw Error("the elements of an array literal must have one type: " + typeToString(element) +
                                " and " + typeToString(part->literalType),
                            item->loc);
            element = part->literalType;
            flat.insert(flat.end(), part->literal.begin(), part->literal.end());
        }
        const auto k = static_cast<std::int64_t>(s.items.size());
        return makeLiteral(std::move(flat), Type::arrayOf(element, Arith(k)), s.loc);
    }

    Term composeTerm(const Syntax& s, const EnvP& env) {
        // Right to left: the last item is a value (f o g o v means f(g(v))) or a function.
        Term last = term(s.items.back(), env);
        ExprP param;
        ExprP current;
        if (auto* v = std::get_if<ExprP>(&last)) {
            current = *v;
        } else {
            param = makeParam("x", nullptr, s.loc);
            current = makeCall(unpackTuple(toFun(last, s.items.back()->loc)), {param},
                               s.items.back()->loc);
        }
        for (std::size_t k = s.items.size() - 1; k-- > 0;) {
            Term t = term(s.items[k], env);
            if (std::holds_alternative<ExprP>(t))
                throw Error("a value cannot be composed: only the last item of 'f o g o ...' may "
                            "be a value",
                            s.items[k]->loc);
            current = makeCall(unpackTuple(toFun(t, s.items[k]->loc)), {current}, s.items[k]->loc);
        }
        if (!param) return current;
        return makeLambda({param}, current, s.loc);
    }

    Term lambdaTerm(const Syntax& s, const EnvP& env) {
        if (auto f = scalarLambda(s, env)) return *f;
        std::vector<ExprP> params;
        EnvP inner = env;
        for (const auto& p : s.params) {
            TypeP declared = p.type ? type(p.type, env) : nullptr;
            ExprP param = makeParam(p.name, declared, p.loc);
            params.push_back(param);
            Binding b;
            b.kind = Binding::Kind::Value;
            b.value = param;
            inner = bind(inner, p.name, b);
        }
        Term body = term(s.items[0], inner);
        auto* v = std::get_if<ExprP>(&body);
        if (!v)
            throw Error("the body of a lambda must be a value, found a function (apply it to "
                        "the parameter, e.g. \\xs => f(xs))",
                        s.items[0]->loc);
        return makeLambda(std::move(params), *v, s.loc);
    }

    Term nameTerm(const Syntax& s, const EnvP& env, std::vector<Arg> args, const SourceLoc& loc) {
        const std::string& name = s.text;
        if (const Binding* b = lookup(env, name)) {
            switch (b->kind) {
                case Binding::Kind::Value:
                    if (!args.empty())
                        throw Error("'" + name + "' is a value; it cannot be applied to arguments",
                                    loc);
                    return b->value;
                case Binding::Kind::Nat:
                    throw Error(
                        "'" + name + "' is a nat; it cannot be used as a value or function" +
                            (b->topLevel ? std::string(" (the parameters of the definition that "
                                                       "is run are nats; pass functions to a "
                                                       "definition from another definition)")
                                         : ""),
                        s.loc);
                case Binding::Kind::Macro: {
                    Term t = [&] {
                        Expansion e(*this, name, s.loc);
                        return term(b->syntax, b->env);
                    }();
                    if (args.empty()) return t;
                    return apply(std::move(t), std::move(args), loc);
                }
            }
        }
        if (const Definition* d = module_.find(name)) {
            if (d->params.empty()) {
                Term t = [&] {
                    Expansion e(*this, name, s.loc);
                    return term(d->body, root_);
                }();
                if (args.empty()) return t;
                return apply(std::move(t), std::move(args), loc);
            }
            return expandDefinition(*d, std::move(args), loc, [&](const EnvP& inner) {
                return term(d->body, inner);
            });
        }
        if (findBuiltin(name, s.loc)) return applyBuiltin(name, s.binder, std::move(args), loc);
        throw Error("unknown name '" + name + "'", s.loc);
    }

    template <class Body>
    auto expandDefinition(const Definition& d, std::vector<Arg> args, const SourceLoc& loc, Body body)
        -> decltype(body(EnvP{})) {
        if (args.size() != d.params.size())
            throw Error(d.name + " expects " + plural(d.params.size(), "argument") + ", found " +
                            std::to_string(args.size()),
                        loc);
        EnvP inner = root_;
        for (std::size_t k = 0; k < args.size(); ++k) {
            Binding b;
            b.kind = Binding::Kind::Macro;
            b.syntax = args[k].syntax;
            b.env = args[k].env;
            inner = bind(inner, d.params[k], b);
        }
        Expansion e(*this, d.name, loc);
        return body(inner);
    }

    Term apply(Term head, std::vector<Arg> args, const SourceLoc& loc) {
        if (auto* p = std::get_if<Partial>(&head)) {
            Partial partial = *p;
            for (auto& a : args) partial.args.push_back(std::move(a));
            return applyBuiltin(partial.name, partial.binder, std::move(partial.args), partial.loc);
        }
        if (std::holds_alternative<ExprP>(head))
            throw Error("a value cannot be applied to arguments", loc);
        FunP f = std::get<FunP>(head);
        std::vector<ExprP> values;
        for (const auto& a : args) values.push_back(value(a.syntax, a.env));
        std::optional<std::size_t> arity;
        if (f->kind == Fun::Kind::Lambda) arity = f->params.size();
        if (f->kind == Fun::Kind::UserFun) arity = f->userFun->paramTypes.size();
        if (arity && *arity != values.size())
            throw Error("the function expects " + plural(*arity, "argument") + ", found " +
                            std::to_string(values.size()),
                        loc);
        return makeCall(f, std::move(values), loc);
    }

    ExprP value(const SyntaxP& s, const EnvP& env) {
        Term t = term(s, env);
        if (auto* v = std::get_if<ExprP>(&t)) return *v;
        if (auto* p = std::get_if<Partial>(&t)) incomplete(*p);
        throw Error("expected a value, found a function", s->loc);
    }

    FunP function(const SyntaxP& s, const EnvP& env) {
        Term t = term(s, env);
        if (std::holds_alternative<ExprP>(t))
            throw Error("expected a function, found a value", s->loc);
        return toFun(t, s->loc);
    }

    FunP toFun(const Term& t, const SourceLoc& loc) {
        if (auto* f = std::get_if<FunP>(&t)) return *f;
        if (auto* p = std::get_if<Partial>(&t)) incomplete(*p);
        throw Error("expected a function, found a value", loc);
    }

    [[noreturn]] void incomplete(const Partial& p) {
        auto builtin = findBuiltin(p.name, p.loc);
        std::size_t needed = builtin ? configCount(*builtin, p.args) : 0;
        throw Error("'" + p.name + "' expects " + plural(needed, "argument") +
                        " before it is a function, found " + std::to_string(p.args.size()),
                    p.loc);
    }

    // ---------------------------------------------------------------- built-ins

    std::optional<Builtin> findBuiltin(const std::string& name, const SourceLoc& loc) {
        Builtin b;
        static const std::pair<const char*, Prim> kDimensioned[] = {
            {"mapGlobal", Prim::MapGlb},    {"mapGlb", Prim::MapGlb}, {"mapWorkgroup", Prim::MapWrg},
            {"mapWrg", Prim::MapWrg},       {"mapLocal", Prim::MapLcl}, {"mapLcl", Prim::MapLcl},
        };
        for (const auto& [base, prim] : kDimensioned) {
            std::string prefix = base;
            if (name.rfind(prefix, 0) != 0 || name.size() != prefix.size() + 1) continue;
            int d = 0;
            if (parseDigits(name.substr(prefix.size()), d) && d <= 2) {
                b.prim = prim;
                b.dimension = d;
                return b;
            }
        }
        for (const char* base : {"carray", "array"}) {
            std::string prefix = base;
            if (name.rfind(prefix, 0) != 0) continue;
            std::string rest = name.substr(prefix.size());
            if (!rest.empty() && rest[0] == '_') rest = rest.substr(1);
            int m = 0;
            if (rest.empty() || parseDigits(rest, m)) {
                if (!rest.empty() && m < 1) throw Error("'" + name + "' needs at least one dimension", loc);
                b.prim = prefix == "array" ? Prim::Array : Prim::CArray;
                b.arrayDims = rest.empty() ? -1 : m;
                return b;
            }
        }
        if (auto prim = primFromName(name)) {
            b.prim = *prim;
            return b;
        }
        if (auto uf = moduleUserFun(name)) {
            b.kind = Builtin::Kind::UserFun;
            b.userFun = uf;
            return b;
        }
        std::string userName = name == "*" ? "cmul" : name == "+" ? "cadd" : name == "-" ? "csub" : name;
        if (auto uf = lookupUserFun(userName, options_.precision)) {
            b.kind = Builtin::Kind::UserFun;
            b.userFun = uf;
            return b;
        }
        return std::nullopt;
    }

    // ---------------------------------------------------------------- scalar lambdas

    // Is `s` an expression of the scalar sublanguage over the names in `locals` and values of the
    // enclosing scope (collected in `captured`)? `hasOperator`: it uses an operator, a conditional
    // or a let (otherwise the ordinary elaboration handles it).
    bool scalarShaped(const SyntaxP& s, const EnvP& env, std::set<std::string> locals,
                      std::vector<std::string>& captured, bool& hasOperator) {
        switch (s->kind) {
            case K::Number: return true;
            case K::Name: {
                if (locals.count(s->text)) return true;
                const Binding* b = lookup(env, s->text);
                if (!b || b->kind != Binding::Kind::Value) return false;
                if (std::find(captured.begin(), captured.end(), s->text) == captured.end())
                    captured.push_back(s->text);
                return true;
            }
            case K::Binary: case K::Not: case K::If:
                hasOperator = true;
                [[fallthrough]];
            case K::Negate: case K::Tuple: case K::Get:
                for (const auto& i : s->items)
                    if (!scalarShaped(i, env, locals, captured, hasOperator)) return false;
                return true;
            case K::Let: {
                hasOperator = true;
                if (!scalarShaped(s->items[0], env, locals, captured, hasOperator)) return false;
                locals.insert(s->text);
                return scalarShaped(s->items[1], env, locals, captured, hasOperator);
            }
            case K::Call: {
                const SyntaxP& head = s->items[0];
                if (head->kind != K::Name || locals.count(head->text) || lookup(env, head->text) ||
                    module_.find(head->text))
                    return false;
                const std::string& f = head->text;
                const bool conversion = f == "float" || f == "double" || f == "int" || f == "real";
                if (!conversion && !findMathFunction(f) && !module_.findUserFun(f)) {
                    UserFunP u = lookupUserFun(f, options_.precision);
                    if (!u || !u->staticParamNames.empty()) return false;
                }
                for (std::size_t k = 1; k < s->items.size(); ++k)
                    if (!scalarShaped(s->items[k], env, locals, captured, hasOperator)) return false;
                return true;
            }
            default: return false;
        }
    }

    // The type an unannotated parameter of a scalar lambda gets from its uses: real, or a tuple of
    // as many components as `.k` selects (recursively).
    static SyntaxTypeP shapeOf(const std::string& name, const std::vector<SyntaxP>& uses, const SourceLoc& loc) {
        std::map<int, int> components;  // index -> uses of name.index
        std::function<void(const SyntaxP&)> walk = [&](const SyntaxP& s) {
            if (s->kind == K::Get && s->items[0]->kind == K::Name && s->items[0]->text == name) {
                ++components[s->index];
                return;
            }
            for (const auto& i : s->items) walk(i);
        };
        for (const auto& u : uses) walk(u);
        auto t = std::make_shared<SyntaxType>();
        t->loc = loc;
        if (components.empty()) {
            t->name = "real";
            return t;
        }
        t->kind = SyntaxType::Kind::Tuple;
        const int arity = components.rbegin()->first + 1;
        for (int k = 0; k < arity; ++k) {  // components are reals (annotate nested tuples)
            auto c = std::make_shared<SyntaxType>();
            c->loc = loc;
            c->name = "real";
            t->elements.push_back(c);
        }
        return t;
    }

    static SyntaxTypeP syntaxTypeOf(const TypeP& t, const SourceLoc& loc) {
        auto st = std::make_shared<SyntaxType>();
        st->loc = loc;
        if (t->isScalar() || t->isVector()) {
            st->name = typeToString(t);  // float, double4, ...
            return st;
        }
        if (!t->isTuple()) return nullptr;
        st->kind = SyntaxType::Kind::Tuple;
        for (const auto& e : t->elements) {
            SyntaxTypeP c = syntaxTypeOf(e, loc);
            if (!c) return nullptr;
            st->elements.push_back(c);
        }
        return st;
    }

    // `\(x, y) => x * y + 1.0`: a lambda whose body is a scalar expression becomes a user function
    // of the lambda's parameters (typed as annotated, or real / tuples of reals by their uses)
    // and of the enclosing values it uses (typed as declared), called from a lambda.
    std::optional<FunP> scalarLambda(const Syntax& s, const EnvP& env) {
        std::set<std::string> locals;
        for (const auto& p : s.params) locals.insert(p.name);
        std::vector<std::string> captured;
        bool hasOperator = false;
        if (!scalarShaped(s.items[0], env, locals, captured, hasOperator) || !hasOperator)
            return std::nullopt;
        UserFunDefinition def;
        def.name = "lambda" + std::to_string(++scalarLambdas_);
        def.loc = s.loc;
        def.body = s.items[0];
        for (const auto& p : s.params) {
            LambdaParam typed = p;
            if (!typed.type) typed.type = shapeOf(p.name, {s.items[0]}, p.loc);
            def.params.push_back(typed);
        }
        std::vector<ExprP> capturedValues;
        for (const auto& name : captured) {
            const ExprP v = lookup(env, name)->value;
            LambdaParam p;
            p.name = name;
            p.loc = s.loc;
            p.type = v->declaredType ? syntaxTypeOf(v->declaredType, s.loc) : shapeOf(name, {s.items[0]}, s.loc);
            if (!p.type) return std::nullopt;  // an array: not a scalar function
            def.params.push_back(p);
            capturedValues.push_back(v);
        }
        UserFunP built = buildScalarUserFun(def, options_.precision, [this](const std::string& callee) {
            if (auto u = moduleUserFun(callee)) return u;
            return lookupUserFun(callee, options_.precision);
        });
        // The definition the printer writes back states the result type the body has.
        auto uf = std::make_shared<UserFun>(*built);
        def.returnType = syntaxTypeOf(built->returnType, s.loc);
        uf->definition = std::make_shared<const UserFunDefinition>(def);
        std::vector<ExprP> params, args;
        for (std::size_t k = 0; k < s.params.size(); ++k) {
            TypeP declared = s.params[k].type ? type(s.params[k].type, env) : nullptr;
            params.push_back(makeParam(s.params[k].name, declared, s.params[k].loc));
            args.push_back(params.back());
        }
        for (const auto& v : capturedValues) args.push_back(v);
        return makeLambda(params, makeCall(makeUserFun(uf, {}, s.loc), std::move(args), s.loc), s.loc);
    }

    // A `userfun` of the module, built for the precision on first use (and cached).
    UserFunP moduleUserFun(const std::string& name) {
        const UserFunDefinition* def = module_.findUserFun(name);
        if (!def) return nullptr;
        if (auto it = userFuns_.find(name); it != userFuns_.end()) {
            if (!it->second)
                throw Error("user function '" + name + "' calls itself (recursion is not allowed)",
                            def->loc);
            return it->second;
        }
        if (primFromName(name) || lookupUserFun(name, options_.precision))
            throw Error("user function '" + name + "' has the name of a built-in", def->loc);
        userFuns_[name] = nullptr;  // in progress
        UserFunP built = buildScalarUserFun(*def, options_.precision, [this](const std::string& callee) {
            if (auto u = moduleUserFun(callee)) return u;
            return lookupUserFun(callee, options_.precision);
        });
        userFuns_[name] = built;
        return built;
    }

    // Follows parameters to the syntax they stand for (to look at an argument's shape).
    std::pair<SyntaxP, EnvP> resolve(SyntaxP s, EnvP env) {
        for (int k = 0; k < kMaxExpansionDepth && s->kind == K::Name; ++k) {
            const Binding* b = lookup(env, s->text);
            if (!b || b->kind != Binding::Kind::Macro) break;
            s = b->syntax;
            env = b->env;
        }
        return {s, env};
    }

    std::optional<std::int64_t> integerLiteral(const Arg& a) {
        auto [s, env] = resolve(a.syntax, a.env);
        if (s->kind != K::Number || s->text.find_first_of(".eE") != std::string::npos) return std::nullopt;
        return integer(*s);
    }

    std::size_t configCount(const Builtin& b, const std::vector<Arg>& args) {
        if (b.kind == Builtin::Kind::UserFun) return b.userFun->staticParamNames.size();
        switch (b.prim) {
            case Prim::Map: case Prim::MapSeq: case Prim::MapSeqUnroll:
            case Prim::ToGlobal: case Prim::ToLocal: case Prim::ToPrivate:
            case Prim::Split: case Prim::Take: case Prim::Get: case Prim::Scatter: case Prim::AsVector:
                return 1;
            case Prim::MapGlb: case Prim::MapWrg: case Prim::MapLcl:
                // mapGlb(1)(f): a leading integer literal is the dimension.
                if (b.dimension < 0 && !args.empty() && integerLiteral(args[0])) return 2;
                return 1;
            case Prim::Reduce: case Prim::ReduceSeq: case Prim::ReduceSeqUnroll:
            case Prim::Slide: case Prim::Iterate:
                return 2;
            case Prim::Pad: return 3;
            case Prim::Array:
                return b.arrayDims > 0 ? static_cast<std::size_t>(b.arrayDims) + 1
                                       : std::max<std::size_t>(2, args.size());
            case Prim::CArray:
                return b.arrayDims > 0 ? static_cast<std::size_t>(b.arrayDims) + 2
                                       : std::max<std::size_t>(3, args.size());
            case Prim::Join: case Prim::Transpose: case Prim::Id: case Prim::At: case Prim::AsScalar:
            case Prim::Zip: case Prim::Tuple:
                return 0;
        }
        return 0;
    }

    Arith natArg(const Arg& a) { return nat(a.syntax, a.env); }
    // A nat argument that is a size: at least `least` when it is a constant.
    Arith sizeArg(const Arg& a, std::int64_t least, const std::string& what) {
        Arith n = natArg(a);
        if (auto c = n.tryConstant(); c && *c < least)
            throw Error(what + " must be at least " + std::to_string(least) + ", found " +
                            std::to_string(*c),
                        a.syntax->loc);
        return n;
    }
    FunP funArg(const Arg& a) { return function(a.syntax, a.env); }
    ExprP valueArg(const Arg& a) { return value(a.syntax, a.env); }

    // A function of several parameters given where one argument is passed (map over a zip, a link
    // of a composition) takes a tuple: map(cmul) means map(\t => cmul(t.0, t.1)).
    static FunP unpackTuple(const FunP& f) {
        std::size_t arity = f->kind == Fun::Kind::Lambda    ? f->params.size()
                            : f->kind == Fun::Kind::UserFun ? f->userFun->paramTypes.size()
                                                            : 1;
        if (arity < 2) return f;
        ExprP t = makeParam("t", nullptr, f->loc);
        std::vector<ExprP> parts;
        for (std::size_t k = 0; k < arity; ++k)
            parts.push_back(makeCall(makePrim(Prim::Get, {}, {}, {}, static_cast<int>(k), f->loc),
                                     {t}, f->loc));
        return makeLambda({t}, makeCall(f, std::move(parts), f->loc), f->loc);
    }

    Term applyBuiltin(const std::string& name, const std::string& binder, std::vector<Arg> args,
                      const SourceLoc& loc) {
        std::optional<Builtin> found = findBuiltin(name, loc);
        if (!found) throw Error("unknown name '" + name + "'", loc);
        const Builtin& b = *found;
        if (!binder.empty() && !(b.kind == Builtin::Kind::Prim && b.prim == Prim::Iterate))
            throw Error("only iterate takes an iteration variable [" + binder + "]", loc);
        std::size_t config = configCount(b, args);
        if (args.size() < config) return Partial{name, binder, std::move(args), loc};
        std::vector<Arg> data(args.begin() + static_cast<std::ptrdiff_t>(config), args.end());
        args.resize(config);

        FunP f;
        if (b.kind == Builtin::Kind::UserFun) {
            std::vector<Arith> statics;
            for (const auto& a : args) statics.push_back(natArg(a));
            f = makeUserFun(b.userFun, std::move(statics), loc);
        } else if ((b.prim == Prim::Zip || b.prim == Prim::Tuple) && !data.empty()) {
            f = makePrim(b.prim, {}, {}, {}, static_cast<int>(data.size()), loc);
        } else {
            f = buildPrim(b, name, binder, args, loc);
        }
        if (b.kind == Builtin::Kind::Prim && (b.prim == Prim::Array || b.prim == Prim::CArray)) {
            if (!data.empty())
                throw Error("'" + name + "' expects " + plural(config, "argument") + ", found " +
                                std::to_string(config + data.size()),
                            loc);
            return makeCall(f, {}, loc);  // an array constructor is a value
        }
        if (data.empty()) return f;
        std::size_t arity = b.kind == Builtin::Kind::UserFun ? b.userFun->paramTypes.size()
                                                             : static_cast<std::size_t>(primArity(*f));
        if (data.size() != arity) {
            const char* what = b.kind == Builtin::Kind::UserFun ? "argument" : "array argument";
            throw Error("'" + name + "' expects " + plural(arity, what) + ", found " +
                            std::to_string(data.size()),
                        loc);
        }
        std::vector<ExprP> values;
        for (const auto& a : data) values.push_back(valueArg(a));
        return makeCall(f, std::move(values), loc);
    }

    FunP buildPrim(const Builtin& b, const std::string& name, const std::string& binder,
                   const std::vector<Arg>& args, const SourceLoc& loc) {
        switch (b.prim) {
            case Prim::Map: case Prim::MapSeq: case Prim::MapSeqUnroll:
                return makePrim(b.prim, {}, {unpackTuple(funArg(args[0]))}, {}, 0, loc);
            case Prim::ToGlobal: case Prim::ToLocal: case Prim::ToPrivate:
                return makePrim(b.prim, {}, {funArg(args[0])}, {}, 0, loc);
            case Prim::MapGlb: case Prim::MapWrg: case Prim::MapLcl: {
                int dimension = b.dimension >= 0 ? b.dimension : 0;
                if (args.size() == 2) {
                    std::int64_t d = *integerLiteral(args[0]);
                    if (d < 0 || d > 2)
                        throw Error("'" + name + "' dimension must be 0, 1 or 2, found " +
                                        std::to_string(d),
                                    args[0].syntax->loc);
                    dimension = static_cast<int>(d);
                }
                return makePrim(b.prim, {}, {unpackTuple(funArg(args.back()))}, {}, dimension, loc);
            }
            case Prim::Reduce: case Prim::ReduceSeq: case Prim::ReduceSeqUnroll:
                return makePrim(b.prim, {}, {funArg(args[0])}, {valueArg(args[1])}, 0, loc);
            case Prim::Split:
                return makePrim(b.prim, {sizeArg(args[0], 1, "the size of split")}, {}, {}, 0, loc);
            case Prim::Take:
                return makePrim(b.prim, {sizeArg(args[0], 0, "the length of take")}, {}, {}, 0, loc);
            case Prim::Scatter:
                return makePrim(b.prim, {}, {funArg(args[0])}, {}, 0, loc);
            case Prim::AsVector: {
                const Arith k = sizeArg(args[0], 2, "the width of asVector");
                const auto w = k.tryConstant();
                if (!w || (*w != 2 && *w != 4 && *w != 8 && *w != 16))
                    throw Error("asVector(" + k.toString() + "): the width must be 2, 4, 8 or 16", args[0].syntax->loc);
                return makePrim(b.prim, {k}, {}, {}, 0, loc);
            }
            case Prim::Slide:
                return makePrim(b.prim,
                                {sizeArg(args[0], 1, "the window of slide"),
                                 sizeArg(args[1], 1, "the step of slide")},
                                {}, {}, 0, loc);
            case Prim::Pad: {
                SyntaxP mode = resolve(args[2].syntax, args[2].env).first;
                PadMode m;
                if (mode->kind == K::Name && mode->text == "wrap") m = PadMode::Wrap;
                else if (mode->kind == K::Name && mode->text == "clamp") m = PadMode::Clamp;
                else if (mode->kind == K::Name && mode->text == "mirror") m = PadMode::Mirror;
                else throw Error("pad's third argument must be wrap, clamp or mirror", args[2].syntax->loc);
                // A negative right padding drops elements from the end (a truncation; the
                // typechecker refuses dropping more than the array has).
                return makePrim(b.prim, {sizeArg(args[0], 0, "the left padding"), natArg(args[1])}, {}, {},
                                static_cast<int>(m), loc);
            }
            case Prim::Get: {
                Arith i = natArg(args[0]);
                auto c = i.tryConstant();
                if (!c || *c < 0 || *c > 1000)
                    throw Error("get's index must be a constant component number", args[0].syntax->loc);
                return makePrim(b.prim, {}, {}, {}, static_cast<int>(*c), loc);
            }
            case Prim::Iterate: {
                Arith k = sizeArg(args[0], 0, "the count of iterate");
                FunP body;
                if (binder.empty()) {
                    body = funArg(args[1]);
                } else {
                    Binding i;
                    i.kind = Binding::Kind::Nat;
                    i.nat = Arith::var(binder, 0, k);
                    body = function(args[1].syntax, bind(args[1].env, binder, i));
                }
                FunP f = makePrim(b.prim, {k}, {body}, {}, 0, loc);
                if (binder.empty()) return f;
                auto g = std::make_shared<Fun>(*f);
                g->binder = binder;
                return g;
            }
            case Prim::Array: {
                std::vector<Arith> sizes;
                for (std::size_t k = 0; k + 1 < args.size(); ++k)
                    sizes.push_back(sizeArg(args[k], 1, "an array size"));
                return makePrim(b.prim, std::move(sizes), {funArg(args.back())}, {}, 0, loc);
            }
            case Prim::CArray: {
                std::vector<Arith> sizes;
                for (std::size_t k = 0; k + 2 < args.size(); ++k)
                    sizes.push_back(sizeArg(args[k], 1, "an array size"));
                FunP generator = funArg(args[args.size() - 2]);
                ExprP table = valueArg(args.back());
                return makePrim(b.prim, std::move(sizes), {generator}, {table}, 0, loc);
            }
            case Prim::Zip: case Prim::Tuple:
                // Bare `zip` is the pairwise zip; applied, the arity is the number of arguments.
                return makePrim(b.prim, {}, {}, {}, 2, loc);
            case Prim::Join: case Prim::Transpose: case Prim::Id: case Prim::At: case Prim::AsScalar:
                return makePrim(b.prim, {}, {}, {}, 0, loc);
        }
        throw Error("unsupported primitive '" + name + "'", loc);
    }

    // ---------------------------------------------------------------- nats and types

    Arith nat(const SyntaxP& s, const EnvP& env) {
        Guard guard(*this, s->loc);
        try {
            return natUnguarded(s, env);
        } catch (const Error& e) {
            if (e.loc().known()) throw;
            throw Error(e.message(), s->loc);  // an arithmetic error: locate it here
        }
    }

    Arith natUnguarded(const SyntaxP& s, const EnvP& env) {
        switch (s->kind) {
            case K::Number:
                if (s->text.find_first_of(".eE") != std::string::npos)
                    throw Error("expected a nat, found the real number " + s->text, s->loc);
                return Arith(integer(*s));
            case K::Negate: return -nat(s->items[0], env);
            case K::Binary: {
                Arith a = nat(s->items[0], env);
                Arith b = nat(s->items[1], env);
                const std::string& op = s->text;
                if ((op == "/" || op == "%") && b.tryConstant() == 0)
                    throw Error("division by zero", s->loc);
                if (op == "+") return a + b;
                if (op == "-") return a - b;
                if (op == "*") return a * b;
                if (op == "/") {
                    auto ca = a.tryConstant(), cb = b.tryConstant();
                    if (ca && cb && *ca % *cb != 0)
                        throw Error("nat division " + std::to_string(*ca) + " / " +
                                        std::to_string(*cb) +
                                        " is not exact (div(a, b) is floor division)",
                                    s->loc);
                    return exactDiv(a, b);
                }
                if (op == "%") return mod(a, b);
                if (op == "^") {
                    if (auto c = b.tryConstant(); c && *c < 0)
                        throw Error("negative exponent in a nat", s->loc);
                    return pow(a, b);
                }
                throw Error("unknown operator '" + op + "'", s->loc);
            }
            case K::Name: {
                const std::string& name = s->text;
                if (const Binding* b = lookup(env, name)) {
                    switch (b->kind) {
                        case Binding::Kind::Nat: return b->nat;
                        case Binding::Kind::Value:
                            throw Error("'" + name + "' is a value, not a nat", s->loc);
                        case Binding::Kind::Macro: {
                            Expansion e(*this, name, s->loc);
                            return nat(b->syntax, b->env);
                        }
                    }
                }
                if (const Definition* d = module_.find(name)) {
                    if (!d->params.empty())
                        throw Error(d->name + " expects " + plural(d->params.size(), "argument") +
                                        ", found 0",
                                    s->loc);
                    Expansion e(*this, name, s->loc);
                    return nat(d->body, root_);
                }
                if (findBuiltin(name, s->loc))
                    throw Error("expected a nat, found the function '" + name + "'", s->loc);
                throw Error("unknown name '" + name + "'", s->loc);
            }
            case K::Call: {
                const SyntaxP& head = s->items[0];
                std::size_t n = s->items.size() - 1;
                if (head->kind == K::Name && !lookup(env, head->text)) {
                    const std::string& f = head->text;
                    if (const Definition* d = module_.find(f)) {
                        std::vector<Arg> args;
                        for (std::size_t k = 1; k <= n; ++k) args.push_back({s->items[k], env});
                        return expandDefinition(*d, std::move(args), s->loc, [&](const EnvP& inner) {
                            return nat(d->body, inner);
                        });
                    }
                    if (f == "min" || f == "max" || f == "log" || f == "div" || f == "mod" || f == "pow") {
                        if (n != 2) throw Error(f + " expects 2 arguments, found " + std::to_string(n), s->loc);
                        Arith a = nat(s->items[1], env);
                        Arith b = nat(s->items[2], env);
                        if ((f == "div" || f == "mod") && b.tryConstant() == 0)
                            throw Error("division by zero", s->loc);
                        if (f == "min") return min(a, b);
                        if (f == "max") return max(a, b);
                        if (f == "log") return log(a, b);
                        if (f == "div") return intDiv(a, b);
                        if (f == "mod") return mod(a, b);
                        if (auto c = b.tryConstant(); c && *c < 0)
                            throw Error("negative exponent in a nat", s->loc);
                        return pow(a, b);
                    }
                }
                throw Error("expected a nat expression, found a function call", s->loc);
            }
            default: throw Error("expected a nat expression", s->loc);
        }
    }

    TypeP type(const SyntaxTypeP& t, const EnvP& env) {
        switch (t->kind) {
            case SyntaxType::Kind::Named:
                if (TypeP named = namedType(t->name, options_.precision)) return named;
                throw Error("unknown type '" + t->name + "'", t->loc);
            case SyntaxType::Kind::Tuple: {
                std::vector<TypeP> parts;
                for (const auto& e : t->elements) parts.push_back(type(e, env));
                return Type::tupleOf(std::move(parts));
            }
            case SyntaxType::Kind::Array:
                return Type::arrayOf(type(t->element, env), nat(t->length, env));
        }
        throw Error("unknown type", t->loc);
    }
};

}  // namespace

Program elaborateDefinition(const Module& module, const std::string& name,
                            const ElaborateOptions& options) {
    return Elaborator(module, options).run(name);
}

}  // namespace liftcl::ir
