// Views (thesis 4.2, "Lift views"): a data-layout primitive does not copy, it changes how the
// elements of an underlying memory object (or generator) are found. A view is data: an array view
// names its layout (memory, split, join, transpose, zip, pad, ...) and the views it is a layout of,
// a tuple view has component views, and a leaf is one C expression (an array access such as
// `vs[(i << 2) + j]`, a private variable, a generator call). `elementAt` follows the layouts down
// to a leaf; `printView` writes the whole composition (`--print-stages`, "codegen views").
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
    // How an array view finds its element i.
    enum class Layout {
        Memory,     // memory[memoryIndex + i * (elements per row)] (padded every padEvery elements)
        Offset,     // source[sizes[0] + i]: a row of split, take, a window of slide
        Column,     // source[i][sizes[0]]: a row of transpose
        Split,      // row i of source split in rows of sizes[0]
        Join,       // source[i / m][i % m]
        Transpose,  // column i of source
        Zip,        // the tuple of every source's element i
        Pad,        // source at i - sizes[0], clamped or wrapped or mirrored (padMode), sizes[1] right
        Slide,      // window i of sizes[0] elements every sizes[1]
        AsVector,   // the vector of source[w*i .. w*i+w-1], w = sizes[0]
        AsScalar,   // component i % w of source[i / w]
        Component,  // component `component` of source[i]
        Repeat,     // source, whatever i
        BindIndex,  // source[i] with the index variable `boundName` bound to `boundExpr` (at's clamp)
        Generated,  // leaf(indices + i) after the last of `generatedLevels` levels: tables, generators
        Computed,   // found by the code generator (a map of a function, a checked read, a scatter)
    };
    Kind kind = Kind::Leaf;
    ir::TypeP type;

    // Array
    Layout layout = Layout::Memory;
    std::vector<ViewP> sources;
    std::vector<ir::Arith> sizes;  // the layout's sizes (see Layout); Generated: the indices so far
    ir::PadMode padMode = ir::PadMode::Clamp;
    int component = 0;
    std::int64_t padEvery = 0;  // Memory: element i is stored at i + floor(i / padEvery) (padded __local)
    std::string boundName;      // BindIndex
    c::ExprP boundExpr;
    std::size_t generatedLevels = 0;
    std::function<ViewP(const std::vector<ir::Arith>&)> generatedLeaf;
    std::function<ViewP(const ir::Arith&)> computedElement;
    std::string description;  // Generated, Computed: what finds the elements, for printing

    // Tuple: one view per component.
    std::vector<ViewP> components;

    // Leaf: a C expression of the whole value (an lvalue when writable).
    c::ExprP expr;
    bool writable = false;
    AddressSpace space = AddressSpace::Private;  // of the memory a leaf (a Memory array) reads or writes
    // Leaf and Memory arrays: the memory object and the element index it is (starts at), when it is
    // one element of one (asVector finds consecutive elements by them).
    c::SymbolP memory;
    ir::Arith memoryIndex;
    // Leaf: a vector standing for consecutive scalar elements of `memory` from `memoryIndex`
    // (asVector): `expr` reads them with vloadn, a write stores them with vstoren.
    bool vectorOfScalars = false;
    // Leaf destinations: written only where `writeGuard` holds, never when `writeDiscarded` (an
    // output through take: guardedView).
    c::ExprP writeGuard;
    bool writeDiscarded = false;
};

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
// The destination v written only where index < bound: every leaf of it guarded (a write of
// element index of a computation through take(bound)); unguarded where provably inside, discarded
// where provably outside.
ViewP guardedView(const ViewP& v, const ir::Arith& index, const ir::Arith& bound);
// map(get(k)): component k of every element.
ViewP componentsView(const ViewP& v, int k);
// An array of one element, `element`.
ViewP repeatView(const ViewP& element);
// An array of `type` with `levels` array levels whose elements are `leaf(indices)`: a table or a
// generator, described by `description`.
ViewP generatedView(const ir::TypeP& type, std::size_t levels, std::string description,
                    std::function<ViewP(const std::vector<ir::Arith>&)> leaf);
// An array of `type` over `sources` whose element i the code generator finds (`element`): a map of
// a function, a read checked against its writer, a scatter's destination.
ViewP computedView(const ir::TypeP& type, std::string description, std::vector<ViewP> sources,
                   std::function<ViewP(const ir::Arith&)> element);

// The view as a composition of layouts over memory objects and leaves, e.g.
// `join(split(4, tmp[0..] : [[float]4]8))`.
std::string printView(const ViewP& v);

}  // namespace liftcl::codegen
