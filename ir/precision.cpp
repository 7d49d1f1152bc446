#include "ir/precision.hpp"

#include "ir/error.hpp"

namespace liftcl::ir {

ScalarKind parsePrecision(std::string_view text, std::string_view option) {
    if (text == "f32") return ScalarKind::Float;
    if (text == "f64") return ScalarKind::Double;
    throw Error(std::string(option) + ": unknown precision '" + std::string(text) + "' (expected f32 or f64)");
}

std::optional<ScalarKind> parsePrecisionOrBoth(std::string_view text, std::string_view option) {
    if (text == "both") return std::nullopt;
    if (text == "f32" || text == "f64") return parsePrecision(text, option);
    throw Error(std::string(option) + ": unknown precision '" + std::string(text) + "' (expected f32, f64 or both)");
}

std::string precisionName(ScalarKind kind) {
    switch (kind) {
        case ScalarKind::Float: return "f32";
        case ScalarKind::Double: return "f64";
        case ScalarKind::Int: break;
    }
    return "int";
}

std::int64_t complexBytes(ScalarKind real) { return real == ScalarKind::Float ? 8 : 16; }

}  // namespace liftcl::ir
