// Elaboration: surface syntax (ir/syntax.hpp) to core IR (ir/expr.hpp). Expands named definitions
// (macro-style: arguments are substituted for parameters, so a parameter may stand for a nat, a
// function or an expression), desugars composition `f o g` into lambdas, resolves user functions
// and primitives, and instantiates `real`/`complex` for a precision.
#pragma once

#include <map>
#include <string>

#include "ir/expr.hpp"
#include "ir/syntax.hpp"

namespace liftcl::ir {

struct ElaborateOptions {
    static constexpr long kDefaultMaxElaboratedNodes = 100'000;
    ScalarKind precision = ScalarKind::Double;  // what `real` and `complex` mean
    // Values for nat parameters of the definition (from --set). Parameters without a value stay
    // symbolic: Arith::var(name, 1).
    std::map<std::string, Arith> natValues;
    // Elaboration refuses a definition whose expansion visits more nodes than this. Definitions are
    // macros, so `def a1 = a0 o a0`, `def a2 = a1 o a1`, ... doubles with each level; the largest
    // program of the examples and the FFT planner visits about 600 nodes.
    long maxNodes = kDefaultMaxElaboratedNodes;
};

// The named definition as a complete program. Throws liftcl::Error (located) on unknown names,
// arity mismatches, a definition that is not a function, a definition whose parameter is used
// as a function (those can only be used from other definitions), and an expansion larger than
// options.maxNodes or nested too deeply.
Program elaborateDefinition(const Module& module, const std::string& name,
                            const ElaborateOptions& options = {});

}  // namespace liftcl::ir
