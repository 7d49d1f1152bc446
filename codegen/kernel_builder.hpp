// Internal to codegen: the state of one kernel being generated (private: only build() and the
// registration of user functions are open) and the walk over the program.
// Its methods are split by concern:
//   emit_values.cpp      expressions: parameters, lambdas, layout primitives, output views
//   emit_loops.cpp       mapGlb/mapWrg/mapLcl/mapSeq(Unroll), reduceSeq(Unroll), barriers
//   emit_calls.cpp       user functions, literals, assignments and copies
//   emit_generators.cpp  array_m / carray_m views and their twiddle variants
//   memory.cpp           allocation of temporaries
//   emit_kernel.cpp      the kernel signature and the assembled source
#pragma once

#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "codegen/address_space.hpp"
#include "codegen/c_tree.hpp"
#include "codegen/c_types.hpp"
#include "codegen/codegen.hpp"
#include "codegen/view.hpp"
#include "ir/expr.hpp"
#include "ir/value.hpp"

namespace liftcl::codegen {

// Whether a term of an index expression (a product, a sum or the whole) may leave [-2^31, 2^31)
// over the ranges of its variables; unknown bounds (symbolic sizes) count as fitting. A kernel with
// such an index is generated with `long` indices (generateKernel), never wrapping silently.
bool indexMayOverflow32(const ir::Arith& a);

// What a lambda parameter stands for while its body is generated. Bindings are owned by the
// KernelBuilder (bindings_) and environments only point at them: views capture environments and
// bindings hold views, so environments that shared ownership of bindings would make reference
// cycles (binding -> view -> captured environment -> binding) that are never freed.
struct Binding;
using Env = std::map<const ir::Expr*, Binding*>;
struct Binding {
    ViewP view;             // the value (after forcing)
    ir::ExprP pending;      // an argument not generated yet: generated at its first use, so that
                            // a layout change around it becomes a permuted write
    std::shared_ptr<const Env> pendingEnv;
    bool capture = false;   // inverse of a layout function: records the destination reached
    ViewP captured;
};

struct Loop {
    ir::Prim kind;
    ir::Arith var;
    ir::Arith extent;
    int dim = 0;  // of a parallel map
    const c::Stmt* loop = nullptr;  // its `for` statement in body_ (none for copies and unrolled maps)
};

// A mapLcl loop and the nest of them (outermost first) that localInPlace may rewrite
// (local_in_place.cpp); extents and local sizes constant (0: unknown).
struct LocalLoop {
    c::SymbolP var;
    int dim = 0;
    std::int64_t extent = 0, localSize = 0;
    c::Stmt* loop = nullptr;  // its `for` statement in body_
};
struct LocalLoopNest {
    std::vector<LocalLoop> loops;
    bool uniform = false;              // enclosed by mapWrg loops only: a barrier beside it is not divergent
    const c::Stmt* scope = nullptr;    // the innermost enclosing loop (nullptr: the kernel's body)
    bool wroteLocal = false;           // its body wrote __local memory
};

struct TemporaryArg {
    c::SymbolP symbol;
    std::string type;
    ir::Arith bytes;
    std::string elemCType;
};

struct LocalArray {
    c::SymbolP symbol;
    std::string elementType;
    std::int64_t count;
    std::int64_t bytes;
};

// A generator array computed once per work-group into __local memory (TwiddleMode::Local).
struct LocalGeneratorTable {
    c::SymbolP symbol;
    std::string elementType;
    std::int64_t count;
    std::int64_t bytes;
    c::ExprP element;  // the generator call (or host table read) for the flat index `i` (first index fastest)
    std::string comment;
    c::SymbolP hostArg;    // CodegenOptions::localTablesFromHost: the kernel argument it is filled from
    std::string hostData;  // that argument's elements, in hexadecimal
    bool inGlobal = false;  // CodegenOptions::generatorTablesInGlobal: read from hostArg, no __local copy
};

struct NDRangeDim {
    std::optional<ir::Arith> global;  // mapGlb extent
    std::optional<ir::Arith> groups;  // mapWrg extent
    std::optional<ir::Arith> local;   // mapLcl extent
};

class KernelBuilder {
public:
    KernelBuilder(const ir::Program& program, const CodegenOptions& options);
    GeneratedKernel build();
    // After build(): an index of the `int` kernel may overflow (generateKernel then builds it wide).
    bool indicesMayOverflow() const { return indicesMayOverflow_; }
    // The C name of a user function, its definition registered (the scalar-body printer of
    // emit_scalar_fun.cpp registers the functions a body calls).
    std::string userFunName(const ir::UserFun& u);

private:

    // ---- emit_values.cpp ----
    ViewP value(const ir::ExprP& e, const Env& env, const ViewP& dest);
    ViewP apply(const ir::FunP& f, const std::vector<ViewP>& args, const Env& env,
                const ViewP& dest, const ir::Expr& node);
    ViewP scatterView(const ir::FunP& scatter, const ir::TypeP& inputType, const ViewP& dest, const ir::Expr& node);
    ViewP outputThrough(const ir::FunP& f, const ir::TypeP& inputType, const ViewP& dest,
                        const Env& env, const ir::Expr& node);
    // Whether the value of `e` is written by a computation (ir::writesValues), its parameters'
    // pending arguments included.
    bool writesValues(const ir::ExprP& e, const Env& env) const;
    ir::TypeP exprType(const ir::ExprP& e, const Env& env) const;
    void forcePending(const Env& env);

    // ---- emit_loops.cpp ----
    ViewP emitMap(const ir::FunP& map, const ViewP& input, const Env& env, ViewP dest,
                  const ir::Expr& node);
    ViewP emitReduce(const ir::FunP& reduce, const ViewP& input, const Env& env,
                     const ViewP& dest, const ir::Expr& node);
    void barrier(const ir::Expr& node);
    ViewP readByWriterOnly(const ViewP& result, const Loop& writer, const ir::Expr& node);
    void recordLocalLoop(const c::SymbolP& var, int dim, const ir::Arith& extent, c::Stmt* loop, bool wroteLocal);

    // ---- emit_calls.cpp ----
    ViewP applyUserFun(const ir::FunP& f, const std::vector<ViewP>& args, const ViewP& dest);
    std::string userFunName(const ir::FunP& f);  // registers its definition
    // A call of a user function (its static arguments first, then `args`), registering it.
    c::ExprP userFunCall(const ir::FunP& f, const std::vector<c::ExprP>& args);

    // ---- emit_scalar_fun.cpp ----
    // The OpenCL C body (with braces) of a user function written in the scalar sublanguage.
    std::string scalarFunBody(const ir::UserFun& u);
    ViewP literal(const ir::Expr& e);
    c::ExprP rvalue(const ViewP& v);
    // A tuple built from its components: (complex)(a, b), (Tuple_...){a, b}.
    c::ExprP construct(const ir::TypeP& type, const std::vector<c::ExprP>& components);
    void assign(const ViewP& dest, const ViewP& src, const ir::Expr& node);
    void assignExpr(const ViewP& dest, const c::ExprP& expr, const ir::Expr& node);
    ViewP finish(const ViewP& v, const ViewP& dest, const ir::Expr& node);

    // ---- emit_generators.cpp ----
    ViewP generatorView(const ir::FunP& prim, const ir::Expr& node);
    // The __local table of a generator read inside a work-group (Local mode), registered at its
    // first use; nullopt when the budget is spent or its sizes are not constant.
    c::SymbolP localGeneratorTable(const ir::FunP& prim);
    // The literal of a folded generator (tableView made it) whose elements are all equal over
    // the non-constant indices of idx (omega(l*0, L) = 1 for every row l); nullptr otherwise.
    c::ExprP literalOverDynamicIndices(const ir::FunP& prim, const std::vector<ir::Arith>& idx);
    // Whether the generator tables are the host's table arguments read in global memory
    // (CodegenOptions::generatorTablesInGlobal, which needs localTablesFromHost).
    bool tablesReadInGlobal() const { return options_.localTablesFromHost && options_.generatorTablesInGlobal; }
    // How user functions take a table (carray's): where carray tables live in this kernel.
    std::string tablePointerQualifier() const { return options_.carrayTablesInGlobal ? "const global " : "__constant "; }
    // carray's table as a host-computed global argument (CodegenOptions::carrayTablesInGlobal).
    c::SymbolP globalCarrayTable(const ir::FunP& tablePrim);
    // Whether any generator table is copied to __local (the prologue then fills it).
    bool copiesLocalTables() const;
    // Declarations of the copied local generator tables, the loop filling them and a barrier (nothing if none).
    void appendLocalTablesPrologue(c::Block& out) const;

    // ---- constant_folding.cpp ----
    // A tabled generator: elements at constant indices are literals, others read `table` (none:
    // folded elements only).
    ViewP tableView(const ir::FunP& prim, const c::SymbolP& table, const ir::TypeP& type);
    // The element `flat` (row-major) of a generator with constant sizes as a literal; nullptr when
    // it is no literal (or the sizes are not constant).
    c::ExprP tableLiteral(const ir::FunP& prim, const ir::TypeP& elemType, std::int64_t flat);

    // ---- memory.cpp ----
    ViewP allocate(const ir::TypeP& type, AddressSpace space, const std::string& hint,
                   const ir::Expr& node);

    // ---- shared helpers ----
    std::string fresh(const std::string& hint);
    c::SymbolP freshSymbol(const std::string& hint) { return c::symbol(fresh(hint)); }
    // Appends a statement to the innermost open block; a statement with a body opens it (open/close).
    c::Stmt* emit(c::StmtP statement);
    void open(c::Stmt* withBody);
    void close();
    std::string located(const ir::Expr& node, const std::string& what) const;
    [[noreturn]] void fail(const ir::Expr& node, const std::string& message) const;
    bool insideLoopOf(ir::Prim kind) const;
    Binding* newBinding();  // owned by bindings_, alive as long as the builder (and its views)
    bool insideParallelLoop() const;
    // Outside every parallel map, each work-item of the NDRange runs the code (redundantly).
    bool runByEveryWorkItem() const { return hasParallelMaps_ && !insideParallelLoop(); }

    const ir::Program& program_;
    const CodegenOptions& options_;
    CTypes types_;
    c::Block body_;                      // the kernel's statements
    std::vector<c::Block*> openBlocks_;  // where emit() appends: the innermost open block last
    std::vector<Loop> loops_;
    std::optional<AddressSpace> spaceContext_;
    std::vector<TemporaryArg> temporaries_;
    std::vector<LocalArray> locals_;
    std::vector<std::string> userFunOrder_;
    std::map<std::string, std::string> userFunDefs_;
    // Definitions a product folded away may leave unused: those with CallFacts, unless another
    // definition calls them (in its text, which no pass reads).
    std::set<std::string> foldableUserFuns_, calledByDefinitions_;
    std::vector<std::string> registering_;  // the definitions being generated, innermost last
    std::vector<std::string> tables_;
    // With CodegenOptions::recordStages: each map's and reduction's input and output views, in
    // the order they are emitted (the "views" stage).
    std::string viewLog_;
    void logViews(const ir::FunP& f, const ViewP& input, const ViewP& output);
    // The function as printed in a view's description, where views are printed at all.
    std::string viewLabel(const ir::FunP& f) const;
    std::map<const ir::Fun*, c::SymbolP> tableNames_;
    std::map<const ir::Expr*, c::SymbolP> literalTables_;  // array literals' __constant tables
    std::int64_t constantBytes_ = 0;
    std::vector<LocalGeneratorTable> localTables_;
    std::map<const ir::Fun*, c::SymbolP> localTableNames_;
    c::SymbolP tableFillIndex_ = c::symbol("i");  // the index of the loops filling the __local tables
    std::int64_t localTableBytes_ = 0;
    std::vector<NDRangeDim> ndrange_ = std::vector<NDRangeDim>(3);
    std::map<std::string, int> nameCounts_;
    std::deque<Binding> bindings_;  // every Binding of this kernel (a deque: stable addresses)
    bool hasParallelMaps_ = false;  // the NDRange has more than one work-item
    bool wideIndices_ = false;      // loop indices are `long` (CodegenOptions::wideIndices)
    bool indicesMayOverflow_ = false;  // with `int` indices, a term may leave 32 bits (build())
    const char* indexType() const { return wideIndices_ ? "long" : "int"; }
    bool wroteLocal_ = false;
    bool barrierInSequentialLoop_ = false;  // disables sharing of local arrays (local_sharing.cpp)
    std::vector<LocalLoop> openLocalLoops_;  // mapLcl loops of the nest being emitted
    std::vector<LocalLoopNest> localNests_;  // every outermost mapLcl nest
    // Literal elements of folded generators by flat index, computed on first use (nullptr where an
    // element is not a literal): a pass over 2^24 points has a table of 2^24 twiddles, of which
    // only the few read at constant indices are ever printed.
    std::map<const ir::Fun*, std::map<std::int64_t, c::ExprP>> tableLiterals_;
    std::map<const ir::Fun*, ir::Value> interpretedTables_;  // carray tables, whole
    std::map<std::pair<const ir::Fun*, std::string>, c::ExprP> uniformLiterals_;
};

// barrier_elimination.cpp: a barrier that follows one (or a work-group loop ending with one),
// with only declarations and comments between, is dropped; true when one was.
bool eliminateBarriers(c::Block& body);
// Every barrier fences global memory too: a kernel whose input may be its output (CodegenOptions::
// inputsMayAliasOutput) reads a point in one work-item and overwrites it in another after a barrier,
// which orders the two only with CLK_GLOBAL_MEM_FENCE (barrier_elimination.cpp).
void fenceGlobalMemoryAtBarriers(c::Block& body);

// constant_folding.cpp: products by constant operands (c::CallFacts) become cheaper expressions:
// by 1, -1, i or -i a copy, a negation or a swap; a pair term by 1 or -1 its sum.
void foldConstantProducts(c::Block& body, const CTypes& types);

// local_sharing.cpp: __local arrays whose uses a barrier separates share memory (renamed in the
// body); `locals` keeps one entry per shared array, sized for the largest user.
void shareLocalArrays(std::vector<LocalArray>& locals, c::Block& body);

// local_in_place.cpp: mapLcl nests that read a __local array X into private variables before
// writing a fresh one Y are rewritten to read, barrier, write Y over X (CodegenOptions::localInPlace);
// true when some nest was (the kernel then needs exactly the local sizes it assumed).
bool writeLocalNestsInPlace(std::vector<LocalArray>& locals, c::Block& body,
                            std::vector<LocalLoopNest> nests, std::int64_t maxCopies, bool shareTests);

// local_split_exchange.cpp: a chain of mapLcl nests handing two-component values from one to the
// next through __local arrays exchanges them through ONE __local array of components, x then y
// (CodegenOptions::localSplitExchange), in `ranges` rounds of index ranges per component; true when done (the kernel then needs exactly the local
// sizes it assumed), false (body untouched) when the chain does not have the shape.
bool exchangeLocalArraysByComponent(std::vector<LocalArray>& locals, c::Block& body,
                                    std::vector<LocalLoopNest> nests, std::int64_t maxCopies, bool shareTests,
                                    std::int64_t ranges = 1);

// Function classification used by several passes.
std::string describeFun(const ir::FunP& f);  // "mapGlb(0)", "cmul", "lambda", ...

}  // namespace liftcl::codegen
