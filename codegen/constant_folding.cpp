// Constant folding of generator tables and complex multiplications (what makes an unrolled
// butterfly cost what a hand-written one does): an element of a tabled array_m/carray_m read at
// constant indices (after mapSeqUnroll/reduceSeqUnroll) is printed as its host-computed value
// instead of a __constant load, and cmul by such a constant that is 1, -1, i or -i becomes a
// copy, a negation or a swap of components, by (+-1 +- i)/sqrt(2) two additions and two scalings.
#include <cmath>

#include <fmt/format.h>

#include "codegen/kernel_builder.hpp"
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

ViewP KernelBuilder::tableView(const ir::FunP& prim, const std::string& name, const ir::TypeP& type) {
    const ir::TypeP elemType = innermostType(type);
    auto& printed = tableLiterals_[prim.get()];
    if (printed.empty()) {
        const ir::Value value = ir::interpret(prim, {});
        std::vector<const ir::Value*> elems;
        flatten(value, elems);
        for (const ir::Value* e : elems) {
            std::string text;
            if (e->kind == ir::Value::Kind::Tuple && e->items.size() == 2 &&
                e->items[0].kind == ir::Value::Kind::Real && e->items[1].kind == ir::Value::Kind::Real) {
                const double re = e->items[0].r, im = e->items[1].r;
                text = types_.construct(elemType, {types_.realLiteral(re), types_.realLiteral(im)});
                complexConstants_[text] = {re, im};
            } else if (e->kind == ir::Value::Kind::Real) {
                text = types_.realLiteral(e->r);
            }
            printed.push_back(text);  // empty: not folded (read from the table)
        }
    }
    // Views are evaluated lazily, after this function returns: everything is captured by value.
    using Nested = std::function<ViewP(const ir::TypeP&, Arith, std::size_t)>;
    auto nested = std::make_shared<Nested>();
    const std::vector<Arith> sizes = prim->nats;
    const std::shared_ptr<const std::vector<std::string>> texts =
        std::make_shared<const std::vector<std::string>>(printed);
    std::weak_ptr<Nested> self = nested;
    *nested = [self, sizes, name, elemType, texts](const ir::TypeP& t, Arith flat, std::size_t depth) -> ViewP {
        if (!t->isArray() || depth == sizes.size()) {
            const auto c = flat.tryConstant();
            if (c && *c >= 0 && *c < static_cast<std::int64_t>(texts->size()) &&
                !(*texts)[static_cast<std::size_t>(*c)].empty())
                return leafView(elemType, (*texts)[static_cast<std::size_t>(*c)], false, AddressSpace::Private);
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
            const std::string k = types_.realLiteral(h);
            const char* a = re > 0 ? "" : "-";
            const std::string reTerm = fmt::format("{}{}.x {} {}.y", a, o, im > 0 ? "-" : "+", o);
            const std::string imTerm = fmt::format("{}{}.y {} {}.x", a, o, im > 0 ? "+" : "-", o);
            return fmt::format("((complex)({} * ({}), {} * ({})))", k, reTerm, k, imTerm);
        }
    }
    return std::nullopt;
}

}  // namespace liftcl::codegen
