// Memory rules (thesis rule 3): where the results of the function of a map are stored.
#include "ir/builders.hpp"
#include "rewrite/ir_helpers.hpp"
#include "rewrite/rules.hpp"

namespace liftcl::rewrite {

using namespace ir;

namespace {

// M(f) -> M(toX(f)) for the map primitives in `maps`; f not already placed.
Rule placeResult(std::string name, std::string description, std::vector<Prim> maps, Prim memory) {
    return makeRule(std::move(name), std::move(description),
                    [maps, memory](const Node& n, const Context&) -> std::optional<Node> {
                        auto f = asFun(n);
                        bool matches = false;
                        for (Prim p : maps) matches = matches || isPrim(f, p);
                        if (!matches || f->funs.empty() || isPrimWhere(f->funs[0], isMemoryPrim)) return std::nullopt;
                        return Node(withFuns(f, {build::memory(memory, f->funs[0])}));
                    });
}

}  // namespace

Rule mapLclToLocal() {
    return placeResult("mapLcl-toLocal", "mapLcl(f) -> mapLcl(toLocal(f))", {Prim::MapLcl},
                       Prim::ToLocal);
}
Rule mapLclToGlobal() {
    return placeResult("mapLcl-toGlobal", "mapLcl(f) -> mapLcl(toGlobal(f))", {Prim::MapLcl},
                       Prim::ToGlobal);
}
Rule mapSeqToPrivate() {
    return placeResult("mapSeq-toPrivate", "mapSeq(f) -> mapSeq(toPrivate(f))",
                       {Prim::MapSeq, Prim::MapSeqUnroll}, Prim::ToPrivate);
}
Rule mapSeqToGlobal() {
    return placeResult("mapSeq-toGlobal", "mapSeq(f) -> mapSeq(toGlobal(f))",
                       {Prim::MapSeq, Prim::MapSeqUnroll}, Prim::ToGlobal);
}

// mapLcl(\x. mapSeq(f)(g(x))) -> mapLcl(\x. mapSeq(toLocal(f))(g(x))), also mapLcl(mapSeq(f)).
Rule mapLclMapSeqToLocal() {
    return makeRule(
        "mapLcl-mapSeq-toLocal", "mapLcl(mapSeq(f) o g) -> mapLcl(mapSeq(toLocal(f)) o g)",
        [](const Node& n, const Context&) -> std::optional<Node> {
            auto f = asFun(n);
            if (!isPrim(f, Prim::MapLcl) || f->funs.empty()) return std::nullopt;
            auto placeSeq = [](const FunP& seq) -> FunP {
                if (!isPrim(seq, Prim::MapSeq) || seq->funs.empty() || isPrimWhere(seq->funs[0], isMemoryPrim))
                    return nullptr;
                return withFuns(seq, {build::toLocal(seq->funs[0])});
            };
            const FunP& body = f->funs[0];
            if (auto placed = placeSeq(body)) return Node(withFuns(f, {placed}));
            if (body->kind != Fun::Kind::Lambda || body->body->kind != Expr::Kind::Call) return std::nullopt;
            auto placed = placeSeq(body->body->fun);
            if (!placed) return std::nullopt;
            auto newCall = makeCall(placed, body->body->args, body->body->loc);
            auto lambda = makeLambda(body->params, newCall, body->loc);
            return Node(withFuns(f, {lambda}));
        });
}

}  // namespace liftcl::rewrite
