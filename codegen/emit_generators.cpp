// array_m and carray_m: leaf views that read a __constant table or call the generator with the
// element's indices (thesis 4.2 ArrayConstructorView, 4.3 carray), in the variant the options ask
// for (codegen.hpp TwiddleMode).
#include <algorithm>
#include <fmt/format.h>

#include "codegen/kernel_builder.hpp"
#include "codegen/twiddle_table.hpp"
#include "ir/userfun.hpp"

namespace liftcl::codegen {

using ir::Arith;

namespace {

// An m-dimensional array whose leaves are built from the m indices.
ViewP nestedView(const ir::TypeP& type, const std::string& description,
                 std::function<ViewP(const std::vector<Arith>&)> leaf) {
    std::size_t levels = 0;
    for (ir::TypeP t = type; t->isArray(); t = t->element) ++levels;
    return generatedView(type, levels, description, std::move(leaf));
}

// What a table of a generator primitive holds: its elements (all sizes constant) of its user
// function's result type, their bytes, and the table's comment in the kernel; nullopt where it
// cannot be tabled.
struct TableShape {
    std::int64_t count;
    ir::TypeP element;
    std::int64_t bytes;
    std::string comment;
};
std::optional<TableShape> tableShape(const ir::FunP& prim) {
    const auto count = constantElementCount(prim);
    const ir::FunP& gen = prim->funs.at(0);
    if (!count || !gen->userFun) return std::nullopt;
    const ir::TypeP element = gen->userFun->returnType;
    return TableShape{*count, element, *count * valueBytes(element),
                      describeFun(prim) + "_" + std::to_string(prim->nats.size()) + " of " + describeFun(gen)};
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
    auto table = [&](const ir::FunP& p) -> c::SymbolP {
        if (auto it = tableNames_.find(p.get()); it != tableNames_.end()) return it->second;
        auto count = constantElementCount(p);
        if (!count) return nullptr;
        const ir::TypeP elem = p->funs.at(0)->userFun ? p->funs[0]->userFun->returnType : nullptr;
        if (!elem) return nullptr;
        if (constantBytes_ + *count * valueBytes(elem) > options_.constantMemoryBytes)
            return nullptr;
        ConstantTable t = makeConstantTable(fresh("tw"), p, types_);
        constantBytes_ += t.bytes;
        tables_.push_back("// " + describeFun(p) + "_" + std::to_string(p->nats.size()) + " of " +
                          describeFun(p->funs[0]) + ", " + std::to_string(t.count) +
                          " elements computed on the host\n" + t.definition);
        return tableNames_[p.get()] = c::symbol(t.name);
    };

    const bool local = options_.twiddles == TwiddleMode::Local;
    const bool foldOnly = ((options_.twiddles == TwiddleMode::Table && options_.tablesAtConstantIndicesOnly) || local) &&
                          !isC && constantElementCount(prim).has_value();
    // A carray whose tables go to global memory never becomes one whole __constant table either: read
    // at work-item indices it would be serialized, and a whole table of 64 KiB beside the kernel's own
    // constants overflowed NVIDIA's 64 KiB (2^18 fp64, 64 x 64 x 64: ptxas counted 0x10010 bytes).
    const bool carrayInGlobal = isC && options_.carrayTablesInGlobal;
    if ((options_.twiddles == TwiddleMode::Table || local) && !foldOnly && !carrayInGlobal) {
        if (auto name = table(prim)) return tableView(prim, name, type);
    }
    const std::vector<Arith> sizes = prim->nats;
    const std::string description = describeFun(prim) + "_" + std::to_string(sizes.size()) + "(" + describeFun(gen) + ")";
    auto callLeaf = [this, gen, sizes](const c::SymbolP& tableArg) {
        return [this, gen, sizes, tableArg](const std::vector<Arith>& idx) {
            std::vector<c::ExprP> parts;
            if (tableArg) parts.push_back(c::name(tableArg));
            for (const auto& i : idx) parts.push_back(c::index(i));
            for (const auto& size : sizes) parts.push_back(c::index(size));
            return leafView(gen->userFun->returnType, userFunCall(gen, parts), false, AddressSpace::Private);
        };
    };
    if (foldOnly) {
        // No table is emitted: the table view only supplies the literals of constant indices.
        const ViewP folded = tableView(prim, nullptr, type);
        const auto computed = callLeaf(nullptr);
        // Read at work-item-dependent indices inside a work-group: the work-group's __local table.
        auto call = [this, local, prim, sizes, computed](const std::vector<Arith>& idx) {
            if (auto same = literalOverDynamicIndices(prim, idx))
                return leafView(prim->funs[0]->userFun->returnType, same, false, AddressSpace::Private);
            if (!local || !(insideLoopOf(ir::Prim::MapLcl) || insideLoopOf(ir::Prim::MapWrg))) return computed(idx);
            const auto name = localGeneratorTable(prim);
            if (!name) return computed(idx);
            Arith offset(0), stride(1);
            for (std::size_t k = 0; k < idx.size(); ++k) {
                offset = offset + idx[k] * stride;
                stride = stride * sizes[k];
            }
            return leafView(prim->funs[0]->userFun->returnType, c::element(name, {c::index(offset)}), false,
                            tablesReadInGlobal() ? AddressSpace::Global : AddressSpace::Local);
        };
        return nestedView(type, description, [folded, call](const std::vector<Arith>& idx) {
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
            !gen->userFun->rootOfUnityProductFunction.empty()) {
            const ir::FunP& tgen = tableExpr->fun->funs.at(0);
            if (tgen->kind == ir::Fun::Kind::UserFun && tgen->userFun->isRootOfUnityDigitTable &&
                tgen->staticArgs.size() == 1) {
                // A product of digit twiddles of omega_N is omega_N^(j*k), computed directly.
                const Arith modulus = tgen->staticArgs[0];
                const ir::FunP omega = ir::makeUserFun(
                    ir::lookupUserFun(gen->userFun->rootOfUnityProductFunction, types_.real()), {}, gen->loc);
                const std::string fn = userFunName(omega);
                return nestedView(type, fn, [=](const std::vector<Arith>& idx) {
                    return leafView(gen->userFun->returnType, c::call(fn, {c::index(idx[0] * idx[1]), c::index(modulus)}),
                                    false, AddressSpace::Private);
                });
            }
        }
        if (!tableIsArray) fail(node, "carray's table must be an array_m generator");
        auto name = options_.carrayTablesInGlobal ? globalCarrayTable(tableExpr->fun) : table(tableExpr->fun);
        if (!name)
            fail(node, "carray's table " + describeFun(tableExpr->fun) +
                           " needs constant sizes (use --set) that fit the constant memory budget "
                           "of " + std::to_string(options_.constantMemoryBytes) + " bytes");
        return nestedView(type, description + " of " + name->name, callLeaf(name));
    }
    return nestedView(type, description, callLeaf(nullptr));
}

c::ExprP KernelBuilder::literalOverDynamicIndices(const ir::FunP& prim, const std::vector<Arith>& idx) {
    if (!tableLiterals_.count(prim.get()) || idx.size() != prim->nats.size()) return nullptr;
    const auto constant = constantSizes(prim);
    if (!constant) return nullptr;
    const std::vector<std::int64_t>& sizes = *constant;
    // The answer depends on which indices are constant and their values: cached by that pattern.
    std::string pattern;
    std::int64_t dynamicCount = 1;
    for (std::size_t k = 0; k < idx.size(); ++k) {
        const auto c = idx[k].tryConstant();
        pattern += c ? std::to_string(*c) + "," : "*,";
        if (!c) dynamicCount *= sizes[k];
    }
    auto [it, fresh] = uniformLiterals_.try_emplace({prim.get(), pattern});
    if (!fresh) return it->second;
    // Too many elements to compare (a table of a large pass): not folded, the generator is called.
    constexpr std::int64_t kMaxCompared = 1 << 16;
    if (dynamicCount > kMaxCompared) return it->second = nullptr;
    const ir::TypeP elemType = prim->funs[0]->userFun->returnType;
    c::ExprP same;
    for (std::int64_t d = 0; d < dynamicCount; ++d) {
        // The d-th element matching the constant indices (row-major, dynamic digits from d).
        std::int64_t flat = 0, rest = d;
        std::vector<std::int64_t> digits(sizes.size());
        for (std::size_t k = sizes.size(); k-- > 0;) {
            if (const auto c = idx[k].tryConstant()) {
                digits[k] = *c;
            } else {
                digits[k] = rest % sizes[k];
                rest /= sizes[k];
            }
        }
        for (std::size_t k = 0; k < sizes.size(); ++k) flat = flat * sizes[k] + digits[k];
        const c::ExprP literal = tableLiteral(prim, elemType, flat);
        if (!literal || (same && std::get<c::Literal>(same->node).text != std::get<c::Literal>(literal->node).text))
            return it->second = nullptr;
        same = literal;
    }
    return it->second = same;
}

c::SymbolP KernelBuilder::localGeneratorTable(const ir::FunP& prim) {
    if (auto it = localTableNames_.find(prim.get()); it != localTableNames_.end()) return it->second;
    const auto shape = tableShape(prim);
    if (!shape) return nullptr;
    const std::int64_t count = shape->count, bytes = shape->bytes;
    const ir::TypeP elem = shape->element;
    // A table whose elements another table already holds (the same FFT's twiddles in a second FFT of
    // the kernel, as Rader's and Bluestein's) is that table: no second copy, no budget spent.
    // (Its host elements are computed only where that can matter: a table that fits the budget, or one
    // of an existing table's length. A large pass's table, millions of elements, is not tabled.)
    const bool fits = localTableBytes_ + bytes <= options_.localGeneratorTableBytes;
    const bool mayEqualOne = std::any_of(localTables_.begin(), localTables_.end(), [&](const LocalGeneratorTable& t) {
        return t.count == count && t.elementType == types_.name(elem);
    });
    if (!fits && !mayEqualOne) return nullptr;
    const std::string hostData = options_.localTablesFromHost ? hostTableHex(prim, options_.precision) : "";
    if (!hostData.empty())
        for (const auto& t : localTables_)
            if (t.hostData == hostData && t.elementType == types_.name(elem) && t.inGlobal == tablesReadInGlobal())
                return localTableNames_[prim.get()] = t.symbol;
    if (!fits) return nullptr;
    LocalGeneratorTable t;
    t.symbol = freshSymbol("ltab");
    t.elementType = types_.name(elem);
    t.count = count;
    t.bytes = bytes;
    t.comment = shape->comment;
    // Stored with the first index fastest: a work-item-dependent row index with constant columns
    // (the usual access) makes neighbouring work-items read neighbouring elements (no bank conflicts).
    if (options_.localTablesFromHost) {
        // Copied from the host's elements (hostTableHex keeps that order): the generator itself is
        // not called, so its definition is not emitted for the fill.
        t.hostArg = freshSymbol("gtab");
        t.hostData = hostData;
        t.element = c::element(t.hostArg, {c::name(tableFillIndex_)});
        t.comment += ", copied from the host's table " + t.hostArg->name;
        if (tablesReadInGlobal()) {
            t.inGlobal = true;
            t.symbol = t.hostArg;
        }
    } else {
        std::vector<c::ExprP> parts;
        std::int64_t stride = 1;
        for (std::size_t k = 0; k < prim->nats.size(); ++k) {
            const std::int64_t size = *prim->nats[k].tryConstant();
            c::ExprP index = stride == 1 ? c::name(tableFillIndex_)
                                         : c::seq({c::text("("), c::name(tableFillIndex_), c::text(fmt::format(" / {})", stride))});
            if (k + 1 < prim->nats.size()) index = c::seq({index, c::text(fmt::format(" % {}", size))});
            parts.push_back(index);
            stride *= size;
        }
        for (const auto& size : prim->nats) parts.push_back(c::index(size));
        t.element = userFunCall(prim->funs.at(0), parts);
    }
    // The same generator over the same sizes computed again (a layout read twice, each read its
    // own constructor: the mirror-pair pass's column order) is the table already filled.
    if (!options_.localTablesFromHost)
        for (const auto& other : localTables_)
            if (!other.hostArg && other.count == count && other.elementType == t.elementType &&
                c::print(other.element) == c::print(t.element))
                return localTableNames_[prim.get()] = other.symbol;
    localTableBytes_ += bytes;
    localTables_.push_back(t);
    return localTableNames_[prim.get()] = t.symbol;
}

c::SymbolP KernelBuilder::globalCarrayTable(const ir::FunP& prim) {
    if (auto it = localTableNames_.find(prim.get()); it != localTableNames_.end()) return it->second;
    const auto shape = tableShape(prim);
    if (!shape) return nullptr;
    const std::string hostData = hostTableHex(prim, options_.precision, TableOrder::RowMajor);
    for (const auto& t : localTables_)
        if (t.inGlobal && t.hostData == hostData && t.elementType == types_.name(shape->element))
            return localTableNames_[prim.get()] = t.symbol;
    LocalGeneratorTable t;
    t.hostArg = t.symbol = freshSymbol("gtab");
    t.elementType = types_.name(shape->element);
    t.count = shape->count;
    t.bytes = shape->bytes;
    t.hostData = hostData;
    t.inGlobal = true;
    t.comment = shape->comment + ", the host's table read in global memory";
    localTables_.push_back(t);  // (no __local copy and no budget: inGlobal)
    return localTableNames_[prim.get()] = t.symbol;
}

bool KernelBuilder::copiesLocalTables() const {
    return std::any_of(localTables_.begin(), localTables_.end(), [](const auto& t) { return !t.inGlobal; });
}

void KernelBuilder::appendLocalTablesPrologue(c::Block& out) const {
    if (!copiesLocalTables()) return;
    for (const auto& t : localTables_) {
        if (t.inGlobal) continue;
        out.push_back(c::declare(t.elementType, t.symbol, nullptr, {t.count}, "local"));
        std::get<c::Declare>(out.back()->node).note =
            t.comment + ", " + (t.hostArg ? "filled" : "computed") + " once per work-group";
    }
    c::Scope fill;
    const c::SymbolP item = c::symbol("item_"), items = c::symbol("items_");
    fill.body.push_back(c::declare(
        "int", item,
        c::text("get_local_id(0) + get_local_size(0) * (get_local_id(1) + get_local_size(1) * get_local_id(2))"), {},
        "const"));
    fill.body.push_back(
        c::declare("int", items, c::text("get_local_size(0) * get_local_size(1) * get_local_size(2)"), {}, "const"));
    for (const auto& t : localTables_) {
        if (t.inGlobal) continue;
        c::For loop;
        loop.type = "int";
        loop.var = tableFillIndex_;
        loop.first = c::name(item);
        loop.limit = c::text(std::to_string(t.count));
        loop.step = c::For::Step::AddStride;
        loop.stride = c::name(items);
        loop.oneLine = true;
        loop.body.push_back(c::assign(c::element(t.symbol, {c::name(tableFillIndex_)}), t.element));
        fill.body.push_back(c::stmt(std::move(loop)));
    }
    out.push_back(c::stmt(std::move(fill)));
    out.push_back(c::barrier());
}

}  // namespace liftcl::codegen
