// Private representation of Arith expressions, shared by the ir/arith*.cpp files only.
//
// Canonical forms maintained by the constructors (ir/arith_simplify.cpp):
//   * Sum: >= 2 flattened terms, like terms combined, terms sorted by their non-constant part,
//     the constant term (if any) first.
//   * Prod: >= 2 flattened factors laid out as [integer coefficient] sorted-factors
//     [Pow(denominator, -1)]: the constant part is a reduced rational num/den. Factors with the
//     same base have their exponents added (p^i * p = p^(i+1)). Negative exponents are exact
//     division.
//   * Pow: never a constant base with a constant exponent; a constant base never has a constant
//     term in its exponent (2^(i+1) is 2 * 2^i); a product base is distributed.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ir/arith.hpp"

namespace liftcl::ir {

struct ArithNode {
    Arith::Kind kind = Arith::Kind::Cst;
    std::int64_t value = 0;       // Cst
    std::string name;             // Var
    std::optional<Arith> lo, hi;  // Var range: lo <= v < hi
    std::vector<Arith> ops;       // Sum/Prod: terms; others: the operands
    std::size_t hash = 0;
};

namespace arith_detail {

// An exact rational with a positive denominator, reduced; arithmetic throws on overflow.
struct Rat {
    std::int64_t num = 0;
    std::int64_t den = 1;
    static Rat of(std::int64_t n, std::int64_t d);
    bool isInt() const { return den == 1; }
    bool isZero() const { return num == 0; }
    std::int64_t floor() const;
    std::int64_t ceil() const;
};
Rat operator+(Rat a, Rat b);
Rat operator-(Rat a, Rat b);
Rat operator*(Rat a, Rat b);
Rat operator/(Rat a, Rat b);
bool operator==(Rat a, Rat b);
bool operator<(Rat a, Rat b);
std::int64_t checkedAdd(std::int64_t a, std::int64_t b);
std::int64_t checkedMul(std::int64_t a, std::int64_t b);
std::int64_t checkedPow(std::int64_t base, std::int64_t exponent);  // exponent >= 0
std::int64_t floorDiv(std::int64_t a, std::int64_t b);
std::int64_t floorMod(std::int64_t a, std::int64_t b);

// Node constructors without simplification (the caller guarantees canonical form).
Arith mkNode(Arith::Kind kind, std::vector<Arith> ops);
Arith mkVar(const std::string& name, Arith lo, std::optional<Arith> hi);

// Canonicalising constructors.
Arith makeSum(const std::vector<Arith>& terms);
Arith makeProd(const std::vector<Arith>& factors);
Arith ratConst(Rat r);  // integer constant or num * den^-1

// A term of a sum split into its rational coefficient and its non-constant part ("key", 1 for a
// constant term).
struct Term {
    Rat coef;
    Arith key;
};
Term splitTerm(const Arith& term);
Arith buildTerm(Rat coef, const Arith& key);

// The expression as a rational constant, if it is one (integer, 1/d, n/d).
std::optional<Rat> tryRational(const Arith& a);
// True when the canonical form has integer values for every integer valuation: no negative
// exponents and no fractional coefficients (exact divisions are not counted as integral).
bool isIntegralForm(const Arith& a);
// Exact divisions a/b that appear in the ranges of the variables of exprs: by contract b divides
// a, which lets (L*i)/p be an integer when some index runs over [0, L/p).
std::vector<Arith> divisionFacts(const std::vector<Arith>& exprs);
// isIntegralForm, or a term that is an integral multiple of one of the facts.
bool integralGiven(const Arith& q, const std::vector<Arith>& facts);
// Three-way structural comparison of canonical forms.
int compare(const Arith& a, const Arith& b);

// If x is base^k (for a constant base also through its prime power: 8 = 2^3), returns k.
std::optional<Arith> exponentIn(const Arith& base, const Arith& x);

// Cheap sign facts from the structure and variable lower bounds only.
bool structurallyNonNegative(const Arith& a);
bool structurallyPositive(const Arith& a);

// Guard against deep mutual recursion between simplification and proofs.
struct ProofDepthGuard {
    ProofDepthGuard();
    ~ProofDepthGuard();
    ProofDepthGuard(const ProofDepthGuard&) = delete;
    ProofDepthGuard& operator=(const ProofDepthGuard&) = delete;
    bool tooDeep() const;
};

}  // namespace arith_detail
}  // namespace liftcl::ir
