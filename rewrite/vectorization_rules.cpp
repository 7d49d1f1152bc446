// Vectorization (Lift's vectorize rule): a map of a scalar user function over reals computes k
// elements at once as OpenCL vectors,
//   vectorize(k)  map(u)(x) -> asScalar(map(u_k)(asVector(k)(x))), k | length
// where u_k is u's definition typed again with realk for real (ir/scalar_fun.hpp applies arithmetic
// and the math library componentwise). It applies only where u_k builds: a body of arithmetic,
// real math functions and let bindings. Comparisons, conditionals, int conversions, components
// and calls of other functions do not act componentwise, and the builder refuses them on vectors.
#include <map>
#include <mutex>

#include "ir/error.hpp"
#include "ir/scalar_fun.hpp"
#include "ir/syntax.hpp"
#include "ir/builders.hpp"
#include "rewrite/ir_helpers.hpp"
#include "rewrite/rules.hpp"

namespace liftcl::rewrite {

using namespace ir;
using namespace ir::build;

namespace {

// The user function a map applies: u itself or \x => u(x).
UserFunP mappedUserFun(const FunP& f) {
    if (f->kind == Fun::Kind::UserFun) return f->staticArgs.empty() ? f->userFun : nullptr;
    if (f->kind != Fun::Kind::Lambda || f->params.size() != 1) return nullptr;
    const ExprP& b = f->body;
    if (b->kind != Expr::Kind::Call || b->fun->kind != Fun::Kind::UserFun || b->args.size() != 1 ||
        b->args[0] != f->params[0])
        return nullptr;
    return mappedUserFun(b->fun);
}

// u typed on k-vectors, or nullptr where it does not act componentwise. Built once per (u, k).
UserFunP vectorized(const UserFunP& u, std::int64_t k) {
    if (!u->definition || !u->clBody.empty() || u->paramTypes.size() != 1) return nullptr;
    const TypeP& t = u->paramTypes[0];
    if (!t->isScalar() || t->scalar == ScalarKind::Int || !typesEqual(t, u->returnType)) return nullptr;
    static std::mutex lock;
    static std::map<std::pair<UserFunP, std::int64_t>, UserFunP> built;  // keeps u alive: no reused address
    std::lock_guard<std::mutex> guard(lock);
    const auto key = std::make_pair(u, k);
    if (auto it = built.find(key); it != built.end()) return it->second;
    UserFunDefinition def = *u->definition;
    def.name = u->name + "_x" + std::to_string(k);
    auto vectorType = std::make_shared<SyntaxType>();
    vectorType->name = scalarName(t->scalar) + std::to_string(k);
    def.params[0].type = vectorType;
    def.returnType = vectorType;
    UserFunP result;
    try {
        result = buildScalarUserFun(def, t->scalar, [](const std::string&) { return UserFunP(); });
    } catch (const Error&) {
        result = nullptr;  // not componentwise
    }
    built[key] = result;
    return result;
}

}  // namespace

Rule vectorize(std::int64_t k) {
    return makeRule(
        "vectorize(" + std::to_string(k) + ")",
        "map(u)(x) -> asScalar(map(u_" + std::to_string(k) + ")(asVector(" + std::to_string(k) +
            ")(x))), u a componentwise scalar user function of reals, " + std::to_string(k) + " | length",
        [k](const Node& n, const Context&) {
            auto e = asCall(n);
            if (!e || !isPrim(e->fun, Prim::Map) || e->args.size() != 1 || !e->args[0]->type) return false;
            auto len = lengthOf(e->args[0]->type);
            const UserFunP u = mappedUserFun(e->fun->funs.at(0));
            return u && len && len->provablyDivisibleBy(Arith(k)) && vectorized(u, k);
        },
        onCall([k](const ExprP& e) -> std::optional<Node> {
            const UserFunP vu = vectorized(mappedUserFun(e->fun->funs.at(0)), k);
            if (!vu) return std::nullopt;
            return Node(asScalar(map(makeUserFun(vu, {}, e->loc), asVector(k, e->args[0])), e->loc));
        }));
}

}  // namespace liftcl::rewrite
