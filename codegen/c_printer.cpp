// The one printer of the OpenCL C tree (c_tree.hpp): expressions as C text, statements as
// indented lines.
#include <fmt/format.h>

#include "codegen/c_tree.hpp"

namespace liftcl::codegen::c {

namespace {

void printExpr(const Expr& e, std::string& out);

void printList(const std::vector<ExprP>& items, std::string& out) {
    for (std::size_t k = 0; k < items.size(); ++k) {
        if (k) out += ", ";
        printExpr(*items[k], out);
    }
}

void printExpr(const Expr& e, std::string& out) {
    std::visit(Overloaded{
                   [&](const Text& t) { out += t.text; },
                   [&](const Name& n) { out += n.symbol->name; },
                   [&](const Element& el) {
                       out += el.array->name;
                       for (const auto& i : el.indices) {
                           out += "[";
                           printExpr(*i, out);
                           out += "]";
                       }
                   },
                   [&](const Literal& l) { out += l.text; },
                   [&](const Call& c) {
                       out += c.function + "(";
                       printList(c.args, out);
                       out += ")";
                   },
                   [&](const Index& i) {
                       // A bound variable is named by its expression's text when it was made; a
                       // pass that renamed a symbol in that expression changes the text.
                       std::map<std::string, ir::Arith> renamed;
                       for (const auto& [var, expr] : i.bound)
                           if (const std::string now = print(expr); now != var)
                               renamed.emplace(var, ir::Arith::var(now));
                       out += renamed.empty() ? i.value.toC() : i.value.substitute(renamed).toC();
                   },
                   [&](const Seq& s) {
                       for (const auto& p : s.parts) printExpr(*p, out);
                   },
               },
               e.node);
}

std::string pad(int indent) { return std::string(static_cast<std::size_t>(4 * indent), ' '); }

void printStmt(const Stmt& st, int indent, std::string& out) {
    const std::string at = pad(indent);
    std::visit(Overloaded{
                   [&](const Comment& c) { out += at + "// " + print(c.text) + "\n"; },
                   [&](const Declare& d) {
                       out += at + (d.qualifiers.empty() ? "" : d.qualifiers + " ") + d.type + " " + d.symbol->name;
                       for (auto n : d.extents) out += fmt::format("[{}]", n);
                       if (d.init) out += " = " + print(d.init);
                       out += d.note.empty() ? ";\n" : ";  // " + d.note + "\n";
                   },
                   [&](const Assign& a) { out += at + print(a.target) + " = " + print(a.value) + ";\n"; },
                   [&](const Evaluate& e) { out += at + print(e.expr) + ";\n"; },
                   [&](const For& f) {
                       if (f.unroll) out += at + "#pragma unroll\n";
                       const std::string& v = f.var->name;
                       std::string step;
                       switch (f.step) {
                           case For::Step::Increment:
                               step = "++" + v;
                               break;
                           case For::Step::AddStride:
                               step = v + " += " + print(f.stride);
                               break;
                           case For::Step::Stop:
                               step = v + " = " + print(f.stride);
                               break;
                       }
                       const std::string header = fmt::format("for ({} {} = {}; {} < {}; {})", f.type, v,
                                                              print(f.first), v, print(f.limit), step);
                       if (f.oneLine && f.body.size() == 1) {
                           std::string inner;
                           printStmt(*f.body.front(), 0, inner);
                           out += at + header + " " + inner;
                           return;
                       }
                       out += at + header + " {\n";
                       print(f.body, indent + 1, out);
                       out += at + "}\n";
                   },
                   [&](const If& i) {
                       if (i.oneLine && i.body.size() == 1) {
                           std::string inner;
                           printStmt(*i.body.front(), 0, inner);
                           out += at + "if (" + print(i.condition) + ") " + inner;
                           return;
                       }
                       out += at + "if (" + print(i.condition) + ") {\n";
                       print(i.body, indent + 1, out);
                       out += at + "}\n";
                   },
                   [&](const Scope& s) {
                       out += at + "{\n";
                       print(s.body, indent + 1, out);
                       out += at + "}\n";
                   },
                   [&](const Barrier& b) {
                       out += at + (b.global ? "barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);\n"
                                             : "barrier(CLK_LOCAL_MEM_FENCE);\n");
                   },
               },
               st.node);
}

}  // namespace

std::string print(const ExprP& e) {
    std::string out;
    printExpr(*e, out);
    return out;
}

void print(const Block& block, int indent, std::string& out) {
    for (const auto& st : block) printStmt(*st, indent, out);
}

}  // namespace liftcl::codegen::c
