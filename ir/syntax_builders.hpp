// Construction of surface syntax for programs that a library composes from .lift definitions (the
// FFT passes): calls of definitions by name, composition, application, lambdas, nat and real
// literals. What they build elaborates like parsed text (ir/elaborate.hpp) and prints as .lift
// (ir/syntax_printer.hpp), without concatenating text and parsing it again:
//
//     using namespace liftcl::ir::syn;
//     apply(compose({name("join"), call("map", {name("f")}), call("split", {nat(4)})}), name("xs"))
//                                                    // join o map(f) o split(4) $ xs
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "ir/syntax.hpp"

namespace liftcl::ir::syn {

SyntaxP name(std::string identifier);
SyntaxP nat(std::int64_t value);
// A real literal of 17 significant digits, written with a '.' or an exponent (a negative one as
// the negation of its magnitude, as the parser reads -0.5).
SyntaxP real(double value);
SyntaxP tuple(std::vector<SyntaxP> items);  // {items...}
SyntaxP call(std::string function, std::vector<SyntaxP> args);
SyntaxP call(SyntaxP function, std::vector<SyntaxP> args);
// functions[0] o functions[1] o ... (applied right to left; a composition among them is spliced
// in); one function is itself.
SyntaxP compose(std::vector<SyntaxP> functions);
SyntaxP apply(SyntaxP function, SyntaxP argument);  // function $ argument
SyntaxP lambda(std::string param, SyntaxP body);    // \param => body
SyntaxP lambda(std::string param, SyntaxTypeP type, SyntaxP body);
// \(a: A, b: B) => body
SyntaxP lambda(const std::vector<std::pair<std::string, SyntaxTypeP>>& params, SyntaxP body);
SyntaxP get(SyntaxP tuple, int index);              // tuple.index
SyntaxP binary(SyntaxP lhs, std::string op, SyntaxP rhs);
// iterate[binder](count, f): f applied count times, `binder` the iteration's index in f's nats.
SyntaxP iterate(std::string binder, SyntaxP count, SyntaxP f);
// The names as syntax: names({"n", "p"}) for the arguments n, p.
std::vector<SyntaxP> names(const std::vector<std::string>& identifiers);

SyntaxTypeP namedType(std::string typeName);  // complex, real, float, ...
SyntaxTypeP arrayType(SyntaxTypeP element, SyntaxP length);

Definition definition(std::string name, std::vector<std::string> params, SyntaxP body);

}  // namespace liftcl::ir::syn
