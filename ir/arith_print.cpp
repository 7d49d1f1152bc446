// Printing Arith expressions: .lift surface syntax (toString) and OpenCL C (toC).
#include <string>

#include "ir/arith.hpp"
#include "ir/arith_node.hpp"
#include "ir/error.hpp"

namespace liftcl::ir {
namespace {

using namespace arith_detail;
using K = Arith::Kind;

// Precedence levels shared by both printers.
constexpr int kSum = 1;
constexpr int kProd = 2;
constexpr int kPow = 3;
constexpr int kAtom = 4;

std::string paren(const std::string& s, int own, int context) {
    return own < context ? "(" + s + ")" : s;
}

// An exponent whose every term is negative: the factor is a divisor.
bool isNegativeExponent(const Arith& e) {
    if (e.kind() == K::Sum) {
        for (const Arith& t : e.operands())
            if (splitTerm(t).coef.num >= 0) return false;
        return true;
    }
    return splitTerm(e).coef.num < 0;
}

// A product term split into numerator and denominator factors (coefficient included).
struct Fraction {
    std::vector<Arith> num, den;
};

Fraction fractionOf(const Term& t) {
    Fraction f;
    if (t.coef.num != 1 || t.key.isConstant()) f.num.push_back(Arith(t.coef.num));
    if (!t.key.isConstant()) {
        std::vector<Arith> factors =
            t.key.kind() == K::Prod ? t.key.operands() : std::vector<Arith>{t.key};
        for (const Arith& x : factors) {
            if (x.kind() == K::Pow && isNegativeExponent(x.operands()[1]))
                f.den.push_back(pow(x.operands()[0], -x.operands()[1]));
            else
                f.num.push_back(x);
        }
    }
    if (t.coef.den != 1) f.den.insert(f.den.begin(), Arith(t.coef.den));
    if (f.num.empty()) f.num.push_back(Arith(1));
    return f;
}

// ---- .lift syntax ----

std::string str(const Arith& a, int context);

std::string joinFactors(const std::vector<Arith>& fs, int context) {
    std::string s;
    for (std::size_t i = 0; i < fs.size(); ++i) s += (i ? "*" : "") + str(fs[i], context);
    return s;
}

// A term with a positive coefficient.
std::string termStr(const Term& t) {
    Fraction f = fractionOf(t);
    std::string s = joinFactors(f.num, kPow);
    if (f.den.empty()) return s;
    return s + "/" + (f.den.size() == 1 ? str(f.den[0], kPow) : "(" + joinFactors(f.den, kPow) + ")");
}

std::string sumStr(const std::vector<Arith>& terms) {
    // Non-constant terms first (constant last), and a positive term first where possible.
    std::vector<Term> ts;
    for (const Arith& t : terms)
        if (!splitTerm(t).key.isConstant()) ts.push_back(splitTerm(t));
    for (const Arith& t : terms)
        if (splitTerm(t).key.isConstant()) ts.push_back(splitTerm(t));
    for (std::size_t i = 0; i < ts.size(); ++i)
        if (ts[i].coef.num > 0) {
            std::rotate(ts.begin(), ts.begin() + static_cast<std::ptrdiff_t>(i),
                        ts.begin() + static_cast<std::ptrdiff_t>(i) + 1);
            break;
        }
    std::string s;
    for (std::size_t i = 0; i < ts.size(); ++i) {
        Term t = ts[i];
        bool negative = t.coef.num < 0;
        if (negative) t.coef = Rat{-t.coef.num, t.coef.den};
        if (i == 0)
            s += negative ? "-" : "";
        else
            s += negative ? " - " : " + ";
        s += termStr(t);
    }
    return s;
}

std::string call(const char* f, const Arith& a, const Arith& b) {
    return std::string(f) + "(" + str(a, 0) + ", " + str(b, 0) + ")";
}

std::string str(const Arith& a, int context) {
    const auto& ops = a.operands();
    switch (a.kind()) {
        case K::Cst:
            return paren(std::to_string(a.constant()), a.constant() < 0 ? kSum : kAtom, context);
        case K::Var: return a.name();
        case K::Sum: return paren(sumStr(ops), kSum, context);
        case K::Prod:
        case K::Pow: {
            Term t = splitTerm(a);
            if (t.coef.num < 0) return paren(sumStr({a}), kSum, context);
            if (a.kind() == K::Pow && !isNegativeExponent(ops[1]))
                return paren(str(ops[0], kAtom) + "^" + str(ops[1], kAtom), kPow, context);
            Fraction f = fractionOf(t);
            int own = f.num.size() == 1 && f.den.empty() ? kPow : kProd;
            return paren(termStr(t), own, context);
        }
        case K::IntDiv: return call("div", ops[0], ops[1]);
        case K::Mod: return paren(str(ops[0], kProd) + " % " + str(ops[1], kPow), kProd, context);
        case K::Min: return call("min", ops[0], ops[1]);
        case K::Max: return call("max", ops[0], ops[1]);
        case K::Log: return call("log", ops[0], ops[1]);
    }
    return "?";
}

// ---- OpenCL C ----

std::string cstr(const Arith& a, int context);

std::string cFactors(const std::vector<Arith>& fs) {
    std::string s;
    for (std::size_t i = 0; i < fs.size(); ++i) s += (i ? " * " : "") + cstr(fs[i], kPow);
    return s;
}

std::string cFraction(const Fraction& f, int context) {
    if (f.den.empty()) return paren(cFactors(f.num), f.num.size() == 1 ? kAtom : kProd, context);
    std::string num = f.num.size() == 1 ? cstr(f.num[0], kPow) : "(" + cFactors(f.num) + ")";
    std::string den = f.den.size() == 1 ? cstr(f.den[0], kPow) : "(" + cFactors(f.den) + ")";
    return paren(num + " / " + den, kProd, context);
}

bool hasDenominator(const Term& t) { return !fractionOf(t).den.empty(); }

std::string cSum(const std::vector<Arith>& terms) {
    // Exact divisions in a sum are printed over one common denominator, since only the sum of
    // the fractional terms is known to be an integer.
    std::vector<Term> whole, fractional;
    for (const Arith& t : terms) {
        Term s = splitTerm(t);
        (hasDenominator(s) ? fractional : whole).push_back(s);
    }
    std::string s;
    auto append = [&](const Term& t0) {
        Term t = t0;
        bool negative = t.coef.num < 0;
        if (negative) t.coef = Rat{-t.coef.num, t.coef.den};
        if (s.empty())
            s += negative ? "-" : "";
        else
            s += negative ? " - " : " + ";
        s += cFraction(fractionOf(t), kProd);
    };
    for (const Term& t : whole)
        if (!t.key.isConstant()) append(t);
    if (!fractional.empty()) {
        std::vector<Arith> dens;
        for (const Term& t : fractional)
            for (const Arith& d : fractionOf(t).den)
                if (std::find(dens.begin(), dens.end(), d) == dens.end()) dens.push_back(d);
        Arith common = makeProd(dens);
        std::vector<Arith> nums;
        for (const Term& t : fractional) nums.push_back(buildTerm(t.coef, t.key) * common);
        Arith numerator = makeSum(nums);
        std::string frac = "(" + cstr(numerator, kSum) + ") / " + cstr(common, kPow);
        s += s.empty() ? frac : " + " + frac;
    }
    for (const Term& t : whole)
        if (t.key.isConstant()) append(t);
    return s;
}

// A dividend whose bounds allow a negative value (unknown bounds: taken as non-negative, as the
// simplifier builds remainders and quotients of non-negative sums).
bool mayBeNegative(const Arith& x) {
    if (x.provablyNonNegative()) return false;
    const std::optional<std::int64_t> low = x.minConstant();
    return low && *low < 0;
}

std::optional<int> log2Const(const Arith& b) {
    if (!b.isConstant() || b.constant() <= 0) return std::nullopt;
    std::int64_t v = b.constant();
    if ((v & (v - 1)) != 0) return std::nullopt;
    int k = 0;
    while (v > 1) {
        v >>= 1;
        ++k;
    }
    return k;
}

std::string cstr(const Arith& a, int context) {
    const auto& ops = a.operands();
    switch (a.kind()) {
        case K::Cst:
            return paren(std::to_string(a.constant()), a.constant() < 0 ? kSum : kAtom, context);
        case K::Var: return a.name();
        case K::Sum: return paren(cSum(ops), kSum, context);
        case K::Prod: {
            Term t = splitTerm(a);
            if (t.coef.num < 0) return paren(cSum({a}), kSum, context);
            return cFraction(fractionOf(t), context);
        }
        case K::Pow: {
            const Arith& b = ops[0];
            const Arith& e = ops[1];
            if (isNegativeExponent(e)) return cFraction(fractionOf(splitTerm(a)), context);
            if (e.isConstant() && e.constant() > 16)
                throw Error("cannot print the nat expression " + a.toString() +
                            " as OpenCL C: exponent too large to expand");
            if (e.isConstant()) {
                std::vector<Arith> copies(static_cast<std::size_t>(e.constant()), b);
                return paren(cFactors(copies), kProd, context);
            }
            if (auto k = log2Const(b)) {
                std::string shift = *k == 1 ? cstr(e, kSum) : cstr(Arith(*k) * e, kSum);
                return "(1 << (" + shift + "))";
            }
            throw Error("cannot print the nat expression " + a.toString() +
                        " as OpenCL C: a power with a symbolic exponent needs a power-of-two base");
        }
        // Floor division and its remainder, as Arith means them. C's / and % truncate, which agrees
        // for a non-negative dividend only; a power of two divisor is a shift and a mask (floor in
        // two's complement), another positive constant is corrected where the dividend may be
        // negative (a bounded sum that keeps its negative coefficients: ir::mod, ir::intDiv).
        case K::IntDiv: {
            if (auto k = log2Const(ops[1]))
                return "(" + cstr(ops[0], kAtom) + " >> " + std::to_string(*k) + ")";
            if (ops[1].isConstant() && ops[1].constant() > 0 && mayBeNegative(ops[0])) {
                const std::string x = cstr(ops[0], kAtom), m = std::to_string(ops[1].constant());
                return "((" + x + " - ((" + x + " % " + m + " + " + m + ") % " + m + ")) / " + m + ")";
            }
            return paren(cstr(ops[0], kProd) + " / " + cstr(ops[1], kPow), kProd, context);
        }
        case K::Mod: {
            if (auto k = log2Const(ops[1]))
                return "(" + cstr(ops[0], kAtom) + " & " + std::to_string(ops[1].constant() - 1) + ")";
            if (ops[1].isConstant() && ops[1].constant() > 0 && mayBeNegative(ops[0])) {
                const std::string m = std::to_string(ops[1].constant());
                return "((" + cstr(ops[0], kProd) + " % " + m + " + " + m + ") % " + m + ")";
            }
            return paren(cstr(ops[0], kProd) + " % " + cstr(ops[1], kPow), kProd, context);
        }
        case K::Min: return "min(" + cstr(ops[0], 0) + ", " + cstr(ops[1], 0) + ")";
        case K::Max: return "max(" + cstr(ops[0], 0) + ", " + cstr(ops[1], 0) + ")";
        case K::Log:
            if (ops[0].isConstant() && ops[0].constant() == 2)
                return "(31 - clz(" + cstr(ops[1], 0) + "))";
            throw Error("cannot print the nat expression " + a.toString() +
                        " as OpenCL C: only log(2, x) of a symbolic x is supported");
    }
    return "?";
}

}  // namespace

std::string Arith::toString() const { return str(*this, 0); }
std::string Arith::toC() const { return cstr(*this, 0); }

}  // namespace liftcl::ir
