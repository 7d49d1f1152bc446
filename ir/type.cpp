// Types: factories, structural equality, printing, sizes and length substitution.
#include "ir/type.hpp"

#include <atomic>

#include "ir/error.hpp"

namespace liftcl::ir {

TypeP Type::scalarOf(ScalarKind s) {
    static const TypeP f = std::make_shared<Type>(Type{Kind::Scalar, ScalarKind::Float});
    static const TypeP d = std::make_shared<Type>(Type{Kind::Scalar, ScalarKind::Double});
    static const TypeP i = std::make_shared<Type>(Type{Kind::Scalar, ScalarKind::Int});
    switch (s) {
        case ScalarKind::Float: return f;
        case ScalarKind::Double: return d;
        case ScalarKind::Int: return i;
    }
    return i;
}

TypeP Type::tupleOf(std::vector<TypeP> components) {
    for (const TypeP& c : components)
        if (!c) throw Error("a tuple type needs every component type");
    auto t = std::make_shared<Type>(Type{Kind::Tuple});
    t->elements = std::move(components);
    return t;
}

TypeP Type::arrayOf(TypeP element, Arith length) {
    if (!element) throw Error("an array type needs an element type");
    auto t = std::make_shared<Type>(Type{Kind::Array});
    t->element = std::move(element);
    t->length = std::move(length);
    return t;
}

TypeP Type::functionOf(std::vector<TypeP> params, TypeP result) {
    if (!result) throw Error("a function type needs a result type");
    auto t = std::make_shared<Type>(Type{Kind::Function});
    t->elements = std::move(params);
    t->element = std::move(result);
    return t;
}

TypeP Type::freshVar() {
    static std::atomic<int> next{0};
    auto t = std::make_shared<Type>(Type{Kind::Var});
    t->varId = next++;
    return t;
}

TypeP Type::complexOf(ScalarKind real) {
    if (real == ScalarKind::Int) throw Error("complex numbers need a float or double component type");
    return tupleOf({scalarOf(real), scalarOf(real)});
}

TypeP Type::vectorOf(ScalarKind s, int width) {
    if (s == ScalarKind::Int) throw Error("vectors have float or double components");
    if (width != 2 && width != 4 && width != 8 && width != 16)
        throw Error("a vector has 2, 4, 8 or 16 components, not " + std::to_string(width));
    auto t = std::make_shared<Type>(Type{Kind::Tuple});
    t->elements.assign(static_cast<std::size_t>(width), scalarOf(s));
    t->vector = true;
    return t;
}

TypeP namedType(const std::string& name, ScalarKind real) {
    if (name == "float") return Type::scalarOf(ScalarKind::Float);
    if (name == "double") return Type::scalarOf(ScalarKind::Double);
    if (name == "int") return Type::scalarOf(ScalarKind::Int);
    if (name == "real") return Type::scalarOf(real);
    if (name == "complex") return Type::complexOf(real);
    for (const auto& [prefix, scalar] : {std::pair<const char*, ScalarKind>{"real", real},
                                         {"float", ScalarKind::Float}, {"double", ScalarKind::Double}}) {
        const std::string p = prefix;
        if (name.size() <= p.size() || name.compare(0, p.size(), p) != 0) continue;
        const std::string width = name.substr(p.size());
        for (int w : {2, 4, 8, 16})
            if (width == std::to_string(w)) return Type::vectorOf(scalar, w);
    }
    return nullptr;
}

bool Type::isComplex() const {
    return kind == Kind::Tuple && !vector && elements.size() == 2 && elements[0]->isScalar() &&
           elements[1]->isScalar() && elements[0]->scalar == elements[1]->scalar &&
           elements[0]->scalar != ScalarKind::Int;
}

bool typesEqual(const TypeP& a, const TypeP& b) {
    if (a == b) return true;
    if (!a || !b || a->kind != b->kind) return false;
    switch (a->kind) {
        case Type::Kind::Scalar: return a->scalar == b->scalar;
        case Type::Kind::Var: return a->varId == b->varId;
        case Type::Kind::Array: return a->length == b->length && typesEqual(a->element, b->element);
        case Type::Kind::Function:
            if (!typesEqual(a->element, b->element)) return false;
            [[fallthrough]];
        case Type::Kind::Tuple:
            if (a->vector != b->vector || a->elements.size() != b->elements.size()) return false;
            for (std::size_t i = 0; i < a->elements.size(); ++i)
                if (!typesEqual(a->elements[i], b->elements[i])) return false;
            return true;
    }
    return false;
}

std::string scalarName(ScalarKind s) {
    switch (s) {
        case ScalarKind::Float: return "float";
        case ScalarKind::Double: return "double";
        case ScalarKind::Int: return "int";
    }
    return "?";
}

static std::string typeVarName(int id) {
    std::string s = "'";
    s += static_cast<char>('a' + id % 26);
    if (id >= 26) s += std::to_string(id / 26);
    return s;
}

static std::string lengthString(const Arith& n) {
    Arith::Kind k = n.kind();
    bool atomic = k == Arith::Kind::Var || (k == Arith::Kind::Cst && n.constant() >= 0);
    return atomic ? n.toString() : "(" + n.toString() + ")";
}

std::string typeToString(const TypeP& t) {
    if (!t) return "<null type>";
    switch (t->kind) {
        case Type::Kind::Scalar: return scalarName(t->scalar);
        case Type::Kind::Var: return typeVarName(t->varId);
        case Type::Kind::Array: return "[" + typeToString(t->element) + "]" + lengthString(t->length);
        case Type::Kind::Tuple: {
            if (t->isComplex()) return "complex";
            if (t->isVector()) return scalarName(t->elements[0]->scalar) + std::to_string(t->elements.size());
            std::string s = "{";
            for (std::size_t i = 0; i < t->elements.size(); ++i)
                s += (i ? ", " : "") + typeToString(t->elements[i]);
            return s + "}";
        }
        case Type::Kind::Function: {
            std::string s = "(";
            for (std::size_t i = 0; i < t->elements.size(); ++i)
                s += (i ? ", " : "") + typeToString(t->elements[i]);
            return s + ") -> " + typeToString(t->element);
        }
    }
    return "?";
}

Arith typeSizeInBytes(const TypeP& t) {
    if (!t) throw Error("no type to size");
    switch (t->kind) {
        case Type::Kind::Scalar: return Arith(t->scalar == ScalarKind::Double ? 8 : 4);
        case Type::Kind::Tuple: {
            Arith total(0);
            for (const TypeP& c : t->elements) total = total + typeSizeInBytes(c);
            return total;
        }
        case Type::Kind::Array: return t->length * typeSizeInBytes(t->element);
        case Type::Kind::Function:
            throw Error("a function of type " + typeToString(t) + " has no size in memory");
        case Type::Kind::Var:
            throw Error("the type " + typeToString(t) + " is not known, so it has no size");
    }
    return Arith(0);
}

TypeP substituteLengths(const TypeP& t, const std::map<std::string, Arith>& replacements) {
    if (!t || replacements.empty()) return t;
    switch (t->kind) {
        case Type::Kind::Scalar:
        case Type::Kind::Var: return t;
        case Type::Kind::Array:
            return Type::arrayOf(substituteLengths(t->element, replacements),
                                 t->length.substitute(replacements));
        case Type::Kind::Tuple: {
            if (t->isVector()) return t;  // scalars only
            std::vector<TypeP> cs;
            for (const TypeP& c : t->elements) cs.push_back(substituteLengths(c, replacements));
            return Type::tupleOf(std::move(cs));
        }
        case Type::Kind::Function: {
            std::vector<TypeP> ps;
            for (const TypeP& p : t->elements) ps.push_back(substituteLengths(p, replacements));
            return Type::functionOf(std::move(ps), substituteLengths(t->element, replacements));
        }
    }
    return t;
}

}  // namespace liftcl::ir
