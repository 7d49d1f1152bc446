#include "ir/error.hpp"

namespace liftcl {

std::string SourceLoc::toString() const {
    if (!known()) return "";
    return (file.empty() ? std::string("<input>") : file) + ":" + std::to_string(line) + ":" +
           std::to_string(column);
}

static std::string formatError(const std::string& message, const SourceLoc& loc) {
    return loc.known() ? loc.toString() + ": error: " + message : "error: " + message;
}

Error::Error(const std::string& message, SourceLoc loc)
    : std::runtime_error(formatError(message, loc)), loc_(std::move(loc)), message_(message) {}

}  // namespace liftcl
