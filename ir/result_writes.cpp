// The result chain of a program and the memory a function decides (see result_writes.hpp).
#include "ir/result_writes.hpp"

#include <map>


namespace liftcl::ir {

namespace {

ExprP asExpr(const Node& n) {
    const auto* e = std::get_if<ExprP>(&n);
    return e ? *e : nullptr;
}
FunP asFun(const Node& n) {
    const auto* f = std::get_if<FunP>(&n);
    return f ? *f : nullptr;
}

class ChainWalker {
public:
    ResultChain chain;

    void expr(const Path& p, const ExprP& e, std::optional<Prim> memory) {
        chain.onChain.insert(p);
        if (e->kind == Expr::Kind::Param) {
            // A parameter of a lambda applied on the chain stands for its argument.
            if (auto it = bindings_.find(e.get()); it != bindings_.end()) {
                auto [argPath, arg] = it->second;
                expr(argPath, arg, memory);
                return;
            }
        }
        if (e->kind != Expr::Kind::Call) {
            chain.uncomputed.push_back(p);
            return;
        }
        const FunP& f = e->fun;
        if (f->kind == Fun::Kind::Lambda && f->params.size() == e->args.size()) {
            chain.onChain.insert(at(p, 0));
            for (std::size_t k = 0; k < f->params.size(); ++k)
                bindings_[f->params[k].get()] = {at(p, static_cast<int>(k) + 1), e->args[k]};
            expr(at(at(p, 0), 0), f->body, memory);
            for (const auto& param : f->params) bindings_.erase(param.get());
            return;
        }
        if (f->kind == Fun::Kind::Prim && (isDataLayout(f->prim) || f->prim == Prim::Id) &&
            f->prim != Prim::Array && f->prim != Prim::CArray) {
            chain.onChain.insert(at(p, 0));
            for (std::size_t k = 0; k < e->args.size(); ++k)
                expr(at(p, static_cast<int>(k) + 1), e->args[k], memory);
            return;
        }
        if (f->kind == Fun::Kind::Prim && f->prim == Prim::Map && isViewFunction(f->funs.at(0))) {
            // A high-level map of a layout function only rearranges its input.
            chain.onChain.insert(at(p, 0));
            expr(at(p, 1), e->args.at(0), memory);
            return;
        }
        fun(at(p, 0), f, memory, /*appliedByMap=*/false);
    }

    // Computes nothing and copies nothing: layout primitives and lambdas of them.
    static bool isViewFunction(const Node& n) {
        if (auto f = asFun(n); f && f->kind == Fun::Kind::Prim) {
            // Constructors, and a scatter (its index function says where elements go).
            if (f->prim == Prim::Array || f->prim == Prim::CArray || f->prim == Prim::Scatter) return true;
            if (!isDataLayout(f->prim) && f->prim != Prim::Map) return false;
        }
        if (auto f = asFun(n); f && f->kind == Fun::Kind::UserFun) return false;
        for (const auto& c : children(n))
            if (!isViewFunction(c)) return false;
        return true;
    }

    // The values a function returns when applied; appliedByMap: called once per element by a
    // map, so even `id` writes a copy.
    void fun(const Path& p, const FunP& f, std::optional<Prim> memory, bool appliedByMap) {
        chain.onChain.insert(p);
        switch (f->kind) {
            case Fun::Kind::Lambda: expr(at(p, 0), f->body, memory); return;
            case Fun::Kind::UserFun: chain.writes.push_back({p, memory}); return;
            case Fun::Kind::Prim: break;
        }
        if (isReduceLike(f->prim)) {
            chain.writes.push_back({p, memory});
            return;
        }
        if (isMapLike(f->prim) || f->prim == Prim::Iterate) {
            fun(at(p, 0), f->funs.at(0), memory, isMapLike(f->prim));
            return;
        }
        if (isMemoryPrim(f->prim)) {
            fun(at(p, 0), f->funs.at(0), f->prim, appliedByMap);
            return;
        }
        if (f->prim == Prim::Id && appliedByMap) {
            chain.writes.push_back({p, memory});
            return;
        }
        chain.uncomputed.push_back(p);  // a layout function (or constructor) computes nothing
    }

private:
    std::map<const Expr*, std::pair<Path, ExprP>> bindings_;

    static Path at(const Path& p, int k) {
        Path q = p;
        q.push_back(k);
        return q;
    }
};

}  // namespace

namespace {

// The memory the function a lambda body returns decides, seen through data-layout calls.
std::optional<Prim> bodyMemory(const ExprP& e) {
    if (!e || e->kind != Expr::Kind::Call) return std::nullopt;
    const FunP& f = e->fun;
    if (f->kind == Fun::Kind::Prim && isDataLayout(f->prim) && !e->args.empty()) {
        for (const auto& a : e->args)
            if (auto m = bodyMemory(a)) return m;
        return std::nullopt;
    }
    return resultMemory(f);
}

}  // namespace

std::optional<Prim> resultMemory(const FunP& f) {
    switch (f->kind) {
        case Fun::Kind::UserFun: return std::nullopt;
        case Fun::Kind::Lambda: return bodyMemory(f->body);
        case Fun::Kind::Prim: break;
    }
    if (isMemoryPrim(f->prim)) return f->prim;
    if (f->prim == Prim::ReduceSeq || f->prim == Prim::ReduceSeqUnroll || f->prim == Prim::Reduce) return Prim::ToPrivate;
    if (isMapLike(f->prim) && !f->funs.empty()) return resultMemory(f->funs[0]);
    return std::nullopt;
}

ResultChain resultChain(const Node& root) {
    ChainWalker w;
    if (auto f = asFun(root))
        w.fun({}, f, std::nullopt, false);
    else
        w.expr({}, asExpr(root), std::nullopt);
    return w.chain;
}

}  // namespace liftcl::ir
