// Strategy expressions, as the CLI and the registry spell them:
//   expr   := seqexp ('<+' seqexp)*
//   seqexp := atom (';' atom)*
//   atom   := NAME | NAME '(' arg (',' arg)* ')' | '(' expr ')'
//   arg    := expr | integer
// NAME is a combinator (id, fail, try, repeat, one, all, some, child(k, s), topDown, bottomUp,
// allTopDown, normalize, innermost), a named strategy (rewrite/lowering.hpp) or a rule (applied
// at the focus; parameterized rules take integers: split-join(4)).
#pragma once

#include <string>

#include "rewrite/strategy.hpp"

namespace liftcl::rewrite {

Strategy parseStrategy(const std::string& text);

}  // namespace liftcl::rewrite
