#include "codegen/view.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "codegen/c_types.hpp"
#include "ir/error.hpp"

namespace liftcl::codegen {

using ir::Arith;
using ir::Type;
using ir::TypeP;

ViewP arrayView(TypeP type, std::function<ViewP(const Arith&)> element) {
    auto v = std::make_shared<View>();
    v->kind = View::Kind::Array;
    v->type = std::move(type);
    v->element = std::move(element);
    return v;
}

ViewP tupleView(std::vector<ViewP> components) {
    auto v = std::make_shared<View>();
    v->kind = View::Kind::Tuple;
    std::vector<TypeP> types;
    for (const auto& c : components) types.push_back(c->type);
    v->type = Type::tupleOf(std::move(types));
    v->components = std::move(components);
    return v;
}

ViewP leafView(TypeP type, c::ExprP expr, bool writable, AddressSpace space) {
    auto v = std::make_shared<View>();
    v->kind = View::Kind::Leaf;
    v->type = std::move(type);
    v->expr = std::move(expr);
    v->writable = writable;
    v->space = space;
    return v;
}

Arith flatCount(const TypeP& type) {
    return type->isArray() ? type->length * flatCount(type->element) : Arith(1);
}

TypeP innermostType(const TypeP& type) {
    return type->isArray() ? innermostType(type->element) : type;
}

ViewP memoryView(const c::SymbolP& memory, const TypeP& type, const Arith& offset, bool writable,
                 AddressSpace space, bool scalarVariable, std::int64_t padEvery) {
    if (type->isArray()) {
        const Arith stride = flatCount(type->element);
        const TypeP elem = type->element;
        return arrayView(type, [=](const Arith& i) {
            return memoryView(memory, elem, offset + i * stride, writable, space, false, padEvery);
        });
    }
    if (scalarVariable) return leafView(type, c::name(memory), writable, space);
    const Arith at = padEvery > 0 ? offset + intDiv(offset, Arith(padEvery)) : offset;
    auto leaf = std::make_shared<View>(*leafView(type, c::element(memory, {c::index(at)}), writable, space));
    leaf->memory = memory;
    leaf->memoryIndex = at;
    return leaf;
}

namespace {
// The view with every index expression that uses the variable `var` bound to `expr` (at's clamp).
ViewP bindIndexVariable(const ViewP& v, const std::string& var, const c::ExprP& expr) {
    switch (v->kind) {
        case View::Kind::Array:
            return arrayView(v->type, [=](const Arith& i) { return bindIndexVariable(elementAt(v, i), var, expr); });
        case View::Kind::Tuple: {
            std::vector<ViewP> cs;
            for (const auto& component : v->components) cs.push_back(bindIndexVariable(component, var, expr));
            return tupleView(std::move(cs));
        }
        case View::Kind::Leaf: break;
    }
    auto leaf = std::make_shared<View>(*v);
    leaf->expr = c::rewrite(v->expr, [&](const c::Expr& e) -> c::ExprP {
        const auto* i = std::get_if<c::Index>(&e.node);
        if (!i) return nullptr;
        const auto vars = i->value.variables();
        if (std::find(vars.begin(), vars.end(), var) == vars.end()) return nullptr;
        c::Index bound = *i;
        bound.bound[var] = expr;
        return std::make_shared<const c::Expr>(c::Expr{std::move(bound)});
    });
    return leaf;
}

// Component k of a vector that stands for consecutive scalars of memory: that scalar element (an
// lvalue when writable), for any k, constant or not.
ViewP scalarOfVectorInMemory(const ViewP& v, const Arith& k) {
    return memoryView(v->memory, v->type->elements.at(0), v->memoryIndex + k, v->writable, v->space);
}
}  // namespace

ViewP asVectorView(const ViewP& v, std::int64_t width) {
    const TypeP scalar = v->type->element;
    const TypeP vector = Type::vectorOf(scalar->scalar, static_cast<int>(width));
    const std::string name = ir::typeToString(vector);
    return arrayView(Type::arrayOf(vector, ir::exactDiv(lengthOf(v), Arith(width))), [=](const Arith& j) -> ViewP {
        std::vector<ViewP> parts;
        bool consecutive = true;
        for (std::int64_t c = 0; c < width; ++c) {
            parts.push_back(elementAt(v, j * Arith(width) + Arith(c)));
            const ViewP& p = parts.back();
            if (p->kind != View::Kind::Leaf) throw Error("codegen: asVector of an array of " + ir::typeToString(scalar));
            const auto step = (p->memoryIndex - parts.front()->memoryIndex).tryConstant();
            consecutive = consecutive && p->memory && p->memory == parts.front()->memory && step == c;
        }
        const ViewP& first = parts.front();
        if (consecutive) {
            auto leaf = std::make_shared<View>(*first);
            leaf->type = vector;
            leaf->expr = c::call(fmt::format("vload{}", width), {c::text("0"), c::seq({c::text("&"), first->expr})});
            leaf->vectorOfScalars = true;
            return leaf;
        }
        std::vector<c::ExprP> components;
        for (const auto& p : parts) components.push_back(p->expr);
        return leafView(vector, c::call("(" + name + ")", components), false, AddressSpace::Private);
    });
}

ViewP asScalarView(const ViewP& v) {
    const TypeP vector = v->type->element;
    const std::int64_t width = static_cast<std::int64_t>(vector->elements.size());
    return arrayView(Type::arrayOf(vector->elements[0], lengthOf(v) * Arith(width)), [=](const Arith& i) -> ViewP {
        const ViewP element = elementAt(v, intDiv(i, Arith(width)));
        const Arith component = mod(i, Arith(width));
        if (element->kind == View::Kind::Leaf && element->vectorOfScalars) return scalarOfVectorInMemory(element, component);
        if (const auto c = component.tryConstant()) return componentAt(element, static_cast<int>(*c));
        throw Error("codegen: asScalar of a computed " + ir::typeToString(vector) + " at a component index that is "
                    "not a constant (" + component.toString() + "); store the vectors in memory first");
    });
}

ViewP atView(const ViewP& v, const ViewP& index) {
    if (index->kind != View::Kind::Leaf || !index->type->isScalar() || index->type->scalar != ir::ScalarKind::Int)
        throw Error("codegen: at needs an int index, found " + ir::typeToString(index->type));
    const Arith n = lengthOf(v);
    const c::ExprP clamped = c::call("clamp", {index->expr, c::text("0"), c::index(n - 1)});
    const std::string var = c::print(clamped);
    return bindIndexVariable(elementAt(v, Arith::var(var, 0, n)), var, clamped);
}

ViewP elementAt(const ViewP& v, const Arith& index) {
    if (v->kind != View::Kind::Array)
        throw Error("codegen: indexing a value of type " + ir::typeToString(v->type) +
                    " that is not an array");
    return v->element(index);
}

ViewP componentAt(const ViewP& v, int k) {
    if (v->kind == View::Kind::Tuple) {
        if (k < 0 || static_cast<std::size_t>(k) >= v->components.size())
            throw Error("codegen: tuple component " + std::to_string(k) + " out of range");
        return v->components[static_cast<std::size_t>(k)];
    }
    if (v->kind != View::Kind::Leaf || !v->type->isTuple())
        throw Error("codegen: get(" + std::to_string(k) + ") of a value of type " +
                    ir::typeToString(v->type) + " that is not a tuple");
    if (k < 0 || static_cast<std::size_t>(k) >= v->type->elements.size())
        throw Error("codegen: tuple component " + std::to_string(k) + " out of range");
    // A vector of scalars in memory: the scalar element itself (an lvalue when writable).
    if (v->vectorOfScalars) return scalarOfVectorInMemory(v, Arith(k));
    // complex and vectors are OpenCL vectors (.x/.y, .s0 ...); other tuples are structs (._0 ...)
    return leafView(v->type->elements[static_cast<std::size_t>(k)], c::member(v->expr, CTypes::field(v->type, k)),
                    v->writable, v->space);
}

Arith lengthOf(const ViewP& v) {
    if (!v->type->isArray())
        throw Error("codegen: expected an array, found " + ir::typeToString(v->type));
    return v->type->length;
}

ViewP splitView(const ViewP& v, const Arith& m) {
    const Arith n = lengthOf(v);
    const TypeP row = Type::arrayOf(v->type->element, m);
    return arrayView(Type::arrayOf(row, ir::exactDiv(n, m)), [=](const Arith& i) {
        return arrayView(row, [=](const Arith& j) { return elementAt(v, i * m + j); });
    });
}

ViewP joinView(const ViewP& v) {
    const Arith n = lengthOf(v);
    const TypeP row = v->type->element;
    if (!row->isArray()) throw Error("codegen: join of an array that has no rows");
    const Arith m = row->length;
    return arrayView(Type::arrayOf(row->element, n * m), [=](const Arith& i) {
        return elementAt(elementAt(v, ir::intDiv(i, m)), ir::mod(i, m));
    });
}

ViewP transposeView(const ViewP& v) {
    const Arith n = lengthOf(v);
    const TypeP row = v->type->element;
    if (!row->isArray()) throw Error("codegen: transpose of an array that has no rows");
    const Arith m = row->length;
    const TypeP newRow = Type::arrayOf(row->element, n);
    return arrayView(Type::arrayOf(newRow, m), [=](const Arith& i) {
        return arrayView(newRow, [=](const Arith& j) { return elementAt(elementAt(v, j), i); });
    });
}

ViewP zipView(const std::vector<ViewP>& vs) {
    if (vs.empty()) throw Error("codegen: zip of nothing");
    std::vector<TypeP> elems;
    for (const auto& v : vs) elems.push_back(v->type->element), (void)lengthOf(v);
    return arrayView(Type::arrayOf(Type::tupleOf(elems), lengthOf(vs[0])), [=](const Arith& i) {
        std::vector<ViewP> cs;
        for (const auto& v : vs) cs.push_back(elementAt(v, i));
        return tupleView(std::move(cs));
    });
}

ViewP padView(const ViewP& v, const Arith& left, const Arith& right, ir::PadMode mode) {
    const Arith n = lengthOf(v);
    return arrayView(Type::arrayOf(v->type->element, left + n + right), [=](const Arith& i) {
        if (mode == ir::PadMode::Wrap) {
            // (i - left) mod n with a non-negative left operand
            const Arith shifted = left.isConstant() && left.constant() == 0 ? i : i + n - ir::mod(left, n);
            return elementAt(v, ir::mod(shifted, n));
        }
        if (mode == ir::PadMode::Mirror) {
            // numpy's 'symmetric' reflection of x = i - left: x < 0 reads -1 - x, x >= n reads
            // 2n - 1 - x. When neither side pads by more than n, one reflection per side is
            // enough (max, then min); otherwise fold x into [0, 2n) first (period 2n).
            const Arith twoN = n * Arith(2);
            if ((n - left).provablyNonNegative() && (n - right).provablyNonNegative()) {
                const Arith x = i - left;
                const Arith once = ir::max(x, Arith(-1) - x);
                return elementAt(v, ir::min(once, twoN - Arith(1) - once));
            }
            const Arith shifted = left.isConstant() && left.constant() == 0 ? i : i + twoN - ir::mod(left, twoN);
            const Arith j = ir::mod(shifted, twoN);
            return elementAt(v, ir::min(j, twoN - Arith(1) - j));
        }
        return elementAt(v, ir::min(ir::max(i - left, Arith(0)), n - 1));
    });
}

ViewP takeView(const ViewP& v, const Arith& m) {
    return arrayView(Type::arrayOf(v->type->element, m), [=](const Arith& i) { return elementAt(v, i); });
}

ViewP slideView(const ViewP& v, const Arith& size, const Arith& step) {
    const Arith n = lengthOf(v);
    const TypeP window = Type::arrayOf(v->type->element, size);
    return arrayView(Type::arrayOf(window, ir::exactDiv(n - size, step) + 1), [=](const Arith& i) {
        return arrayView(window, [=](const Arith& j) { return elementAt(v, i * step + j); });
    });
}

ViewP mapView(const ViewP& v, const std::function<ViewP(const ViewP&)>& f) {
    const Arith n = lengthOf(v);
    const ViewP probe = f(elementAt(v, Arith::var("probe_", 0, n)));
    return arrayView(Type::arrayOf(probe->type, n),
                     [=](const Arith& i) { return f(elementAt(v, i)); });
}

}  // namespace liftcl::codegen
