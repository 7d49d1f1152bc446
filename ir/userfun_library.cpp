// The built-in user functions: complex arithmetic, real arithmetic (written in the scalar
// sublanguage, ir/scalar_fun.hpp), the OpenCL C math library, and the generators of the FFT
// matrices (thesis chapter 2: omega; §3: genB, genTwiddle, genDFTSlice; §4.3: gentw, gentwfrarr).
//
// OpenCL bodies use `real` and `complex` (= real2, components .x/.y); codegen emits the typedefs.
// Host implementations compute in double (omega in long double); the interpreter rounds results to
// the instantiated precision.
#include <cmath>
#include <map>

#include "ir/error.hpp"
#include "ir/parser.hpp"
#include "ir/math_library.hpp"
#include "ir/scalar_fun.hpp"
#include "ir/userfun.hpp"

namespace liftcl::ir {

namespace {

using Host = std::function<Value(const std::vector<Value>&, const std::vector<std::int64_t>&)>;

double realOf(const Value& v) {
    if (v.kind == Value::Kind::Real) return v.r;
    if (v.kind == Value::Kind::Int) return static_cast<double>(v.i);
    throw Error("user function: expected a real scalar argument");
}

std::int64_t intOf(const Value& v) {
    if (v.kind == Value::Kind::Int) return v.i;
    throw Error("user function: expected an int argument");
}

struct Cplx {
    double re, im;
};
Cplx complexOf(const Value& v) {
    if (v.kind != Value::Kind::Tuple || v.items.size() != 2)
        throw Error("user function: expected a complex argument");
    return {realOf(v.items[0]), realOf(v.items[1])};
}
Value toValue(Cplx c) { return Value::complex(c.re, c.im); }

// omega(l, n) = exp(-2 pi i l / n), with l reduced modulo n first so large exponents lose nothing.
Cplx omegaHost(std::int64_t l, std::int64_t n) {
    if (n <= 0) throw Error("omega: n must be positive, found " + std::to_string(n));
    std::int64_t r = l % n;
    if (r < 0) r += n;
    const long double pi = 3.141592653589793238462643383279502884L;
    const long double angle = -2.0L * pi * static_cast<long double>(r) / static_cast<long double>(n);
    return {static_cast<double>(std::cos(angle)), static_cast<double>(std::sin(angle))};
}

// (a * b) mod n for 0 <= a, b < n < 2^62, without overflow (double and add).
std::int64_t mulMod(std::int64_t a, std::int64_t b, std::int64_t n) {
    std::int64_t result = 0;
    for (a %= n; b > 0; b >>= 1) {
        if (b & 1) result = (result + a) % n;
        a = (a + a) % n;
    }
    return result;
}

std::int64_t powMod(std::int64_t base, std::int64_t exp, std::int64_t n) {
    if (exp < 0) throw Error("gentw: negative digit position");
    std::int64_t result = 1 % n, b = ((base % n) + n) % n;
    for (; exp > 0; exp >>= 1) {
        if (exp & 1) result = mulMod(result, b, n);
        b = mulMod(b, b, n);
    }
    return result;
}

// OpenCL C statements computing omega(L, N) for two `long` expressions: reduce L mod N, map the
// angle into (-1, 1] half-turns for cospi/sinpi.
std::string omegaCl(const std::string& l, const std::string& n) {
    // Twiddle and DFT exponents are mostly already in [0, n): the 64-bit remainder, a long
    // software sequence on GPUs, only where they are not.
    return "    long n_ = " + n + ";\n"
           "    long r_ = " + l + ";\n"
           "    if (r_ < 0 || r_ >= n_) r_ %= n_;\n"
           "    if (r_ < 0) r_ += n_;\n"
           "    long t_ = 2 * r_;\n"
           "    if (t_ > n_) t_ -= 2 * n_;\n"
           "    real x_ = (real)t_ / (real)n_;\n"
           "    return (complex)(cospi(x_), -sinpi(x_));\n";
}

struct Builder {
    ScalarKind real;
    TypeP r() const { return Type::scalarOf(real); }
    TypeP c() const { return Type::complexOf(real); }
    TypeP i() const { return Type::scalarOf(ScalarKind::Int); }

    UserFunP make(std::string name, std::vector<std::string> paramNames,
                  std::vector<TypeP> paramTypes, TypeP result, std::string body, Host host,
                  std::vector<std::string> statics = {}) const {
        auto f = std::make_shared<UserFun>();
        f->name = std::move(name);
        f->paramNames = std::move(paramNames);
        f->paramTypes = std::move(paramTypes);
        f->returnType = std::move(result);
        f->staticParamNames = std::move(statics);
        f->clBody = std::move(body);
        f->host = std::move(host);
        return f;
    }
};

using Factory = UserFunP (*)(const Builder&);

UserFunP withRealOperations(int operations, const UserFunP& f) {
    auto counted = std::make_shared<UserFun>(*f);
    counted->hostRealOperations = operations;
    return counted;
}

UserFunP asSum(const UserFunP& f) {
    auto sum = std::make_shared<UserFun>(*f);
    sum->isSum = true;
    return sum;
}

const std::map<std::string, Factory>& library() {
    static const std::map<std::string, Factory> lib = {
        {"cadd",
         [](const Builder& b) {
             return asSum(withRealOperations(
                 2, b.make("cadd", {"a", "b"}, {b.c(), b.c()}, b.c(), "{ return a + b; }",
                           [](const std::vector<Value>& a, const std::vector<std::int64_t>&) {
                               Cplx x = complexOf(a[0]), y = complexOf(a[1]);
                               return toValue({x.re + y.re, x.im + y.im});
                           })));
         }},
        {"csub",
         [](const Builder& b) {
             return withRealOperations(
                 2, b.make("csub", {"a", "b"}, {b.c(), b.c()}, b.c(), "{ return a - b; }",
                           [](const std::vector<Value>& a, const std::vector<std::int64_t>&) {
                               Cplx x = complexOf(a[0]), y = complexOf(a[1]);
                               return toValue({x.re - y.re, x.im - y.im});
                           }));
         }},
        {"cmul",
         [](const Builder& b) {
             UserFun f = *b.make(
                 "cmul", {"a", "b"}, {b.c(), b.c()}, b.c(),
                 "{ return (complex)(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }",
                 [](const std::vector<Value>& a, const std::vector<std::int64_t>&) {
                     Cplx x = complexOf(a[0]), y = complexOf(a[1]);
                     return toValue({x.re * y.re - x.im * y.im, x.re * y.im + x.im * y.re});
                 });
             f.isComplexProduct = true;
             f.hostRealOperations = 6;
             return std::make_shared<const UserFun>(std::move(f));
         }},
        {"cid",
         [](const Builder& b) {
             return b.make("cid", {"a"}, {b.c()}, b.c(), "{ return a; }",
                           [](const std::vector<Value>& a, const std::vector<std::int64_t>&) {
                               return toValue(complexOf(a[0]));
                           });
         }},
        {"cneg",
         [](const Builder& b) {
             return b.make("cneg", {"a"}, {b.c()}, b.c(), "{ return -a; }",
                           [](const std::vector<Value>& a, const std::vector<std::int64_t>&) {
                               Cplx x = complexOf(a[0]);
                               return toValue({-x.re, -x.im});
                           });
         }},
        {"cconj",
         [](const Builder& b) {
             return b.make("cconj", {"a"}, {b.c()}, b.c(), "{ return (complex)(a.x, -a.y); }",
                           [](const std::vector<Value>& a, const std::vector<std::int64_t>&) {
                               Cplx x = complexOf(a[0]);
                               return toValue({x.re, -x.im});
                           });
         }},
        {"cscale",
         [](const Builder& b) {
             return withRealOperations(
                 2, b.make("cscale", {"s", "a"}, {b.r(), b.c()}, b.c(), "{ return s * a; }",
                           [](const std::vector<Value>& a, const std::vector<std::int64_t>&) {
                               double s = realOf(a[0]);
                               Cplx x = complexOf(a[1]);
                               return toValue({s * x.re, s * x.im});
                           }));
         }},
        {"cpairmul",
         // Re(w) * s + Im(w) * (i * d): one term of a DFT of odd size in symmetric pairs, s = x_j +
         // x_{p-j}, d = x_j - x_{p-j}, w = omega^(jk) (rewrite/dft_factorization_rules.cpp).
         [](const Builder& b) {
             UserFun f = *withRealOperations(
                 6, b.make("cpairmul", {"w", "s", "d"}, {b.c(), b.c(), b.c()}, b.c(),
                           "{ return (complex)(w.x * s.x - w.y * d.y, w.x * s.y + w.y * d.x); }",
                           [](const std::vector<Value>& a, const std::vector<std::int64_t>&) {
                               Cplx w = complexOf(a[0]), s = complexOf(a[1]), d = complexOf(a[2]);
                               return toValue({w.re * s.re - w.im * d.im, w.re * s.im + w.im * d.re});
                           }));
             f.isPairProduct = true;
             return std::make_shared<const UserFun>(std::move(f));
         }},
        {"omega",
         [](const Builder& b) {
             return b.make("omega", {"l", "n"}, {b.i(), b.i()}, b.c(),
                           "{\n" + omegaCl("(long)l", "(long)n") + "}",
                           [](const std::vector<Value>& a, const std::vector<std::int64_t>&) {
                               return toValue(omegaHost(intOf(a[0]), intOf(a[1])));
                           });
         }},
        {"genB",
         [](const Builder& b) {
             return b.make(
                 "genB", {"blr", "blc", "dpos", "sizeR", "sizeC", "sizeD"},
                 {b.i(), b.i(), b.i(), b.i(), b.i(), b.i()}, b.c(),
                 "{\n" +
                     omegaCl("((long)blr * sizeD + dpos) * (long)blc", "(long)sizeC * sizeD") +
                     "}",
                 [](const std::vector<Value>& a, const std::vector<std::int64_t>&) {
                     std::int64_t blr = intOf(a[0]), blc = intOf(a[1]), dpos = intOf(a[2]);
                     std::int64_t sizeC = intOf(a[4]), sizeD = intOf(a[5]);
                     return toValue(omegaHost((blr * sizeD + dpos) * blc, sizeC * sizeD));
                 });
         }},
        // Element k of array_1(n, genHermitianWeight): how often X_k stands for itself and its
        // conjugate pair X_{n-k} in a sum over the n/2+1 points of a Hermitian spectrum (1 for
        // k = 0 and k = n/2, 2 between, 0 beyond).
        {"genHermitianWeight",
         [](const Builder& b) {
             return b.make("genHermitianWeight", {"k", "n"}, {b.i(), b.i()}, b.r(),
                           "{ return k == 0 || 2 * k == n ? (real)1 : 2 * k < n ? (real)2 : (real)0; }",
                           [](const std::vector<Value>& a, const std::vector<std::int64_t>&) {
                               const std::int64_t k = intOf(a[0]), n = intOf(a[1]);
                               return Value::ofReal(k == 0 || 2 * k == n ? 1.0 : 2 * k < n ? 2.0 : 0.0);
                           });
         }},
        // Element k of array_1(m, genRootOfUnity(n)): omega(k, n) (the twiddles that split the
        // spectrum of a real signal packed into a complex one of half the length).
        {"genRootOfUnity",
         [](const Builder& b) {
             return b.make("genRootOfUnity", {"k", "m"}, {b.i(), b.i()}, b.c(),
                           "{\n" + omegaCl("(long)k", "(long)n") + "}",
                           [](const std::vector<Value>& a, const std::vector<std::int64_t>& s) {
                               return toValue(omegaHost(intOf(a[0]), s.at(0)));
                           },
                           {"n"});
         }},
        // Element (k, r, col) of array_3(n/q, q, columns, genColumnTwiddle(L)): the twiddle
        // omega((k mod L/q) * r, L) of element r of Stockham butterfly k in a pass of radix q that
        // creates DFTs of size L, the same for every column (an axis transformed across columns).
        {"genColumnTwiddle",
         [](const Builder& b) {
             return b.make("genColumnTwiddle", {"k", "r", "col", "groups", "q", "columns"},
                           {b.i(), b.i(), b.i(), b.i(), b.i(), b.i()}, b.c(),
                           "{\n" + omegaCl("(long)(k % (L / q)) * r", "(long)L") + "}",
                           [](const std::vector<Value>& a, const std::vector<std::int64_t>& s) {
                               const std::int64_t L = s.at(0), q = intOf(a[4]);
                               return toValue(omegaHost(intOf(a[0]) % (L / q) * intOf(a[1]), L));
                           },
                           {"L"});
         }},
        {"genTwiddle",
         [](const Builder& b) {
             return b.make(
                 "genTwiddle", {"diag", "exp", "sizeOmegas", "amountOmegas"},
                 {b.i(), b.i(), b.i(), b.i()}, b.c(),
                 "{\n" + omegaCl("(long)diag * exp", "(long)sizeOmegas * amountOmegas") + "}",
                 [](const std::vector<Value>& a, const std::vector<std::int64_t>&) {
                     return toValue(
                         omegaHost(intOf(a[0]) * intOf(a[1]), intOf(a[2]) * intOf(a[3])));
                 });
         }},
        {"genDFTSlice",
         [](const Builder& b) {
             return b.make(
                 "genDFTSlice", {"j", "k", "height", "width"}, {b.i(), b.i(), b.i(), b.i()},
                 b.c(), "{\n" + omegaCl("(long)j * k", "(long)width * height") + "}",
                 [](const std::vector<Value>& a, const std::vector<std::int64_t>&) {
                     return toValue(
                         omegaHost(intOf(a[0]) * intOf(a[1]), intOf(a[2]) * intOf(a[3])));
                 });
         }},
        {"genDFT",
         [](const Builder& b) {
             return b.make("genDFT", {"j", "k", "h", "w"}, {b.i(), b.i(), b.i(), b.i()}, b.c(),
                           "{\n" + omegaCl("(long)j * k", "(long)w") + "}",
                           [](const std::vector<Value>& a, const std::vector<std::int64_t>&) {
                               return toValue(omegaHost(intOf(a[0]) * intOf(a[1]), intOf(a[3])));
                           });
         }},
        // Element (digitpos, digit) of array_2(bound, base, gentw(n)): omega(digit*base^digitpos, n).
        {"gentw",
         [](const Builder& b) {
             UserFun f = *b.make(
                 "gentw", {"digitpos", "digit", "bound", "base"}, {b.i(), b.i(), b.i(), b.i()},
                 b.c(),
                 "{\n"
                 "    long p_ = 1 % (long)n;\n"
                 "    for (int q_ = 0; q_ < digitpos; ++q_) p_ = (p_ * base) % n;\n" +
                     omegaCl("(long)digit * p_", "(long)n") + "}",
                 [](const std::vector<Value>& a, const std::vector<std::int64_t>& s) {
                     const std::int64_t n = s.at(0);
                     if (n <= 0) throw Error("gentw: n must be positive");
                     const std::int64_t digit = ((intOf(a[1]) % n) + n) % n;
                     const std::int64_t e = mulMod(digit, powMod(intOf(a[3]), intOf(a[0]), n), n);
                     return toValue(omegaHost(e, n));
                 },
                 {"n"});
             f.isRootOfUnityDigitTable = true;
             return std::make_shared<const UserFun>(std::move(f));
         }},
        // carray_2 generator (thesis Def. 4.5): the product over digit positions q < bound of
        // arr[q][digit q of j*k in base `base`]. The table arrives in OpenCL as a flat pointer
        // to bound*base complex values (row q at q*base).
        {"gentwfrarr",
         [](const Builder& b) {
             const TypeP table = Type::arrayOf(
                 Type::arrayOf(b.c(), Arith::var("base", 1)), Arith::var("bound", 1));
             UserFun f = *b.make(
                 "gentwfrarr", {"arr", "j", "k", "h", "w"}, {table, b.i(), b.i(), b.i(), b.i()},
                 b.c(),
                 "{\n"
                 "    long d_ = (long)j * k;\n"
                 "    complex acc_ = (complex)(1, 0);\n"
                 "    for (int q_ = 0; q_ < bound; ++q_) {\n"
                 "        complex t_ = arr[q_ * base + (int)(d_ % base)];\n"
                 "        d_ /= base;\n"
                 "        acc_ = (complex)(acc_.x * t_.x - acc_.y * t_.y,\n"
                 "                         acc_.x * t_.y + acc_.y * t_.x);\n"
                 "    }\n"
                 "    return acc_;\n"
                 "}",
                 [](const std::vector<Value>& a, const std::vector<std::int64_t>& s) {
                     const std::int64_t base = s.at(0), bound = s.at(1);
                     if (base <= 0) throw Error("gentwfrarr: base must be positive");
                     const Value& arr = a[0];
                     if (arr.kind != Value::Kind::Array ||
                         arr.items.size() < static_cast<std::size_t>(bound))
                         throw Error("gentwfrarr: the table needs " + std::to_string(bound) +
                                     " rows");
                     std::int64_t d = intOf(a[1]) * intOf(a[2]);
                     if (d < 0) throw Error("gentwfrarr: negative exponent");
                     Cplx acc{1.0, 0.0};
                     for (std::int64_t q = 0; q < bound; ++q, d /= base) {
                         const Value& row = arr.items[q];
                         const std::int64_t digit = d % base;
                         if (row.kind != Value::Kind::Array ||
                             row.items.size() <= static_cast<std::size_t>(digit))
                             throw Error("gentwfrarr: table row " + std::to_string(q) +
                                         " needs " + std::to_string(base) + " entries");
                         Cplx t = complexOf(row.items[digit]);
                         acc = {acc.re * t.re - acc.im * t.im, acc.re * t.im + acc.im * t.re};
                     }
                     return toValue(acc);
                 },
                 {"base", "bound"});
             f.rootOfUnityProductFunction = "omega";  // thesis Lemma 4.1
             return std::make_shared<const UserFun>(std::move(f));
         }},
    };
    return lib;
}

// The built-ins written in the scalar sublanguage itself.
const Module& scalarLibrary() {
    static const Module m = parseModule(R"(
userfun add(a: real, b: real): real = a + b
userfun sub(a: real, b: real): real = a - b
userfun mul(a: real, b: real): real = a * b
)",
                                        "<built-in user functions>");
    return m;
}

}  // namespace

UserFunP lookupUserFun(const std::string& name, ScalarKind real) {
    const auto& lib = library();
    auto it = lib.find(name);
    const UserFunDefinition* scalar = scalarLibrary().findUserFun(name);
    if (it == lib.end() && !scalar) return mathLibraryUserFun(name, real == ScalarKind::Int ? ScalarKind::Double : real);
    if (real == ScalarKind::Int)
        throw Error("user function " + name + " cannot be instantiated with int as real");
    if (scalar) {
        UserFunP f = buildScalarUserFun(*scalar, real, [real](const std::string& callee) { return lookupUserFun(callee, real); });
        return name == "add" ? asSum(f) : f;
    }
    return it->second(Builder{real});
}

std::vector<std::string> userFunNames() {
    std::vector<std::string> names;
    for (const auto& [name, factory] : library()) names.push_back(name);
    for (const auto& u : scalarLibrary().userFuns) names.push_back(u.name);
    for (const auto& m : mathFunctionNames()) names.push_back(m);
    return names;
}

}  // namespace liftcl::ir
