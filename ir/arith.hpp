// Symbolic integer expressions: array lengths, primitive arguments and index expressions.
//
// An Arith is an immutable value (a shared pointer to a node). Construction through the
// operators and factory functions always returns a *simplified* expression, so two expressions
// that are equal after simplification compare equal with ==.
//
// Two kinds of division exist on purpose:
//   * exact division  a / b  written exactDiv(a, b): used by types (split(m) on [T]n gives
//     [[T]m]{n/m}); represented as the product a * b^-1, so (n/m)*m simplifies to n. Evaluating it
//     on a valuation where b does not divide a is an error.
//   * floor division  intDiv(a, b) and modulo  mod(a, b): used by index expressions; simplified with
//     ranges ((a*c + b) / c -> a when 0 <= b < c, x % n -> x when 0 <= x < n).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace liftcl::ir {

class Arith;
struct ArithNode;

// Valuation of variables by name (nat parameters and loop indices).
using Valuation = std::map<std::string, std::int64_t>;

class Arith {
public:
    enum class Kind {
        Cst,     // integer constant
        Var,     // named variable with a range [lo, hi)
        Sum,     // canonical sum of terms (constant term first)
        Prod,    // canonical product of factors (constant first); factors may be Pow with negative
                 // exponent = exact division
        Pow,     // base ^ exponent (exponent may be symbolic or a negative constant)
        IntDiv,  // floor division
        Mod,     // modulo (non-negative operands in every use the compiler makes)
        Min,
        Max,
        Log,     // floor(log_base(x)); exact on powers: log(b, b^k) = k
    };

    Arith();                       // 0
    Arith(std::int64_t constant);  // NOLINT: implicit on purpose, so `n * 2` reads naturally
    Arith(int constant) : Arith(static_cast<std::int64_t>(constant)) {}

    // A variable. `lo` and `hi` bound it: lo <= v < hi. A missing hi means unbounded above.
    // Nat parameters are var(name, 1); loop indices are var(name, 0, extent).
    static Arith var(const std::string& name, Arith lo = Arith(0),
                     std::optional<Arith> hi = std::nullopt);

    Kind kind() const;
    bool isConstant() const { return kind() == Kind::Cst; }
    std::int64_t constant() const;                  // requires isConstant()
    std::optional<std::int64_t> tryConstant() const;
    const std::string& name() const;                // requires Var
    const Arith& lo() const;                        // requires Var
    const std::optional<Arith>& hi() const;         // requires Var
    const std::vector<Arith>& operands() const;     // Sum/Prod terms; Pow/IntDiv/Mod/Min/Max/Log: 2

    // Evaluation: every variable must be in the valuation; throws liftcl::Error otherwise, or when
    // an exact division is not exact, or on division by zero.
    std::int64_t evaluate(const Valuation& values) const;
    // Replace variables (by name) with expressions, then simplify.
    Arith substitute(const std::map<std::string, Arith>& replacements) const;
    // Names of all free variables.
    std::vector<std::string> variables() const;

    // Symbolic bounds from variable ranges (inclusive). nullopt when unbounded/unknown.
    std::optional<Arith> minValue() const;
    std::optional<Arith> maxValue() const;
    // Numeric bounds when they can be decided (e.g. for a loop index with a constant extent).
    std::optional<std::int64_t> minConstant() const;
    std::optional<std::int64_t> maxConstant() const;

    // Decision procedures used by rules and the type checker. They answer true only when proven.
    bool provablyNonNegative() const;
    bool provablyPositive() const;
    bool provablyLess(const Arith& other) const;      // this < other
    bool provablyDivisibleBy(const Arith& divisor) const;
    bool provablyNotDivisibleBy(const Arith& divisor) const;  // e.g. 8 and 3
    // If this is 2^k (k a constant or symbolic), returns k.
    std::optional<Arith> log2IfPowerOfTwo() const;

    // Printing: `toString` is the .lift surface syntax (parses back); `toC` prints an OpenCL C
    // expression (powers of two as shifts and masks where the operands are known non-negative).
    std::string toString() const;
    std::string toC() const;

    friend bool operator==(const Arith& a, const Arith& b);
    friend bool operator!=(const Arith& a, const Arith& b) { return !(a == b); }
    // Total order on canonical forms (for canonical sorting and std::map keys).
    friend bool operator<(const Arith& a, const Arith& b);

    const ArithNode* node() const { return node_.get(); }
    explicit Arith(std::shared_ptr<const ArithNode> node) : node_(std::move(node)) {}

private:
    std::shared_ptr<const ArithNode> node_;
};

Arith operator+(const Arith& a, const Arith& b);
Arith operator-(const Arith& a, const Arith& b);
Arith operator-(const Arith& a);
Arith operator*(const Arith& a, const Arith& b);
Arith exactDiv(const Arith& a, const Arith& b);  // a / b, b known to divide a (type lengths)
Arith intDiv(const Arith& a, const Arith& b);    // floor(a / b)
Arith mod(const Arith& a, const Arith& b);
Arith pow(const Arith& base, const Arith& exponent);
Arith min(const Arith& a, const Arith& b);
Arith max(const Arith& a, const Arith& b);
Arith log(const Arith& base, const Arith& x);

}  // namespace liftcl::ir
