// Alpha-equivalence and a structural hash consistent with it.
//
// Lambda parameters are matched by position (a parameter bound in `a` corresponds to the one bound
// at the same place in `b`); free parameters must be the same node. The iteration variable of
// iterate[i] is a binder too: iterate[i](k, f) and iterate[j](k, f[i := j]) are alpha-equal.
#include <functional>
#include <map>

#include "ir/expr.hpp"
#include "ir/userfun.hpp"

namespace liftcl::ir {

namespace {

class AlphaComparer {
public:
    bool exprs(const ExprP& a, const ExprP& b) {
        if (a == b && params_.empty() && natRenames_.empty()) return true;
        if (a->kind != b->kind) return false;
        switch (a->kind) {
            case Expr::Kind::Param: {
                auto it = params_.find(a.get());
                if (it != params_.end()) return it->second == b.get();
                return a == b;
            }
            case Expr::Kind::Literal:
                return a->literal == b->literal && sameType(a->literalType, b->literalType);
            case Expr::Kind::Call:
                if (a->args.size() != b->args.size() || !funs(a->fun, b->fun)) return false;
                for (std::size_t k = 0; k < a->args.size(); ++k)
                    if (!exprs(a->args[k], b->args[k])) return false;
                return true;
        }
        return false;
    }

    bool funs(const FunP& a, const FunP& b) {
        if (a->kind != b->kind) return false;
        switch (a->kind) {
            case Fun::Kind::Lambda: {
                if (a->params.size() != b->params.size()) return false;
                for (std::size_t k = 0; k < a->params.size(); ++k)
                    params_[a->params[k].get()] = b->params[k].get();
                bool eq = exprs(a->body, b->body);
                for (const auto& p : a->params) params_.erase(p.get());
                return eq;
            }
            case Fun::Kind::UserFun:
                return a->userFun->name == b->userFun->name &&
                       sameType(a->userFun->returnType, b->userFun->returnType) &&
                       nats(a->staticArgs, b->staticArgs);
            case Fun::Kind::Prim: return prims(*a, *b);
        }
        return false;
    }

private:
    bool prims(const Fun& a, const Fun& b) {
        if (a.prim != b.prim || a.intArg != b.intArg || a.funs.size() != b.funs.size() ||
            a.exprs.size() != b.exprs.size() || a.binder.empty() != b.binder.empty() ||
            !nats(a.nats, b.nats))
            return false;
        for (std::size_t k = 0; k < a.exprs.size(); ++k)
            if (!exprs(a.exprs[k], b.exprs[k])) return false;
        // The iteration variable is in scope only in the function arguments.
        std::optional<Arith> saved;
        if (!a.binder.empty()) {
            auto it = natRenames_.find(a.binder);
            if (it != natRenames_.end()) saved = it->second;
            Arith extent = b.nats.empty() ? Arith(1) : b.nats[0];
            natRenames_[a.binder] = Arith::var(b.binder, 0, extent);
        }
        bool eq = true;
        for (std::size_t k = 0; eq && k < a.funs.size(); ++k) eq = funs(a.funs[k], b.funs[k]);
        if (!a.binder.empty()) {
            if (saved) natRenames_[a.binder] = *saved;
            else natRenames_.erase(a.binder);
        }
        return eq;
    }

    bool nats(const std::vector<Arith>& a, const std::vector<Arith>& b) {
        if (a.size() != b.size()) return false;
        for (std::size_t k = 0; k < a.size(); ++k) {
            const Arith lhs = natRenames_.empty() ? a[k] : a[k].substitute(natRenames_);
            if (lhs != b[k]) return false;
        }
        return true;
    }

    static bool sameType(const TypeP& a, const TypeP& b) {
        if (!a || !b) return a == b;
        return typesEqual(a, b);
    }

    std::map<const Expr*, const Expr*> params_;
    std::map<std::string, Arith> natRenames_;
};

void combine(std::size_t& seed, std::size_t value) {
    seed ^= value + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2);
}

class Hasher {
public:
    std::size_t expr(const ExprP& e) {
        std::size_t h = static_cast<std::size_t>(e->kind) + 1;
        switch (e->kind) {
            case Expr::Kind::Param: {
                auto it = params_.find(e.get());
                if (it != params_.end()) combine(h, std::hash<std::size_t>{}(it->second));
                else combine(h, std::hash<const void*>{}(e.get()));
                break;
            }
            case Expr::Kind::Literal:
                for (double d : e->literal) combine(h, std::hash<double>{}(d));
                break;
            case Expr::Kind::Call:
                combine(h, fun(e->fun));
                for (const auto& a : e->args) combine(h, expr(a));
                break;
        }
        return h;
    }

    std::size_t fun(const FunP& f) {
        std::size_t h = 100 + static_cast<std::size_t>(f->kind);
        switch (f->kind) {
            case Fun::Kind::Lambda: {
                // Bound parameters hash by binding position (de Bruijn style).
                for (std::size_t k = 0; k < f->params.size(); ++k)
                    params_[f->params[k].get()] = nextParam_ * 1000003ULL + k;
                ++nextParam_;
                combine(h, f->params.size());
                combine(h, expr(f->body));
                --nextParam_;
                for (const auto& p : f->params) params_.erase(p.get());
                break;
            }
            case Fun::Kind::UserFun:
                combine(h, std::hash<std::string>{}(f->userFun->name));
                for (const auto& a : f->staticArgs) combine(h, nat(a));
                break;
            case Fun::Kind::Prim: {
                combine(h, static_cast<std::size_t>(f->prim));
                combine(h, static_cast<std::size_t>(f->intArg));
                for (const auto& a : f->nats) combine(h, nat(a));
                for (const auto& x : f->exprs) combine(h, expr(x));
                std::optional<Arith> saved;
                if (!f->binder.empty()) {
                    auto it = natRenames_.find(f->binder);
                    if (it != natRenames_.end()) saved = it->second;
                    natRenames_[f->binder] =
                        Arith::var("%iter" + std::to_string(nextBinder_++), 0);
                }
                for (const auto& g : f->funs) combine(h, fun(g));
                if (!f->binder.empty()) {
                    --nextBinder_;
                    if (saved) natRenames_[f->binder] = *saved;
                    else natRenames_.erase(f->binder);
                }
                break;
            }
        }
        return h;
    }

private:
    std::size_t nat(const Arith& a) {
        const Arith canonical = natRenames_.empty() ? a : a.substitute(natRenames_);
        return std::hash<std::string>{}(canonical.toString());
    }

    std::map<const Expr*, std::size_t> params_;
    std::size_t nextParam_ = 0;
    int nextBinder_ = 0;
    std::map<std::string, Arith> natRenames_;
};

}  // namespace

bool alphaEqual(const Node& a, const Node& b) {
    AlphaComparer cmp;
    if (a.index() != b.index()) return false;
    if (const auto* ea = std::get_if<ExprP>(&a)) return cmp.exprs(*ea, std::get<ExprP>(b));
    return cmp.funs(std::get<FunP>(a), std::get<FunP>(b));
}

bool alphaEqual(const FunP& a, const FunP& b) {
    AlphaComparer cmp;
    return cmp.funs(a, b);
}

std::size_t structuralHash(const Node& n) {
    Hasher h;
    if (const auto* e = std::get_if<ExprP>(&n)) return h.expr(*e);
    return h.fun(std::get<FunP>(n));
}

}  // namespace liftcl::ir
