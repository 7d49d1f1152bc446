#include "ir/computing.hpp"

#include "ir/userfun.hpp"

namespace liftcl::ir {

bool computes(const Node& n) {
    if (const auto* f = std::get_if<FunP>(&n)) {
        if ((*f)->kind == Fun::Kind::UserFun) return true;
        if ((*f)->kind == Fun::Kind::Prim) {
            if (isReduceLike((*f)->prim)) return true;
            // Its index function says where elements go: a layout, as a generator's function.
            if ((*f)->prim == Prim::Scatter) return false;
            if ((*f)->prim == Prim::Array || (*f)->prim == Prim::CArray) {
                for (const auto& x : (*f)->exprs)
                    if (computes(x)) return true;
                return false;
            }
        }
    }
    for (const auto& c : children(n))
        if (computes(c)) return true;
    return false;
}

bool writesValues(const FunP& f) {
    switch (f->kind) {
        case Fun::Kind::UserFun: return true;
        case Fun::Kind::Lambda: return containsValueWrites(f->body);
        case Fun::Kind::Prim: break;
    }
    if (f->prim == Prim::Map) return !f->funs.empty() && writesValues(f->funs[0]);
    if (isDataLayout(f->prim)) return false;
    return true;  // id, low-level maps, reductions, toX, iterate
}

bool containsValueWrites(const ExprP& e) {
    if (e->kind != Expr::Kind::Call) return false;
    if (writesValues(e->fun)) return true;
    for (const auto& a : e->args)
        if (containsValueWrites(a)) return true;
    return false;
}

}  // namespace liftcl::ir
