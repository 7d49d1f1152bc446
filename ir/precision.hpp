// The one spelling of a floating-point precision on every command line and in every text format
// the project writes: `f32` (float) and `f64` (double); commands that can sweep both accept `both`.
// Any other spelling is an error that names the option and the accepted words.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ir/type.hpp"

namespace liftcl::ir {

// "f32" -> Float, "f64" -> Double; otherwise liftcl::Error naming `option` (e.g. "--precision").
ScalarKind parsePrecision(std::string_view text, std::string_view option);
// As parsePrecision, plus "both" -> nullopt.
std::optional<ScalarKind> parsePrecisionOrBoth(std::string_view text, std::string_view option);
// "f32" | "f64" (Int has no precision name: "int").
std::string precisionName(ScalarKind kind);
// Bytes of one complex value of the real type `real` (Float: 8, Double: 16).
std::int64_t complexBytes(ScalarKind real);

}  // namespace liftcl::ir
