// User-function calls, literals, assignments and copies of views into destinations.
#include <fmt/format.h>

#include "codegen/kernel_builder.hpp"
#include "codegen/twiddle_table.hpp"
#include "ir/userfun.hpp"

namespace liftcl::codegen {

using ir::Arith;

std::string KernelBuilder::userFunName(const ir::FunP& f) { return userFunName(*f->userFun); }

c::ExprP KernelBuilder::userFunCall(const ir::FunP& f, const std::vector<c::ExprP>& args) {
    std::vector<c::ExprP> list;
    for (const auto& s : f->staticArgs) list.push_back(c::index(s));
    list.insert(list.end(), args.begin(), args.end());
    // (Folding by constant operands reads these: only for functions without static arguments.)
    const bool plain = f->staticArgs.empty();
    return c::call(userFunName(f), std::move(list),
                   {plain && f->userFun->isComplexProduct, plain && f->userFun->isPairProduct});
}

std::string KernelBuilder::userFunName(const ir::UserFun& u) {
    const std::string& cName = u.clName.empty() ? u.name : u.clName;
    if (!registering_.empty()) calledByDefinitions_.insert(cName);
    if (u.isComplexProduct || u.isPairProduct) foldableUserFuns_.insert(cName);
    if (!userFunDefs_.count(cName)) {
        registering_.push_back(cName);
        std::string params;
        for (const auto& s : u.staticParamNames) params += (params.empty() ? "" : ", ") + ("int " + s);
        for (std::size_t k = 0; k < u.paramNames.size(); ++k) {
            const ir::TypeP& t = u.paramTypes.at(k);
            const std::string decl =
                t->isArray() ? tablePointerQualifier() + types_.name(innermostType(t)) + "* " + u.paramNames[k]
                             : types_.name(t) + " " + u.paramNames[k];
            params += (params.empty() ? "" : ", ") + decl;
        }
        // A scalar-sublanguage body registers the functions it calls first (they come before it).
        const std::string body = u.clBody.empty() && u.scalarBody ? scalarFunBody(u) : u.clBody;
        userFunDefs_[cName] = fmt::format("static inline {} {}({}) {}\n", types_.name(u.returnType),
                                          cName, params, body);
        userFunOrder_.push_back(cName);
        registering_.pop_back();
    }
    return cName;
}

ViewP KernelBuilder::applyUserFun(const ir::FunP& f, const std::vector<ViewP>& args,
                                  const ViewP& dest) {
    const auto& u = *f->userFun;
    if (args.size() != u.paramNames.size())
        throw Error(fmt::format("codegen: {} expects {} arguments, found {}", u.name,
                                u.paramNames.size(), args.size()),
                    f->loc);
    std::vector<c::ExprP> argExprs;
    for (const auto& a : args) argExprs.push_back(rvalue(a));
    const c::ExprP call = userFunCall(f, argExprs);
    static const ir::Expr noNode{};
    if (dest) {
        assignExpr(dest, call, noNode);
        return dest;
    }
    const c::SymbolP var = freshSymbol("v");
    emit(c::declare(types_.name(u.returnType), var, call));
    return leafView(u.returnType, c::name(var), false, AddressSpace::Private);
}

ViewP KernelBuilder::literal(const ir::Expr& e) {
    const ir::TypeP t = e.literalType ? e.literalType : e.type;
    if (!t) fail(e, "literal without a type");
    std::size_t pos = 0;
    std::function<std::string(const ir::TypeP&)> print = [&](const ir::TypeP& ty) -> std::string {
        if (ty->isScalar()) {
            const double v = pos < e.literal.size() ? e.literal[pos] : 0.0;
            ++pos;
            if (ty->scalar == ir::ScalarKind::Int)
                return std::to_string(static_cast<long long>(v));
            return types_.realLiteral(v);
        }
        if (ty->isTuple()) {
            std::vector<std::string> cs;
            for (const auto& c : ty->elements) cs.push_back(print(c));
            return types_.construct(ty, cs);
        }
        fail(e, "an array literal's elements must be scalars or tuples");
    };
    if (t->isArray()) {
        // An array literal: a __constant table (one per literal node, as generated tables are);
        // an element read at a constant index is its literal text, folded into the expression.
        const auto count = t->length.tryConstant();
        if (!count || *count <= 0) fail(e, "an array literal needs a constant length");
        auto texts = std::make_shared<std::vector<std::string>>();
        for (std::int64_t k = 0; k < *count; ++k) texts->push_back(print(t->element));
        c::SymbolP table;
        if (auto it = literalTables_.find(&e); it != literalTables_.end()) {
            table = it->second;
        } else {
            const std::int64_t bytes = *count * valueBytes(t->element);
            if (constantBytes_ + bytes > options_.constantMemoryBytes)
                fail(e, "the array literal does not fit the constant memory budget of " +
                            std::to_string(options_.constantMemoryBytes) + " bytes");
            constantBytes_ += bytes;
            table = freshSymbol("lit");
            std::string def = "__constant " + types_.name(t->element) + " " + table->name + "[" + std::to_string(*count) + "] = {";
            for (std::size_t k = 0; k < texts->size(); ++k)
                def += ((k % 4 == 0) ? "\n    " : " ") + (*texts)[k] + (k + 1 < texts->size() ? "," : "");
            tables_.push_back("// an array literal of " + std::to_string(*count) + " elements\n" + def + "\n};\n");
            literalTables_[&e] = table;
        }
        const ir::TypeP elem = t->element;
        return generatedView(t, 1, "literal " + table->name, [texts, table, elem](const std::vector<ir::Arith>& idx) {
            const ir::Arith& i = idx.at(0);
            if (const auto k = i.tryConstant(); k && *k >= 0 && *k < static_cast<std::int64_t>(texts->size()))
                return leafView(elem, c::literal((*texts)[static_cast<std::size_t>(*k)]), false, AddressSpace::Private);
            return leafView(elem, c::element(table, {c::index(i)}), false, AddressSpace::Constant);
        });
    }
    return leafView(t, c::literal(print(t)), false, AddressSpace::Private);
}

c::ExprP KernelBuilder::construct(const ir::TypeP& type, const std::vector<c::ExprP>& components) {
    const auto [open, close] = types_.constructorBrackets(type);
    std::vector<c::ExprP> parts{c::text(open)};
    for (std::size_t k = 0; k < components.size(); ++k) {
        if (k) parts.push_back(c::text(", "));
        parts.push_back(components[k]);
    }
    parts.push_back(c::text(close));
    return c::seq(std::move(parts));
}

c::ExprP KernelBuilder::rvalue(const ViewP& v) {
    switch (v->kind) {
        case View::Kind::Leaf: return v->expr;
        case View::Kind::Tuple: {
            std::vector<c::ExprP> cs;
            for (const auto& component : v->components) cs.push_back(rvalue(component));
            return construct(v->type, cs);
        }
        case View::Kind::Array: break;
    }
    throw Error("codegen: an array of type " + ir::typeToString(v->type) +
                " is used where a scalar value is needed");
}

void KernelBuilder::assignExpr(const ViewP& dest, const c::ExprP& expr, const ir::Expr& node) {
    if (dest->kind == View::Kind::Leaf && dest->writeDiscarded) return;  // past a take: not written
    if (dest->kind == View::Kind::Leaf && dest->writeGuard) {
        auto unguarded = std::make_shared<View>(*dest);
        unguarded->writeGuard = nullptr;
        c::Stmt* const guard = emit(c::stmt(c::If{dest->writeGuard, {}, true}));
        open(guard);
        assignExpr(unguarded, expr, node);
        close();
        return;
    }
    if (dest->kind == View::Kind::Leaf) {
        if (!dest->writable) fail(node, "writes into a read-only value " + c::print(dest->expr));
        if (dest->space == AddressSpace::Global && runByEveryWorkItem())
            fail(node, "writes global memory (" + c::print(dest->expr) + ") outside every parallel map, so every "
                       "work-item of the kernel would write it (a race); compute it inside a parallel "
                       "map, or keep it in private memory (toPrivate)");
        if (dest->vectorOfScalars)  // consecutive scalars of memory (asVector): no alignment needed
            emit(c::stmt(c::Evaluate{c::call(fmt::format("vstore{}", dest->type->elements.size()),
                                             {expr, c::text("0"),
                                              c::seq({c::text("&"), c::element(dest->memory, {c::index(dest->memoryIndex)})})})}));
        else
            emit(c::assign(dest->expr, expr));
        if (dest->space == AddressSpace::Local) wroteLocal_ = true;
        return;
    }
    if (dest->kind == View::Kind::Tuple) {
        const c::SymbolP tmp = freshSymbol("t");
        emit(c::declare(types_.name(dest->type), tmp, expr));
        assign(dest, leafView(dest->type, c::name(tmp), false, AddressSpace::Private), node);
        return;
    }
    fail(node, "writes a scalar into an array of type " + ir::typeToString(dest->type));
}

void KernelBuilder::assign(const ViewP& dest, const ViewP& src, const ir::Expr& node) {
    if (dest->kind == View::Kind::Tuple) {
        for (std::size_t k = 0; k < dest->components.size(); ++k)
            assign(dest->components[k], componentAt(src, static_cast<int>(k)), node);
        return;
    }
    if (dest->kind == View::Kind::Array || src->kind == View::Kind::Array) {
        if (dest->kind != View::Kind::Array || src->kind != View::Kind::Array)
            fail(node, "copies an array into a scalar or back");
        if (loops_.empty())
            fail(node, "the kernel's result is a view of its input without computation; "
                       "copy it in parallel, e.g. with mapGlb(id)");
        const Arith n = lengthOf(src);
        if (n.tryConstant() == 1) {
            assign(elementAt(dest, Arith(0)), elementAt(src, Arith(0)), node);
            return;
        }
        const c::SymbolP var = freshSymbol("c");
        const Arith v = Arith::var(var->name, 0, n);
        emit(c::comment("copy"));
        c::Stmt* const loopStmt = emit(c::countingLoop("int", var, c::index(n)));
        open(loopStmt);
        loops_.push_back({ir::Prim::MapSeq, v, n, 0, loopStmt});
        assign(elementAt(dest, v), elementAt(src, v), node);
        loops_.pop_back();
        close();
        return;
    }
    assignExpr(dest, rvalue(src), node);
}

ViewP KernelBuilder::finish(const ViewP& v, const ViewP& dest, const ir::Expr& node) {
    if (!dest || dest == v) return v;
    assign(dest, v, node);
    return dest;
}

}  // namespace liftcl::codegen
