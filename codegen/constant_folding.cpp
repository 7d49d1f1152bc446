// Constant folding of generator tables and complex multiplications (what makes an unrolled
// butterfly cost what a hand-written one does): an element of a tabled array_m/carray_m read at
// constant indices (after mapSeqUnroll/reduceSeqUnroll) is emitted as its host-computed value
// (a c::Literal) instead of a __constant load; then the pass foldConstantProducts turns a product
// (c::CallFacts::complexProduct) by such a constant that is 1, -1, i or -i into a copy, a negation
// or a swap of components, by (+-1 +- i)/sqrt(2) into two additions and two scalings, and a pair
// term (pairProduct) with the constant 1 or -1 into its sum.
#include <cmath>

#include <fmt/format.h>

#include "codegen/kernel_builder.hpp"
#include "codegen/twiddle_table.hpp"
#include "ir/interpreter.hpp"
#include "ir/userfun.hpp"

namespace liftcl::codegen {

using ir::Arith;

namespace {

// |x - target| is below this for the exact value; twiddles of sizes up to 2^40 differ more.
constexpr double kExactTolerance = 1e-14;

bool near(double x, double target) { return std::fabs(x - target) < kExactTolerance; }

}  // namespace

c::ExprP KernelBuilder::tableLiteral(const ir::FunP& prim, const ir::TypeP& elemType, std::int64_t flat) {
    auto& cache = tableLiterals_[prim.get()];
    if (auto it = cache.find(flat); it != cache.end()) return it->second;
    const auto count = constantElementCount(prim);
    if (!count || flat < 0 || flat >= *count) return nullptr;
    const std::vector<std::int64_t> sizes = *constantSizes(prim);
    // The element from the generator's host implementation at its indices; a carray's (whose
    // generator reads a table) from the interpreted array, once.
    const ir::FunP& gen = prim->funs.at(0);
    std::vector<std::int64_t> statics;
    for (const auto& a : gen->staticArgs)
        if (const auto c = a.tryConstant()) statics.push_back(*c);
    ir::Value element;
    if (prim->prim != ir::Prim::CArray && gen->userFun && gen->userFun->host && statics.size() == gen->staticArgs.size()) {
        std::vector<ir::Value> args(sizes.size());
        std::int64_t rest = flat;
        for (std::size_t k = sizes.size(); k-- > 0;) {
            args[k] = ir::Value::ofInt(rest % sizes[k]);
            rest /= sizes[k];
        }
        for (auto n : sizes) args.push_back(ir::Value::ofInt(n));
        element = gen->userFun->host(args, statics);
    } else {
        auto it = interpretedTables_.find(prim.get());
        if (it == interpretedTables_.end()) it = interpretedTables_.emplace(prim.get(), ir::interpret(prim, {})).first;
        std::vector<const ir::Value*> elems;
        flatten(it->second, elems);
        element = *elems.at(static_cast<std::size_t>(flat));
    }
    c::ExprP folded;  // nullptr: not folded (read from the table)
    if (element.kind == ir::Value::Kind::Tuple && element.items.size() == 2 &&
        element.items[0].kind == ir::Value::Kind::Real && element.items[1].kind == ir::Value::Kind::Real) {
        const double re = element.items[0].r, im = element.items[1].r;
        folded = c::literal(types_.construct(elemType, {types_.realLiteral(re), types_.realLiteral(im)}),
                            std::make_pair(re, im));
    } else if (element.kind == ir::Value::Kind::Real) {
        folded = c::literal(types_.realLiteral(element.r));
    }
    return cache[flat] = folded;
}

ViewP KernelBuilder::tableView(const ir::FunP& prim, const c::SymbolP& table, const ir::TypeP& type) {
    const ir::TypeP elemType = innermostType(type);
    tableLiterals_[prim.get()];  // registered: literalOverDynamicIndices folds this generator
    // Views are evaluated lazily, after this function returns: sizes and names are captured by
    // value, the builder (which outlives them) by pointer.
    const std::vector<Arith> sizes = prim->nats;
    const std::string description = "table " + (table ? table->name : describeFun(prim) + " (constant indices)");
    return generatedView(type, sizes.size(), description, [this, prim, sizes, table, elemType](const std::vector<Arith>& idx) {
        Arith flat(0);
        for (std::size_t k = 0; k < idx.size(); ++k) flat = flat * sizes[k] + idx[k];
        if (const auto k = flat.tryConstant())
            if (c::ExprP literal = tableLiteral(prim, elemType, *k))
                return leafView(elemType, literal, false, AddressSpace::Private);
        // (No table: a placeholder the caller replaces, as every element it reads is not constant.)
        return leafView(elemType, table ? c::element(table, {c::index(flat)}) : c::text(""), false,
                        AddressSpace::Constant);
    });
}

namespace {

// The cheaper expression for a call with a constant operand, or nullptr.
c::ExprP simplified(const c::Call& call, const std::vector<c::ExprP>& args, const CTypes& types) {
    // The value of a complex constant operand (a folded table element).
    auto constant = [&](std::size_t k) -> std::optional<std::pair<double, double>> {
        const auto* l = std::get_if<c::Literal>(&args[k]->node);
        return l ? l->complexValue : std::nullopt;
    };
    using c::seq;
    using c::text;
    if (call.facts.pairProduct && args.size() == 3) {
        // The row of X_0 (w = 1) and, for even sizes, of X_{p/2} (w = -1): no products by 0.
        const auto w = constant(0);
        if (!w || !near(w->second, 0)) return nullptr;
        if (near(w->first, 1)) return seq({text("("), args[1], text(")")});
        if (near(w->first, -1)) return seq({text("(-("), args[1], text("))")});
        return nullptr;
    }
    if (!call.facts.complexProduct || args.size() != 2) return nullptr;
    for (std::size_t k = 0; k < 2; ++k) {
        const auto w = constant(k);
        if (!w) continue;
        const auto [re, im] = *w;
        const c::ExprP o = seq({text("("), args[1 - k], text(")")});
        if (near(re, 1) && near(im, 0)) return o;
        if (near(re, -1) && near(im, 0)) return seq({text("(-"), o, text(")")});
        if (near(re, 0) && near(im, 1)) return seq({text("((complex)(-"), o, text(".y, "), o, text(".x))")});
        if (near(re, 0) && near(im, -1)) return seq({text("((complex)("), o, text(".y, -"), o, text(".x))")});
        // (+-1 +- i)/sqrt(2): two additions and two multiplications instead of a full product.
        // (fp32 tables hold float-rounded values: within 2e-7; the nearest other twiddle of a
        // size up to 2^24 is 3.7e-7 away.)
        const double h = std::sqrt(0.5);
        if (std::fabs(std::fabs(re) - h) < 2e-7 && std::fabs(std::fabs(im) - h) < 2e-7) {
            const std::string invSqrt2 = types.realLiteral(h);
            const std::string a = re > 0 ? "" : "-";
            const c::ExprP reTerm = seq({text(a), o, text(fmt::format(".x {} ", im > 0 ? "-" : "+")), o, text(".y")});
            const c::ExprP imTerm = seq({text(a), o, text(fmt::format(".y {} ", im > 0 ? "+" : "-")), o, text(".x")});
            return seq({text("((complex)(" + invSqrt2 + " * ("), reTerm, text("), " + invSqrt2 + " * ("), imTerm,
                        text(")))")});
        }
    }
    return nullptr;
}

}  // namespace

void foldConstantProducts(c::Block& body, const CTypes& types) {
    // Bottom up: the operands first (a product's operand may itself fold).
    c::ExprRewrite fold;
    fold = [&](const c::Expr& e) -> c::ExprP {
        // Other nodes (and calls of other functions) recurse by default, unchanged where nothing folds.
        const auto* call = std::get_if<c::Call>(&e.node);
        if (!call || !(call->facts.complexProduct || call->facts.pairProduct)) return nullptr;
        std::vector<c::ExprP> args;
        bool changed = false;
        for (const auto& a : call->args) {
            args.push_back(c::rewrite(a, fold));
            changed = changed || args.back() != a;
        }
        if (c::ExprP folded = simplified(*call, args, types)) return folded;
        return changed ? c::call(call->function, std::move(args), call->facts) : nullptr;
    };
    c::rewriteExprs(body, fold);
}

}  // namespace liftcl::codegen
