#include "codegen/view.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "codegen/c_types.hpp"
#include "ir/error.hpp"

namespace liftcl::codegen {

using ir::Arith;
using ir::Type;
using ir::TypeP;
using Layout = View::Layout;

namespace {
// An array view of `type`: a layout of `sources`.
std::shared_ptr<View> arrayOf(TypeP type, Layout layout, std::vector<ViewP> sources, std::vector<Arith> sizes = {}) {
    auto v = std::make_shared<View>();
    v->kind = View::Kind::Array;
    v->type = std::move(type);
    v->layout = layout;
    v->sources = std::move(sources);
    v->sizes = std::move(sizes);
    return v;
}
}  // namespace

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
        auto v = arrayOf(type, Layout::Memory, {});
        v->memory = memory;
        v->memoryIndex = offset;
        v->writable = writable;
        v->space = space;
        v->padEvery = padEvery;
        return v;
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
        case View::Kind::Array: {
            auto bound = arrayOf(v->type, Layout::BindIndex, {v});
            bound->boundName = var;
            bound->boundExpr = expr;
            return bound;
        }
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

// Element j of asVector(width) over v.
ViewP vectorElement(const ViewP& v, const TypeP& vector, std::int64_t width, const Arith& j) {
    std::vector<ViewP> parts;
    bool consecutive = true;
    for (std::int64_t c = 0; c < width; ++c) {
        parts.push_back(elementAt(v, j * Arith(width) + Arith(c)));
        const ViewP& p = parts.back();
        if (p->kind != View::Kind::Leaf) throw Error("codegen: asVector of an array of " + ir::typeToString(v->type->element));
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
    return leafView(vector, c::call("(" + ir::typeToString(vector) + ")", components), false, AddressSpace::Private);
}

// Element i of asScalar over v.
ViewP scalarElement(const ViewP& v, const Arith& i) {
    const TypeP vector = v->type->element;
    const Arith width(static_cast<std::int64_t>(vector->elements.size()));
    const ViewP element = elementAt(v, intDiv(i, width));
    const Arith component = mod(i, width);
    if (element->kind == View::Kind::Leaf && element->vectorOfScalars) return scalarOfVectorInMemory(element, component);
    if (const auto c = component.tryConstant()) return componentAt(element, static_cast<int>(*c));
    throw Error("codegen: asScalar of a computed " + ir::typeToString(vector) + " at a component index that is "
                "not a constant (" + component.toString() + "); store the vectors in memory first");
}

// Element i of pad(left, right, mode) over v.
ViewP paddedElement(const ViewP& v, const Arith& left, const Arith& right, ir::PadMode mode, const Arith& i) {
    const Arith n = lengthOf(v);
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
}
}  // namespace

ViewP elementAt(const ViewP& v, const Arith& i) {
    if (v->kind != View::Kind::Array)
        throw Error("codegen: indexing a value of type " + ir::typeToString(v->type) + " that is not an array");
    const TypeP& elem = v->type->element;
    auto source = [&](std::size_t k = 0) -> const ViewP& { return v->sources.at(k); };
    switch (v->layout) {
        case Layout::Memory:
            return memoryView(v->memory, elem, v->memoryIndex + i * flatCount(elem), v->writable, v->space, false,
                              v->padEvery);
        case Layout::Offset: return elementAt(source(), v->sizes.empty() ? i : v->sizes[0] + i);
        case Layout::Column: return elementAt(elementAt(source(), i), v->sizes[0]);
        case Layout::Split: return arrayOf(elem, Layout::Offset, {source()}, {i * v->sizes[0]});
        case Layout::Join: {
            const Arith m = source()->type->element->length;
            return elementAt(elementAt(source(), ir::intDiv(i, m)), ir::mod(i, m));
        }
        case Layout::Transpose: return arrayOf(elem, Layout::Column, {source()}, {i});
        case Layout::Zip: {
            std::vector<ViewP> cs;
            for (const auto& s : v->sources) cs.push_back(elementAt(s, i));
            return tupleView(std::move(cs));
        }
        case Layout::Pad: return paddedElement(source(), v->sizes[0], v->sizes[1], v->padMode, i);
        case Layout::Slide: return arrayOf(elem, Layout::Offset, {source()}, {i * v->sizes[1]});
        case Layout::AsVector: return vectorElement(source(), elem, v->sizes[0].constant(), i);
        case Layout::AsScalar: return scalarElement(source(), i);
        case Layout::Component: return componentAt(elementAt(source(), i), v->component);
        case Layout::Repeat: return source();
        case Layout::BindIndex: return bindIndexVariable(elementAt(source(), i), v->boundName, v->boundExpr);
        case Layout::Generated: {
            std::vector<Arith> indices = v->sizes;
            indices.push_back(i);
            if (indices.size() < v->generatedLevels && elem->isArray()) {
                auto next = std::make_shared<View>(*v);
                next->type = elem;
                next->sizes = std::move(indices);
                return next;
            }
            return v->generatedLeaf(indices);
        }
        case Layout::Computed: return v->computedElement(i);
    }
    throw Error("codegen: unknown view layout");
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
    const TypeP row = Type::arrayOf(v->type->element, m);
    return arrayOf(Type::arrayOf(row, ir::exactDiv(lengthOf(v), m)), Layout::Split, {v}, {m});
}

ViewP joinView(const ViewP& v) {
    const Arith n = lengthOf(v);
    const TypeP row = v->type->element;
    if (!row->isArray()) throw Error("codegen: join of an array that has no rows");
    return arrayOf(Type::arrayOf(row->element, n * row->length), Layout::Join, {v});
}

ViewP transposeView(const ViewP& v) {
    const Arith n = lengthOf(v);
    const TypeP row = v->type->element;
    if (!row->isArray()) throw Error("codegen: transpose of an array that has no rows");
    return arrayOf(Type::arrayOf(Type::arrayOf(row->element, n), row->length), Layout::Transpose, {v});
}

ViewP zipView(const std::vector<ViewP>& vs) {
    if (vs.empty()) throw Error("codegen: zip of nothing");
    std::vector<TypeP> elems;
    for (const auto& v : vs) elems.push_back(v->type->element), (void)lengthOf(v);
    return arrayOf(Type::arrayOf(Type::tupleOf(elems), lengthOf(vs[0])), Layout::Zip, vs);
}

ViewP padView(const ViewP& v, const Arith& left, const Arith& right, ir::PadMode mode) {
    auto padded = arrayOf(Type::arrayOf(v->type->element, left + lengthOf(v) + right), Layout::Pad, {v}, {left, right});
    padded->padMode = mode;
    return padded;
}

ViewP takeView(const ViewP& v, const Arith& m) {
    (void)lengthOf(v);
    return arrayOf(Type::arrayOf(v->type->element, m), Layout::Offset, {v});
}

ViewP slideView(const ViewP& v, const Arith& size, const Arith& step) {
    const TypeP window = Type::arrayOf(v->type->element, size);
    return arrayOf(Type::arrayOf(window, ir::exactDiv(lengthOf(v) - size, step) + 1), Layout::Slide, {v}, {size, step});
}

ViewP asVectorView(const ViewP& v, std::int64_t width) {
    const TypeP vector = Type::vectorOf(v->type->element->scalar, static_cast<int>(width));
    return arrayOf(Type::arrayOf(vector, ir::exactDiv(lengthOf(v), Arith(width))), Layout::AsVector, {v}, {Arith(width)});
}

ViewP asScalarView(const ViewP& v) {
    const TypeP vector = v->type->element;
    const Arith width(static_cast<std::int64_t>(vector->elements.size()));
    return arrayOf(Type::arrayOf(vector->elements[0], lengthOf(v) * width), Layout::AsScalar, {v});
}

ViewP atView(const ViewP& v, const ViewP& index) {
    if (index->kind != View::Kind::Leaf || !index->type->isScalar() || index->type->scalar != ir::ScalarKind::Int)
        throw Error("codegen: at needs an int index, found " + ir::typeToString(index->type));
    const Arith n = lengthOf(v);
    const c::ExprP clamped = c::call("clamp", {index->expr, c::text("0"), c::index(n - 1)});
    const std::string var = c::print(clamped);
    return bindIndexVariable(elementAt(v, Arith::var(var, 0, n)), var, clamped);
}

ViewP componentsView(const ViewP& v, int k) {
    const TypeP& elem = v->type->element;
    if (!elem->isTuple() || k < 0 || static_cast<std::size_t>(k) >= elem->elements.size())
        throw Error("codegen: get(" + std::to_string(k) + ") of every element of " + ir::typeToString(v->type));
    auto components = arrayOf(Type::arrayOf(elem->elements[static_cast<std::size_t>(k)], lengthOf(v)), Layout::Component, {v});
    components->component = k;
    return components;
}

ViewP repeatView(const ViewP& element) {
    return arrayOf(Type::arrayOf(element->type, 1), Layout::Repeat, {element});
}

ViewP generatedView(const TypeP& type, std::size_t levels, std::string description,
                    std::function<ViewP(const std::vector<Arith>&)> leaf) {
    if (!type->isArray() || levels == 0) return leaf({});
    auto v = arrayOf(type, Layout::Generated, {});
    v->generatedLevels = levels;
    v->generatedLeaf = std::move(leaf);
    v->description = std::move(description);
    return v;
}

namespace {
ViewP guardedBy(const ViewP& v, const c::ExprP& condition, bool discarded) {
    switch (v->kind) {
        case View::Kind::Leaf: {
            auto g = std::make_shared<View>(*v);
            g->writeDiscarded = v->writeDiscarded || discarded;
            if (condition)
                g->writeGuard = v->writeGuard ? c::seq({c::text("("), v->writeGuard, c::text(") && ("), condition, c::text(")")})
                                              : condition;
            return g;
        }
        case View::Kind::Tuple: {
            std::vector<ViewP> cs;
            for (const auto& component : v->components) cs.push_back(guardedBy(component, condition, discarded));
            return tupleView(std::move(cs));
        }
        case View::Kind::Array: break;
    }
    return computedView(v->type, "guarded", {v},
                        [=](const Arith& i) { return guardedBy(elementAt(v, i), condition, discarded); });
}
}  // namespace

ViewP guardedView(const ViewP& v, const Arith& index, const Arith& bound) {
    if (index.provablyLess(bound)) return v;
    if (!bound.provablyLess(index + Arith(1)))
        return guardedBy(v, c::seq({c::index(index), c::text(" < "), c::index(bound)}), false);
    return guardedBy(v, nullptr, true);
}

ViewP computedView(const TypeP& type, std::string description, std::vector<ViewP> sources,
                   std::function<ViewP(const Arith&)> element) {
    auto v = arrayOf(type, Layout::Computed, std::move(sources));
    v->computedElement = std::move(element);
    v->description = std::move(description);
    return v;
}

namespace {
const char* spaceName(AddressSpace space) {
    switch (space) {
        case AddressSpace::Global: return "global";
        case AddressSpace::Local: return "local";
        case AddressSpace::Private: return "private";
        case AddressSpace::Constant: return "constant";
    }
    return "?";
}
}  // namespace

std::string printView(const ViewP& v) {
    switch (v->kind) {
        case View::Kind::Leaf: return c::print(v->expr);
        case View::Kind::Tuple: {
            std::string s = "{";
            for (std::size_t k = 0; k < v->components.size(); ++k) s += (k ? ", " : "") + printView(v->components[k]);
            return s + "}";
        }
        case View::Kind::Array: break;
    }
    auto sources = [&] {
        std::string s;
        for (std::size_t k = 0; k < v->sources.size(); ++k) s += (k ? ", " : "") + printView(v->sources[k]);
        return s;
    };
    auto size = [&](std::size_t k) { return v->sizes.at(k).toString(); };
    switch (v->layout) {
        case Layout::Memory: {
            std::string s = fmt::format("{} {}[{}..] : {}", spaceName(v->space), v->memory->name,
                                        v->memoryIndex.toString(), ir::typeToString(v->type));
            return v->padEvery > 0 ? s + fmt::format(" (padded every {})", v->padEvery) : s;
        }
        case Layout::Offset:
            return v->sizes.empty() ? fmt::format("take({}, {})", v->type->length.toString(), sources())
                                    : fmt::format("{}[{} + 0..{}]", sources(), size(0), v->type->length.toString());
        case Layout::Column: return fmt::format("column({}, {})", size(0), sources());
        case Layout::Split: return fmt::format("split({}, {})", size(0), sources());
        case Layout::Join: return fmt::format("join({})", sources());
        case Layout::Transpose: return fmt::format("transpose({})", sources());
        case Layout::Zip: return fmt::format("zip({})", sources());
        case Layout::Pad:
            return fmt::format("pad({}, {}, {}, {})", size(0), size(1), ir::padModeName(v->padMode), sources());
        case Layout::Slide: return fmt::format("slide({}, {}, {})", size(0), size(1), sources());
        case Layout::AsVector: return fmt::format("asVector({}, {})", size(0), sources());
        case Layout::AsScalar: return fmt::format("asScalar({})", sources());
        case Layout::Component: return fmt::format("map(get({}), {})", v->component, sources());
        case Layout::Repeat: return fmt::format("[{}]", sources());
        case Layout::BindIndex: return fmt::format("{} with {}", sources(), v->boundName);
        case Layout::Generated: return fmt::format("{} : {}", v->description, ir::typeToString(v->type));
        case Layout::Computed: return fmt::format("{}({})", v->description, sources());
    }
    return "?";
}

}  // namespace liftcl::codegen
