// The one exception type of the compiler libraries. A located error prints as
// `file:line:col: error: message`, an unlocated one as `error: message`.
#pragma once

#include <stdexcept>
#include <string>

namespace liftcl {

struct SourceLoc {
    std::string file;  // empty when the node was not parsed from a file (built by a rule, say)
    int line = 0;      // 1-based; 0 = unknown
    int column = 0;    // 1-based
    bool known() const { return line > 0; }
    std::string toString() const;  // "file:line:col" or "" when unknown
};

class Error : public std::runtime_error {
public:
    explicit Error(const std::string& message, SourceLoc loc = {});
    const SourceLoc& loc() const { return loc_; }
    const std::string& message() const { return message_; }  // without the location prefix

private:
    SourceLoc loc_;
    std::string message_;
};

}  // namespace liftcl
