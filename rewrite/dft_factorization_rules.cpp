// Factoring a dense DFT product (one step of Cooley-Tukey, decimation in time):
//
//   matrixMult(DFT(q*m), x)
//     = join o transpose o map(\c => matrixMult(DFT(q), c)) o transpose o
//       map(\r => map(\e => cmul(e.0, e.1))(zip(r.0, r.1)))(zip(array_2(q, m, genTwiddle),
//           map(\s => matrixMult(DFT(m), s))(transpose(split(q)(x)))))
//
// X[k1 + m*k2] = sum_j1 omega_q^(j1*k2) * omega_qm^(j1*k1) * (sum_j2 omega_m^(j2*k1) x[j1 + q*j2]).
// Applied until no product of a size divisible by q remains, a DFT_p becomes log_q(p) layers of
// DFT_q products whose entries are +-1 and +-i for q = 2 and 4, and twiddles at constant indices
// once a butterfly is unrolled: codegen folds both, so the unrolled code holds no dense product.
//
// An odd product left over (p = 3, 5, 7, ...) takes the symmetric-pair form (dft-pairs, below):
// the conjugate symmetry of its rows halves the multiplications.
#include "ir/userfun.hpp"
#include "ir/builders.hpp"
#include "rewrite/ir_helpers.hpp"
#include "rewrite/rules.hpp"

namespace liftcl::rewrite {

using namespace ir;
using namespace ir::build;

namespace {

// The parts of `join(map(\row => reduce(add, zero)(map(mul)(zip(row, x))))(array_2(p, p, genDFT)))`.
struct DenseDftProduct {
    std::int64_t p = 0;
    FunP reduce;     // reduce(add, zero)
    FunP multiply;   // the function mapped over zip(row, x): \t => cmul(t.0, t.1)
    ExprP vector;    // x
    ScalarKind real = ScalarKind::Double;
};

// (\y => body)(a) seen as body[y := a]: compositions (f o g) are such lambdas until beta reduction.
ExprP applied(const ExprP& e) {
    if (!e || e->kind != Expr::Kind::Call || e->fun->kind != Fun::Kind::Lambda || e->fun->params.size() != 1 ||
        e->args.size() != 1)
        return e;
    return applied(std::get<ExprP>(substitute(Node(e->fun->body), e->fun->params[0].get(), e->args[0])));
}

std::optional<DenseDftProduct> matchDenseDft(const Node& n) {
    auto call = asCall(n);
    if (!call || !call->type) return std::nullopt;
    auto join = applied(call);
    if (!isCallOf(join, Prim::Join, 1)) return std::nullopt;
    auto rows = join->args[0];
    if (!isCallOf(rows, Prim::Map, 1) || !isCallOf(rows->args[0], Prim::Array, 0)) return std::nullopt;
    const FunP matrix = rows->args[0]->fun;
    if (matrix->nats.size() != 2 || matrix->funs.size() != 1 || matrix->funs[0]->kind != Fun::Kind::UserFun ||
        matrix->funs[0]->userFun->name != "genDFT")
        return std::nullopt;
    const auto p = matrix->nats[0].tryConstant();
    if (!p || matrix->nats[1].tryConstant() != p) return std::nullopt;
    const FunP dot = rows->fun->funs.at(0);
    if (dot->kind != Fun::Kind::Lambda || dot->params.size() != 1) return std::nullopt;
    auto reduced = applied(dot->body);
    if (!isCallOf(reduced, Prim::Reduce, 1) || !isCallOf(reduced->args[0], Prim::Map, 1)) return std::nullopt;
    auto zipped = reduced->args[0]->args[0];
    if (!isCallOf(zipped, Prim::Zip, 2) || zipped->args[0].get() != dot->params[0].get()) return std::nullopt;
    if (mentions(zipped->args[1], dot->params[0].get())) return std::nullopt;
    const auto element = lengthOf(call->type) ? call->type->element : nullptr;
    if (!element || !element->isTuple() || element->elements.empty() || !element->elements[0]->isScalar())
        return std::nullopt;
    DenseDftProduct d;
    d.p = *p;
    d.reduce = reduced->fun;
    d.multiply = reduced->args[0]->fun->funs.at(0);
    d.vector = zipped->args[1];
    d.real = element->elements[0]->scalar;
    return d;
}

class FactoredDft {
public:
    explicit FactoredDft(const DenseDftProduct& d) : d_(d) {}

    // matrixMult(DFT(size), v), with fresh parameters.
    ExprP product(std::int64_t size, const ExprP& v) const {
        auto row = freshParam("row");
        auto t = freshParam("t");
        FunP multiply = elementwise(d_.multiply);
        auto body = makeCall(copyOf(d_.reduce), {map(multiply, zip({row, v}))});
        auto matrix = generate({Arith(size), Arith(size)}, userFun("genDFT"));
        return join(map(makeLambda({row}, body), matrix));
    }

    // \s => matrixMult(DFT(size), s)
    FunP productFun(std::int64_t size) const {
        auto s = freshParam("s");
        return makeLambda({s}, product(size, s));
    }

    ExprP factored(std::int64_t q) const {
        const std::int64_t m = d_.p / q;
        auto inner = map(productFun(m), transpose(split(q, d_.vector)));
        auto twiddles = generate({Arith(q), Arith(m)}, userFun("genTwiddle"));
        auto r = freshParam("r");
        auto e = freshParam("e");
        auto times = makeLambda({e}, makeCall(userFun("cmul"), {get(0, e), get(1, e)}));
        auto rowTimes = makeLambda({r}, map(times, zip({get(0, r), get(1, r)})));
        auto twiddled = map(rowTimes, zip({twiddles, inner}));
        auto outer = map(productFun(q), transpose(twiddled));
        return join(transpose(outer));
    }

    // The symmetric-pair form of matrixMult(DFT(p), x), p = 2h + 1 (x bound once, so that the
    // twiddled input a pass feeds its butterfly is computed once):
    //   (\x => join o map(\row => reduce(cadd, at(x, 0)) o map(\t => cpairmul(t.0, cadd(t.1.0, t.1.1),
    //       csub(t.1.0, t.1.1))) $ zip(take(h) o reverse(h+1) $ row, pairs)) $ DFT(p))(vector)
    //   halves = split(h+1) o pad(0, 1, wrap) $ x          ([x_0..x_h], [x_{h+1}..x_{p-1}, x_0])
    //   pairs = take(h) $ zip(reverse(h+1) $ at(halves, 0), at(halves, 1))   (x_j, x_{p-j}), j = h..1
    //   reverse(m) = take(m) o pad(m, 0, mirror)
    // X_k = x_0 + sum_j Re(w^jk) (x_j + x_{p-j}) + Im(w^jk) i (x_j - x_{p-j}), w = omega_p, since
    // w^(p-j)k is the conjugate of w^jk; the row's coefficients w^jk for j = h..1 are its first h+1
    // reversed, less the last.
    ExprP pairs() const {
        const std::int64_t h = (d_.p - 1) / 2;
        auto x = freshParam("x");
        auto halves = [&] { return split(h + 1, pad(0, 1, PadMode::Wrap, x)); };
        auto pairs = take(h, zip({reversed(h + 1, element(halves(), 0)), element(halves(), 1)}));
        auto row = freshParam("row");
        auto t = freshParam("t");
        auto a = get(0, get(1, t)), b = get(1, get(1, t));
        auto term = makeLambda({t}, makeCall(userFun("cpairmul"), {get(0, t), makeCall(userFun("cadd"), {a, b}),
                                                                   makeCall(userFun("csub"), {a, b})}));
        auto terms = map(term, zip({take(h, reversed(h + 1, row)), pairs}));
        auto sum = makeCall(reduce(userFun("cadd"), element(x, 0)), {terms});
        auto matrix = generate({Arith(d_.p), Arith(d_.p)}, userFun("genDFT"));
        auto body = join(map(makeLambda({row}, sum), matrix));
        return makeCall(makeLambda({x}, body), {d_.vector});
    }

private:
    // v's first m elements in reverse order (the mirror of v read from the left).
    static ExprP reversed(std::int64_t m, const ExprP& v) { return take(m, pad(m, 0, PadMode::Mirror, v)); }
    // at(v, k) at a literal index
    static ExprP element(const ExprP& v, int k) {
        return at(v, makeLiteral({static_cast<double>(k)}, Type::scalarOf(ScalarKind::Int)));
    }

    FunP userFun(const std::string& name) const {
        auto f = lookupUserFun(name, d_.real);
        if (!f) throw Error("dft-factor: the user function " + name + " is missing");
        return makeUserFun(f);
    }

    // A fresh copy of the element function \t => f(t.0, t.1) (each use gets its own parameters).
    static FunP elementwise(const FunP& f) {
        if (f->kind != Fun::Kind::Lambda || f->params.size() != 1) return f;
        auto t = freshParam("t");
        return makeLambda({t}, std::get<ExprP>(substitute(Node(f->body), f->params[0].get(), t)));
    }

    static FunP copyOf(const FunP& reduce) {
        std::vector<ExprP> init;
        for (const auto& x : reduce->exprs)
            init.push_back(x->kind == Expr::Kind::Literal ? makeLiteral(x->literal, x->literalType, x->loc) : x);
        return makePrim(reduce->prim, reduce->nats, reduce->funs, init, reduce->intArg, reduce->loc);
    }

    DenseDftProduct d_;
};

}  // namespace

Rule dftFactor(std::int64_t q) {
    return makeRule("dft-factor(" + std::to_string(q) + ")",
                    "matrixMult(DFT(q*m), x) -> DFT_q products over twiddled DFT_m products of x's q-strided "
                    "subsequences (one Cooley-Tukey step), q = " +
                        std::to_string(q) + ", m > 1",
                    [q](const Node& n, const Context&) -> std::optional<Node> {
                        if (q < 2) return std::nullopt;
                        auto d = matchDenseDft(n);
                        if (!d || d->p <= q || d->p % q != 0) return std::nullopt;
                        return Node(FactoredDft(*d).factored(q));
                    });
}

Rule dftPairs() {
    return makeRule("dft-pairs",
                    "matrixMult(DFT(p), x), p odd -> x_0 plus, per output, the symmetric pairs x_j +- x_{p-j} "
                    "times the real and imaginary parts of its row (cpairmul): half the multiplications",
                    [](const Node& n, const Context&) -> std::optional<Node> {
                        auto d = matchDenseDft(n);
                        if (!d || d->p < 3 || d->p % 2 == 0) return std::nullopt;
                        return Node(FactoredDft(*d).pairs());
                    });
}

}  // namespace liftcl::rewrite
