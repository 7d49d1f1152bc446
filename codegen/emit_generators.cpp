// array_m and carray_m: leaf views that read a __constant table or call the generator with the
// element's indices (thesis 4.2 ArrayConstructorView, 4.3 carray), in the variant the options ask
// for (codegen.hpp TwiddleMode).
#include <fmt/format.h>

#include "codegen/kernel_builder.hpp"
#include "codegen/twiddle_table.hpp"
#include "ir/userfun.hpp"

namespace liftcl::codegen {

using ir::Arith;

namespace {

// An m-dimensional array whose leaves are built from the m indices.
ViewP nestedView(const ir::TypeP& type, std::vector<Arith> indices,
                 const std::function<ViewP(const std::vector<Arith>&)>& leaf) {
    if (!type->isArray()) return leaf(indices);
    const ir::TypeP elem = type->element;
    return arrayView(type, [=](const Arith& i) {
        auto more = indices;
        more.push_back(i);
        return nestedView(elem, std::move(more), leaf);
    });
}

std::string argList(const std::vector<std::string>& parts) {
    std::string s;
    for (const auto& p : parts) s += (s.empty() ? "" : ", ") + p;
    return s;
}

}  // namespace

ViewP KernelBuilder::generatorView(const ir::FunP& prim, const ir::Expr& node) {
    const ir::FunP gen = prim->funs.at(0);
    if (gen->kind != ir::Fun::Kind::UserFun)
        fail(node, "the generator of " + describeFun(prim) + " must be a user function");
    ir::TypeP type = gen->userFun->returnType;
    for (auto it = prim->nats.rbegin(); it != prim->nats.rend(); ++it)
        type = ir::Type::arrayOf(type, *it);
    const bool isC = prim->prim == ir::Prim::CArray;

    // A __constant table for a generator primitive, if it has constant sizes and fits.
    auto table = [&](const ir::FunP& p) -> std::optional<std::string> {
        if (auto it = tableNames_.find(p.get()); it != tableNames_.end()) return it->second;
        auto count = constantElementCount(p);
        if (!count) return std::nullopt;
        const ir::TypeP elem = p->funs.at(0)->userFun ? p->funs[0]->userFun->returnType : nullptr;
        if (!elem) return std::nullopt;
        if (constantBytes_ + *count * valueBytes(elem) > options_.constantMemoryBytes)
            return std::nullopt;
        ConstantTable t = makeConstantTable(fresh("tw"), p, types_);
        constantBytes_ += t.bytes;
        tables_.push_back("// " + describeFun(p) + "_" + std::to_string(p->nats.size()) + " of " +
                          describeFun(p->funs[0]) + ", " + std::to_string(t.count) +
                          " elements computed on the host\n" + t.definition);
        tableNames_[p.get()] = t.name;
        return t.name;
    };

    const bool foldOnly = options_.twiddles == TwiddleMode::Table && options_.tablesAtConstantIndicesOnly && !isC &&
                          constantElementCount(prim).has_value();
    if (options_.twiddles == TwiddleMode::Table && !foldOnly) {
        if (auto name = table(prim)) return tableView(prim, *name, type);
    }
    const std::vector<Arith> sizes = prim->nats;
    auto callLeaf = [this, gen, sizes](const std::string& tableArg) {
        return [this, gen, sizes, tableArg](const std::vector<Arith>& idx) {
            std::vector<std::string> parts;
            for (const auto& s : gen->staticArgs) parts.push_back(s.toC());
            if (!tableArg.empty()) parts.push_back(tableArg);
            for (const auto& i : idx) parts.push_back(i.toC());
            for (const auto& s : sizes) parts.push_back(s.toC());
            return leafView(gen->userFun->returnType,
                            userFunName(gen) + "(" + argList(parts) + ")", false,
                            AddressSpace::Private);
        };
    };
    if (foldOnly) {
        // No table is emitted: the table view only supplies the literals of constant indices.
        const ViewP folded = tableView(prim, "", type);
        const auto call = callLeaf("");
        return nestedView(type, {}, [folded, call](const std::vector<Arith>& idx) {
            ViewP v = folded;
            for (const Arith& i : idx) {
                if (!i.tryConstant()) return call(idx);
                v = elementAt(v, i);
            }
            return v->kind == View::Kind::Leaf && v->space != AddressSpace::Constant ? v : call(idx);
        });
    }
    if (isC) {
        if (prim->exprs.size() != 1) fail(node, "carray needs a table");
        const ir::ExprP& tableExpr = prim->exprs[0];
        const bool tableIsArray = tableExpr->kind == ir::Expr::Kind::Call &&
                                  tableExpr->fun->kind == ir::Fun::Kind::Prim &&
                                  tableExpr->fun->prim == ir::Prim::Array && tableExpr->args.empty();
        if (options_.twiddles == TwiddleMode::Sincos && tableIsArray && sizes.size() == 2 &&
            gen->userFun->name == "gentwfrarr") {
            const ir::FunP& tgen = tableExpr->fun->funs.at(0);
            if (tgen->kind == ir::Fun::Kind::UserFun && tgen->userFun->name == "gentw" &&
                tgen->staticArgs.size() == 1) {
                // gentwfrarr over digit tables of omega_N is omega(j*k, N) (thesis Lemma 4.1).
                const Arith modulus = tgen->staticArgs[0];
                const ir::FunP omega = ir::makeUserFun(
                    ir::lookupUserFun("omega", types_.real()), {}, gen->loc);
                const std::string fn = userFunName(omega);
                return nestedView(type, {}, [=](const std::vector<Arith>& idx) {
                    return leafView(gen->userFun->returnType,
                                    fmt::format("{}({}, {})", fn, (idx[0] * idx[1]).toC(),
                                                modulus.toC()),
                                    false, AddressSpace::Private);
                });
            }
        }
        if (!tableIsArray) fail(node, "carray's table must be an array_m generator");
        auto name = table(tableExpr->fun);
        if (!name)
            fail(node, "carray's table " + describeFun(tableExpr->fun) +
                           " needs constant sizes (use --set) that fit the constant memory budget "
                           "of " + std::to_string(options_.constantMemoryBytes) + " bytes");
        return nestedView(type, {}, callLeaf(*name));
    }
    return nestedView(type, {}, callLeaf(""));
}

}  // namespace liftcl::codegen
