#include "codegen/c_types.hpp"

#include <fmt/format.h>

#include <cmath>

#include "ir/error.hpp"

namespace liftcl::codegen {

std::string CTypes::name(const ir::TypeP& type) {
    switch (type->kind) {
        case ir::Type::Kind::Scalar:
            if (type->scalar == ir::ScalarKind::Int) return "int";
            return type->scalar == real_ ? "real" : ir::scalarName(type->scalar);
        case ir::Type::Kind::Tuple: {
            if (type->isComplex() && type->elements[0]->scalar == real_) return "complex";
            if (type->isComplex())
                return type->elements[0]->scalar == ir::ScalarKind::Float ? "float2" : "double2";
            if (type->isVector()) return ir::typeToString(type);  // float4, double8, ...
            std::string n = "Tuple";
            std::vector<std::string> fields;
            for (const auto& e : type->elements) fields.push_back(name(e));
            for (const auto& f : fields) n += "_" + f;
            if (!structs_.count(n)) {
                std::string def = "typedef struct {";
                for (std::size_t k = 0; k < fields.size(); ++k)
                    def += fmt::format(" {} _{};", fields[k], k);
                def += " } " + n + ";";
                structs_[n] = def;
                structOrder_.push_back(n);
            }
            return n;
        }
        case ir::Type::Kind::Array:
            throw Error("codegen: an array type " + ir::typeToString(type) +
                        " has no C value type (arrays live in memory)");
        default:
            throw Error("codegen: the type " + ir::typeToString(type) + " is not closed");
    }
}

std::string CTypes::field(const ir::TypeP& tuple, int k) {
    if (tuple->isComplex()) return k == 0 ? ".x" : ".y";
    if (tuple->isVector()) return fmt::format(".s{:x}", k);
    return "._" + std::to_string(k);
}

std::string CTypes::structDefinitions() const {
    std::string out;
    for (const auto& n : structOrder_) out += structs_.at(n) + "\n";
    return out;
}

std::string CTypes::realLiteral(double value) const {
    if (real_ == ir::ScalarKind::Float) {
        std::string s = fmt::format("{:.9g}", static_cast<float>(value));
        if (s.find_first_of(".eni") == std::string::npos) s += ".0";
        return s + "f";
    }
    std::string s = fmt::format("{:.17g}", value);
    if (s.find_first_of(".eni") == std::string::npos) s += ".0";
    return s;
}

std::pair<std::string, std::string> CTypes::constructorBrackets(const ir::TypeP& type) {
    if (type->isComplex() || type->isVector()) return {"(" + name(type) + ")(", ")"};
    return {"(" + name(type) + "){", "}"};
}

std::string CTypes::construct(const ir::TypeP& type, const std::vector<std::string>& components) {
    const auto [open, close] = constructorBrackets(type);
    std::string s = open;
    for (std::size_t k = 0; k < components.size(); ++k) s += (k ? ", " : "") + components[k];
    return s + close;
}

}  // namespace liftcl::codegen
