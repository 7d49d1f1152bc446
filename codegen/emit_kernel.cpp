// The kernel as a whole: parameters become global buffers, the result is written to `out`, then
// the pieces (typedefs, structs, __constant tables, user functions, local arrays, body) are
// assembled and the metadata written. This file also holds the public entry point.
#include <fmt/format.h>

#include <algorithm>
#include <limits>

#include "codegen/host_layout.hpp"
#include "codegen/kernel_builder.hpp"
#include "ir/userfun.hpp"
#include "codegen/kernel_metadata_writer.hpp"
#include "codegen/twiddle_table.hpp"
#include "ir/typecheck.hpp"

namespace liftcl::codegen {

using ir::Arith;

TwiddleMode twiddleModeFromName(const std::string& name) {
    if (name == "table") return TwiddleMode::Table;
    if (name == "digits") return TwiddleMode::Digits;
    if (name == "sincos") return TwiddleMode::Sincos;
    if (name == "local") return TwiddleMode::Local;
    throw Error("unknown twiddle variant '" + name + "' (expected table, digits, sincos or local)");
}

std::string twiddleModeName(TwiddleMode mode) {
    switch (mode) {
        case TwiddleMode::Table: return "table";
        case TwiddleMode::Digits: return "digits";
        case TwiddleMode::Sincos: return "sincos";
        case TwiddleMode::Local: return "local";
    }
    return "table";
}

namespace {
bool containsParallelMap(const ir::Node& n) {
    if (const auto* f = std::get_if<ir::FunP>(&n); f && (*f)->kind == ir::Fun::Kind::Prim && ir::isParallelMap((*f)->prim))
        return true;
    for (const auto& c : ir::children(n))
        if (containsParallelMap(c)) return true;
    return false;
}

// Whether an array of this type has more elements than a 32-bit int indexes (sizes constant).
bool beyondIntIndices(const ir::TypeP& type) {
    if (!type) return false;
    const auto count = flatCount(type).tryConstant();
    return count && *count > std::numeric_limits<std::int32_t>::max();
}

}  // namespace

bool indexMayOverflow32(const ir::Arith& a) {
    constexpr std::int64_t kMax = std::numeric_limits<std::int32_t>::max(), kMin = std::numeric_limits<std::int32_t>::min();
    if (a.isConstant()) return a.constant() > kMax || a.constant() < kMin;
    const auto kind = a.kind();
    if (kind == ir::Arith::Kind::Sum || kind == ir::Arith::Kind::Prod) {
        const auto hi = a.maxConstant(), lo = a.minConstant();
        if ((hi && *hi > kMax) || (lo && *lo < kMin)) return true;
    }
    for (const ir::Arith& o : a.operands())
        if (indexMayOverflow32(o)) return true;
    return false;
}

namespace {

bool anyIndexMayOverflow32(c::Block& body) {
    bool found = false;
    c::rewriteExprs(body, [&](const c::Expr& e) -> c::ExprP {  // a visit: nothing is replaced
        if (!found)
            if (const auto* i = std::get_if<c::Index>(&e.node)) found = indexMayOverflow32(i->value);
        return nullptr;
    });
    return found;
}

bool needsWideIndices(const ir::Program& program) {
    if (!program.body) return false;
    for (const auto& p : program.body->params)
        if (beyondIntIndices(p->declaredType ? p->declaredType : p->type)) return true;
    return beyondIntIndices(program.body->body ? program.body->body->type : nullptr);
}

}  // namespace

KernelBuilder::KernelBuilder(const ir::Program& program, const CodegenOptions& options)
    : program_(program), options_(options), types_(options.precision),
      hasParallelMaps_(program.body && containsParallelMap(program.body)),
      wideIndices_(options.wideIndices || needsWideIndices(program)) {}

std::string KernelBuilder::fresh(const std::string& hint) {
    const int k = nameCounts_[hint]++;
    return hint + "_" + std::to_string(k);
}

c::Stmt* KernelBuilder::emit(c::StmtP statement) {
    c::Block& into = openBlocks_.empty() ? body_ : *openBlocks_.back();
    into.push_back(std::move(statement));
    return into.back().get();
}

void KernelBuilder::open(c::Stmt* withBody) { openBlocks_.push_back(c::bodyOf(*withBody)); }

void KernelBuilder::close() { openBlocks_.pop_back(); }

std::string KernelBuilder::located(const ir::Expr& node, const std::string& what) const {
    std::string s = "codegen: ";
    if (node.kind == ir::Expr::Kind::Call && node.fun) s += describeFun(node.fun) + " ";
    else if (node.kind == ir::Expr::Kind::Param && !node.name.empty()) s += node.name + " ";
    return s + what;
}

void KernelBuilder::fail(const ir::Expr& node, const std::string& message) const {
    throw Error(located(node, message), node.loc);
}

namespace {

// `local T name[count];` for each __local array, at the top of the kernel.
c::Block localArrayDeclarations(const std::vector<LocalArray>& locals) {
    c::Block out;
    for (const auto& l : locals) out.push_back(c::declare(l.elementType, l.symbol, nullptr, {l.count}, "local"));
    return out;
}

std::string sanitize(const std::string& name) {
    std::string s;
    for (char c : name) s += (std::isalnum(static_cast<unsigned char>(c)) || c == '_') ? c : '_';
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) s = "k_" + s;
    return s;
}

}  // namespace

GeneratedKernel KernelBuilder::build() {
    const ir::FunP& fun = program_.body;
    if (!fun || fun->kind != ir::Fun::Kind::Lambda)
        throw Error("codegen: the definition " + program_.name +
                    " must be a function \\(x: T) => ... to become a kernel");
    const std::string kernelName =
        sanitize(options_.kernelName.empty() ? program_.name : options_.kernelName);
    for (const auto& n : program_.natParams) nameCounts_[n] = 1;

    std::vector<ir::TypeP> paramTypes;
    for (const auto& p : fun->params) {
        ir::TypeP t = p->declaredType ? p->declaredType : p->type;
        if (!t) throw Error("codegen: kernel parameter " + p->name + " needs a type annotation", p->loc);
        if (!t->isArray() && !t->isScalar())
            throw Error("codegen: kernel parameter " + p->name + " must be an array or a scalar, found " +
                            ir::typeToString(t),
                        p->loc);
        paramTypes.push_back(t);
    }
    const ir::TypeP resultType = ir::inferCallType(fun, paramTypes);
    if (!resultType->isArray())
        throw Error("codegen: the kernel's result must be an array, found " +
                    ir::typeToString(resultType));
    auto requirePackedElements = [](const ir::TypeP& t, const std::string& what) {
        const ir::TypeP elem = innermostType(t);
        if (!packedLayoutMatchesOpenCl(elem))
            throw Error("codegen: " + what + " has elements of type " + ir::typeToString(elem) +
                        ", which OpenCL C pads (a vector member is aligned to its size), so the buffer would not "
                        "match the packed host layout; keep vectors in arrays of their own (asVector/asScalar)");
    };
    for (std::size_t k = 0; k < paramTypes.size(); ++k)
        if (paramTypes[k]->isArray()) requirePackedElements(paramTypes[k], "kernel parameter " + fun->params[k]->name);
    requirePackedElements(resultType, "the kernel's result");

    KernelMetadataInfo meta;
    meta.kernel = kernelName;
    meta.source = options_.sourceFile.empty() ? kernelName + ".cl" : options_.sourceFile;
    meta.precision = options_.precision == ir::ScalarKind::Float ? "float" : "double";
    meta.natParams = program_.natParams;

    std::vector<ViewP> inputs;
    std::vector<std::string> signature;
    for (std::size_t k = 0; k < fun->params.size(); ++k) {
        std::string name = sanitize(fun->params[k]->name);
        if (nameCounts_.count(name)) name = fresh(name);
        nameCounts_[name] = std::max(nameCounts_[name], 1);
        const ir::TypeP& t = paramTypes[k];
        if (t->isScalar()) {  // by value (docs/kernel-metadata.md: kind "scalar")
            inputs.push_back(leafView(t, c::name(c::symbol(name)), false, AddressSpace::Private));
            signature.push_back(fmt::format("const {} {}", types_.name(t), name));
            meta.args.push_back({name, "scalar", ir::scalarName(t->scalar), std::nullopt});
            continue;
        }
        const ir::TypeP elem = innermostType(t);
        inputs.push_back(memoryView(c::symbol(name), t, Arith(0), false, AddressSpace::Global));
        signature.push_back(fmt::format("const global {}*{} {}", types_.name(elem),
                                        options_.inputsMayAliasOutput ? "" : " restrict", name));
        meta.args.push_back({name, "input", ir::typeToString(t),
                             flatCount(t) * Arith(valueBytes(elem))});
    }
    const std::string outName = nameCounts_.count("out") ? fresh("out") : "out";
    nameCounts_[outName] = std::max(nameCounts_[outName], 1);
    const ir::TypeP outElem = innermostType(resultType);
    const ViewP out = memoryView(c::symbol(outName), resultType, Arith(0), true, AddressSpace::Global);
    signature.push_back(fmt::format("global {}* {}", types_.name(outElem), outName));
    meta.args.push_back({outName, "output", ir::typeToString(resultType),
                         flatCount(resultType) * Arith(valueBytes(outElem))});

    static const ir::Expr topNode{};
    const ir::Expr& bodyNode = fun->body ? *fun->body : topNode;
    const ViewP written = apply(fun, inputs, Env{}, out, bodyNode);
    if (written != out)
        throw Error("codegen: " + program_.name + " does not write its result");
    // The passes over the tree, in order, each recorded for --print-stages where it changed the
    // kernel; the __local ones run mapLcl nests by shares of the local size they assume (fixed below).
    std::vector<std::pair<std::string, std::string>> stages;
    auto record = [&](const std::string& stage) {
        if (!options_.recordStages) return;
        std::string text;
        c::print(localArrayDeclarations(locals_), 1, text);
        c::print(body_, 1, text);
        if (!stages.empty() && stages.back().second == text) return;  // the pass changed nothing
        stages.emplace_back(stage, text);
    };
    if (options_.recordStages) stages.emplace_back("views", viewLog_);
    record("emitted");
    eliminateBarriers(body_);
    record("barrier-elimination");
    foldConstantProducts(body_, types_);
    record("constant-folding");
    bool fixedLocalSize = false;
    if (options_.localSplitExchange) {
        fixedLocalSize = exchangeLocalArraysByComponent(locals_, body_, localNests_, options_.localSplitExchangeMaxShares,
                                                        options_.localShareTests, options_.localSplitExchangeRanges);
        if (!fixedLocalSize)
            throw Error("codegen: " + program_.name +
                        ": localSplitExchange asked for, but its mapLcl nests are not a chain of straight-line "
                        "nests handing two-component values through __local arrays");
        record("local-split-exchange");
    } else if (options_.localInPlace) {
        fixedLocalSize = writeLocalNestsInPlace(locals_, body_, localNests_, options_.localInPlaceMaxCopies,
                                                options_.localShareTests);
        if (fixedLocalSize) record("local-in-place");
    }
    localNests_.clear();  // (their loops may be gone)
    if (!barrierInSequentialLoop_ && locals_.size() >= 2) {
        shareLocalArrays(locals_, body_);
        record("local-sharing");
    }
    if (options_.inputsMayAliasOutput) fenceGlobalMemoryAtBarriers(body_);

    for (const auto& t : temporaries_) meta.args.push_back({t.symbol->name, "temporary", "", t.bytes});
    for (const auto& t : localTables_)
        if (t.hostArg)
            meta.args.push_back({t.hostArg->name, "table", "[" + t.elementType + "]" + std::to_string(t.count),
                                 Arith(static_cast<std::int64_t>(t.hostData.size() / 2)), t.hostData});
    for (const auto& n : program_.natParams) meta.args.push_back({n, "nat", "", std::nullopt});

    // NDRange: the outermost parallel maps' extents; work-groups when mapWrg/mapLcl are used.
    int dims = 1;
    bool anyLocal = false;
    for (int d = 0; d < 3; ++d) {
        const NDRangeDim& r = ndrange_[static_cast<std::size_t>(d)];
        if (r.global || r.groups || r.local) dims = d + 1;
        anyLocal = anyLocal || r.groups || r.local;
    }
    std::vector<Arith> local;
    for (int d = 0; d < dims; ++d) {
        const NDRangeDim& r = ndrange_[static_cast<std::size_t>(d)];
        Arith l = 1;
        if (r.local) {
            auto c = r.local->tryConstant();
            l = c ? Arith(std::min(*c, options_.maxLocalSizeOf(d))) : Arith(options_.maxLocalSizeOf(d));
        }
        local.push_back(l);
        if (r.groups) meta.global.push_back(*r.groups * l);
        else if (r.global) meta.global.push_back(*r.global);
        else meta.global.push_back(l);
    }
    if (anyLocal) meta.local = local;
    // In-place and split-exchange nests assumed these local sizes (each work-item's share of a loop).
    std::string attributes;
    if (fixedLocalSize) {
        meta.localFixed = true;
        std::vector<std::int64_t> sizes{1, 1, 1};
        for (std::size_t d = 0; d < local.size(); ++d) sizes[d] = local[d].tryConstant().value_or(1);
        attributes = fmt::format("__attribute__((reqd_work_group_size({}, {}, {})))\n", sizes[0], sizes[1], sizes[2]);
    }
    for (const auto& l : locals_) meta.localBytes += l.bytes;
    for (const auto& t : localTables_)
        if (!t.inGlobal) meta.localBytes += t.bytes;
    // Tables computed once per work-group pay off when each group runs many loop iterations.
    meta.persistentGroups = copiesLocalTables() && anyLocal && !options_.workGroupPerIteration;
    meta.globalRequired = options_.workGroupPerIteration && anyLocal;
    meta.maxRegisters = options_.maxRegistersPerItem;

    // ---- assemble the source ----
    std::string src = fmt::format("// Generated by liftcl from {} ({} twiddles)\n", program_.name,
                                  twiddleModeName(options_.twiddles));
    if (options_.precision == ir::ScalarKind::Double)
        src += "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\ntypedef double real;\ntypedef double2 complex;\n";
    else
        src += "typedef float real;\ntypedef float2 complex;\n";
    src += types_.structDefinitions();
    src += "\n";
    for (const auto& t : tables_) src += t + "\n";
    c::Block kernelBody = localArrayDeclarations(locals_);
    appendLocalTablesPrologue(kernelBody);
    for (auto& st : body_) kernelBody.push_back(std::move(st));
    body_.clear();
    if (!wideIndices_) indicesMayOverflow_ = anyIndexMayOverflow32(kernelBody);
    const std::set<std::string> called = c::calledFunctions(kernelBody);
    for (const auto& name : userFunOrder_)
        if (!foldableUserFuns_.count(name) || called.count(name) || calledByDefinitions_.count(name))
            src += userFunDefs_.at(name) + "\n";
    std::vector<std::string> sig = signature;
    for (const auto& t : temporaries_) sig.push_back("global " + t.elemCType + "* " + t.symbol->name);
    for (const auto& t : localTables_)
        if (t.hostArg) sig.push_back("const global " + t.elementType + "* restrict " + t.hostArg->name);
    for (const auto& n : program_.natParams) sig.push_back("int " + n);
    src += attributes + "kernel void " + kernelName + "(";
    for (std::size_t k = 0; k < sig.size(); ++k) src += (k ? ", " : "") + sig[k];
    src += ") {\n";
    c::print(kernelBody, 1, src);
    src += "}\n";

    return {kernelName, src, writeKernelMetadata(meta), std::move(stages)};
}

GeneratedKernel generateKernel(const ir::Program& lowered, const CodegenOptions& options) {
    KernelBuilder builder(lowered, options);
    GeneratedKernel kernel = builder.build();
    // An index whose terms may leave 32 bits (a product such as (m-1)*k before a modulo) would wrap
    // silently in `int`: the kernel is generated again with `long` indices.
    if (!builder.indicesMayOverflow()) return kernel;
    CodegenOptions wide = options;
    wide.wideIndices = true;
    return KernelBuilder(lowered, wide).build();
}

}  // namespace liftcl::codegen
