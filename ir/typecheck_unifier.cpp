// Unification over type variables and length variables.
#include "ir/typecheck_unifier.hpp"

#include "ir/error.hpp"

#include <algorithm>

namespace liftcl::ir {

TypeP Unifier::freshType() { return Type::freshVar(); }

Arith Unifier::freshLength() {
    std::string name = "m" + std::to_string(nextLength_++);
    lengthVars_.insert(name);
    return Arith::var(name, 1);
}

Arith Unifier::resolve(const Arith& a) const {
    if (lengths_.empty()) return a;
    return a.substitute(lengths_);
}

TypeP Unifier::resolve(const TypeP& t) const {
    if (!t) return t;
    switch (t->kind) {
        case Type::Kind::Var: {
            auto it = types_.find(t->varId);
            return it == types_.end() ? t : resolve(it->second);
        }
        case Type::Kind::Scalar: return t;
        case Type::Kind::Tuple: {
            if (t->isVector()) return t;  // scalars only
            std::vector<TypeP> cs;
            for (const auto& c : t->elements) cs.push_back(resolve(c));
            return Type::tupleOf(std::move(cs));
        }
        case Type::Kind::Array: return Type::arrayOf(resolve(t->element), resolve(t->length));
        case Type::Kind::Function: {
            std::vector<TypeP> ps;
            for (const auto& p : t->elements) ps.push_back(resolve(p));
            return Type::functionOf(std::move(ps), resolve(t->element));
        }
    }
    return t;
}

bool Unifier::isFreeVar(const TypeP& t) const {
    return t && t->kind == Type::Kind::Var && !types_.count(t->varId);
}

void Unifier::bind(int varId, const TypeP& t) { types_[varId] = t; }

bool Unifier::occurs(int varId, const TypeP& t) const {
    const TypeP r = resolve(t);
    switch (r->kind) {
        case Type::Kind::Var: return r->varId == varId;
        case Type::Kind::Scalar: return false;
        case Type::Kind::Array: return occurs(varId, r->element);
        case Type::Kind::Tuple:
        case Type::Kind::Function:
            if (r->element && occurs(varId, r->element)) return true;
            return std::any_of(r->elements.begin(), r->elements.end(),
                               [&](const TypeP& c) { return occurs(varId, c); });
    }
    return false;
}

bool Unifier::unify(const TypeP& a0, const TypeP& b0) {
    const TypeP a = resolve(a0), b = resolve(b0);
    if (a->kind == Type::Kind::Var && b->kind == Type::Kind::Var && a->varId == b->varId)
        return true;
    if (a->kind == Type::Kind::Var) {
        if (occurs(a->varId, b)) return false;
        types_[a->varId] = b;
        return true;
    }
    if (b->kind == Type::Kind::Var) return unify(b, a);
    if (a->kind != b->kind) return false;
    switch (a->kind) {
        case Type::Kind::Scalar: return a->scalar == b->scalar;
        case Type::Kind::Array:
            return unify(a->element, b->element) && unifyLengths(a->length, b->length);
        case Type::Kind::Tuple:
        case Type::Kind::Function:
            if (a->vector != b->vector || a->elements.size() != b->elements.size()) return false;
            for (std::size_t k = 0; k < a->elements.size(); ++k)
                if (!unify(a->elements[k], b->elements[k])) return false;
            return a->kind == Type::Kind::Tuple || unify(a->element, b->element);
        case Type::Kind::Var: break;
    }
    return false;
}

bool Unifier::isFreeLengthVar(const Arith& a) const {
    return a.kind() == Arith::Kind::Var && lengthVars_.count(a.name()) &&
           !lengths_.count(a.name());
}

void Unifier::bindLength(const std::string& name, const Arith& value) {
    const std::map<std::string, Arith> one{{name, value}};
    for (auto& [k, v] : lengths_) v = v.substitute(one);
    lengths_[name] = value;
}

// Find X with expr[var := X] == target by inverting sums and products along the path to var.
std::optional<Arith> Unifier::solveFor(const std::string& var, const Arith& expr,
                                       const Arith& target) const {
    if (expr.kind() == Arith::Kind::Var && expr.name() == var) return target;
    auto mentions = [&](const Arith& e) {
        auto vs = e.variables();
        return std::find(vs.begin(), vs.end(), var) != vs.end();
    };
    if (expr.kind() != Arith::Kind::Sum && expr.kind() != Arith::Kind::Prod) return std::nullopt;
    const auto& ops = expr.operands();
    std::optional<std::size_t> which;
    for (std::size_t k = 0; k < ops.size(); ++k) {
        if (!mentions(ops[k])) continue;
        if (which) return std::nullopt;  // var occurs in two places: not invertible here
        which = k;
    }
    if (!which) return std::nullopt;
    const bool sum = expr.kind() == Arith::Kind::Sum;
    Arith rest = sum ? Arith(0) : Arith(1);
    for (std::size_t k = 0; k < ops.size(); ++k)
        if (k != *which) rest = sum ? rest + ops[k] : rest * ops[k];
    return solveFor(var, ops[*which], sum ? target - rest : exactDiv(target, rest));
}

bool Unifier::unifyLengths(const Arith& a0, const Arith& b0) {
    const Arith a = resolve(a0), b = resolve(b0);
    if (a == b) return true;
    for (const auto& [x, y] : {std::pair{a, b}, std::pair{b, a}}) {
        if (isFreeLengthVar(x)) {
            auto vs = y.variables();
            if (std::find(vs.begin(), vs.end(), x.name()) != vs.end()) continue;
            bindLength(x.name(), y);
            return true;
        }
    }
    // A length variable inside an expression, e.g. m0/p against n/p: solve and check.
    for (const auto& [x, y] : {std::pair{a, b}, std::pair{b, a}}) {
        std::vector<std::string> free;
        for (const auto& v : x.variables())
            if (lengthVars_.count(v) && !lengths_.count(v)) free.push_back(v);
        if (free.size() != 1) continue;
        auto yv = y.variables();
        if (std::find(yv.begin(), yv.end(), free[0]) != yv.end()) continue;
        try {
            auto solution = solveFor(free[0], x, y);
            if (solution && x.substitute({{free[0], *solution}}) == y) {
                bindLength(free[0], *solution);
                return true;
            }
        } catch (const Error&) {
            // the inversion hit a non-exact division: no solution of this form
        }
    }
    return false;
}

}  // namespace liftcl::ir
