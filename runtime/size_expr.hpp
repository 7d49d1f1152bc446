// The size expressions of kernel metadata (docs/kernel-metadata.md): integers, nat parameter
// names, + - * / % and parentheses, with unary minus. `/` is floor division and `%` its matching
// modulo (the result has the sign of the divisor). Evaluation is in 64-bit integers; overflow,
// division by zero and unknown names are errors (rt::Error naming the expression).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace liftcl::rt {

// Values of a kernel's nat parameters, by name.
using NatValues = std::map<std::string, std::int64_t, std::less<>>;

class SizeExpr {
public:
    struct Node;

    // Throws rt::Error with the position on a syntax error.
    static SizeExpr parse(std::string_view text);

    std::int64_t evaluate(const NatValues& nats) const;
    const std::string& text() const { return text_; }
    std::vector<std::string> names() const;  // the nat names it uses, each once, in order of appearance

private:
    std::string text_;
    std::shared_ptr<const Node> root_;
};

std::int64_t evalSizeExpr(std::string_view text, const NatValues& nats);

}  // namespace liftcl::rt
