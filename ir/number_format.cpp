#include "ir/number_format.hpp"

#include <cstdio>

namespace liftcl::ir {

std::string formatNumber(double value, const char* printfFormat) {
    char text[128];
    std::snprintf(text, sizeof text, printfFormat, value);
    return text;
}

}  // namespace liftcl::ir
