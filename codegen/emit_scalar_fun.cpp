// OpenCL C for user functions written in the scalar sublanguage (ir/scalar_fun.hpp). The result
// expression and the branches of a result conditional are statements (so let bindings become local
// variables and a conditional of tuples an if/else); everything else is one C expression, fully
// parenthesised, with explicit conversions where the sublanguage converts.
#include <fmt/format.h>

#include "codegen/kernel_builder.hpp"
#include "ir/scalar_fun.hpp"
#include "ir/userfun.hpp"

namespace liftcl::codegen {

namespace {

using E = ir::ScalarExpr::Kind;

class ScalarPrinter {
public:
    ScalarPrinter(KernelBuilder& kb, CTypes& types, const ir::ScalarBody& body)
        : kb_(kb), types_(types), body_(body) {}

    std::string statements(const ir::ScalarExpr& e, int depth) {
        const std::string pad(static_cast<std::size_t>(depth) * 4, ' ');
        if (e.kind == E::Let) {
            return pad + fmt::format("const {} {} = {};\n", types_.name(e.items[0]->type),
                                     body_.slotNames.at(e.slot), expr(*e.items[0])) +
                   statements(*e.items[1], depth);
        }
        if (e.kind == E::Select && (!e.type->isScalar() || hasLet(*e.items[1]) || hasLet(*e.items[2]))) {
            return pad + "if (" + expr(*e.items[0]) + ") {\n" + statements(*e.items[1], depth + 1) +
                   pad + "} else {\n" + statements(*e.items[2], depth + 1) + pad + "}\n";
        }
        return pad + "return " + expr(e) + ";\n";
    }

private:
    KernelBuilder& kb_;
    CTypes& types_;
    const ir::ScalarBody& body_;

    static bool hasLet(const ir::ScalarExpr& e) {
        if (e.kind == E::Let) return true;
        if (e.kind == E::Select) return hasLet(*e.items[1]) || hasLet(*e.items[2]);
        return false;
    }

    std::string literal(const ir::ScalarExpr& e) {
        if (e.type->scalar == ir::ScalarKind::Int) return std::to_string(e.integer);
        if (e.type->scalar == types_.real()) return types_.realLiteral(e.real);
        return "(" + types_.name(e.type) + ")" + fmt::format("{:.17g}", e.real);
    }

    std::string expr(const ir::ScalarExpr& e) {
        switch (e.kind) {
            case E::Var: return body_.slotNames.at(e.slot);
            case E::Literal: return literal(e);
            case E::Unary: return "(" + e.op + expr(*e.items[0]) + ")";
            case E::Binary: return "(" + expr(*e.items[0]) + " " + e.op + " " + expr(*e.items[1]) + ")";
            case E::Select:
                return "(" + expr(*e.items[0]) + " ? " + expr(*e.items[1]) + " : " +
                       expr(*e.items[2]) + ")";
            case E::Math: return e.op + "(" + list(e.items) + ")";
            case E::Convert:
                if (e.type->isVector()) return "((" + types_.name(e.type) + ")(" + list(e.items) + "))";
                return "((" + types_.name(e.type) + ")" + expr(*e.items[0]) + ")";
            case E::Get: {
                const ir::TypeP& t = e.items[0]->type;
                types_.name(t);  // registers the struct
                return "(" + expr(*e.items[0]) + ")" + CTypes::field(t, e.slot);
            }
            case E::Tuple: {
                std::vector<std::string> parts;
                for (const auto& i : e.items) parts.push_back(expr(*i));
                return types_.construct(e.type, parts);
            }
            case E::Call: return kb_.userFunName(*e.callee) + "(" + list(e.items) + ")";
            case E::Let: break;  // the builder allows let only where statements() prints it
        }
        throw Error("codegen: a let binding inside an expression of a user function", e.loc);
    }

    std::string list(const std::vector<ir::ScalarExprP>& items) {
        std::string out;
        for (std::size_t k = 0; k < items.size(); ++k) out += (k ? ", " : "") + expr(*items[k]);
        return out;
    }
};

}  // namespace

std::string KernelBuilder::scalarFunBody(const ir::UserFun& u) {
    ScalarPrinter printer(*this, types_, *u.scalarBody);
    return "{\n" + printer.statements(*u.scalarBody->result, 1) + "}";
}

}  // namespace liftcl::codegen
