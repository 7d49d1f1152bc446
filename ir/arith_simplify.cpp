// Canonicalising constructors of Arith: sums, products, powers, floor division, modulo, min, max
// and log. Every public operation ends here, so expressions are always in canonical form.
#include <algorithm>
#include <map>
#include <set>
#include <numeric>

#include "ir/arith.hpp"
#include "ir/arith_node.hpp"
#include "ir/error.hpp"

namespace liftcl::ir {
namespace arith_detail {

namespace {

using K = Arith::Kind;

bool isOne(const Arith& a) { return a.isConstant() && a.constant() == 1; }
bool isZero(const Arith& a) { return a.isConstant() && a.constant() == 0; }

Arith inversePow(std::int64_t den) { return mkNode(K::Pow, {Arith(den), Arith(-1)}); }

// Expanding a product of several sums is bounded to keep canonical forms small.
constexpr std::size_t kMaxExpandedTerms = 32;

}  // namespace

Arith ratConst(Rat r) {
    if (r.isInt()) return Arith(r.num);
    if (r.num == 1) return inversePow(r.den);
    return mkNode(K::Prod, {Arith(r.num), inversePow(r.den)});
}

Term splitTerm(const Arith& term) {
    if (auto r = tryRational(term)) return {*r, Arith(1)};
    if (term.kind() == K::Prod) {
        Rat coef{1, 1};
        std::vector<Arith> rest;
        for (const Arith& f : term.operands()) {
            if (auto r = tryRational(f))
                coef = coef * *r;
            else
                rest.push_back(f);
        }
        Arith key = rest.size() == 1 ? rest[0] : mkNode(K::Prod, std::move(rest));
        return {coef, key};
    }
    return {Rat{1, 1}, term};
}

Arith buildTerm(Rat coef, const Arith& key) {
    if (coef.isZero()) return Arith(0);
    if (isOne(key)) return ratConst(coef);
    if (coef == Rat{1, 1}) return key;
    std::vector<Arith> factors;
    if (coef.num != 1) factors.push_back(Arith(coef.num));
    if (key.kind() == K::Prod)
        factors.insert(factors.end(), key.operands().begin(), key.operands().end());
    else
        factors.push_back(key);
    if (coef.den != 1) factors.push_back(inversePow(coef.den));
    if (factors.size() == 1) return factors[0];
    return mkNode(K::Prod, std::move(factors));
}

// ---- sums ----

namespace {

void flattenSum(const Arith& a, std::vector<Term>& terms, Rat& constant) {
    if (a.kind() == K::Sum) {
        for (const Arith& t : a.operands()) flattenSum(t, terms, constant);
        return;
    }
    Term t = splitTerm(a);
    if (isOne(t.key))
        constant = constant + t.coef;
    else if (!t.coef.isZero())
        terms.push_back(std::move(t));
}

// c*b*div(a, b) + c*mod(a, b) -> c*a. Returns true when a pair was merged (terms changed).
bool recombineDivMod(std::vector<Term>& terms, Rat& constant) {
    for (std::size_t i = 0; i < terms.size(); ++i) {
        const Arith& m = terms[i].key;
        if (m.kind() != K::Mod) continue;
        const Arith& a = m.operands()[0];
        const Arith& b = m.operands()[1];
        for (std::size_t j = 0; j < terms.size(); ++j) {
            if (j == i) continue;
            const Arith& key = terms[j].key;
            const Arith* divNode = nullptr;
            auto isDiv = [&](const Arith& f) {
                return f.kind() == K::IntDiv && f.operands()[0] == a && f.operands()[1] == b;
            };
            if (isDiv(key)) divNode = &key;
            if (key.kind() == K::Prod)
                for (const Arith& f : key.operands())
                    if (isDiv(f)) divNode = &f;
            if (!divNode) continue;
            Term expected = splitTerm(makeProd({ratConst(terms[i].coef), b, *divNode}));
            if (!(expected.key == key && expected.coef == terms[j].coef)) continue;
            Rat c = terms[i].coef;
            std::size_t hiIdx = std::max(i, j), loIdx = std::min(i, j);
            terms.erase(terms.begin() + static_cast<std::ptrdiff_t>(hiIdx));
            terms.erase(terms.begin() + static_cast<std::ptrdiff_t>(loIdx));
            flattenSum(makeProd({ratConst(c), a}), terms, constant);
            return true;
        }
    }
    return false;
}

void combineLikeTerms(std::vector<Term>& terms) {
    std::sort(terms.begin(), terms.end(),
              [](const Term& x, const Term& y) { return compare(x.key, y.key) < 0; });
    std::vector<Term> out;
    for (Term& t : terms) {
        if (!out.empty() && out.back().key == t.key)
            out.back().coef = out.back().coef + t.coef;
        else
            out.push_back(std::move(t));
    }
    out.erase(std::remove_if(out.begin(), out.end(), [](const Term& t) { return t.coef.isZero(); }),
              out.end());
    terms = std::move(out);
}

}  // namespace

Arith makeSum(const std::vector<Arith>& inputs) {
    std::vector<Term> terms;
    Rat constant{0, 1};
    for (const Arith& a : inputs) flattenSum(a, terms, constant);
    combineLikeTerms(terms);
    for (int guard = 0; guard < 16 && recombineDivMod(terms, constant); ++guard)
        combineLikeTerms(terms);

    std::vector<Arith> out;
    if (!constant.isZero()) out.push_back(ratConst(constant));
    for (const Term& t : terms) out.push_back(buildTerm(t.coef, t.key));
    if (out.empty()) return Arith(0);
    if (out.size() == 1) return out[0];
    return mkNode(K::Sum, std::move(out));
}

// ---- products ----

namespace {

void flattenProd(const Arith& a, Rat& coef, std::vector<Arith>& factors) {
    if (a.kind() == K::Prod) {
        for (const Arith& f : a.operands()) flattenProd(f, coef, factors);
        return;
    }
    if (auto r = tryRational(a)) {
        coef = coef * *r;
        return;
    }
    factors.push_back(a);
}

Arith baseOf(const Arith& f) { return f.kind() == K::Pow ? f.operands()[0] : f; }
Arith exponentOf(const Arith& f) { return f.kind() == K::Pow ? f.operands()[1] : Arith(1); }

// Number of terms a sum factor contributes to an expansion (0: not a sum factor).
std::size_t sumPower(const Arith& f, std::size_t& copies) {
    copies = 0;
    if (f.kind() == K::Sum) {
        copies = 1;
        return f.operands().size();
    }
    if (f.kind() == K::Pow && f.operands()[0].kind() == K::Sum && f.operands()[1].isConstant() &&
        f.operands()[1].constant() > 0 && f.operands()[1].constant() <= 8) {
        copies = static_cast<std::size_t>(f.operands()[1].constant());
        return f.operands()[0].operands().size();
    }
    return 0;
}

// A sum as content * primitive part: the content is the gcd of the integer coefficients (with
// the sign of the first non-constant term) times the factors common to every term, so that
// (2*j + 4) = 2 * (j + 2) and L*j + L = L * (j + 1). Returns nullopt when the content is 1.
std::optional<std::pair<Arith, Arith>> sumContent(const Arith& s) {
    std::int64_t g = 0;
    std::optional<std::map<Arith, std::int64_t>> common;
    bool firstNegative = false, seenNonConstant = false;
    for (const Arith& t : s.operands()) {
        Term term = splitTerm(t);
        if (!term.coef.isInt()) return std::nullopt;
        g = std::gcd(g, term.coef.num);
        if (!term.key.isConstant() && !seenNonConstant) {
            seenNonConstant = true;
            firstNegative = term.coef.num < 0;
        }
        std::map<Arith, std::int64_t> mine;
        std::vector<Arith> fs =
            term.key.kind() == K::Prod ? term.key.operands() : std::vector<Arith>{term.key};
        for (const Arith& f : fs) {
            if (f.isConstant()) continue;
            Arith e = exponentOf(f);
            if (e.isConstant() && e.constant() > 0) mine[baseOf(f)] = e.constant();
        }
        if (!common) {
            common = std::move(mine);
        } else {
            for (auto it = common->begin(); it != common->end();) {
                auto m = mine.find(it->first);
                if (m == mine.end()) {
                    it = common->erase(it);
                } else {
                    it->second = std::min(it->second, m->second);
                    ++it;
                }
            }
        }
    }
    if (g == 0) return std::nullopt;
    if (firstNegative) g = -g;
    if (g == 1 && (!common || common->empty())) return std::nullopt;
    std::vector<Arith> contentFactors{Arith(g)};
    for (const auto& [base, e] : *common)
        contentFactors.push_back(e == 1 ? base : mkNode(K::Pow, {base, Arith(e)}));
    Arith content = makeProd(contentFactors);
    std::vector<Arith> primTerms;
    Arith inverse = pow(content, Arith(-1));
    for (const Arith& t : s.operands()) primTerms.push_back(makeProd({t, inverse}));
    return std::make_pair(content, makeSum(primTerms));
}

Arith layoutProd(Rat coef, std::vector<Arith> factors) {
    if (coef.isZero()) return Arith(0);
    std::sort(factors.begin(), factors.end(),
              [](const Arith& x, const Arith& y) { return compare(x, y) < 0; });
    std::vector<Arith> out;
    if (coef.num != 1) out.push_back(Arith(coef.num));
    out.insert(out.end(), factors.begin(), factors.end());
    if (coef.den != 1) out.push_back(inversePow(coef.den));
    if (out.empty()) return Arith(1);
    if (out.size() == 1) return out[0];
    return mkNode(K::Prod, std::move(out));
}

}  // namespace

Arith makeProd(const std::vector<Arith>& inputs) {
    Rat coef{1, 1};
    std::vector<Arith> flat;
    for (const Arith& a : inputs) flattenProd(a, coef, flat);
    if (coef.isZero()) return Arith(0);

    // Group factors by base and add exponents: p^i * p -> p^(i+1), x * x^-1 -> 1.
    std::stable_sort(flat.begin(), flat.end(), [](const Arith& x, const Arith& y) {
        return compare(baseOf(x), baseOf(y)) < 0;
    });
    std::vector<Arith> factors;
    for (std::size_t i = 0; i < flat.size();) {
        std::size_t j = i + 1;
        Arith base = baseOf(flat[i]);
        while (j < flat.size() && baseOf(flat[j]) == base) ++j;
        Arith factor = flat[i];
        if (j - i > 1) {
            std::vector<Arith> exps;
            for (std::size_t k = i; k < j; ++k) exps.push_back(exponentOf(flat[k]));
            Arith e = makeSum(exps);
            if (isZero(e)) {
                i = j;
                continue;
            }
            if (isOne(e)) {
                factor = base;
            } else if (base.isConstant() && e.isConstant()) {
                coef = coef * *tryRational(pow(base, e));
                i = j;
                continue;
            } else if (base.isConstant() && e.kind() == K::Sum && e.operands()[0].isConstant()) {
                // Keep the constant part of a constant base's exponent in the coefficient.
                std::vector<Arith> rest(e.operands().begin() + 1, e.operands().end());
                coef = coef * *tryRational(pow(base, e.operands()[0]));
                factor = mkNode(K::Pow, {base, makeSum(rest)});
            } else {
                factor = mkNode(K::Pow, {base, e});
            }
        }
        factors.push_back(factor);
        i = j;
    }
    if (coef.isZero()) return Arith(0);

    // A sum over a divisor that is a sum: cancel the divisor with the sum's primitive part.
    for (std::size_t i = 0; i < factors.size(); ++i) {
        if (factors[i].kind() != K::Sum) continue;
        bool hasSumDivisor = std::any_of(factors.begin(), factors.end(), [](const Arith& f) {
            return f.kind() == K::Pow && f.operands()[0].kind() == K::Sum &&
                   f.operands()[1].isConstant() && f.operands()[1].constant() < 0;
        });
        if (!hasSumDivisor) break;
        auto split = sumContent(factors[i]);
        if (!split) continue;
        bool cancels = std::any_of(factors.begin(), factors.end(), [&](const Arith& f) {
            return f.kind() == K::Pow && f.operands()[0] == split->second;
        });
        if (!cancels) continue;
        std::vector<Arith> next = factors;
        next[i] = split->second;
        next.push_back(split->first);
        next.push_back(ratConst(coef));
        return makeProd(next);
    }

    // Distribute over sums: always for one plain sum, else while the result stays small.
    std::size_t total = 1, sumFactors = 0, plainSums = 0;
    for (const Arith& f : factors) {
        std::size_t copies = 0;
        std::size_t n = sumPower(f, copies);
        if (n == 0) continue;
        ++sumFactors;
        if (f.kind() == K::Sum) ++plainSums;
        for (std::size_t c = 0; c < copies && total <= kMaxExpandedTerms; ++c) total *= n;
    }
    bool expand = sumFactors > 0 && (total <= kMaxExpandedTerms || (sumFactors == 1 && plainSums == 1));
    if (expand) {
        std::vector<Arith> others;
        std::vector<Arith> sums;
        for (const Arith& f : factors) {
            std::size_t copies = 0;
            if (sumPower(f, copies) == 0) {
                others.push_back(f);
                continue;
            }
            for (std::size_t c = 0; c < copies; ++c) sums.push_back(baseOf(f));
        }
        std::vector<Arith> partial{layoutProd(coef, others)};
        for (const Arith& s : sums) {
            std::vector<Arith> next;
            for (const Arith& p : partial)
                for (const Arith& t : s.operands()) next.push_back(makeProd({p, t}));
            partial = std::move(next);
        }
        return makeSum(partial);
    }
    return layoutProd(coef, std::move(factors));
}

// ---- facts about canonical forms ----

bool isIntegralForm(const Arith& a) {
    switch (a.kind()) {
        case K::Cst:
        case K::Var:
        case K::IntDiv:
        case K::Mod:
        case K::Min:
        case K::Max:
        case K::Log: return true;
        case K::Pow:
            return isIntegralForm(a.operands()[0]) && structurallyNonNegative(a.operands()[1]);
        case K::Sum:
        case K::Prod:
            return std::all_of(a.operands().begin(), a.operands().end(), isIntegralForm);
    }
    return false;
}

bool structurallyNonNegative(const Arith& a) {
    const auto& ops = a.operands();
    switch (a.kind()) {
        case K::Cst: return a.constant() >= 0;
        case K::Var: return structurallyNonNegative(a.lo());
        case K::Sum:
        case K::Prod: return std::all_of(ops.begin(), ops.end(), structurallyNonNegative);
        case K::Pow:
            return structurallyNonNegative(ops[0]) ||
                   (ops[1].isConstant() && ops[1].constant() % 2 == 0);
        case K::IntDiv: return structurallyNonNegative(ops[0]) && structurallyPositive(ops[1]);
        case K::Mod: return structurallyPositive(ops[1]);
        case K::Min: return structurallyNonNegative(ops[0]) && structurallyNonNegative(ops[1]);
        case K::Max: return structurallyNonNegative(ops[0]) || structurallyNonNegative(ops[1]);
        case K::Log: return true;
    }
    return false;
}

bool structurallyPositive(const Arith& a) {
    const auto& ops = a.operands();
    switch (a.kind()) {
        case K::Cst: return a.constant() > 0;
        case K::Var: return structurallyPositive(a.lo());
        case K::Sum:
            return std::all_of(ops.begin(), ops.end(), structurallyNonNegative) &&
                   std::any_of(ops.begin(), ops.end(), structurallyPositive);
        case K::Prod: return std::all_of(ops.begin(), ops.end(), structurallyPositive);
        case K::Pow: return structurallyPositive(ops[0]);
        case K::Min: return structurallyPositive(ops[0]) && structurallyPositive(ops[1]);
        case K::Max: return structurallyPositive(ops[0]) || structurallyPositive(ops[1]);
        default: return false;
    }
}

namespace {

bool hasNegativePower(const Arith& prod) {
    for (const Arith& f : prod.operands())
        if (f.kind() == K::Pow && !structurallyNonNegative(f.operands()[1])) return true;
    return false;
}

void collectFacts(const Arith& e, std::vector<Arith>& facts, std::set<std::string>& seenVars,
                  bool inRange) {
    if (e.kind() == K::Var) {
        if (!seenVars.insert(e.name()).second) return;
        collectFacts(e.lo(), facts, seenVars, true);
        if (e.hi()) collectFacts(*e.hi(), facts, seenVars, true);
        return;
    }
    if (inRange && e.kind() == K::Prod && hasNegativePower(e) &&
        std::find(facts.begin(), facts.end(), e) == facts.end())
        facts.push_back(e);
    if (inRange && e.kind() == K::Pow && e.operands()[1].isConstant() && e.operands()[1].constant() < 0)
        return;
    for (const Arith& o : e.operands()) collectFacts(o, facts, seenVars, inRange);
}

}  // namespace

std::vector<Arith> divisionFacts(const std::vector<Arith>& exprs) {
    std::vector<Arith> facts;
    std::set<std::string> seen;
    for (const Arith& e : exprs) collectFacts(e, facts, seen, false);
    return facts;
}

bool integralGiven(const Arith& q, const std::vector<Arith>& facts) {
    if (isIntegralForm(q)) return true;
    if (q.kind() == K::Sum)
        return std::all_of(q.operands().begin(), q.operands().end(),
                           [&](const Arith& t) { return integralGiven(t, facts); });
    for (const Arith& f : facts)
        if (isIntegralForm(makeProd({q, pow(f, Arith(-1))}))) return true;
    return false;
}

namespace {

// If a is b^k (b a constant or any expression), returns k.
std::optional<Arith> exponentInBase(const Arith& base, const Arith& a) {
    if (a == base) return Arith(1);
    if (isOne(a)) return Arith(0);
    if (auto r = tryRational(a)) {
        if (!base.isConstant() || base.constant() < 2) return std::nullopt;
        std::int64_t b = base.constant();
        auto logExact = [b](std::int64_t x) -> std::optional<std::int64_t> {
            std::int64_t k = 0;
            while (x > 1 && x % b == 0) {
                x /= b;
                ++k;
            }
            if (x != 1) return std::nullopt;
            return k;
        };
        auto kn = logExact(r->num), kd = logExact(r->den);
        if (!kn || !kd) return std::nullopt;
        return Arith(*kn - *kd);
    }
    if (a.kind() == K::Pow) {
        if (a.operands()[0] == base) return a.operands()[1];
        if (auto k = exponentInBase(base, a.operands()[0])) return *k * a.operands()[1];
        return std::nullopt;
    }
    if (a.kind() == K::Prod) {
        std::vector<Arith> exps;
        for (const Arith& f : a.operands()) {
            auto k = exponentInBase(base, f);
            if (!k) return std::nullopt;
            exps.push_back(*k);
        }
        return makeSum(exps);
    }
    return std::nullopt;
}

}  // namespace

std::optional<Arith> exponentIn(const Arith& base, const Arith& x) { return exponentInBase(base, x); }

}  // namespace arith_detail

using namespace arith_detail;
using K = Arith::Kind;

// ---- powers ----

Arith pow(const Arith& base, const Arith& exponent) {
    if (exponent.isConstant() && exponent.constant() == 0) return Arith(1);
    if (exponent.isConstant() && exponent.constant() == 1) return base;
    if (base.isConstant() && base.constant() == 1) return Arith(1);
    if (base.isConstant() && exponent.isConstant()) {
        std::int64_t b = base.constant(), e = exponent.constant();
        if (e >= 0) return Arith(checkedPow(b, e));
        if (b == 0) throw Error("division by zero in nat expression 0^" + std::to_string(e));
        return ratConst(Rat::of(1, checkedPow(b, -e)));
    }
    if (base.kind() == K::Pow) return pow(base.operands()[0], base.operands()[1] * exponent);
    if (base.kind() == K::Prod) {
        std::vector<Arith> factors;
        for (const Arith& f : base.operands()) factors.push_back(pow(f, exponent));
        return makeProd(factors);
    }
    if (exponent.isConstant()) {
        std::int64_t k = exponent.constant();
        if (base.kind() == K::Sum && k > 0 && k <= 8)
            return makeProd(std::vector<Arith>(static_cast<std::size_t>(k), base));
        if (base.kind() == K::Sum && k < 0) {
            // Divisors are kept primitive: (2*j + 4)^-1 = 2^-1 * (j + 2)^-1.
            if (auto split = sumContent(base))
                return makeProd({pow(split->first, exponent), mkNode(K::Pow, {split->second, exponent})});
        }
        return mkNode(K::Pow, {base, exponent});
    }
    if (base.isConstant() && base.constant() >= 2 && exponent.kind() == K::Sum &&
        exponent.operands()[0].isConstant()) {
        const Arith& c = exponent.operands()[0];
        return makeProd({pow(base, c), pow(base, exponent - c)});
    }
    return mkNode(K::Pow, {base, exponent});
}

// ---- floor division and modulo ----

namespace {

// Splits the terms of a into those that b divides (returned as quotients) and the rest.
bool splitMultiples(const Arith& a, const Arith& b, std::vector<Arith>& quotients,
                    std::vector<Arith>& rest) {
    std::vector<Arith> terms = a.kind() == K::Sum ? a.operands() : std::vector<Arith>{a};
    std::optional<std::vector<Arith>> facts;  // computed on first need
    for (const Arith& t : terms) {
        Arith q = exactDiv(t, b);
        bool divides = isIntegralForm(q);
        if (!divides) {
            if (!facts) facts = divisionFacts({a, b});
            divides = !facts->empty() && integralGiven(q, *facts);
        }
        (divides ? quotients : rest).push_back(divides ? q : t);
    }
    return !quotients.empty();
}

std::vector<Arith> termsOf(const Arith& a) {
    return a.kind() == K::Sum ? a.operands() : std::vector<Arith>{a};
}

}  // namespace

Arith intDiv(const Arith& a, const Arith& b) {
    if (b.isConstant() && b.constant() == 0)
        throw Error("division by zero in nat expression div(" + a.toString() + ", 0)");
    if (b.isConstant() && b.constant() == 1) return a;
    if (b.isConstant() && b.constant() == -1) return -a;
    if (a.isConstant() && b.isConstant()) return Arith(floorDiv(a.constant(), b.constant()));
    if (a.isConstant() && a.constant() == 0) return Arith(0);
    if (a == b) return Arith(1);

    std::vector<Arith> quotients, rest;
    if (splitMultiples(a, b, quotients, rest))
        return makeSum(quotients) + intDiv(makeSum(rest), b);

    // (g*x) / (g*c) -> x / c for a constant divisor sharing a factor with every coefficient.
    if (b.isConstant() && b.constant() > 1 && isIntegralForm(a)) {
        std::int64_t g = b.constant();
        for (const Arith& t : termsOf(a)) g = std::gcd(g, splitTerm(t).coef.num);
        if (g > 1) return intDiv(exactDiv(a, Arith(g)), Arith(b.constant() / g));
    }
    if (a.provablyNonNegative() && a.provablyLess(b)) return Arith(0);
    // (x / c) / b -> x / (c * b) for positive divisors.
    if (a.kind() == K::IntDiv && a.operands()[1].provablyPositive() && b.provablyPositive())
        return intDiv(a.operands()[0], a.operands()[1] * b);
    return mkNode(K::IntDiv, {a, b});
}

Arith mod(const Arith& a, const Arith& b) {
    if (b.isConstant() && b.constant() == 0)
        throw Error("modulo by zero in nat expression " + a.toString() + " % 0");
    if (b.isConstant() && (b.constant() == 1 || b.constant() == -1)) return Arith(0);
    if (a.isConstant() && b.isConstant()) return Arith(floorMod(a.constant(), b.constant()));
    if (a.isConstant() && a.constant() == 0) return Arith(0);
    if (a == b) return Arith(0);

    std::vector<Arith> quotients, rest;
    if (splitMultiples(a, b, quotients, rest)) return mod(makeSum(rest), b);

    // Reduce integer coefficients modulo a positive constant divisor, so that the sum is non-negative
    // (OpenCL's % needs that). An integral sum bounded below is instead shifted by a multiple of m to
    // be non-negative and keeps its small negative coefficients: reducing -k - 1 to (m-1)*k + m-1
    // would overflow 32-bit indices once (m-1)*k does (the mirror index of a 131072-point C2R:
    // (65536*k + 65536) % 65537).
    Arith x = a;
    if (b.isConstant() && b.constant() > 1) {
        const std::int64_t m = b.constant();
        // a with each integer coefficient of an integral term as floorMod(c, m), but for the
        // negative ones smaller than m in magnitude where `keepNegative`.
        auto reduced = [&](bool keepNegative) {
            std::vector<Arith> terms;
            for (const Arith& t : termsOf(a)) {
                const Term s = splitTerm(t);
                const bool keep = !s.coef.isInt() || !isIntegralForm(s.key) ||
                                  (keepNegative && s.coef.num < 0 && -s.coef.num < m);
                terms.push_back(keep ? t : buildTerm(Rat{floorMod(s.coef.num, m), 1}, s.key));
            }
            return makeSum(terms);
        };
        const bool integral = isIntegralForm(a);
        const Arith kept = integral ? reduced(true) : a;
        const std::optional<std::int64_t> low = integral ? kept.minConstant() : std::nullopt;
        if (low && *low > -(std::int64_t{1} << 40)) {
            x = *low < 0 ? kept + Arith((-*low + m - 1) / m * m) : kept;
        } else if (const Arith all = reduced(false); !(all == a)) {
            return mod(all, b);
        }
    }
    if (x.provablyNonNegative() && x.provablyLess(b)) return x;
    // (y % c) % b -> y % b when b divides c (both positive).
    if (x.kind() == K::Mod && b.provablyPositive() && x.operands()[1].provablyPositive() &&
        x.operands()[1].provablyDivisibleBy(b))
        return mod(x.operands()[0], b);
    return mkNode(K::Mod, {x, b});
}

// ---- min, max, log ----

namespace {

Arith minOrMax(const Arith& a, const Arith& b, bool isMin) {
    if (a.isConstant() && b.isConstant())
        return (a.constant() < b.constant()) == isMin ? a : b;
    if (a == b) return a;
    if ((b - a).provablyNonNegative()) return isMin ? a : b;
    if ((a - b).provablyNonNegative()) return isMin ? b : a;
    K kind = isMin ? K::Min : K::Max;
    return compare(a, b) < 0 ? mkNode(kind, {a, b}) : mkNode(kind, {b, a});
}

}  // namespace

Arith min(const Arith& a, const Arith& b) { return minOrMax(a, b, true); }
Arith max(const Arith& a, const Arith& b) { return minOrMax(a, b, false); }

Arith log(const Arith& base, const Arith& x) {
    if (base.isConstant() && base.constant() < 2)
        throw Error("log needs a base >= 2, found " + base.toString());
    if (x.isConstant() && x.constant() < 1)
        throw Error("log needs an argument >= 1, found " + x.toString());
    if (base.isConstant() && x.isConstant()) {
        std::int64_t b = base.constant(), v = x.constant(), k = 0;
        for (std::int64_t p = 1; p <= v / b; p *= b) ++k;
        return Arith(k);
    }
    if (auto k = exponentInBase(base, x)) return *k;
    return mkNode(K::Log, {base, x});
}

}  // namespace liftcl::ir
