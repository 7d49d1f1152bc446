// Reads of a parallel map's temporary result by other work-items (see cross_work_item_reads.hpp).
#include "rewrite/cross_work_item_reads.hpp"

#include <optional>
#include <string>

#include "ir/builders.hpp"
#include "rewrite/ir_helpers.hpp"
#include "ir/result_writes.hpp"

namespace liftcl::rewrite {

using namespace ir;

namespace {

// The memory a function's result is marked for (toGlobal/toLocal/toPrivate), seen through
// lambdas, layout calls and maps as the code generator sees it (codegen/address_space.cpp).
std::optional<Prim> markedMemory(const FunP& f);

std::optional<Prim> bodyMemory(const ExprP& e) {
    if (!e || e->kind != Expr::Kind::Call) return std::nullopt;
    const FunP& f = e->fun;
    if (f->kind == Fun::Kind::Prim && isDataLayout(f->prim)) {
        for (const auto& a : e->args)
            if (auto m = bodyMemory(a)) return m;
        return std::nullopt;
    }
    return markedMemory(f);
}

std::optional<Prim> markedMemory(const FunP& f) {
    if (f->kind == Fun::Kind::Lambda) return bodyMemory(f->body);
    if (f->kind != Fun::Kind::Prim) return std::nullopt;
    if (isMemoryPrim(f->prim)) return f->prim;
    if (isReduceLike(f->prim)) return Prim::ToPrivate;
    if (isMapLike(f->prim) && !f->funs.empty()) return markedMemory(f->funs[0]);
    return std::nullopt;
}

struct Frame {
    Node node;
    Path path;
};

class Finder {
public:
    explicit Finder(const Node& root) : chain_(resultChain(root)) {}
    std::vector<Violation> out;

    void visit(const Node& n, Path& path) {
        stack_.push_back({n, path});
        if (auto call = asCall(n); call && call->fun->kind == Fun::Kind::Prim && isParallelMap(call->fun->prim))
            checkTemporary(call);
        const auto kids = children(n);
        for (std::size_t k = 0; k < kids.size(); ++k) {
            path.push_back(static_cast<int>(k));
            visit(kids[k], path);
            path.pop_back();
        }
        stack_.pop_back();
    }

private:
    ResultChain chain_;
    std::vector<Frame> stack_;  // the current node and its ancestors, root first

    // Whether the map's result lives in local memory: marked so, or inside a function marked so.
    bool inLocalMemory(const FunP& map) const {
        if (auto m = markedMemory(map)) return *m == Prim::ToLocal;
        for (auto a = stack_.rbegin() + 1; a != stack_.rend(); ++a) {
            const FunP f = asFun(a->node);
            if (!f || f->kind != Fun::Kind::Prim) continue;
            if (isMemoryPrim(f->prim)) return f->prim == Prim::ToLocal;
            if (isMapLike(f->prim))
                if (auto m = markedMemory(f)) return *m == Prim::ToLocal;
        }
        return false;
    }

    void checkTemporary(const ExprP& call) {
        const Path& at = stack_.back().path;
        if (chain_.onChain.count(at)) return;  // written straight into the kernel's output
        const FunP& map = call->fun;
        if (map->prim == Prim::MapLcl && inLocalMemory(map)) return;  // a barrier follows it
        // Follow the value up to the expression that consumes it.
        for (std::size_t i = stack_.size() - 1; i > 0; --i) {
            if (const FunP lambda = asFun(stack_[i - 1].node)) {
                // The body of a lambda applied in place, `(\x => body)(y)`: the value of that call.
                const ExprP applied = i >= 2 ? asCall(stack_[i - 2].node) : nullptr;
                if (lambda->kind == Fun::Kind::Lambda && applied && applied->fun == lambda) {
                    --i;
                    continue;
                }
                return;  // a function's result: written into its caller's destination
            }
            const ExprP consumer = asCall(stack_[i - 1].node);
            if (!consumer) return;
            const FunP& f = consumer->fun;
            if (f->kind == Fun::Kind::Lambda) return;  // bound to a parameter: left to codegen
            if (f->kind == Fun::Kind::Prim) {
                if (f->prim == Prim::Zip) continue;  // element i of the zip is element i of each array
                if (f->prim == Prim::Map && !f->funs.empty() && !computes(f->funs[0]))
                    continue;  // a layout function per element keeps the outer index
                if (f->prim == Prim::Tuple) return;  // left to codegen
                if (f->prim == map->prim && build::dimension(*f) == build::dimension(*map)) return;  // read by its writer
            }
            out.push_back({at, describe(call),
                           primName(map->prim) + "(" + std::to_string(build::dimension(*map)) +
                               ")'s result is read by other work-items (through `" + describe(f) +
                               "`) and nothing synchronizes work-items within a kernel; read it "
                               "with a " + primName(map->prim) + "(" + std::to_string(build::dimension(*map)) +
                               ") over the same elements, use mapSeq for one of the maps, or "
                               "mapWrg/mapLcl with toLocal"});
            return;
        }
    }
};

}  // namespace

std::vector<Violation> crossWorkItemReads(const Node& root) {
    Finder finder(root);
    Path path;
    finder.visit(root, path);
    return finder.out;
}

}  // namespace liftcl::rewrite
