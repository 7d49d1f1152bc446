#include "codegen/twiddle_table.hpp"

#include "ir/error.hpp"
#include "ir/interpreter.hpp"
#include "ir/userfun.hpp"

namespace liftcl::codegen {

std::optional<std::vector<std::int64_t>> constantSizes(const ir::FunP& prim) {
    std::vector<std::int64_t> sizes;
    for (const auto& n : prim->nats) {
        const auto c = n.tryConstant();
        if (!c || *c < 0) return std::nullopt;
        sizes.push_back(*c);
    }
    return sizes;
}

std::optional<std::int64_t> constantElementCount(const ir::FunP& prim) {
    const auto sizes = constantSizes(prim);
    if (!sizes) return std::nullopt;
    std::int64_t count = 1;
    for (auto n : *sizes) count *= n;
    return count;
}

std::int64_t valueBytes(const ir::TypeP& type) {
    if (type->isScalar()) return type->scalar == ir::ScalarKind::Double ? 8 : 4;
    if (type->isTuple()) {
        std::int64_t b = 0;
        for (const auto& e : type->elements) b += valueBytes(e);
        return b;
    }
    throw Error("codegen: no value size for type " + ir::typeToString(type));
}

void flatten(const ir::Value& v, std::vector<const ir::Value*>& out) {
    if (v.kind == ir::Value::Kind::Array) {
        for (const auto& e : v.items) flatten(e, out);
    } else {
        out.push_back(&v);
    }
}

namespace {

std::string printValue(const ir::Value& v, const ir::TypeP& type, CTypes& types) {
    switch (v.kind) {
        case ir::Value::Kind::Int: return std::to_string(v.i);
        case ir::Value::Kind::Real: return types.realLiteral(v.r);
        case ir::Value::Kind::Tuple: {
            std::vector<std::string> cs;
            for (std::size_t k = 0; k < v.items.size(); ++k)
                cs.push_back(printValue(v.items[k], type->elements.at(k), types));
            return types.construct(type, cs);
        }
        case ir::Value::Kind::Array: break;
    }
    throw Error("codegen: nested array in a table element");
}

void appendBytes(const ir::Value& v, ir::ScalarKind precision, std::string& hex) {
    auto put = [&](const void* p, std::size_t n) {
        static const char digits[] = "0123456789abcdef";
        const auto* bytes = static_cast<const unsigned char*>(p);
        for (std::size_t k = 0; k < n; ++k) {
            hex += digits[bytes[k] >> 4];
            hex += digits[bytes[k] & 15];
        }
    };
    switch (v.kind) {
        case ir::Value::Kind::Int: {
            const auto i = static_cast<std::int32_t>(v.i);
            put(&i, sizeof i);
            return;
        }
        case ir::Value::Kind::Real:
            if (precision == ir::ScalarKind::Double) {
                const double d = static_cast<double>(v.r);
                put(&d, sizeof d);
            } else {
                const float f = static_cast<float>(v.r);
                put(&f, sizeof f);
            }
            return;
        case ir::Value::Kind::Tuple:
            for (const auto& e : v.items) appendBytes(e, precision, hex);
            return;
        case ir::Value::Kind::Array: break;
    }
    throw Error("codegen: nested array in a table element");
}

}  // namespace

std::string hostTableHex(const ir::FunP& prim, ir::ScalarKind precision, TableOrder order) {
    const auto sizes = constantSizes(prim);
    if (!sizes) throw Error("codegen: " + ir::primName(prim->prim) + " needs constant sizes to be tabled", prim->loc);
    const ir::Value value = ir::interpret(prim, {});
    std::vector<const ir::Value*> elems;  // row-major: the last index fastest
    flatten(value, elems);
    std::string hex;
    std::vector<std::size_t> digits(sizes->size());
    for (std::size_t i = 0; i < elems.size(); ++i) {
        std::size_t rowMajor = i;
        if (order == TableOrder::FirstIndexFastest) {
            // Flat index i with the first index fastest -> its row-major position.
            std::size_t rest = i;
            rowMajor = 0;
            for (std::size_t k = 0; k < sizes->size(); ++k) {
                digits[k] = rest % static_cast<std::size_t>((*sizes)[k]);
                rest /= static_cast<std::size_t>((*sizes)[k]);
            }
            for (std::size_t k = 0; k < sizes->size(); ++k)
                rowMajor = rowMajor * static_cast<std::size_t>((*sizes)[k]) + digits[k];
        }
        appendBytes(*elems.at(rowMajor), precision, hex);
    }
    return hex;
}

ConstantTable makeConstantTable(const std::string& name, const ir::FunP& prim, CTypes& types) {
    if (!constantElementCount(prim))
        throw Error("codegen: " + ir::primName(prim->prim) +
                        " needs constant sizes to be tabled (use --set)",
                    prim->loc);
    const ir::Value value = ir::interpret(prim, {});
    std::vector<const ir::Value*> elems;
    flatten(value, elems);
    const ir::TypeP elemType = prim->funs.at(0)->userFun
                                   ? prim->funs[0]->userFun->returnType
                                   : nullptr;
    if (!elemType) throw Error("codegen: a tabled generator must be a user function", prim->loc);
    ConstantTable t;
    t.name = name;
    t.count = static_cast<std::int64_t>(elems.size());
    t.bytes = t.count * valueBytes(elemType);
    std::string def = "__constant " + types.name(elemType) + " " + name + "[" +
                      std::to_string(t.count) + "] = {";
    for (std::size_t k = 0; k < elems.size(); ++k) {
        def += (k % 4 == 0) ? "\n    " : " ";
        def += printValue(*elems[k], elemType, types) + (k + 1 < elems.size() ? "," : "");
    }
    def += "\n};\n";
    t.definition = std::move(def);
    return t;
}

}  // namespace liftcl::codegen
