// Random well-typed programs for the soundness suite, built with the IR construction helpers:
// pipelines of maps (with user functions, lambdas, nested maps), reductions, zips, split, join,
// transpose and the rule-5 pattern, over x : [[complex]4]4 and y : [complex]4.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "ir/expr.hpp"
#include "ir/userfun.hpp"

namespace liftcl::testing {

class ProgramGenerator {
public:
    explicit ProgramGenerator(std::uint64_t seed) : rng_(seed) {}

    ir::Program generate(const std::string& name) {
        using namespace ir;
        auto complex = Type::complexOf(ScalarKind::Double);
        auto x = makeParam("x", Type::arrayOf(Type::arrayOf(complex, Arith(4)), Arith(4)));
        y_ = makeParam("y", Type::arrayOf(complex, Arith(4)));
        dims_ = {4, 4};
        ExprP e = x;
        int stages = 2 + pick(4);
        for (int s = 0; s < stages; ++s) e = stage(e);
        return Program{name, {}, makeLambda({x, y_}, e)};
    }

private:
    std::mt19937_64 rng_;
    std::vector<std::int64_t> dims_;
    ir::ExprP y_;

    int pick(int n) { return static_cast<int>(rng_() % static_cast<std::uint64_t>(n)); }

    static ir::FunP user(const char* name) {
        return ir::makeUserFun(ir::lookupUserFun(name, ir::ScalarKind::Double));
    }
    static ir::FunP prim(ir::Prim p, int intArg = 0) { return ir::makePrim(p, {}, {}, {}, intArg); }
    static ir::FunP mapOf(ir::FunP f) { return ir::makePrim(ir::Prim::Map, {}, {std::move(f)}); }
    static ir::ExprP call(ir::FunP f, std::vector<ir::ExprP> args) { return ir::makeCall(std::move(f), std::move(args)); }
    static ir::ExprP get(int k, ir::ExprP t) { return call(prim(ir::Prim::Get, k), {std::move(t)}); }

    // complex -> complex, as a user function or a lambda around one.
    ir::FunP elementFunction() {
        auto t = ir::makeParam("t");
        switch (pick(4)) {
            case 0: return user("cneg");
            case 1: return ir::makeLambda({t}, call(user("cmul"), {t, t}));
            case 2: return ir::makeLambda({t}, call(user("cadd"), {t, call(user("cneg"), {t})}));
            default: return ir::makeLambda({t}, call(user("cconj"), {t}));
        }
    }
    ir::FunP reduction() {
        auto zero = ir::makeLiteral({0.0, 0.0}, ir::Type::complexOf(ir::ScalarKind::Double));
        return ir::makePrim(ir::Prim::Reduce, {}, {user("cadd")}, {zero});
    }
    ir::FunP pairFunction() {
        auto q = ir::makeParam("q");
        return ir::makeLambda({q}, call(user(pick(2) ? "cmul" : "csub"), {get(0, q), get(1, q)}));
    }

    ir::ExprP stage(const ir::ExprP& e) {
        using namespace ir;
        if (dims_.size() == 1) {
            std::int64_t n = dims_[0];
            switch (pick(5)) {
                case 0: return call(mapOf(elementFunction()), {e});
                case 1:
                    if (n % 2 == 0 && n > 2) {
                        std::int64_t k = (n % 4 == 0 && n > 4 && pick(2)) ? 4 : 2;
                        dims_ = {n / k, k};
                        return call(makePrim(Prim::Split, {Arith(k)}), {e});
                    }
                    return call(mapOf(elementFunction()), {e});
                case 2:
                    if (n > 1) {
                        dims_ = {1};
                        return call(reduction(), {e});
                    }
                    return call(mapOf(prim(Prim::Id)), {e});
                case 3: {
                    auto negated = call(mapOf(user("cneg")), {e});
                    return call(mapOf(pairFunction()), {call(prim(Prim::Zip, 2), {e, negated})});
                }
                default: return call(mapOf(prim(Prim::Id)), {e});
            }
        }
        std::int64_t a = dims_[0], b = dims_[1];
        switch (pick(6)) {
            case 0: return call(mapOf(mapOf(elementFunction())), {e});
            case 1:
                dims_ = {a * b};
                return call(prim(Prim::Join), {e});
            case 2:
                dims_ = {b, a};
                return call(prim(Prim::Transpose), {e});
            case 3: {
                dims_ = {a, 1};
                auto r = makeParam("r");
                return call(mapOf(makeLambda({r}, call(reduction(), {r}))), {e});
            }
            case 4:
                if (b == 4) {  // the rule-5 pattern: map(map(f) o zip(y))
                    auto r = makeParam("row");
                    auto body = call(mapOf(pairFunction()), {call(prim(Prim::Zip, 2), {y_, r})});
                    return call(mapOf(makeLambda({r}, body)), {e});
                }
                [[fallthrough]];
            default: {
                auto r = makeParam("row");
                auto body = call(mapOf(elementFunction()), {call(mapOf(elementFunction()), {r})});
                return call(mapOf(makeLambda({r}, body)), {e});
            }
        }
    }
};

}  // namespace liftcl::testing
