// Bounds of Arith expressions from variable ranges, and the decision procedures built on them.
//
// A bound is found by eliminating variables one at a time: a variable that no other remaining
// variable's range mentions (an inner loop index before the parameters its extent uses) is replaced
// by its lower or upper bound, chosen by the direction in which the expression moves with it.
// Where the expression is not monotone in a variable, subterms are bounded separately (sound,
// looser). Exact divisions are integers by contract, so a rational lower bound rounds up.
#include <algorithm>
#include <map>
#include <set>

#include "ir/arith.hpp"
#include "ir/arith_node.hpp"
#include "ir/error.hpp"

namespace liftcl::ir {
namespace arith_detail {

namespace {

thread_local int proofDepth = 0;
constexpr int kMaxProofDepth = 3;

// Work allowed to one outermost bound query (nested queries share it), so that proofs stay cheap
// inside the simplifier and never blow up on large expressions.
thread_local int proofWork = 0;
constexpr int kMaxProofWork = 400;
constexpr std::size_t kMaxBoundSize = 160;

struct OutOfProofBudget {};

void spendProofWork(int amount = 1) {
    proofWork += amount;
    if (proofWork > kMaxProofWork) throw OutOfProofBudget{};
}

}  // namespace

ProofDepthGuard::ProofDepthGuard() {
    if (proofDepth++ == 0) proofWork = 0;
}
ProofDepthGuard::~ProofDepthGuard() { --proofDepth; }
bool ProofDepthGuard::tooDeep() const { return proofDepth > kMaxProofDepth; }

namespace {

using K = Arith::Kind;

enum class Dir { Min, Max };
enum class Mono { Const, Inc, Dec, Unknown };

Dir opposite(Dir d) { return d == Dir::Min ? Dir::Max : Dir::Min; }
Mono flip(Mono m) { return m == Mono::Inc ? Mono::Dec : m == Mono::Dec ? Mono::Inc : m; }
Mono join(Mono a, Mono b) {
    if (a == Mono::Const) return b;
    if (b == Mono::Const) return a;
    return a == b ? a : Mono::Unknown;
}

bool dependsOn(const Arith& e, const std::string& v) {
    if (e.kind() == K::Var) return e.name() == v;
    for (const Arith& o : e.operands())
        if (dependsOn(o, v)) return true;
    return false;
}

// Sign of a factor independent of the variable: +1, -1 or 0 (unknown).
int signOf(const Arith& f) {
    if (auto r = tryRational(f)) return r->num > 0 ? 1 : (r->num < 0 ? -1 : 1);
    if (structurallyNonNegative(f)) return 1;
    return 0;
}

Mono mono(const Arith& e, const std::string& v) {
    if (!dependsOn(e, v)) return Mono::Const;
    const auto& ops = e.operands();
    switch (e.kind()) {
        case K::Var: return Mono::Inc;
        case K::Sum: {
            Mono m = Mono::Const;
            for (const Arith& t : ops) {
                m = join(m, mono(t, v));
                if (m == Mono::Unknown) break;
            }
            return m;
        }
        case K::Prod: {
            // Monotone when the other factors have a known sign and the dependent factors move
            // the same way (several of them only when all are non-negative).
            int sign = 1;
            Mono m = Mono::Const;
            std::size_t dependent = 0;
            bool dependentNonNegative = true;
            for (const Arith& f : ops) {
                if (!dependsOn(f, v)) {
                    int s = signOf(f);
                    if (s == 0) return Mono::Unknown;
                    sign *= s;
                    continue;
                }
                ++dependent;
                m = join(m, mono(f, v));
                if (m == Mono::Unknown) return m;
                if (!structurallyNonNegative(f)) dependentNonNegative = false;
            }
            if (dependent > 1 && !dependentNonNegative) return Mono::Unknown;
            return sign > 0 ? m : flip(m);
        }
        case K::Pow: {
            const Arith& b = ops[0];
            const Arith& x = ops[1];
            bool bDep = dependsOn(b, v), xDep = dependsOn(x, v);
            if (bDep && !xDep && x.isConstant()) {
                if (!structurallyNonNegative(b)) return Mono::Unknown;
                if (x.constant() > 0) return mono(b, v);
                if (structurallyPositive(b)) return flip(mono(b, v));
                return Mono::Unknown;
            }
            if (!bDep && xDep && structurallyPositive(b)) return mono(x, v);
            if (bDep && xDep && structurallyPositive(b) && structurallyNonNegative(x)) {
                Mono mb = mono(b, v), mx = mono(x, v);
                if (mb == Mono::Inc && mx == Mono::Inc) return Mono::Inc;
            }
            return Mono::Unknown;
        }
        case K::IntDiv: {
            if (!dependsOn(ops[1], v) && structurallyPositive(ops[1])) return mono(ops[0], v);
            if (!dependsOn(ops[0], v) && structurallyNonNegative(ops[0]) &&
                structurallyPositive(ops[1]))
                return flip(mono(ops[1], v));
            return Mono::Unknown;
        }
        case K::Min:
        case K::Max: return join(mono(ops[0], v), mono(ops[1], v));
        case K::Log:
            if (!dependsOn(ops[0], v)) return mono(ops[1], v);
            return Mono::Unknown;
        default: return Mono::Unknown;
    }
}

void collectVarNodes(const Arith& e, std::map<std::string, Arith>& out) {
    if (e.kind() == K::Var) {
        out.emplace(e.name(), e);
        return;
    }
    for (const Arith& o : e.operands()) collectVarNodes(o, out);
}

void collectNames(const Arith& e, std::set<std::string>& out) {
    if (e.kind() == K::Var) {
        out.insert(e.name());
        return;
    }
    for (const Arith& o : e.operands()) collectNames(o, out);
}

// Node count of e, stopping at limit.
std::size_t sizeOf(const Arith& e, std::size_t limit) {
    std::size_t n = 1;
    for (const Arith& o : e.operands()) {
        if (n > limit) break;
        n += sizeOf(o, limit - n);
    }
    return n;
}

std::optional<Arith> varBound(const Arith& v, bool lower) {
    if (lower) return v.lo();
    if (!v.hi()) return std::nullopt;
    return *v.hi() - Arith(1);
}

std::optional<Arith> eliminate(Arith e, Dir dir, int budget);

// A lower bound of a non-negative quantity, given a lower bound b that may be negative.
Arith clampNonNegative(const Arith& b) {
    if (structurallyNonNegative(b)) return b;
    return Arith(0);
}

// Bounds an expression that is not monotone in the variable to eliminate, subterm by subterm.
std::optional<Arith> relax(const Arith& e, Dir dir, int budget) {
    spendProofWork();
    const auto& ops = e.operands();
    switch (e.kind()) {
        case K::Sum: {
            std::vector<Arith> parts;
            for (const Arith& t : ops) {
                auto b = eliminate(t, dir, budget);
                if (!b) return std::nullopt;
                parts.push_back(*b);
            }
            return makeSum(parts);
        }
        case K::Prod: {
            int sign = 1;
            std::vector<Arith> parts;
            for (const Arith& f : ops) {
                if (auto r = tryRational(f)) {
                    if (r->num < 0) sign = -sign;
                    parts.push_back(f);
                    continue;
                }
                if (!structurallyNonNegative(f)) return std::nullopt;
            }
            Dir inner = sign > 0 ? dir : opposite(dir);
            for (const Arith& f : ops) {
                if (tryRational(f)) continue;
                auto b = eliminate(f, inner, budget);
                if (!b) return std::nullopt;
                // A lower bound of a non-negative factor may be negative: clamp at 0.
                parts.push_back(inner == Dir::Min ? clampNonNegative(*b) : *b);
            }
            return makeProd(parts);
        }
        case K::Mod: {
            if (!structurallyPositive(ops[1])) return std::nullopt;
            if (dir == Dir::Min) return Arith(0);
            auto b = eliminate(ops[1], Dir::Max, budget);
            if (!b) return std::nullopt;
            return *b - Arith(1);
        }
        case K::IntDiv: {
            if (!structurallyNonNegative(ops[0]) || !structurallyPositive(ops[1]))
                return std::nullopt;
            auto x = eliminate(ops[0], dir, budget);
            auto y = eliminate(ops[1], opposite(dir), budget);
            if (!x || !y) return std::nullopt;
            if (dir == Dir::Min && !y->isConstant()) return Arith(0);
            return intDiv(*x, *y);
        }
        case K::Min:
        case K::Max: {
            auto x = eliminate(ops[0], dir, budget);
            auto y = eliminate(ops[1], dir, budget);
            if (!x || !y) return std::nullopt;
            return e.kind() == K::Min ? min(*x, *y) : max(*x, *y);
        }
        case K::Pow: {
            if (!ops[1].isConstant() || ops[1].constant() <= 0 || !structurallyNonNegative(ops[0]))
                return std::nullopt;
            auto b = eliminate(ops[0], dir, budget);
            if (!b) return std::nullopt;
            return pow(dir == Dir::Min ? clampNonNegative(*b) : *b, ops[1]);
        }
        case K::Log: {
            auto x = eliminate(ops[1], dir, budget);
            if (!x || !ops[0].isConstant()) return std::nullopt;
            if (!structurallyPositive(*x)) {
                if (dir == Dir::Max) return std::nullopt;
                return Arith(0);
            }
            return log(ops[0], *x);
        }
        default: return std::nullopt;
    }
}

bool isRational(const Arith& e) { return tryRational(e).has_value(); }

std::optional<Arith> eliminate(Arith e, Dir dir, int budget) {
    try {
        for (int step = 0; step < 24 && budget > 0; ++step, --budget) {
            if (isRational(e)) return e;
            spendProofWork();
            if (sizeOf(e, kMaxBoundSize) > kMaxBoundSize) return std::nullopt;
            std::map<std::string, Arith> vars;
            collectVarNodes(e, vars);
            std::set<std::string> referenced;
            for (const auto& [name, v] : vars) {
                collectNames(v.lo(), referenced);
                if (v.hi()) collectNames(*v.hi(), referenced);
            }
            bool progress = false;
            bool nonMonotone = false;
            for (const auto& [name, v] : vars) {
                if (referenced.count(name)) continue;
                Mono m = mono(e, name);
                if (m == Mono::Unknown) {
                    nonMonotone = true;
                    continue;
                }
                if (m == Mono::Const) continue;
                bool lower = (m == Mono::Inc) == (dir == Dir::Min);
                auto b = varBound(v, lower);
                if (!b) continue;
                e = e.substitute({{name, *b}});
                progress = true;
                break;
            }
            if (!progress && nonMonotone) {
                auto r = relax(e, dir, budget / 2);
                if (r && !(*r == e)) {
                    e = *r;
                    progress = true;
                }
            }
            if (!progress) break;
        }
    } catch (const Error&) {
        return std::nullopt;
    }
    return e;
}

std::optional<Arith> boundOf(const Arith& e, Dir dir) {
    if (isRational(e)) return e;
    ProofDepthGuard guard;
    if (guard.tooDeep()) return std::nullopt;
    try {
        return eliminate(e, dir, 64);
    } catch (const OutOfProofBudget&) {
        if (proofDepth > 1) throw;  // unwind to the outermost query
        return std::nullopt;
    }
}

// Proves e >= 1 (strict) or e >= 0 from its lower bound. An expression the caller built is an
// integer by contract (exact divisions are exact), so a rational bound rounds up; the
// intermediate expressions of a bound computation (nested queries) need not be integers.
bool provenAtLeast(const Arith& e, bool strict) {
    bool integral = proofDepth == 0;
    auto b = boundOf(e, Dir::Min);
    if (!b) return false;
    if (auto r = tryRational(*b)) {
        if (integral) return r->ceil() >= (strict ? 1 : 0);
        return strict ? r->num > 0 : r->num >= 0;
    }
    return strict ? structurallyPositive(*b) : structurallyNonNegative(*b);
}

}  // namespace
}  // namespace arith_detail

using namespace arith_detail;

std::optional<Arith> Arith::minValue() const {
    auto b = boundOf(*this, Dir::Min);
    if (!b || (!b->isConstant() && *b == *this)) return std::nullopt;
    if (auto r = tryRational(*b)) return Arith(r->ceil());
    return b;
}

std::optional<Arith> Arith::maxValue() const {
    auto b = boundOf(*this, Dir::Max);
    if (!b || (!b->isConstant() && *b == *this)) return std::nullopt;
    if (auto r = tryRational(*b)) return Arith(r->floor());
    return b;
}

std::optional<std::int64_t> Arith::minConstant() const {
    auto b = boundOf(*this, Dir::Min);
    if (!b) return std::nullopt;
    if (auto r = tryRational(*b)) return r->ceil();
    return std::nullopt;
}

std::optional<std::int64_t> Arith::maxConstant() const {
    auto b = boundOf(*this, Dir::Max);
    if (!b) return std::nullopt;
    if (auto r = tryRational(*b)) return r->floor();
    return std::nullopt;
}

bool Arith::provablyNonNegative() const {
    return structurallyNonNegative(*this) || provenAtLeast(*this, false);
}

bool Arith::provablyPositive() const {
    return structurallyPositive(*this) || provenAtLeast(*this, true);
}

bool Arith::provablyLess(const Arith& other) const { return (other - *this).provablyPositive(); }

bool Arith::provablyDivisibleBy(const Arith& divisor) const {
    if (divisor.isConstant() && divisor.constant() == 0) return false;
    if (isConstant() && constant() == 0) return true;
    if (isConstant() && divisor.isConstant()) return floorMod(constant(), divisor.constant()) == 0;
    try {
        if (isIntegralForm(exactDiv(*this, divisor))) return true;
        return mod(*this, divisor) == Arith(0);
    } catch (const Error&) {
        return false;
    }
}

bool Arith::provablyNotDivisibleBy(const Arith& divisor) const {
    if (divisor.isConstant() && divisor.constant() == 0) return false;
    if (isConstant() && divisor.isConstant()) return floorMod(constant(), divisor.constant()) != 0;
    try {
        Arith m = mod(*this, divisor);
        if (m.isConstant()) return m.constant() != 0;
        if (provablyPositive() && provablyLess(divisor)) return true;
        return m.provablyPositive();
    } catch (const Error&) {
        return false;
    }
}

std::optional<Arith> Arith::log2IfPowerOfTwo() const {
    auto k = exponentIn(Arith(2), *this);
    if (!k) return std::nullopt;
    return k;
}

}  // namespace liftcl::ir
