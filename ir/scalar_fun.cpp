#include "ir/scalar_fun.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <map>

#include "ir/error.hpp"
#include "ir/math_library.hpp"

namespace liftcl::ir {

namespace {

using K = Syntax::Kind;
using E = ScalarExpr::Kind;

int rank(ScalarKind s) { return s == ScalarKind::Int ? 0 : s == ScalarKind::Float ? 1 : 2; }

// C's usual arithmetic conversions on two scalar kinds.
ScalarKind wider(ScalarKind a, ScalarKind b) { return rank(a) >= rank(b) ? a : b; }

std::shared_ptr<ScalarExpr> node(E kind, TypeP type, SourceLoc loc, std::vector<ScalarExprP> items = {},
                 std::string op = {}) {
    auto e = std::make_shared<ScalarExpr>();
    e->kind = kind;
    e->type = std::move(type);
    e->loc = std::move(loc);
    e->items = std::move(items);
    e->op = std::move(op);
    return e;
}

class Builder {
public:
    Builder(const UserFunDefinition& def, ScalarKind real, const UserFunResolver& resolve)
        : def_(def), real_(real), resolve_(resolve) {}

    std::shared_ptr<ScalarBody> build() {
        auto body = std::make_shared<ScalarBody>();
        body_ = body.get();
        Scope scope;
        for (const auto& p : def_.params) {
            int slot = addSlot(p.name, type(p.type));
            scope[p.name] = slot;
        }
        body->paramCount = def_.params.size();
        returnType_ = def_.returnType ? type(def_.returnType) : nullptr;
        ScalarExprP result = expr(def_.body, scope, true);
        if (!returnType_) returnType_ = result->type;  // a scalar lambda: the body's type
        body->result = convertTo(result, returnType_, def_.body->loc, "the result");
        return body;
    }

    TypeP returnType() const { return returnType_; }
    std::vector<TypeP> paramTypes() const {
        return {body_->slotTypes.begin(), body_->slotTypes.begin() + body_->paramCount};
    }

private:
    using Scope = std::map<std::string, int>;
    const UserFunDefinition& def_;
    ScalarKind real_;
    const UserFunResolver& resolve_;
    ScalarBody* body_ = nullptr;
    TypeP returnType_;

    [[noreturn]] void fail(const std::string& message, const SourceLoc& loc) const {
        throw Error((def_.returnType ? "user function '" + def_.name + "': " : std::string()) + message, loc);
    }

    TypeP type(const SyntaxTypeP& t) const {
        switch (t->kind) {
            case SyntaxType::Kind::Named:
                if (TypeP named = namedType(t->name, real_)) return named;
                fail("unknown type '" + t->name + "'", t->loc);
            case SyntaxType::Kind::Tuple: {
                std::vector<TypeP> parts;
                for (const auto& e : t->elements) parts.push_back(type(e));
                return Type::tupleOf(std::move(parts));
            }
            case SyntaxType::Kind::Array: break;
        }
        fail("parameters and results are scalars or tuples, not arrays", t->loc);
    }

    int addSlot(const std::string& name, TypeP t) {
        std::string unique = name;
        for (int k = 1;; ++k) {
            bool taken = false;
            for (const auto& n : body_->slotNames) taken = taken || n == unique;
            if (!taken) break;
            unique = name + "_" + std::to_string(k);
        }
        body_->slotNames.push_back(unique);
        body_->slotTypes.push_back(std::move(t));
        return static_cast<int>(body_->slotNames.size()) - 1;
    }

    ScalarExprP convertTo(const ScalarExprP& e, const TypeP& to, const SourceLoc& loc,
                          const std::string& what) const {
        if (typesEqual(e->type, to)) return e;
        if (e->type->isScalar() && to->isScalar()) {
            if (to->scalar == ScalarKind::Int)
                fail(what + " is " + typeToString(e->type) +
                         ", expected int (convert explicitly with int(...))",
                     loc);
            return node(E::Convert, to, loc, {e});
        }
        if (e->type->isTuple() && to->isTuple() && e->type->elements.size() == to->elements.size() &&
            e->kind == E::Tuple) {
            std::vector<ScalarExprP> parts;
            for (std::size_t k = 0; k < e->items.size(); ++k)
                parts.push_back(convertTo(e->items[k], to->elements[k], loc, what));
            return node(E::Tuple, to, loc, std::move(parts));
        }
        fail(what + " is " + typeToString(e->type) + ", expected " + typeToString(to), loc);
    }

    ScalarExprP scalarOperand(const SyntaxP& s, const Scope& scope) {
        ScalarExprP e = expr(s, scope, false);
        if (!e->type->isScalar())
            fail("the operand is " + typeToString(e->type) + ", expected a scalar", s->loc);
        return e;
    }

    // An operand of arithmetic: a scalar or a vector (componentwise).
    ScalarExprP numericOperand(const SyntaxP& s, const Scope& scope) {
        ScalarExprP e = expr(s, scope, false);
        if (!e->type->isScalar() && !e->type->isVector())
            fail("the operand is " + typeToString(e->type) + ", expected a scalar or a vector", s->loc);
        return e;
    }

    // Operands of componentwise arithmetic on vectors: every vector of the one vector type among
    // them, the scalars broadcast to it (an explicit conversion, so OpenCL C sees one type).
    // nullptr when no operand is a vector.
    TypeP broadcastToVector(std::vector<ScalarExprP>& operands, const std::string& what, const SourceLoc& loc) const {
        TypeP vector;
        for (const auto& a : operands) {
            if (!a->type->isVector()) continue;
            if (vector && !typesEqual(vector, a->type))
                fail(what + " mixes the vectors " + typeToString(vector) + " and " + typeToString(a->type), loc);
            vector = a->type;
        }
        if (!vector) return nullptr;
        for (auto& a : operands) {
            if (a->type->isVector()) continue;
            if (!a->type->isScalar()) fail(what + " needs scalars or vectors, found " + typeToString(a->type), a->loc);
            a = node(E::Convert, vector, a->loc, {convertTo(a, vector->elements[0], a->loc, what)});
        }
        return vector;
    }

    // `statement`: the expression is the function's result or a branch of a result conditional,
    // where let bindings and conditionals of tuples may appear (codegen prints statements there).
    ScalarExprP expr(const SyntaxP& s, const Scope& scope, bool statement) {
        switch (s->kind) {
            case K::Number: return literal(*s, false);
            case K::Negate: {
                if (s->items[0]->kind == K::Number) return literal(*s->items[0], true);
                ScalarExprP a = numericOperand(s->items[0], scope);
                return node(E::Unary, a->type, s->loc, {a}, "-");
            }
            case K::Not: {
                ScalarExprP a = scalarOperand(s->items[0], scope);
                return node(E::Unary, Type::scalarOf(ScalarKind::Int), s->loc, {a}, "!");
            }
            case K::Binary: return binary(*s, scope);
            case K::If: {
                ScalarExprP c = scalarOperand(s->items[0], scope);
                ScalarExprP a = expr(s->items[1], scope, statement);
                ScalarExprP b = expr(s->items[2], scope, statement);
                TypeP t;
                if (a->type->isScalar() && b->type->isScalar()) {
                    t = Type::scalarOf(wider(a->type->scalar, b->type->scalar));
                } else if (typesEqual(a->type, b->type)) {
                    if (!statement)
                        fail("a conditional of tuples must be the function's result (or a branch "
                             "of it); bind its parts with let",
                             s->loc);
                    t = a->type;
                } else {
                    fail("the branches of the conditional are " + typeToString(a->type) + " and " +
                             typeToString(b->type),
                         s->loc);
                }
                return node(E::Select, t, s->loc,
                            {c, convertTo(a, t, s->items[1]->loc, "the 'then' branch"),
                             convertTo(b, t, s->items[2]->loc, "the 'else' branch")});
            }
            case K::Let: {
                if (!statement)
                    fail("a let binding must begin the function's body, a branch of its result "
                         "conditional or the body of another let",
                         s->loc);
                ScalarExprP value = expr(s->items[0], scope, false);
                Scope inner = scope;
                int slot = addSlot(s->text, value->type);
                inner[s->text] = slot;
                ScalarExprP body = expr(s->items[1], inner, true);
                auto e = node(E::Let, body->type, s->loc, {value, body}, s->text);
                e->slot = slot;
                return e;
            }
            case K::Name: {
                auto it = scope.find(s->text);
                if (it == scope.end()) {
                    if (findMathFunction(s->text) || resolve_(s->text))
                        fail("'" + s->text + "' is a function; call it with arguments", s->loc);
                    fail("unknown name '" + s->text + "'", s->loc);
                }
                auto e = node(E::Var, body_->slotTypes[it->second], s->loc);
                e->slot = it->second;
                return e;
            }
            case K::Get: {
                ScalarExprP t = expr(s->items[0], scope, false);
                if (!t->type->isTuple())
                    fail("'." + std::to_string(s->index) + "' needs a tuple, found " +
                             typeToString(t->type),
                         s->loc);
                if (s->index < 0 || s->index >= static_cast<int>(t->type->elements.size()))
                    fail("a tuple of " + std::to_string(t->type->elements.size()) +
                             " components has no component " + std::to_string(s->index),
                         s->loc);
                auto e = node(E::Get, t->type->elements[s->index], s->loc, {t});
                e->slot = s->index;
                return e;
            }
            case K::Tuple: {
                std::vector<ScalarExprP> parts;
                std::vector<TypeP> types;
                for (const auto& item : s->items) {
                    parts.push_back(expr(item, scope, false));
                    types.push_back(parts.back()->type);
                }
                return node(E::Tuple, Type::tupleOf(std::move(types)), s->loc, std::move(parts));
            }
            case K::Call: return call(*s, scope);
            case K::Compose: case K::Apply: case K::Lambda: case K::ArrayLit: break;
        }
        fail("'" + s->text + "' is not part of the scalar sublanguage of user functions "
             "(arithmetic, comparisons, &&, ||, !, if/then/else, let, calls, tuples)",
             s->loc);
    }

    ScalarExprP literal(const Syntax& n, bool negative) const {
        auto e = node(E::Literal, nullptr, n.loc);
        if (n.text.find_first_of(".eE") != std::string::npos) {
            e->type = Type::scalarOf(real_);
            e->real = std::strtod(n.text.c_str(), nullptr) * (negative ? -1 : 1);
            return e;
        }
        std::int64_t v = 0;
        auto [ptr, ec] = std::from_chars(n.text.data(), n.text.data() + n.text.size(), v);
        if (ec != std::errc() || ptr != n.text.data() + n.text.size() ||
            v > std::numeric_limits<std::int32_t>::max())
            fail("integer literal " + n.text + " does not fit an int", n.loc);
        e->type = Type::scalarOf(ScalarKind::Int);
        e->integer = negative ? -v : v;
        return e;
    }

    ScalarExprP binary(const Syntax& s, const Scope& scope) {
        const std::string& op = s.text;
        if (op == "^") fail("'^' is not defined on values; use pow(a, b)", s.loc);
        ScalarExprP a = numericOperand(s.items[0], scope);
        ScalarExprP b = numericOperand(s.items[1], scope);
        if (a->type->isVector() || b->type->isVector()) {
            if (op != "+" && op != "-" && op != "*" && op != "/")
                fail("'" + op + "' is not defined on vectors (only + - * / apply componentwise); compare "
                     "components (v.0) instead",
                     s.loc);
            std::vector<ScalarExprP> operands{a, b};
            TypeP t = broadcastToVector(operands, "'" + op + "'", s.loc);
            return node(E::Binary, t, s.loc, std::move(operands), op);
        }
        const ScalarKind common = wider(a->type->scalar, b->type->scalar);
        const bool logical = op == "&&" || op == "||";
        const bool compare = op == "<" || op == "<=" || op == ">" || op == ">=" || op == "==" ||
                             op == "!=";
        if (op == "%" && common != ScalarKind::Int)
            fail("'%' needs int operands; use fmod(a, b) for reals", s.loc);
        TypeP t = Type::scalarOf(logical || compare ? ScalarKind::Int : common);
        return node(E::Binary, t, s.loc, {a, b}, op);
    }

    ScalarExprP call(const Syntax& s, const Scope& scope) {
        const SyntaxP& head = s.items[0];
        if (head->kind != K::Name) fail("only named functions can be called here", head->loc);
        const std::string& name = head->text;
        std::vector<ScalarExprP> args;
        for (std::size_t k = 1; k < s.items.size(); ++k) args.push_back(expr(s.items[k], scope, false));
        auto arity = [&](std::size_t n) {
            if (args.size() != n)
                fail(name + " expects " + std::to_string(n) + " argument" + (n == 1 ? "" : "s") +
                         ", found " + std::to_string(args.size()),
                     s.loc);
        };
        if (TypeP vector = namedType(name, real_); vector && vector->isVector()) {
            // real4(x): x in every component; real4(a, b, c, d): the components.
            const std::size_t width = vector->elements.size();
            if (args.size() != 1 && args.size() != width)
                fail(name + "(...) takes one scalar (for every component) or " + std::to_string(width) + " components, found " +
                         std::to_string(args.size()) + " arguments",
                     s.loc);
            for (auto& a : args) a = convertTo(a, vector->elements[0], a->loc, "an argument of " + name);
            return node(E::Convert, vector, s.loc, std::move(args));
        }
        if (name == "float" || name == "double" || name == "int" || name == "real") {
            arity(1);
            if (!args[0]->type->isScalar()) fail(name + "(...) converts a scalar", s.loc);
            TypeP to = Type::scalarOf(name == "float"    ? ScalarKind::Float
                                      : name == "double" ? ScalarKind::Double
                                      : name == "int"    ? ScalarKind::Int
                                                         : real_);
            return node(E::Convert, to, s.loc, {args[0]});
        }
        if (scope.count(name)) fail("'" + name + "' is a value; it cannot be called", head->loc);
        if (const MathFunction* m = findMathFunction(name)) {
            arity(static_cast<std::size_t>(m->arity));
            if (TypeP vector = broadcastToVector(args, name, s.loc)) {
                if (m->domain == MathFunction::Domain::Int) fail(name + " takes ints, not vectors", s.loc);
                return node(E::Math, vector, s.loc, std::move(args), name);
            }
            ScalarKind common = ScalarKind::Int;
            for (const auto& a : args) {
                if (!a->type->isScalar())
                    fail(name + " expects scalars, found " + typeToString(a->type), a->loc);
                common = wider(common, a->type->scalar);
            }
            if (m->domain == MathFunction::Domain::Int && common != ScalarKind::Int)
                fail(name + " takes ints; use fabs for reals", s.loc);
            if (m->domain == MathFunction::Domain::Real && common == ScalarKind::Int) common = real_;
            TypeP t = Type::scalarOf(common);
            for (auto& a : args) a = convertTo(a, t, a->loc, "an argument of " + name);
            return node(E::Math, t, s.loc, std::move(args), name);
        }
        UserFunP callee = resolve_(name);
        if (!callee) fail("unknown function '" + name + "'", head->loc);
        if (!callee->staticParamNames.empty())
            fail(name + " has static parameters; it cannot be called from a scalar function", s.loc);
        arity(callee->paramTypes.size());
        for (std::size_t k = 0; k < args.size(); ++k)
            args[k] = convertTo(args[k], callee->paramTypes[k], args[k]->loc,
                                "argument " + std::to_string(k + 1) + " of " + name);
        auto e = node(E::Call, callee->returnType, s.loc, std::move(args));
        e->callee = callee;
        return e;
    }
};

// ---------------------------------------------------------------- host meaning

Value scalarValue(const TypeP& t, double v) {
    if (t->scalar == ScalarKind::Int) return Value::ofInt(static_cast<std::int64_t>(v));
    if (t->scalar == ScalarKind::Float) return Value::ofReal(static_cast<float>(v));
    return Value::ofReal(v);
}

double asDouble(const Value& v) { return v.kind == Value::Kind::Int ? static_cast<double>(v.i) : v.r; }

// Two's complement wrap-around to 32 bits, as OpenCL's int does.
std::int64_t wrap32(std::int64_t v) { return static_cast<std::int32_t>(static_cast<std::uint32_t>(v)); }

class Evaluator {
public:
    explicit Evaluator(const ScalarBody& body) : body_(body), slots_(body.slotNames.size()) {}

    Value run(const std::vector<Value>& args) {
        for (std::size_t k = 0; k < args.size() && k < slots_.size(); ++k) slots_[k] = args[k];
        return eval(*body_.result);
    }

private:
    const ScalarBody& body_;
    std::vector<Value> slots_;

    [[noreturn]] static void fail(const ScalarExpr& e, const std::string& what) { throw Error(what, e.loc); }

    Value eval(const ScalarExpr& e) {
        switch (e.kind) {
            case E::Var: return slots_.at(e.slot);
            case E::Literal:
                return e.type->scalar == ScalarKind::Int ? Value::ofInt(e.integer)
                                                         : scalarValue(e.type, e.real);
            case E::Unary: {
                Value a = eval(*e.items[0]);
                if (e.op == "!") return Value::ofInt(asDouble(a) == 0.0 ? 1 : 0);
                if (e.type->isVector()) {
                    for (auto& c : a.items) c = scalarValue(e.type->elements[0], -c.r);
                    return a;
                }
                if (a.kind == Value::Kind::Int) return Value::ofInt(wrap32(-a.i));
                return scalarValue(e.type, -a.r);
            }
            case E::Binary: return binary(e);
            case E::Select:
                return asDouble(eval(*e.items[0])) != 0.0 ? eval(*e.items[1]) : eval(*e.items[2]);
            case E::Let:
                slots_.at(e.slot) = eval(*e.items[0]);
                return eval(*e.items[1]);
            case E::Math: return math(e);
            case E::Convert: {
                if (e.type->isVector()) {  // broadcast one scalar, or the components
                    std::vector<Value> cs;
                    for (std::size_t k = 0; k < e.type->elements.size(); ++k) {
                        const Value c = eval(*e.items[e.items.size() == 1 ? 0 : k]);
                        cs.push_back(scalarValue(e.type->elements[k], asDouble(c)));
                    }
                    return Value::tuple(std::move(cs));
                }
                Value a = eval(*e.items[0]);
                if (e.type->scalar != ScalarKind::Int) return scalarValue(e.type, asDouble(a));
                if (a.kind == Value::Kind::Int) return a;
                if (!std::isfinite(a.r) || std::fabs(a.r) >= 2147483648.0)
                    fail(e, "int(" + std::to_string(a.r) + ") is out of int's range");
                return Value::ofInt(static_cast<std::int64_t>(std::trunc(a.r)));
            }
            case E::Get: return eval(*e.items[0]).items.at(static_cast<std::size_t>(e.slot));
            case E::Tuple: {
                std::vector<Value> parts;
                for (const auto& i : e.items) parts.push_back(eval(*i));
                return Value::tuple(std::move(parts));
            }
            case E::Call: {
                std::vector<Value> args;
                for (const auto& i : e.items) args.push_back(eval(*i));
                return e.callee->host(args, {});
            }
        }
        fail(e, "unknown scalar expression");
    }

    Value binary(const ScalarExpr& e) {
        const std::string& op = e.op;
        if (op == "&&") {
            if (asDouble(eval(*e.items[0])) == 0.0) return Value::ofInt(0);
            return Value::ofInt(asDouble(eval(*e.items[1])) != 0.0 ? 1 : 0);
        }
        if (op == "||") {
            if (asDouble(eval(*e.items[0])) != 0.0) return Value::ofInt(1);
            return Value::ofInt(asDouble(eval(*e.items[1])) != 0.0 ? 1 : 0);
        }
        Value a = eval(*e.items[0]), b = eval(*e.items[1]);
        if (e.type->isVector()) {  // componentwise, both operands of the vector type
            for (std::size_t k = 0; k < a.items.size(); ++k)
                a.items[k] = realArithmetic(e, e.type->elements[k], asDouble(a.items[k]), asDouble(b.items[k]));
            return a;
        }
        const bool ints = a.kind == Value::Kind::Int && b.kind == Value::Kind::Int;
        if (ints) {
            const std::int64_t x = a.i, y = b.i;
            if ((op == "/" || op == "%") && y == 0) fail(e, "integer division by zero");
            if (op == "+") return Value::ofInt(wrap32(x + y));
            if (op == "-") return Value::ofInt(wrap32(x - y));
            if (op == "*") return Value::ofInt(wrap32(x * y));
            if (op == "/") return Value::ofInt(wrap32(x / y));
            if (op == "%") return Value::ofInt(wrap32(x % y));
        }
        // Both operands in the common real type (a float operand of a double operation widens).
        const double x = asDouble(a), y = asDouble(b);
        if (op == "<") return Value::ofInt(x < y);
        if (op == "<=") return Value::ofInt(x <= y);
        if (op == ">") return Value::ofInt(x > y);
        if (op == ">=") return Value::ofInt(x >= y);
        if (op == "==") return Value::ofInt(x == y);
        if (op == "!=") return Value::ofInt(x != y);
        return realArithmetic(e, e.type, x, y);
    }

    // + - * / of two reals in the type `t` (float: rounded as the device rounds), counted.
    static Value realArithmetic(const ScalarExpr& e, const TypeP& t, double x, double y) {
        countRealOperation();
        auto r = [&](double v) { return scalarValue(t, v); };
        auto in = [&](double v) { return t->scalar == ScalarKind::Float ? static_cast<float>(v) : v; };
        const std::string& op = e.op;
        if (op == "+") return r(in(x) + in(y));
        if (op == "-") return r(in(x) - in(y));
        if (op == "*") return r(in(x) * in(y));
        if (op == "/") return r(in(x) / in(y));
        fail(e, "unknown operator '" + op + "'");
    }

    Value math(const ScalarExpr& e) {
        const MathFunction* m = findMathFunction(e.op);
        if (e.type->isVector()) {  // componentwise, every argument of the vector type
            std::vector<Value> vs;
            for (const auto& item : e.items) vs.push_back(eval(*item));
            std::vector<Value> out;
            for (std::size_t c = 0; c < e.type->elements.size(); ++c) {
                countRealOperation();
                double args[3] = {0, 0, 0};
                for (std::size_t k = 0; k < vs.size() && k < 3; ++k) args[k] = asDouble(vs[k].items[c]);
                out.push_back(scalarValue(e.type->elements[c], m->host(args)));
            }
            return Value::tuple(std::move(out));
        }
        if (e.type->scalar != ScalarKind::Int) countRealOperation();
        double args[3] = {0, 0, 0};
        for (std::size_t k = 0; k < e.items.size() && k < 3; ++k) args[k] = asDouble(eval(*e.items[k]));
        return scalarValue(e.type, m->host(args));
    }
};

bool collidesWithOpenCl(const std::string& name) {
    static const char* const kReserved[] = {"float", "double", "int", "real", "complex", "select",
                                            "dot",   "length", "distance", "normalize", "cross",
                                            "sign",  "step", "smoothstep", "degrees", "radians"};
    if (findMathFunction(name)) return true;
    for (const char* r : kReserved)
        if (name == r) return true;
    return false;
}

UserFunP finish(std::string name, std::vector<std::string> paramNames, std::vector<TypeP> paramTypes,
                TypeP result, std::shared_ptr<const ScalarBody> body, std::string openclBody) {
    auto f = std::make_shared<UserFun>();
    f->name = name;
    f->clName = collidesWithOpenCl(name) ? "uf_" + name : name;
    f->paramNames = std::move(paramNames);
    f->paramTypes = std::move(paramTypes);
    f->returnType = std::move(result);
    f->scalarBody = body;
    f->clBody = std::move(openclBody);
    f->host = [body](const std::vector<Value>& args, const std::vector<std::int64_t>&) {
        return evaluateScalar(*body, args);
    };
    return f;
}

}  // namespace

namespace {
thread_local RealOperationCounter* tInnermostCounter = nullptr;
}  // namespace

RealOperationCounter::RealOperationCounter() : outer_(tInnermostCounter) { tInnermostCounter = this; }
RealOperationCounter::~RealOperationCounter() { tInnermostCounter = outer_; }
void countRealOperation(std::uint64_t n) {
    if (tInnermostCounter) tInnermostCounter->count_ += n;
}

Value evaluateScalar(const ScalarBody& body, const std::vector<Value>& args) {
    return Evaluator(body).run(args);
}

UserFunP buildScalarUserFun(const UserFunDefinition& def, ScalarKind real,
                            const UserFunResolver& resolve) {
    Builder b(def, real, resolve);
    std::shared_ptr<const ScalarBody> body = b.build();
    std::vector<std::string> names;
    for (const auto& p : def.params) names.push_back(p.name);
    std::string cl = def.openclBody;
    if (!cl.empty() && cl.front() != '{') cl = "{ " + cl + " }";
    UserFunP built = finish(def.name, std::move(names), b.paramTypes(), b.returnType(), body, std::move(cl));
    auto withDefinition = std::make_shared<UserFun>(*built);
    withDefinition->definition = std::make_shared<const UserFunDefinition>(def);
    return withDefinition;
}

UserFunP mathLibraryUserFun(const std::string& name, ScalarKind real) {
    const MathFunction* m = findMathFunction(name);
    if (!m) return nullptr;
    const TypeP t = Type::scalarOf(m->domain == MathFunction::Domain::Int ? ScalarKind::Int : real);
    auto body = std::make_shared<ScalarBody>();
    static const char* const kNames[] = {"a", "b", "c"};
    std::vector<ScalarExprP> args;
    for (int k = 0; k < m->arity; ++k) {
        body->slotNames.emplace_back(kNames[k]);
        body->slotTypes.push_back(t);
        auto v = node(E::Var, t, {});
        v->slot = k;
        args.push_back(v);
    }
    body->paramCount = static_cast<std::size_t>(m->arity);
    body->result = node(E::Math, t, {}, std::move(args), name);
    return finish(name, body->slotNames, body->slotTypes, t, body, {});
}

}  // namespace liftcl::ir
