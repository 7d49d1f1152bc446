// Views (thesis 4.2, "Lift views"): a data-layout primitive does not copy, it changes how the
// elements of an underlying memory object (or generator) are found. A view is a lazily indexed
// value: an array view maps an index (an Arith over loop variables) to the view of the element,
// a tuple view has component views, and a leaf is one C expression (an array access such as
// `vs[(i << 2) + j]`, a private variable, a generator call).
//
// The same views serve as *output* views: a layout change after a computation (join o mapGlb(f),
// transpose o ...) is applied inversely to the destination, so the producer writes permuted
// instead of copying. Indices are composed with ir::Arith, so each access is one simplified
// expression.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "codegen/address_space.hpp"
#include "codegen/c_tree.hpp"
#include "ir/arith.hpp"
#include "ir/expr.hpp"
#include "ir/type.hpp"

namespace liftcl::codegen {

struct View;
using ViewP = std::shared_ptr<const View>;

struct View {
    enum class Kind { Array, Tuple, Leaf };
    Kind kind = Kind::Leaf;
    ir::TypeP type;
    // Array: the element at an index.
    std::function<ViewP(const ir::Arith&)> element;
    // Tuple: one view per component.
    std::vector<ViewP> components;
    // Leaf: a C expression of the whole value (an lvalue when writable).
    c::ExprP expr;
    bool writable = false;
    AddressSpace space = AddressSpace::Private;  // of the memory a leaf reads or writes
    // Leaf: the memory object and element index it is, when it is one element of one (asVector
    // finds consecutive elements by them).
    c::SymbolP memory;
    ir::Arith memoryIndex;
    // Leaf: a vector standing for consecutive scalar elements of `memory` from `memoryIndex`
    // (asVector): `expr` reads them with vloadn, a write stores them with vstoren.
    bool vectorOfScalars = false;
};

ViewP arrayView(ir::TypeP type, std::function<ViewP(const ir::Arith&)> element);
ViewP tupleView(std::vector<ViewP> components);
ViewP leafView(ir::TypeP type, c::ExprP expr, bool writable, AddressSpace space);

// A flat memory object `memory` holding values of the array's innermost non-array type, row-major,
// starting at `offset` elements. A scalar/tuple type at offset 0 with `scalarVariable` is a
// private variable (its name, not `name[0]`). With `padEvery` = k > 0, element i is stored at
// i + floor(i / k) (padded __local arrays).
ViewP memoryView(const c::SymbolP& memory, const ir::TypeP& type, const ir::Arith& offset,
                 bool writable, AddressSpace space, bool scalarVariable = false, std::int64_t padEvery = 0);

// Number of innermost elements of a type ([[T]m]n -> m*n, T -> 1) and the innermost type.
ir::Arith flatCount(const ir::TypeP& type);
ir::TypeP innermostType(const ir::TypeP& type);

ViewP elementAt(const ViewP& v, const ir::Arith& index);  // throws when v is not an array
ViewP componentAt(const ViewP& v, int k);                  // throws when v is not a tuple
ir::Arith lengthOf(const ViewP& v);                       // throws when v is not an array

// Data-layout primitives on views (inputs and, applied inversely, outputs).
ViewP splitView(const ViewP& v, const ir::Arith& m);
ViewP takeView(const ViewP& v, const ir::Arith& m);  // the first m elements
ViewP joinView(const ViewP& v);
ViewP transposeView(const ViewP& v);
ViewP zipView(const std::vector<ViewP>& vs);
ViewP padView(const ViewP& v, const ir::Arith& left, const ir::Arith& right, ir::PadMode mode);
ViewP slideView(const ViewP& v, const ir::Arith& size, const ir::Arith& step);
// asVector(k): element j is the vector of v[k*j .. k*j+k-1]: one vloadn (and vstoren when written)
// where they are consecutive elements of one memory object, else built from them (read only).
ViewP asVectorView(const ViewP& v, std::int64_t width);
// asScalar: element i is component i % k of v[i / k] (k the vector width).
ViewP asScalarView(const ViewP& v);
// at(xs, i): the element of v at the value of the int leaf `index` (a gather by data). The index,
// clamped into the array, becomes a variable of the index arithmetic bound to that expression
// (c::Index::bound; the interpreter refuses an index out of range, the device reads the nearest
// element).
ViewP atView(const ViewP& v, const ViewP& index);
// An array whose element i is f(v[i]); the element type is found by applying f once.
ViewP mapView(const ViewP& v, const std::function<ViewP(const ViewP&)>& f);

}  // namespace liftcl::codegen
