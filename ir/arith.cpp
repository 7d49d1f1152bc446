// Arith: node construction, accessors, comparison, evaluation and substitution.
#include <algorithm>
#include <functional>
#include <numeric>
#include <set>

#include "ir/arith.hpp"
#include "ir/arith_node.hpp"
#include "ir/error.hpp"

namespace liftcl::ir {
namespace arith_detail {

// ---- checked integer and rational arithmetic ----

std::int64_t checkedAdd(std::int64_t a, std::int64_t b) {
    std::int64_t r;
    if (__builtin_add_overflow(a, b, &r)) throw Error("arithmetic overflow in nat expression");
    return r;
}

std::int64_t checkedMul(std::int64_t a, std::int64_t b) {
    std::int64_t r;
    if (__builtin_mul_overflow(a, b, &r)) throw Error("arithmetic overflow in nat expression");
    return r;
}

std::int64_t checkedPow(std::int64_t base, std::int64_t exponent) {
    std::int64_t r = 1;
    for (std::int64_t e = exponent; e > 0; e >>= 1) {
        if (e & 1) r = checkedMul(r, base);
        if (e > 1) base = checkedMul(base, base);
    }
    return r;
}

std::int64_t floorDiv(std::int64_t a, std::int64_t b) {
    if (b == 0) throw Error("division by zero in nat expression");
    if (b == -1) return checkedMul(a, -1);
    std::int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return q;
}

std::int64_t floorMod(std::int64_t a, std::int64_t b) {
    if (b == 0) throw Error("modulo by zero in nat expression");
    if (b == -1) return 0;
    std::int64_t r = a % b;
    if (r != 0 && ((r < 0) != (b < 0))) r += b;
    return r;
}

Rat Rat::of(std::int64_t n, std::int64_t d) {
    if (d == 0) throw Error("division by zero in nat expression");
    if (d < 0) {
        n = checkedMul(n, -1);
        d = checkedMul(d, -1);
    }
    std::int64_t g = std::gcd(n, d);
    if (g > 1) {
        n /= g;
        d /= g;
    }
    return Rat{n, d};
}

std::int64_t Rat::floor() const { return floorDiv(num, den); }
std::int64_t Rat::ceil() const { return -floorDiv(-num, den); }

Rat operator+(Rat a, Rat b) {
    std::int64_t g = std::gcd(a.den, b.den);
    std::int64_t da = b.den / g, db = a.den / g;
    return Rat::of(checkedAdd(checkedMul(a.num, da), checkedMul(b.num, db)), checkedMul(a.den, da));
}
Rat operator-(Rat a, Rat b) { return a + Rat{checkedMul(b.num, -1), b.den}; }
Rat operator*(Rat a, Rat b) {
    Rat x = Rat::of(a.num, b.den), y = Rat::of(b.num, a.den);
    return Rat::of(checkedMul(x.num, y.num), checkedMul(x.den, y.den));
}
Rat operator/(Rat a, Rat b) {
    if (b.num == 0) throw Error("division by zero in nat expression");
    return a * Rat::of(b.den, b.num);
}
bool operator==(Rat a, Rat b) { return a.num == b.num && a.den == b.den; }
bool operator<(Rat a, Rat b) { return (a - b).num < 0; }

// ---- nodes ----

static std::size_t mixHash(std::size_t h, std::size_t v) {
    return h ^ (v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2));
}

static std::shared_ptr<ArithNode> newNode(Arith::Kind kind) {
    auto n = std::make_shared<ArithNode>();
    n->kind = kind;
    return n;
}

Arith mkNode(Arith::Kind kind, std::vector<Arith> ops) {
    auto n = newNode(kind);
    std::size_t h = static_cast<std::size_t>(kind) * 0x100000001b3ULL;
    for (const Arith& o : ops) h = mixHash(h, o.node()->hash);
    n->hash = h;
    n->ops = std::move(ops);
    return Arith(std::shared_ptr<const ArithNode>(std::move(n)));
}

Arith mkVar(const std::string& name, Arith lo, std::optional<Arith> hi) {
    auto n = newNode(Arith::Kind::Var);
    n->name = name;
    n->hash = mixHash(std::hash<std::string>{}(name), 0x51);
    n->lo = std::move(lo);
    n->hi = std::move(hi);
    return Arith(std::shared_ptr<const ArithNode>(std::move(n)));
}

static std::shared_ptr<const ArithNode> makeConstNode(std::int64_t c) {
    auto n = newNode(Arith::Kind::Cst);
    n->value = c;
    n->hash = mixHash(std::hash<std::int64_t>{}(c), 0xc5);
    return n;
}

static int kindRank(Arith::Kind k) {
    switch (k) {
        case Arith::Kind::Cst: return 0;
        case Arith::Kind::Var: return 1;
        case Arith::Kind::Pow: return 2;
        case Arith::Kind::Prod: return 3;
        case Arith::Kind::Sum: return 4;
        case Arith::Kind::IntDiv: return 5;
        case Arith::Kind::Mod: return 6;
        case Arith::Kind::Min: return 7;
        case Arith::Kind::Max: return 8;
        case Arith::Kind::Log: return 9;
    }
    return 10;
}

int compare(const Arith& a, const Arith& b) {
    const ArithNode* x = a.node();
    const ArithNode* y = b.node();
    if (x == y) return 0;
    if (x->kind != y->kind) return kindRank(x->kind) < kindRank(y->kind) ? -1 : 1;
    switch (x->kind) {
        case Arith::Kind::Cst:
            return x->value == y->value ? 0 : (x->value < y->value ? -1 : 1);
        case Arith::Kind::Var: {
            int c = x->name.compare(y->name);
            return c == 0 ? 0 : (c < 0 ? -1 : 1);
        }
        default: break;
    }
    std::size_t n = std::min(x->ops.size(), y->ops.size());
    for (std::size_t i = 0; i < n; ++i) {
        int c = compare(x->ops[i], y->ops[i]);
        if (c != 0) return c;
    }
    if (x->ops.size() != y->ops.size()) return x->ops.size() < y->ops.size() ? -1 : 1;
    return 0;
}

std::optional<Rat> tryRational(const Arith& a) {
    const ArithNode* n = a.node();
    if (n->kind == Arith::Kind::Cst) return Rat{n->value, 1};
    if (n->kind == Arith::Kind::Pow && n->ops[0].isConstant() && n->ops[1].isConstant() &&
        n->ops[1].constant() < 0)
        return Rat::of(1, checkedPow(n->ops[0].constant(), -n->ops[1].constant()));
    if (n->kind == Arith::Kind::Prod) {
        Rat r{1, 1};
        for (const Arith& f : n->ops) {
            auto fr = tryRational(f);
            if (!fr) return std::nullopt;
            r = r * *fr;
        }
        return r;
    }
    return std::nullopt;
}

}  // namespace arith_detail

using namespace arith_detail;

// ---- Arith ----

static std::shared_ptr<const ArithNode> smallConstant(std::int64_t c) {
    static const std::vector<std::shared_ptr<const ArithNode>> table = [] {
        std::vector<std::shared_ptr<const ArithNode>> t;
        for (std::int64_t i = -8; i <= 64; ++i) t.push_back(makeConstNode(i));
        return t;
    }();
    if (c >= -8 && c <= 64) return table[static_cast<std::size_t>(c + 8)];
    return makeConstNode(c);
}

Arith::Arith() : node_(smallConstant(0)) {}
Arith::Arith(std::int64_t constant) : node_(smallConstant(constant)) {}

Arith Arith::var(const std::string& name, Arith lo, std::optional<Arith> hi) {
    if (name.empty()) throw Error("a nat variable needs a name");
    return mkVar(name, std::move(lo), std::move(hi));
}

Arith::Kind Arith::kind() const { return node_->kind; }

std::int64_t Arith::constant() const {
    if (node_->kind != Kind::Cst) throw Error("nat expression " + toString() + " is not a constant");
    return node_->value;
}

std::optional<std::int64_t> Arith::tryConstant() const {
    if (node_->kind != Kind::Cst) return std::nullopt;
    return node_->value;
}

const std::string& Arith::name() const {
    if (node_->kind != Kind::Var) throw Error("nat expression " + toString() + " is not a variable");
    return node_->name;
}

const Arith& Arith::lo() const {
    if (node_->kind != Kind::Var) throw Error("nat expression " + toString() + " is not a variable");
    return *node_->lo;
}

const std::optional<Arith>& Arith::hi() const {
    if (node_->kind != Kind::Var) throw Error("nat expression " + toString() + " is not a variable");
    return node_->hi;
}

const std::vector<Arith>& Arith::operands() const { return node_->ops; }

bool operator==(const Arith& a, const Arith& b) {
    if (a.node() == b.node()) return true;
    if (a.node()->hash != b.node()->hash) return false;
    return compare(a, b) == 0;
}

bool operator<(const Arith& a, const Arith& b) { return compare(a, b) < 0; }

// ---- evaluation (over rationals, so that sums of exact divisions evaluate as a whole) ----

static std::int64_t requireInt(Rat r, const Arith& where) {
    if (!r.isInt())
        throw Error("exact division in nat expression " + where.toString() + " is not exact (value " +
                    std::to_string(r.num) + "/" + std::to_string(r.den) + ")");
    return r.num;
}

static Rat evalRat(const Arith& a, const Valuation& values) {
    const ArithNode* n = a.node();
    switch (n->kind) {
        case Arith::Kind::Cst: return Rat{n->value, 1};
        case Arith::Kind::Var: {
            auto it = values.find(n->name);
            if (it == values.end())
                throw Error("nat variable '" + n->name + "' has no value");
            return Rat{it->second, 1};
        }
        case Arith::Kind::Sum: {
            Rat r{0, 1};
            for (const Arith& t : n->ops) r = r + evalRat(t, values);
            return r;
        }
        case Arith::Kind::Prod: {
            Rat r{1, 1};
            for (const Arith& f : n->ops) r = r * evalRat(f, values);
            return r;
        }
        case Arith::Kind::Pow: {
            Rat b = evalRat(n->ops[0], values);
            std::int64_t e = requireInt(evalRat(n->ops[1], values), a);
            if (e >= 0) return Rat::of(checkedPow(b.num, e), checkedPow(b.den, e));
            if (b.num == 0) throw Error("division by zero in nat expression " + a.toString());
            return Rat::of(checkedPow(b.den, -e), checkedPow(b.num, -e));
        }
        case Arith::Kind::IntDiv:
        case Arith::Kind::Mod: {
            std::int64_t x = requireInt(evalRat(n->ops[0], values), a);
            std::int64_t y = requireInt(evalRat(n->ops[1], values), a);
            if (y == 0) throw Error("division by zero in nat expression " + a.toString());
            return Rat{n->kind == Arith::Kind::IntDiv ? floorDiv(x, y) : floorMod(x, y), 1};
        }
        case Arith::Kind::Min:
        case Arith::Kind::Max: {
            Rat x = evalRat(n->ops[0], values), y = evalRat(n->ops[1], values);
            bool xLess = x < y;
            return (n->kind == Arith::Kind::Min) == xLess ? x : y;
        }
        case Arith::Kind::Log: {
            std::int64_t b = requireInt(evalRat(n->ops[0], values), a);
            std::int64_t x = requireInt(evalRat(n->ops[1], values), a);
            if (b < 2 || x < 1)
                throw Error("log needs a base >= 2 and an argument >= 1 in " + a.toString());
            std::int64_t k = 0;
            for (std::int64_t p = 1; p <= x / b; p *= b) ++k;  // largest k with b^k <= x
            return Rat{k, 1};
        }
    }
    throw Error("unknown nat expression kind");
}

std::int64_t Arith::evaluate(const Valuation& values) const {
    return requireInt(evalRat(*this, values), *this);
}

// ---- substitution and free variables ----

static Arith rebuild(const Arith& a, const std::vector<Arith>& ops) {
    switch (a.kind()) {
        case Arith::Kind::Sum: return makeSum(ops);
        case Arith::Kind::Prod: return makeProd(ops);
        case Arith::Kind::Pow: return pow(ops[0], ops[1]);
        case Arith::Kind::IntDiv: return intDiv(ops[0], ops[1]);
        case Arith::Kind::Mod: return mod(ops[0], ops[1]);
        case Arith::Kind::Min: return min(ops[0], ops[1]);
        case Arith::Kind::Max: return max(ops[0], ops[1]);
        case Arith::Kind::Log: return log(ops[0], ops[1]);
        default: return a;
    }
}

Arith Arith::substitute(const std::map<std::string, Arith>& replacements) const {
    if (replacements.empty()) return *this;
    const ArithNode* n = node_.get();
    if (n->kind == Kind::Cst) return *this;
    if (n->kind == Kind::Var) {
        auto it = replacements.find(n->name);
        if (it != replacements.end()) return it->second;
        Arith lo = n->lo->substitute(replacements);
        std::optional<Arith> hi;
        if (n->hi) hi = n->hi->substitute(replacements);
        if (lo.node() == n->lo->node() && (!hi || hi->node() == n->hi->node())) return *this;
        return mkVar(n->name, lo, hi);
    }
    std::vector<Arith> ops;
    ops.reserve(n->ops.size());
    bool changed = false;
    for (const Arith& o : n->ops) {
        ops.push_back(o.substitute(replacements));
        if (ops.back().node() != o.node()) changed = true;
    }
    return changed ? rebuild(*this, ops) : *this;
}

static void collectVariables(const Arith& a, std::set<std::string>& out) {
    if (a.kind() == Arith::Kind::Var) {
        out.insert(a.name());
        return;
    }
    for (const Arith& o : a.operands()) collectVariables(o, out);
}

std::vector<std::string> Arith::variables() const {
    std::set<std::string> names;
    collectVariables(*this, names);
    return {names.begin(), names.end()};
}

// ---- operators ----

Arith operator+(const Arith& a, const Arith& b) {
    if (a.isConstant() && b.isConstant()) return Arith(checkedAdd(a.constant(), b.constant()));
    return makeSum({a, b});
}

Arith operator-(const Arith& a) { return makeProd({Arith(-1), a}); }

Arith operator-(const Arith& a, const Arith& b) {
    if (a.isConstant() && b.isConstant())
        return Arith(checkedAdd(a.constant(), checkedMul(b.constant(), -1)));
    return makeSum({a, -b});
}

Arith operator*(const Arith& a, const Arith& b) {
    if (a.isConstant() && b.isConstant()) return Arith(checkedMul(a.constant(), b.constant()));
    return makeProd({a, b});
}

Arith exactDiv(const Arith& a, const Arith& b) {
    if (b.isConstant() && b.constant() == 0)
        throw Error("division by zero in nat expression " + a.toString() + "/0");
    return makeProd({a, pow(b, Arith(-1))});
}

}  // namespace liftcl::ir
