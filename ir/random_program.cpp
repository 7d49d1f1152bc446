#include "ir/random_program.hpp"

#include <algorithm>
#include <iterator>
#include <random>
#include <utility>
#include <vector>

#include "ir/error.hpp"
#include "ir/userfun.hpp"

namespace liftcl::ir {

namespace {

using Dims = std::vector<std::int64_t>;

class Generator {
public:
    Generator(std::uint64_t seed, const RandomProgramOptions& options) : rng_(seed), o_(options) {}

    Program generate(const std::string& name) {
        complex_ = !o_.allowReal || pick(3) != 0;
        static constexpr std::int64_t kSizes[] = {2, 3, 4, 4, 5, 6, 8, 8, 12, 16};
        const int rank = 1 + pick(2);
        for (int k = 0; k < rank; ++k) dims_.push_back(kSizes[pick(static_cast<int>(std::size(kSizes)))]);
        ExprP x = makeParam("x", arrayType(dims_));
        params_.push_back(x);
        ExprP e = x;
        const int stages = o_.minStages + pick(std::max(1, o_.maxStages - o_.minStages + 1));
        for (int s = 0; s < stages; ++s) e = stage(e);
        // A program that only rearranges data is not a kernel; finish with a computation.
        if (!computed_) e = elementMap(e);
        return Program{name, {}, makeLambda(params_, e)};
    }

private:
    std::mt19937_64 rng_;
    RandomProgramOptions o_;
    bool complex_ = false;  // element kind of the current array
    Dims dims_;             // its shape, outermost first
    std::vector<ExprP> params_;
    bool computed_ = false;  // some stage calls a user function
    int names_ = 0;

    int pick(int n) { return static_cast<int>(rng_() % static_cast<std::uint64_t>(n)); }
    int rank() const { return static_cast<int>(dims_.size()); }

    TypeP real() const { return Type::scalarOf(o_.precision); }
    TypeP element() const { return complex_ ? Type::complexOf(o_.precision) : real(); }
    TypeP arrayType(const Dims& dims) const {
        TypeP t = element();
        for (auto it = dims.rbegin(); it != dims.rend(); ++it) t = Type::arrayOf(t, Arith(*it));
        return t;
    }
    static std::int64_t elements(const Dims& dims) {
        std::int64_t n = 1;
        for (auto d : dims) n *= d;
        return n;
    }
    bool fits(const Dims& dims) const { return elements(dims) <= o_.maxElements && dims.size() <= 4; }

    ExprP param(const std::string& stem, TypeP type = nullptr) {
        return makeParam(stem + std::to_string(names_++), std::move(type));
    }
    FunP user(const char* name) const {
        auto def = lookupUserFun(name, o_.precision);
        if (!def) throw Error(std::string("random programs: no user function ") + name);
        return makeUserFun(def);
    }
    static FunP prim(Prim p, std::vector<Arith> nats = {}, int intArg = 0) {
        return makePrim(p, std::move(nats), {}, {}, intArg);
    }
    static FunP mapOf(FunP f) { return makePrim(Prim::Map, {}, {std::move(f)}); }
    static ExprP call(FunP f, std::vector<ExprP> args) { return makeCall(std::move(f), std::move(args)); }
    static ExprP get(int k, ExprP t) { return call(prim(Prim::Get, {}, k), {std::move(t)}); }
    ExprP realLiteral(double v) const { return makeLiteral({v}, real()); }
    ExprP complexLiteral(double re, double im) const { return makeLiteral({re, im}, Type::complexOf(o_.precision)); }

    // `f` applied to the sub-arrays at map depth `depth` of `e`.
    static ExprP atDepth(FunP f, int depth, ExprP e) {
        for (int k = 0; k < depth; ++k) f = mapOf(std::move(f));
        return call(std::move(f), {std::move(e)});
    }

    // element -> element of the current kind; sometimes converts real <-> complex.
    FunP elementFunction() {
        computed_ = true;
        auto t = param("t");
        if (pick(8) == 0) {  // change the element kind
            if (complex_) {
                complex_ = false;
                return makeLambda({t}, pick(2) ? get(1, t) : call(user("add"), {get(0, t), get(1, t)}));
            }
            complex_ = true;
            return makeLambda({t}, call(prim(Prim::Tuple, {}, 2), {t, call(user("mul"), {t, realLiteral(0.25)})}));
        }
        if (complex_) {
            switch (pick(5)) {
                case 0: return user("cneg");
                case 1: return user("cconj");
                case 2: return makeLambda({t}, call(user("cmul"), {t, t}));
                case 3: return makeLambda({t}, call(user("cscale"), {realLiteral(0.5), t}));
                default: return makeLambda({t}, call(user("cadd"), {t, call(user("cconj"), {t})}));
            }
        }
        switch (pick(4)) {
            case 0: return makeLambda({t}, call(user("mul"), {t, t}));
            case 1: return makeLambda({t}, call(user("add"), {t, realLiteral(0.5)}));
            case 2: return makeLambda({t}, call(user("sub"), {realLiteral(1.0), t}));
            default: return makeLambda({t}, call(user("add"), {t, t}));
        }
    }
    // (element, element) -> element, on a zipped pair.
    FunP pairFunction() {
        computed_ = true;
        auto q = param("q");
        static constexpr const char* kComplex[] = {"cadd", "csub", "cmul"};
        static constexpr const char* kReal[] = {"add", "sub", "mul"};
        const char* op = complex_ ? kComplex[pick(3)] : kReal[pick(3)];
        return makeLambda({q}, call(user(op), {get(0, q), get(1, q)}));
    }
    FunP reduction() {
        computed_ = true;
        if (complex_) {
            if (pick(2)) return makePrim(Prim::Reduce, {}, {user("cadd")}, {complexLiteral(0, 0)});
            return makePrim(Prim::Reduce, {}, {user("cmul")}, {complexLiteral(1, 0)});
        }
        switch (pick(3)) {
            case 0: return makePrim(Prim::Reduce, {}, {user("add")}, {realLiteral(0)});
            case 1: return makePrim(Prim::Reduce, {}, {user("mul")}, {realLiteral(1)});
            default: {  // sum of squares, through a lambda operator
                auto acc = param("acc"), v = param("v");
                auto op = makeLambda({acc, v}, call(user("add"), {acc, call(user("mul"), {v, v})}));
                return makePrim(Prim::Reduce, {}, {op}, {realLiteral(0)});
            }
        }
    }

    ExprP elementMap(const ExprP& e) { return atDepth(elementFunction(), rank(), e); }

    ExprP stage(const ExprP& e) {
        for (int attempt = 0; attempt < 16; ++attempt)
            if (auto next = tryStage(e, pick(13))) return next;
        return elementMap(e);
    }

    // One stage of kind `choice`; null when it does not fit the current shape.
    ExprP tryStage(const ExprP& e, int choice) {
        const int r = rank();
        switch (choice) {
            case 0:
            case 1: return elementMap(e);
            case 2: {  // split
                const int d = pick(r);
                const std::int64_t n = dims_[d];
                std::vector<std::int64_t> factors;
                for (std::int64_t k = 2; k < n; ++k)
                    if (n % k == 0) factors.push_back(k);
                if (factors.empty() || r >= 4) return nullptr;
                const std::int64_t k = factors[pick(static_cast<int>(factors.size()))];
                dims_[d] = n / k;
                dims_.insert(dims_.begin() + d + 1, k);
                return atDepth(prim(Prim::Split, {Arith(k)}), d, e);
            }
            case 3: {  // join
                if (r < 2) return nullptr;
                const int d = pick(r - 1);
                dims_[d] *= dims_[d + 1];
                dims_.erase(dims_.begin() + d + 1);
                return atDepth(prim(Prim::Join), d, e);
            }
            case 4: {  // transpose
                if (r < 2) return nullptr;
                const int d = pick(r - 1);
                std::swap(dims_[d], dims_[d + 1]);
                return atDepth(prim(Prim::Transpose), d, e);
            }
            case 5: {  // pad
                const int d = pick(r);
                const std::int64_t left = pick(3), right = pick(3);
                if (left + right == 0) return nullptr;
                Dims next = dims_;
                next[d] += left + right;
                if (!fits(next)) return nullptr;
                dims_ = next;
                const auto mode = pick(2) ? PadMode::Clamp : PadMode::Wrap;
                return atDepth(prim(Prim::Pad, {Arith(left), Arith(right)}, static_cast<int>(mode)), d, e);
            }
            case 6: {  // slide
                const int d = pick(r);
                const std::int64_t n = dims_[d];
                const std::int64_t size = 1 + pick(static_cast<int>(std::min<std::int64_t>(n, 4)));
                const std::int64_t step = 1 + pick(3);
                if ((n - size) % step != 0 || r >= 4) return nullptr;
                Dims next = dims_;
                next[d] = (n - size) / step + 1;
                next.insert(next.begin() + d + 1, size);
                if (!fits(next)) return nullptr;
                dims_ = next;
                return atDepth(prim(Prim::Slide, {Arith(size), Arith(step)}), d, e);
            }
            case 7:
            case 8: {  // reduce the innermost arrays
                if (dims_.back() < 2) return nullptr;
                dims_.back() = 1;
                return atDepth(reduction(), r - 1, e);
            }
            case 9: {  // zip the innermost arrays with a mapped copy of themselves
                auto row = param("row");
                auto other = call(mapOf(elementFunctionKeepingKind()), {row});
                auto body = call(mapOf(pairFunction()), {call(prim(Prim::Zip, {}, 2), {row, other})});
                return atDepth(makeLambda({row}, body), r - 1, e);
            }
            case 10: {  // the rule-5 pattern: map(\row => map(f) $ zip(y, row)) with y an input
                if (params_.size() >= 3) return nullptr;
                auto y = makeParam("y" + std::to_string(params_.size()), arrayType({dims_.back()}));
                params_.push_back(y);
                auto row = param("row");
                auto body = call(mapOf(pairFunction()), {call(prim(Prim::Zip, {}, 2), {y, row})});
                return atDepth(makeLambda({row}, body), r - 1, e);
            }
            case 11: {  // round trips simplification removes: split o join, join o split, transpose^2
                if (r < 2) return call(mapOf(prim(Prim::Id)), {e});  // map(id)
                const int d = pick(r - 1);
                switch (pick(3)) {
                    case 0: {
                        auto joined = atDepth(prim(Prim::Join), d, e);
                        return atDepth(prim(Prim::Split, {Arith(dims_[d + 1])}), d, joined);
                    }
                    case 1:  // join(split(n)(x)), x of length n
                        return atDepth(prim(Prim::Join), d, atDepth(prim(Prim::Split, {Arith(dims_[d])}), d, e));
                    default: return atDepth(prim(Prim::Transpose), d, atDepth(prim(Prim::Transpose), d, e));
                }
            }
            default: {  // two element maps composed inside a lambda (map fusion material)
                auto row = param("row");
                auto first = call(mapOf(elementFunction()), {row});
                auto body = call(mapOf(elementFunction()), {first});
                return atDepth(makeLambda({row}, body), r - 1, e);
            }
        }
    }

    // An element function that keeps the element kind (for zips of equal element types).
    FunP elementFunctionKeepingKind() {
        for (;;) {
            const bool before = complex_;
            FunP f = elementFunction();
            if (complex_ == before) return f;
            complex_ = before;
        }
    }
};

}  // namespace

Program randomProgram(std::uint64_t seed, const std::string& name, const RandomProgramOptions& options) {
    return Generator(seed, options).generate(name);
}

}  // namespace liftcl::ir
