#include "codegen/host_layout.hpp"

#include <algorithm>
#include <cstring>

#include "ir/error.hpp"

namespace liftcl::codegen {

namespace {

void pack(const ir::Value& v, const ir::TypeP& t, std::vector<unsigned char>& out) {
    auto put = [&out](const void* p, std::size_t n) {
        const auto* b = static_cast<const unsigned char*>(p);
        out.insert(out.end(), b, b + n);
    };
    switch (t->kind) {
        case ir::Type::Kind::Scalar:
            if (t->scalar == ir::ScalarKind::Int) {
                const auto i = static_cast<std::int32_t>(v.kind == ir::Value::Kind::Int ? v.i : static_cast<std::int64_t>(v.r));
                put(&i, sizeof i);
            } else {
                const double d = v.kind == ir::Value::Kind::Real ? v.r : static_cast<double>(v.i);
                if (t->scalar == ir::ScalarKind::Float) {
                    const auto f = static_cast<float>(d);
                    put(&f, sizeof f);
                } else {
                    put(&d, sizeof d);
                }
            }
            return;
        case ir::Type::Kind::Tuple:
        case ir::Type::Kind::Array:
            if (v.items.size() != (t->isTuple() ? t->elements.size() : v.items.size()))
                throw Error("host layout: a value does not match its type " + ir::typeToString(t));
            for (std::size_t k = 0; k < v.items.size(); ++k)
                pack(v.items[k], t->isTuple() ? t->elements[k] : t->element, out);
            return;
        default: throw Error("host layout: type " + ir::typeToString(t) + " has no buffer layout");
    }
}

struct CLayout {
    std::int64_t size = 0, align = 1;
};

// OpenCL C's size and alignment: scalars and vectors aligned to their size, structs to their
// largest member, members at aligned offsets, the size rounded up to the alignment.
CLayout openClLayout(const ir::TypeP& t) {
    if (t->isScalar()) {
        const std::int64_t s = t->scalar == ir::ScalarKind::Double ? 8 : 4;
        return {s, s};
    }
    if (t->isComplex() || t->isVector()) {
        const std::int64_t s = *ir::typeSizeInBytes(t).tryConstant();
        return {s, s};
    }
    CLayout out;
    for (const auto& c : t->elements) {
        const CLayout l = openClLayout(c);
        out.size = (out.size + l.align - 1) / l.align * l.align + l.size;
        out.align = std::max(out.align, l.align);
    }
    out.size = (out.size + out.align - 1) / out.align * out.align;
    return out;
}

ir::Value unpack(const unsigned char*& p, const unsigned char* end, const ir::TypeP& t,
                 const ir::Valuation& nats) {
    auto need = [&](std::size_t n) {
        if (static_cast<std::size_t>(end - p) < n) throw Error("host layout: buffer too small");
    };
    switch (t->kind) {
        case ir::Type::Kind::Scalar:
            if (t->scalar == ir::ScalarKind::Int) {
                std::int32_t i;
                need(sizeof i);
                std::memcpy(&i, p, sizeof i);
                p += sizeof i;
                return ir::Value::ofInt(i);
            }
            if (t->scalar == ir::ScalarKind::Float) {
                float f;
                need(sizeof f);
                std::memcpy(&f, p, sizeof f);
                p += sizeof f;
                return ir::Value::ofReal(f);
            } else {
                double d;
                need(sizeof d);
                std::memcpy(&d, p, sizeof d);
                p += sizeof d;
                return ir::Value::ofReal(d);
            }
        case ir::Type::Kind::Tuple: {
            std::vector<ir::Value> items;
            for (const auto& e : t->elements) items.push_back(unpack(p, end, e, nats));
            return ir::Value::tuple(std::move(items));
        }
        case ir::Type::Kind::Array: {
            const std::int64_t n = t->length.evaluate(nats);
            std::vector<ir::Value> items;
            items.reserve(static_cast<std::size_t>(n));
            for (std::int64_t k = 0; k < n; ++k) items.push_back(unpack(p, end, t->element, nats));
            return ir::Value::array(std::move(items));
        }
        default: throw Error("host layout: type " + ir::typeToString(t) + " has no buffer layout");
    }
}

}  // namespace

bool packedLayoutMatchesOpenCl(const ir::TypeP& type) {
    if (type->isArray() || !(type->isScalar() || type->isTuple())) return true;
    return ir::typeSizeInBytes(type).tryConstant() == openClLayout(type).size;
}

std::vector<unsigned char> packValue(const ir::Value& value, const ir::TypeP& type) {
    std::vector<unsigned char> out;
    pack(value, type, out);
    return out;
}

ir::Value unpackValue(const std::vector<unsigned char>& bytes, const ir::TypeP& type,
                      const ir::Valuation& nats) {
    const unsigned char* p = bytes.data();
    return unpack(p, bytes.data() + bytes.size(), type, nats);
}

}  // namespace liftcl::codegen
