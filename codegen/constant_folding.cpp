// Constant folding of generator tables and complex multiplications (what makes an unrolled
// butterfly cost what a hand-written one does): an element of a tabled array_m/carray_m read at
// constant indices (after mapSeqUnroll/reduceSeqUnroll) is printed as its host-computed value
// instead of a __constant load, and cmul by such a constant that is 1, -1, i or -i becomes a
// copy, a negation or a swap of components, by (+-1 +- i)/sqrt(2) two additions and two scalings;
// a pair term (UserFun::isPairProduct) with the constant 1 or -1 is its sum.
#include <cmath>

#include <fmt/format.h>

#include "codegen/kernel_builder.hpp"
#include "codegen/twiddle_table.hpp"
#include "ir/interpreter.hpp"
#include "ir/userfun.hpp"

namespace liftcl::codegen {

using ir::Arith;

namespace {

void flatten(const ir::Value& v, std::vector<const ir::Value*>& out) {
    if (v.kind == ir::Value::Kind::Array) {
        for (const auto& e : v.items) flatten(e, out);
    } else {
        out.push_back(&v);
    }
}

// |x - target| is below this for the exact value; twiddles of sizes up to 2^40 differ more.
constexpr double kExactTolerance = 1e-14;

bool near(double x, double target) { return std::fabs(x - target) < kExactTolerance; }

}  // namespace

std::string KernelBuilder::tableLiteral(const ir::FunP& prim, const ir::TypeP& elemType, std::int64_t flat) {
    auto& cache = tableLiterals_[prim.get()];
    if (auto it = cache.find(flat); it != cache.end()) return it->second;
    const auto count = constantElementCount(prim);
    if (!count || flat < 0 || flat >= *count) return "";
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
    std::string text;  // empty: not folded (read from the table)
    if (element.kind == ir::Value::Kind::Tuple && element.items.size() == 2 &&
        element.items[0].kind == ir::Value::Kind::Real && element.items[1].kind == ir::Value::Kind::Real) {
        const double re = element.items[0].r, im = element.items[1].r;
        text = types_.construct(elemType, {types_.realLiteral(re), types_.realLiteral(im)});
        complexConstants_[text] = {re, im};
    } else if (element.kind == ir::Value::Kind::Real) {
        text = types_.realLiteral(element.r);
    }
    return cache[flat] = text;
}

ViewP KernelBuilder::tableView(const ir::FunP& prim, const std::string& name, const ir::TypeP& type) {
    const ir::TypeP elemType = innermostType(type);
    tableLiterals_[prim.get()];  // registered: literalOverDynamicIndices folds this generator
    // Views are evaluated lazily, after this function returns: sizes and names are captured by
    // value, the builder (which outlives them) by pointer.
    using Nested = std::function<ViewP(const ir::TypeP&, Arith, std::size_t)>;
    auto nested = std::make_shared<Nested>();
    const std::vector<Arith> sizes = prim->nats;
    std::weak_ptr<Nested> self = nested;
    *nested = [this, prim, self, sizes, name, elemType](const ir::TypeP& t, Arith flat, std::size_t depth) -> ViewP {
        if (!t->isArray() || depth == sizes.size()) {
            const auto c = flat.tryConstant();
            if (c) {
                const std::string literal = tableLiteral(prim, elemType, *c);
                if (!literal.empty()) return leafView(elemType, literal, false, AddressSpace::Private);
            }
            return leafView(elemType, name + "[" + flat.toC() + "]", false, AddressSpace::Constant);
        }
        const ir::TypeP elem = t->element;
        const Arith size = sizes[depth];
        auto recurse = self.lock();
        return arrayView(t, [recurse, elem, flat, size, depth](const Arith& i) {
            return (*recurse)(elem, flat * size + i, depth + 1);
        });
    };
    return (*nested)(type, Arith(0), 0);
}

std::optional<std::string> KernelBuilder::simplifiedCall(const ir::UserFun& fun,
                                                         const std::vector<std::string>& args) const {
    if (fun.isPairProduct && args.size() == 3) {
        // The row of X_0 (w = 1) and, for even sizes, of X_{p/2} (w = -1): no products by 0.
        auto it = complexConstants_.find(args[0]);
        if (it == complexConstants_.end() || !near(it->second.second, 0)) return std::nullopt;
        if (near(it->second.first, 1)) return "(" + args[1] + ")";
        if (near(it->second.first, -1)) return "(-(" + args[1] + "))";
        return std::nullopt;
    }
    if (!fun.isComplexProduct || args.size() != 2) return std::nullopt;
    for (std::size_t k = 0; k < 2; ++k) {
        auto it = complexConstants_.find(args[k]);
        if (it == complexConstants_.end()) continue;
        const auto [re, im] = it->second;
        const std::string o = "(" + args[1 - k] + ")";
        if (near(re, 1) && near(im, 0)) return o;
        if (near(re, -1) && near(im, 0)) return "(-" + o + ")";
        if (near(re, 0) && near(im, 1)) return "((complex)(-" + o + ".y, " + o + ".x))";
        if (near(re, 0) && near(im, -1)) return "((complex)(" + o + ".y, -" + o + ".x))";
        // (+-1 +- i)/sqrt(2): two additions and two multiplications instead of a full product.
        // (fp32 tables hold float-rounded values: within 2e-7; the nearest other twiddle of a
        // size up to 2^24 is 3.7e-7 away.)
        const double h = std::sqrt(0.5);
        if (std::fabs(std::fabs(re) - h) < 2e-7 && std::fabs(std::fabs(im) - h) < 2e-7) {
            const std::string invSqrt2 = types_.realLiteral(h);
            const char* a = re > 0 ? "" : "-";
            const std::string reTerm = fmt::format("{}{}.x {} {}.y", a, o, im > 0 ? "-" : "+", o);
            const std::string imTerm = fmt::format("{}{}.y {} {}.x", a, o, im > 0 ? "+" : "-", o);
            return fmt::format("((complex)({} * ({}), {} * ({})))", invSqrt2, reTerm, invSqrt2, imTerm);
        }
    }
    return std::nullopt;
}

}  // namespace liftcl::codegen
