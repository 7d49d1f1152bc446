// Numbers as text with a printf format ("%.2f", "%.3e", "%9.4f GiB"), for tables, notes and
// messages: the one formatter of the project. Non-finite values print as printf prints them;
// callers that want another word for them ("-", "nan") check first.
#pragma once

#include <string>

namespace liftcl::ir {

// `printfFormat` holds exactly one double conversion.
std::string formatNumber(double value, const char* printfFormat);

}  // namespace liftcl::ir
