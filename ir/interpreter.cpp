// The reference interpreter: evaluates every primitive on host values. Low-level primitives mean
// the same as their high-level forms (mapGlb = map, reduceSeq = reduce, toGlobal(f) = f).
#include "ir/interpreter.hpp"

#include <map>

#include "ir/builders.hpp"
#include "ir/scalar_fun.hpp"
#include "ir/userfun.hpp"

namespace liftcl::ir {

namespace {

// Round every real of a value whose type says `float` to single precision, so float-instantiated
// programs are interpreted with the precision the kernels have.
void roundToType(Value& v, const TypeP& t) {
    if (!t) return;
    switch (t->kind) {
        case Type::Kind::Scalar:
            if (t->scalar == ScalarKind::Float && v.kind == Value::Kind::Real)
                v.r = static_cast<double>(static_cast<float>(v.r));
            return;
        case Type::Kind::Tuple:
            if (v.kind == Value::Kind::Tuple && v.items.size() == t->elements.size())
                for (std::size_t k = 0; k < v.items.size(); ++k)
                    roundToType(v.items[k], t->elements[k]);
            return;
        case Type::Kind::Array:
            if (v.kind == Value::Kind::Array)
                for (auto& item : v.items) roundToType(item, t->element);
            return;
        default: return;
    }
}

std::size_t scalarCount(const TypeP& t) {
    if (t->kind == Type::Kind::Scalar) return 1;
    if (t->kind == Type::Kind::Tuple) {
        std::size_t n = 0;
        for (const auto& c : t->elements) n += scalarCount(c);
        return n;
    }
    if (t->kind == Type::Kind::Array && t->length.isConstant() && t->length.constant() >= 0)
        return static_cast<std::size_t>(t->length.constant()) * scalarCount(t->element);
    return 0;  // not a literal type
}

Value literalValue(const std::vector<double>& comps, std::size_t& next, const TypeP& t,
                   const SourceLoc& loc) {
    if (t->kind == Type::Kind::Scalar) {
        double c = comps.size() == 1 ? comps[0] : comps.at(next);  // one component broadcasts
        ++next;
        if (t->scalar == ScalarKind::Int) return Value::ofInt(static_cast<std::int64_t>(c));
        Value v = Value::ofReal(c);
        roundToType(v, t);
        return v;
    }
    if (t->kind == Type::Kind::Tuple) {
        std::vector<Value> items;
        for (const auto& c : t->elements) items.push_back(literalValue(comps, next, c, loc));
        return Value::tuple(std::move(items));
    }
    if (t->kind == Type::Kind::Array && t->length.isConstant()) {
        std::vector<Value> items;
        for (std::int64_t k = 0; k < t->length.constant(); ++k)
            items.push_back(literalValue(comps, next, t->element, loc));
        return Value::array(std::move(items));
    }
    throw Error("a literal must be a scalar, a tuple of scalars or an array literal, found " + typeToString(t), loc);
}

bool isClosedLiteralType(const TypeP& t) {
    if (!t) return false;
    if (t->kind == Type::Kind::Scalar) return true;
    if (t->kind == Type::Kind::Array) return t->length.isConstant() && isClosedLiteralType(t->element);
    if (t->kind != Type::Kind::Tuple) return false;
    for (const auto& c : t->elements)
        if (!isClosedLiteralType(c)) return false;
    return true;
}

class Interpreter {
public:
    explicit Interpreter(Valuation nats) : nats_(std::move(nats)) {}

    Value eval(const ExprP& e) {
        switch (e->kind) {
            case Expr::Kind::Param: {
                auto it = env_.find(e.get());
                if (it == env_.end())
                    throw Error("unbound parameter '" + e->name + "' during interpretation",
                                e->loc);
                return it->second;
            }
            case Expr::Kind::Literal: return literal(*e);
            case Expr::Kind::Call: {
                std::vector<Value> args;
                args.reserve(e->args.size());
                for (const auto& a : e->args) args.push_back(eval(a));
                return apply(e->fun, std::move(args), e->loc);
            }
        }
        throw Error("unknown expression kind", e->loc);
    }

    Value apply(const FunP& f, std::vector<Value> args, const SourceLoc& callLoc) {
        switch (f->kind) {
            case Fun::Kind::Lambda: return applyLambda(*f, std::move(args));
            case Fun::Kind::UserFun: return applyUserFun(*f, args, callLoc);
            case Fun::Kind::Prim: return applyPrim(*f, std::move(args));
        }
        throw Error("unknown function kind", f->loc);
    }

private:
    Value literal(const Expr& e) {
        // A literal coerced by type inference (0 used as a complex zero) takes its inferred type.
        TypeP t = e.literalType;
        if (isClosedLiteralType(e.type) && !typesEqual(e.type, e.literalType) &&
            (e.literal.size() == 1 || e.literal.size() == scalarCount(e.type)))
            t = e.type;
        if (!isClosedLiteralType(t))
            throw Error("literal without a scalar or tuple type", e.loc);
        if (e.literal.size() != 1 && e.literal.size() != scalarCount(t))
            throw Error("literal has " + std::to_string(e.literal.size()) +
                            " components but its type " + typeToString(t) + " needs " +
                            std::to_string(scalarCount(t)),
                        e.loc);
        std::size_t next = 0;
        return literalValue(e.literal, next, t, e.loc);
    }

    Value applyLambda(const Fun& f, std::vector<Value> args) {
        if (args.size() != f.params.size())
            throw Error("lambda expects " + std::to_string(f.params.size()) +
                            " arguments, found " + std::to_string(args.size()),
                        f.loc);
        std::vector<std::pair<const Expr*, std::optional<Value>>> saved;
        for (std::size_t k = 0; k < args.size(); ++k) {
            const Expr* p = f.params[k].get();
            auto it = env_.find(p);
            saved.emplace_back(p, it == env_.end() ? std::nullopt : std::optional(it->second));
            env_[p] = std::move(args[k]);
        }
        Value result = eval(f.body);
        for (auto& [p, old] : saved) {
            if (old) env_[p] = std::move(*old);
            else env_.erase(p);
        }
        return result;
    }

    Value applyUserFun(const Fun& f, const std::vector<Value>& args, const SourceLoc& callLoc) {
        const UserFun& u = *f.userFun;
        if (args.size() != u.paramTypes.size())
            throw Error(u.name + " expects " + std::to_string(u.paramTypes.size()) +
                            " arguments, found " + std::to_string(args.size()),
                        callLoc.known() ? callLoc : f.loc);
        if (!u.host) throw Error(u.name + " has no host implementation", f.loc);
        std::vector<std::int64_t> statics;
        for (const auto& s : f.staticArgs) statics.push_back(natValue(s, u.name, f.loc));
        Value r;
        if (!u.scalarBody) countRealOperation(static_cast<std::uint64_t>(u.hostRealOperations));
        try {
            r = u.host(args, statics);
        } catch (const Error& err) {
            if (err.loc().known()) throw;
            throw Error(err.message(), callLoc.known() ? callLoc : f.loc);
        }
        roundToType(r, u.returnType);
        return r;
    }

    std::int64_t natValue(const Arith& a, const std::string& what, const SourceLoc& loc) {
        try {
            return a.evaluate(nats_);
        } catch (const Error& err) {
            throw Error(what + ": cannot evaluate " + a.toString() + ": " + err.message(), loc);
        }
    }

    static const std::vector<Value>& arrayArg(const Value& v, const Fun& f) {
        if (v.kind != Value::Kind::Array)
            throw Error(primName(f.prim) + " expects an array argument", f.loc);
        return v.items;
    }

    void expectArgs(const Fun& f, const std::vector<Value>& args, std::size_t n) {
        if (args.size() != n)
            throw Error(primName(f.prim) + " expects " + std::to_string(n) +
                            " argument(s), found " + std::to_string(args.size()),
                        f.loc);
    }

    const FunP& funArg(const Fun& f) {
        if (f.funs.empty()) throw Error(primName(f.prim) + " has no function argument", f.loc);
        return f.funs[0];
    }

    Value applyPrim(const Fun& f, std::vector<Value> args) {
        const std::string name = primName(f.prim);
        if (isMapLike(f.prim)) {
            expectArgs(f, args, 1);
            const auto& xs = arrayArg(args[0], f);
            std::vector<Value> out;
            out.reserve(xs.size());
            for (const auto& x : xs) out.push_back(apply(funArg(f), {x}, f.loc));
            return Value::array(std::move(out));
        }
        if (isReduceLike(f.prim)) {
            expectArgs(f, args, 1);
            if (f.exprs.empty()) throw Error(name + " has no initial value", f.loc);
            Value acc = eval(f.exprs[0]);
            for (const auto& x : arrayArg(args[0], f)) acc = apply(funArg(f), {acc, x}, f.loc);
            return Value::array({std::move(acc)});
        }
        if (isMemoryPrim(f.prim)) return apply(funArg(f), std::move(args), f.loc);
        switch (f.prim) {
            case Prim::Id: expectArgs(f, args, 1); return std::move(args[0]);
            case Prim::Zip: return zip(f, args);
            case Prim::Take: {
                expectArgs(f, args, 1);
                const auto& xs = arrayArg(args[0], f);
                const std::int64_t m = natValue(f.nats.at(0), name, f.loc);
                if (m < 0 || static_cast<std::size_t>(m) > xs.size())
                    throw Error("take(" + std::to_string(m) + ") needs an array of at least " + std::to_string(m) +
                                    " elements, found " + std::to_string(xs.size()),
                                f.loc);
                return Value::array({xs.begin(), xs.begin() + m});
            }
            case Prim::Split: {
                expectArgs(f, args, 1);
                const auto& xs = arrayArg(args[0], f);
                const std::int64_t m = natValue(f.nats.at(0), name, f.loc);
                if (m <= 0 || xs.size() % static_cast<std::size_t>(m) != 0)
                    throw Error("split(" + std::to_string(m) +
                                    ") needs a length divisible by " + std::to_string(m) +
                                    ", found an array of length " + std::to_string(xs.size()),
                                f.loc);
                std::vector<Value> out;
                for (std::size_t start = 0; start < xs.size(); start += m)
                    out.push_back(Value::array({xs.begin() + start, xs.begin() + start + m}));
                return Value::array(std::move(out));
            }
            case Prim::AsVector: {
                expectArgs(f, args, 1);
                const auto& xs = arrayArg(args[0], f);
                const std::int64_t k = natValue(f.nats.at(0), name, f.loc);
                if (k <= 0 || xs.size() % static_cast<std::size_t>(k) != 0)
                    throw Error("asVector(" + std::to_string(k) + ") needs a length divisible by " + std::to_string(k) +
                                    ", found an array of length " + std::to_string(xs.size()),
                                f.loc);
                std::vector<Value> out;
                for (std::size_t start = 0; start < xs.size(); start += static_cast<std::size_t>(k))
                    out.push_back(Value::tuple({xs.begin() + static_cast<std::ptrdiff_t>(start),
                                                xs.begin() + static_cast<std::ptrdiff_t>(start) + k}));
                return Value::array(std::move(out));
            }
            case Prim::AsScalar: {
                expectArgs(f, args, 1);
                std::vector<Value> out;
                for (const auto& v : arrayArg(args[0], f))
                    for (const auto& x : v.items) out.push_back(x);
                return Value::array(std::move(out));
            }
            case Prim::Join: {
                expectArgs(f, args, 1);
                std::vector<Value> out;
                for (const auto& row : arrayArg(args[0], f))
                    for (const auto& x : arrayArg(row, f)) out.push_back(x);
                return Value::array(std::move(out));
            }
            case Prim::Transpose: return transpose(f, args);
            case Prim::Pad: return pad(f, args);
            case Prim::Slide: return slide(f, args);
            case Prim::At: {
                expectArgs(f, args, 2);
                const auto& xs = arrayArg(args[0], f);
                if (args[1].kind != Value::Kind::Int) throw Error("at needs an int index", f.loc);
                const std::int64_t i = args[1].i;
                if (i < 0 || static_cast<std::size_t>(i) >= xs.size())
                    throw Error("at: index " + std::to_string(i) + " is out of range for an array of " +
                                    std::to_string(xs.size()) + " elements",
                                f.loc);
                return xs[static_cast<std::size_t>(i)];
            }
            case Prim::Scatter: {
                expectArgs(f, args, 1);
                const auto& xs = arrayArg(args[0], f);
                const auto to = scatterDestinations(funArg(f), static_cast<std::int64_t>(xs.size()), f.loc);
                std::vector<Value> out(xs.size());
                for (std::size_t j = 0; j < xs.size(); ++j) out[static_cast<std::size_t>(to[j])] = xs[j];
                return Value::array(std::move(out));
            }
            case Prim::Array:
            case Prim::CArray: return generate(f, args);
            case Prim::Get: {
                expectArgs(f, args, 1);
                const int k = build::component(f);
                if (args[0].kind != Value::Kind::Tuple || k < 0 || static_cast<std::size_t>(k) >= args[0].items.size())
                    throw Error("get(" + std::to_string(k) + ") needs a tuple with more than " + std::to_string(k) +
                                    " components",
                                f.loc);
                return args[0].items[k];
            }
            case Prim::Tuple: return Value::tuple(std::move(args));
            case Prim::Iterate: return iterate(f, std::move(args));
            default: break;
        }
        throw Error("the interpreter does not know primitive " + name, f.loc);
    }

    Value zip(const Fun& f, const std::vector<Value>& args) {
        if (args.empty()) throw Error("zip needs at least one array", f.loc);
        if (build::arity(f) != 0) expectArgs(f, args, static_cast<std::size_t>(build::arity(f)));
        const std::size_t n = arrayArg(args[0], f).size();
        for (const auto& a : args)
            if (arrayArg(a, f).size() != n)
                throw Error("zip needs arrays of equal length, found lengths " +
                                std::to_string(n) + " and " + std::to_string(a.items.size()),
                            f.loc);
        std::vector<Value> out;
        out.reserve(n);
        for (std::size_t i = 0; i < n; ++i) {
            std::vector<Value> comps;
            for (const auto& a : args) comps.push_back(a.items[i]);
            out.push_back(Value::tuple(std::move(comps)));
        }
        return Value::array(std::move(out));
    }

    Value transpose(const Fun& f, const std::vector<Value>& args) {
        expectArgs(f, args, 1);
        const auto& rows = arrayArg(args[0], f);
        if (rows.empty()) return Value::array({});
        const std::size_t cols = arrayArg(rows[0], f).size();
        for (const auto& r : rows)
            if (arrayArg(r, f).size() != cols)
                throw Error("transpose needs a rectangular array", f.loc);
        std::vector<Value> out(cols, Value::array({}));
        for (std::size_t c = 0; c < cols; ++c) {
            out[c].items.reserve(rows.size());
            for (const auto& r : rows) out[c].items.push_back(r.items[c]);
        }
        return Value::array(std::move(out));
    }

    // The one array argument of pad(l, r) and slide(size, step), its length and the two nats.
    struct ArrayAndTwoNats {
        const std::vector<Value>& xs;
        std::int64_t first, second, n;
    };
    ArrayAndTwoNats arrayAndTwoNats(const Fun& f, const std::vector<Value>& args, const char* name) {
        expectArgs(f, args, 1);
        const auto& xs = arrayArg(args[0], f);
        return {xs, natValue(f.nats.at(0), name, f.loc), natValue(f.nats.at(1), name, f.loc),
                static_cast<std::int64_t>(xs.size())};
    }

    Value pad(const Fun& f, const std::vector<Value>& args) {
        const auto [xs, l, r, n] = arrayAndTwoNats(f, args, "pad");
        // A negative right amount drops that many elements from the end (pad(0, -k) keeps n-k).
        if (l < 0 || l + n + r < 0)
            throw Error("pad(" + std::to_string(l) + ", " + std::to_string(r) + ") needs a non-negative left amount "
                        "and drops at most the " + std::to_string(n) + " elements of its array",
                        f.loc);
        if (n == 0 && l + r > 0) throw Error("pad cannot extend an empty array", f.loc);
        const auto mode = build::padMode(f);
        std::vector<Value> out;
        out.reserve(static_cast<std::size_t>(l + n + r));
        for (std::int64_t i = -l; i < n + r; ++i) {
            std::int64_t src;
            if (mode == PadMode::Wrap) {
                src = ((i % n) + n) % n;
            } else if (mode == PadMode::Mirror) {
                // numpy's 'symmetric': the edge element repeats; period 2n for any amount.
                const std::int64_t j = ((i % (2 * n)) + 2 * n) % (2 * n);
                src = j < n ? j : 2 * n - 1 - j;
            } else {
                src = std::min(std::max(i, std::int64_t{0}), n - 1);
            }
            out.push_back(xs[static_cast<std::size_t>(src)]);
        }
        return Value::array(std::move(out));
    }

    Value slide(const Fun& f, const std::vector<Value>& args) {
        const auto [xs, size, step, n] = arrayAndTwoNats(f, args, "slide");
        if (size <= 0 || step <= 0 || n < size || (n - size) % step != 0)
            throw Error("slide(" + std::to_string(size) + ", " + std::to_string(step) +
                            ") does not fit an array of length " + std::to_string(n),
                        f.loc);
        std::vector<Value> out;
        for (std::int64_t start = 0; start + size <= n; start += step)
            out.push_back(Value::array({xs.begin() + start, xs.begin() + start + size}));
        return Value::array(std::move(out));
    }

    // array_m(n1..nm, g): element (j1..jm) = g(j1..jm, n1..nm); carray_m passes its table first.
    Value generate(const Fun& f, const std::vector<Value>& args) {
        expectArgs(f, args, 0);
        const std::string name = primName(f.prim);
        if (f.nats.empty()) throw Error(name + " needs at least one size", f.loc);
        std::vector<std::int64_t> sizes;
        for (const auto& n : f.nats) {
            sizes.push_back(natValue(n, name, f.loc));
            if (sizes.back() < 0) throw Error(name + " needs non-negative sizes", f.loc);
        }
        std::optional<Value> table;
        if (f.prim == Prim::CArray) {
            if (f.exprs.empty()) throw Error("carray needs a table", f.loc);
            table = eval(f.exprs[0]);
        }
        std::vector<std::int64_t> index;
        return generateLevel(f, sizes, index, table);
    }

    Value generateLevel(const Fun& f, const std::vector<std::int64_t>& sizes,
                        std::vector<std::int64_t>& index, const std::optional<Value>& table) {
        if (index.size() == sizes.size()) {
            std::vector<Value> gargs;
            if (table) gargs.push_back(*table);
            for (auto j : index) gargs.push_back(Value::ofInt(j));
            for (auto n : sizes) gargs.push_back(Value::ofInt(n));
            return apply(funArg(f), std::move(gargs), f.loc);
        }
        std::vector<Value> out;
        const std::int64_t n = sizes[index.size()];
        out.reserve(static_cast<std::size_t>(n));
        for (std::int64_t j = 0; j < n; ++j) {
            index.push_back(j);
            out.push_back(generateLevel(f, sizes, index, table));
            index.pop_back();
        }
        return Value::array(std::move(out));
    }

    Value iterate(const Fun& f, std::vector<Value> args) {
        expectArgs(f, args, 1);
        const std::int64_t k = natValue(f.nats.at(0), "iterate", f.loc);
        Value x = std::move(args[0]);
        std::optional<std::int64_t> saved;
        if (!f.binder.empty() && nats_.count(f.binder)) saved = nats_[f.binder];
        for (std::int64_t i = 0; i < k; ++i) {
            if (!f.binder.empty()) nats_[f.binder] = i;
            x = apply(funArg(f), {std::move(x)}, f.loc);
        }
        if (!f.binder.empty()) {
            if (saved) nats_[f.binder] = *saved;
            else nats_.erase(f.binder);
        }
        return x;
    }

    Valuation nats_;
    std::map<const Expr*, Value> env_;
};

// splitmix64: small, deterministic, good enough for test data.
struct Rng {
    std::uint64_t state;
    std::uint64_t next() {
        std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }  // [0, 1)
};

Value randomOf(const TypeP& t, Rng& rng, const Valuation& nats) {
    switch (t->kind) {
        case Type::Kind::Scalar:
            if (t->scalar == ScalarKind::Int)
                return Value::ofInt(static_cast<std::int64_t>(rng.next() % 100));
            else {
                Value v = Value::ofReal(2.0 * rng.unit() - 1.0);
                roundToType(v, t);
                return v;
            }
        case Type::Kind::Tuple: {
            std::vector<Value> items;
            for (const auto& c : t->elements) items.push_back(randomOf(c, rng, nats));
            return Value::tuple(std::move(items));
        }
        case Type::Kind::Array: {
            const std::int64_t n = t->length.evaluate(nats);
            if (n < 0) throw Error("randomValue: negative array length in " + typeToString(t));
            // The interpreter holds values on the host; refuse sizes no host value can have.
            constexpr std::int64_t kMaxRandomElements = std::int64_t{1} << 28;
            if (n > kMaxRandomElements)
                throw Error("random input too large for the interpreter: " + typeToString(t) +
                            " has " + std::to_string(n) + " elements (at most " +
                            std::to_string(kMaxRandomElements) + ")");
            std::vector<Value> items;
            items.reserve(static_cast<std::size_t>(n));
            for (std::int64_t k = 0; k < n; ++k) items.push_back(randomOf(t->element, rng, nats));
            return Value::array(std::move(items));
        }
        default: break;
    }
    throw Error("randomValue needs a closed data type, found " + typeToString(t));
}

}  // namespace

std::vector<std::int64_t> scatterDestinations(const FunP& indexFun, std::int64_t n, const SourceLoc& loc) {
    std::vector<std::int64_t> to(static_cast<std::size_t>(n));
    std::vector<bool> written(static_cast<std::size_t>(n), false);
    for (std::int64_t j = 0; j < n; ++j) {
        const Value v = interpret(indexFun, {Value::ofInt(j), Value::ofInt(n)});
        const std::string where =
            "scatter: its index function at (" + std::to_string(j) + ", " + std::to_string(n) + ") ";
        if (v.kind != Value::Kind::Int) throw Error(where + "is not an int", loc);
        if (v.i < 0 || v.i >= n)
            throw Error(where + "is " + std::to_string(v.i) + ", outside 0.." + std::to_string(n - 1), loc);
        if (written[static_cast<std::size_t>(v.i)])
            throw Error(where + "is " + std::to_string(v.i) + ", written already: the index function must be a permutation",
                        loc);
        written[static_cast<std::size_t>(v.i)] = true;
        to[static_cast<std::size_t>(j)] = v.i;
    }
    return to;
}

Value interpret(const FunP& f, const std::vector<Value>& args, const Valuation& nats) {
    Interpreter interp(nats);
    return interp.apply(f, args, f->loc);
}

Value randomValue(const TypeP& type, std::uint64_t seed, const Valuation& nats) {
    Rng rng{seed * 0x2545f4914f6cdd1dULL + 1};
    return randomOf(type, rng, nats);
}

}  // namespace liftcl::ir
