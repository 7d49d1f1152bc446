#include "codegen/address_space.hpp"

namespace liftcl::codegen {

using ir::Prim;

namespace {

// The function whose result a lambda body returns, seen through data-layout calls (a layout
// change of a computed value is a permuted write into the same memory).
std::optional<AddressSpace> bodySpace(const ir::ExprP& e) {
    if (!e || e->kind != ir::Expr::Kind::Call) return std::nullopt;
    const ir::FunP& f = e->fun;
    if (f->kind == ir::Fun::Kind::Prim && ir::isDataLayout(f->prim) && !e->args.empty()) {
        for (const auto& a : e->args)
            if (auto s = bodySpace(a)) return s;
        return std::nullopt;
    }
    return inferResultSpace(f);
}

}  // namespace

std::optional<AddressSpace> inferResultSpace(const ir::FunP& f) {
    switch (f->kind) {
        case ir::Fun::Kind::UserFun: return std::nullopt;
        case ir::Fun::Kind::Lambda: return bodySpace(f->body);
        case ir::Fun::Kind::Prim: break;
    }
    switch (f->prim) {
        case Prim::ToGlobal: return AddressSpace::Global;
        case Prim::ToLocal: return AddressSpace::Local;
        case Prim::ToPrivate: return AddressSpace::Private;
        case Prim::ReduceSeq:
        case Prim::ReduceSeqUnroll:
        case Prim::Reduce: return AddressSpace::Private;
        default: break;
    }
    if (ir::isMapLike(f->prim) && !f->funs.empty()) return inferResultSpace(f->funs[0]);
    return std::nullopt;
}

AddressSpace resultSpace(const ir::FunP& f, std::optional<AddressSpace> context) {
    if (auto s = inferResultSpace(f)) return *s;
    return context.value_or(AddressSpace::Global);
}

}  // namespace liftcl::codegen
