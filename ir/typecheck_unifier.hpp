// Unification over type variables and length variables (private to the type checker).
//
// Type variables are Type::Var nodes; length variables are Arith variables this unifier created
// (named m0, m1, ...). Nat parameters of the program (n, L, p) are rigid: they never get bound.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>

#include "ir/type.hpp"

namespace liftcl::ir {

class Unifier {
public:
    TypeP freshType();
    Arith freshLength();

    // Apply the current substitution everywhere in a type.
    TypeP resolve(const TypeP& t) const;
    Arith resolve(const Arith& a) const;

    // Make two types (or lengths) equal by binding variables. False when impossible; bindings made
    // before a failure stay (callers report an error then).
    bool unify(const TypeP& a, const TypeP& b);
    bool unifyLengths(const Arith& a, const Arith& b);

    // Bind a type variable that is still free (used to default literals).
    bool isFreeVar(const TypeP& t) const;
    void bind(int varId, const TypeP& t);

private:
    bool occurs(int varId, const TypeP& t) const;
    bool isFreeLengthVar(const Arith& a) const;
    void bindLength(const std::string& name, const Arith& value);
    std::optional<Arith> solveFor(const std::string& var, const Arith& expr,
                                  const Arith& target) const;

    std::map<int, TypeP> types_;
    std::set<std::string> lengthVars_;            // every length variable created here
    std::map<std::string, Arith> lengths_;        // bound ones (kept fully substituted)
    int nextLength_ = 0;
};

}  // namespace liftcl::ir
