// The legality checker (see legality.hpp).
#include "rewrite/legality.hpp"

#include "ir/builders.hpp"
#include "rewrite/cross_work_item_reads.hpp"
#include "rewrite/kernel_sequence.hpp"
#include "rewrite/ir_helpers.hpp"
#include "ir/result_writes.hpp"

namespace liftcl::rewrite {

using namespace ir;

std::string Violation::toString() const {
    return "at '" + pathToString(path) + "' `" + node + "`: " + reason;
}

namespace {

std::string dimName(const Fun& f) { return primName(f.prim) + "(" + std::to_string(build::dimension(f)) + ")"; }

class Checker {
public:
    std::vector<Violation> out;

    void visit(const Node& n, Path& path, std::vector<FunP>& enclosing) {
        if (auto f = asFun(n); f && f->kind == Fun::Kind::Prim) check(f, path, enclosing);
        auto kids = children(n);
        auto f = asFun(n);
        for (std::size_t k = 0; k < kids.size(); ++k) {
            // Only function arguments of a primitive run "inside" it.
            bool enters = f && f->kind == Fun::Kind::Prim && k < f->funs.size();
            if (enters) enclosing.push_back(f);
            path.push_back(static_cast<int>(k));
            visit(kids[k], path, enclosing);
            path.pop_back();
            if (enters) enclosing.pop_back();
        }
    }

private:
    void add(const Path& p, const FunP& f, std::string reason) {
        out.push_back({p, describe(f), std::move(reason)});
    }
    static bool any(const std::vector<FunP>& enclosing, Prim p, int dim = -1) {
        for (const auto& g : enclosing)
            if (g->prim == p && (dim < 0 || build::dimension(*g) == dim)) return true;
        return false;
    }
    static bool containsPrim(const Node& n, Prim p) {
        if (auto f = asFun(n); isPrim(f, p)) return true;
        for (const auto& c : children(n))
            if (containsPrim(c, p)) return true;
        return false;
    }

    void check(const FunP& f, const Path& p, const std::vector<FunP>& enclosing) {
        switch (f->prim) {
            case Prim::MapGlb:
                if (any(enclosing, Prim::MapGlb, build::dimension(*f)))
                    add(p, f, dimName(*f) + " nested in a mapGlb of the same dimension");
                if (any(enclosing, Prim::MapWrg) || any(enclosing, Prim::MapLcl))
                    add(p, f, "mapGlb inside a mapWrg/mapLcl: global and work-group distribution mixed");
                break;
            case Prim::MapWrg:
                if (any(enclosing, Prim::MapWrg, build::dimension(*f)))
                    add(p, f, dimName(*f) + " nested in a mapWrg of the same dimension");
                if (any(enclosing, Prim::MapGlb) || any(enclosing, Prim::MapLcl))
                    add(p, f, "mapWrg inside a mapGlb/mapLcl");
                if (!f->funs.empty() && !containsPrim(f->funs[0], Prim::MapLcl))
                    add(p, f, "mapWrg without a mapLcl inside: the work-items of a work-group get no work");
                break;
            case Prim::MapLcl:
                if (!any(enclosing, Prim::MapWrg)) add(p, f, "mapLcl outside a mapWrg");
                if (any(enclosing, Prim::MapLcl, build::dimension(*f)))
                    add(p, f, dimName(*f) + " nested in a mapLcl of the same dimension");
                break;
            case Prim::ToLocal:
                if (!any(enclosing, Prim::MapWrg))
                    add(p, f, "toLocal outside a mapWrg: local memory exists only per work-group");
                break;
            case Prim::Map:
                if (isComputingMap(f))
                    add(p, f, "high-level map computes (calls a user function): lower it to "
                              "mapGlb/mapWrg/mapLcl/mapSeq");
                break;
            case Prim::Reduce:
                add(p, f, "high-level reduce: lower it to reduceSeq");
                break;
            default: break;
        }
    }
};

}  // namespace

namespace {

std::vector<Violation> checkKernel(const Node& root) {
    Checker c;
    Path path;
    std::vector<FunP> enclosing;
    c.visit(root, path, enclosing);
    ResultChain chain = resultChain(root);
    for (const auto& w : chain.writes) {
        if (!w.memory || *w.memory == Prim::ToGlobal) continue;
        c.out.push_back({w.path, describe(nodeAt(root, w.path)),
                         "the kernel's result is written to " +
                             std::string(*w.memory == Prim::ToLocal ? "local" : "private") +
                             " memory (" + primName(*w.memory) +
                             "); the result must be written to global memory"});
    }
    for (const auto& p : chain.uncomputed)
        c.out.push_back({p, describe(nodeAt(root, p)),
                         "part of the kernel's result is not computed by any map (it is only a "
                         "view of an input or a constructor); copy it, e.g. with mapGlb(id)"});
    for (auto& v : crossWorkItemReads(root)) c.out.push_back(std::move(v));
    return c.out;
}

}  // namespace

std::vector<Violation> checkLegality(const Node& root) {
    const FunP lambda = asFun(root);
    if (!lambda || lambda->kind != Fun::Kind::Lambda) return checkKernel(root);
    Program program;
    program.name = "program";
    program.body = lambda;
    return checkLegality(program);
}

// Each kernel of the program (rewrite/kernel_sequence.hpp) is checked on its own; violations of a
// program of several kernels name the kernel (their paths are in that kernel).
std::vector<Violation> checkLegality(const Program& program) {
    std::vector<Program> kernels;
    try {
        kernels = splitIntoKernels(program);
    } catch (const Error&) {
        kernels = {program};  // not typable as a whole: the checks below say where
    }
    if (kernels.size() == 1) return checkKernel(program.body);
    std::vector<Violation> out;
    for (const auto& k : kernels)
        for (auto& v : checkKernel(k.body)) {
            v.reason = "in kernel " + k.name + ": " + v.reason;
            out.push_back(std::move(v));
        }
    return out;
}

bool isLegal(const Node& root) { return checkLegality(root).empty(); }

void requireLegal(const Program& program) {
    auto violations = checkLegality(program);
    if (violations.empty()) return;
    std::string msg = "program " + program.name + " is not a legal low-level program:";
    for (const auto& v : violations) msg += "\n  " + v.toString();
    throw Error(msg, program.body->loc);
}

}  // namespace liftcl::rewrite
