// Printer of the core IR as .lift source. The output parses and elaborates back to an alpha-equal
// program (for the same precision): lambdas of the form x => f(g(h(x))) print as `f o g o h`,
// parameters get names unique in the printed text, nats print with Arith::toString.
#pragma once

#include <string>

#include "ir/expr.hpp"

namespace liftcl::ir {

std::string printFun(const FunP& f);
std::string printExpr(const ExprP& e);
// `def name(n, L, p) = body`, preceded by the `userfun` definitions it uses (one a line)
std::string printProgram(const Program& program);

}  // namespace liftcl::ir
