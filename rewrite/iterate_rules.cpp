// Unrolling an iteration with a constant count (thesis 3.3: an FFT is iterate over its passes):
//   iterate[i](k, f) -> f[i := k-1] o ... o f[i := 0]
// Each copy of f gets fresh lambda parameters (so the copies can be typed and rewritten
// independently) and the iteration index replaced by its value in every length, nat argument
// and user function static argument. A nested iterate that binds the same name shadows it.
#include "rewrite/ir_helpers.hpp"
#include "rewrite/rules.hpp"

namespace liftcl::rewrite {

using namespace ir;

namespace {

constexpr std::int64_t kMaxUnrolledIterations = 64;

class Instantiation {
public:
    Instantiation(const std::string& binder, std::int64_t value) : subst_{{binder, Arith(value)}} {}

    FunP fun(const FunP& f) {
        switch (f->kind) {
            case Fun::Kind::Lambda: {
                std::vector<ExprP> params;
                for (const auto& p : f->params) {
                    TypeP t = p->declaredType ? substituteLengths(p->declaredType, subst_) : nullptr;
                    auto fresh = makeParam(p->name, t, p->loc);
                    renamed_[p.get()] = fresh;
                    params.push_back(fresh);
                }
                return makeLambda(params, expr(f->body), f->loc);
            }
            case Fun::Kind::UserFun: {
                std::vector<Arith> statics;
                for (const auto& s : f->staticArgs) statics.push_back(s.substitute(subst_));
                return makeUserFun(f->userFun, statics, f->loc);
            }
            case Fun::Kind::Prim: break;
        }
        auto copy = std::make_shared<Fun>(*f);
        copy->type = nullptr;
        // A nested iterate rebinding the name: its body keeps its own index.
        const bool shadows = f->prim == Prim::Iterate && subst_.count(f->binder) > 0;
        for (auto& n : copy->nats) n = n.substitute(subst_);
        if (shadows) return copy;
        for (auto& g : copy->funs) g = fun(g);
        for (auto& x : copy->exprs) x = expr(x);
        return copy;
    }

    ExprP expr(const ExprP& e) {
        switch (e->kind) {
            case Expr::Kind::Param: {
                auto it = renamed_.find(e.get());
                return it == renamed_.end() ? e : it->second;
            }
            case Expr::Kind::Literal: return makeLiteral(e->literal, e->literalType, e->loc);
            case Expr::Kind::Call: break;
        }
        FunP f = fun(e->fun);
        std::vector<ExprP> args;
        for (const auto& a : e->args) args.push_back(expr(a));
        return makeCall(f, args, e->loc);
    }

private:
    std::map<std::string, Arith> subst_;
    std::map<const Expr*, ExprP> renamed_;
};

}  // namespace

FunP unrollIterate(const FunP& iterate) {
    auto count = iterate->nats.at(0).tryConstant();
    if (!count || *count < 0 || *count > kMaxUnrolledIterations) return nullptr;
    auto x = freshParam("it");
    ExprP body = x;
    for (std::int64_t i = 0; i < *count; ++i) {
        FunP step = iterate->binder.empty() ? Instantiation("", 0).fun(iterate->funs.at(0))
                                            : Instantiation(iterate->binder, i).fun(iterate->funs.at(0));
        body = makeCall(step, {body}, iterate->loc);
    }
    return makeLambda({x}, body, iterate->loc);
}

Rule iterateUnroll() {
    return makeRule("iterate-unroll", "iterate[i](k, f) -> f[i:=k-1] o ... o f[i:=0], k constant (at most 64)",
                    [](const Node& n, const Context&) -> std::optional<Node> {
                        auto f = asFun(n);
                        if (!isPrim(f, Prim::Iterate)) return std::nullopt;
                        auto unrolled = unrollIterate(f);
                        if (!unrolled) return std::nullopt;
                        return Node(unrolled);
                    });
}

}  // namespace liftcl::rewrite
