// Host values of the reference interpreter.
#include "ir/value.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "ir/error.hpp"

namespace liftcl::ir {

Value Value::ofInt(std::int64_t v) {
    Value x;
    x.kind = Kind::Int;
    x.i = v;
    return x;
}

Value Value::ofReal(double v) {
    Value x;
    x.kind = Kind::Real;
    x.r = v;
    return x;
}

Value Value::tuple(std::vector<Value> components) {
    Value x;
    x.kind = Kind::Tuple;
    x.items = std::move(components);
    return x;
}

Value Value::array(std::vector<Value> elements) {
    Value x;
    x.kind = Kind::Array;
    x.items = std::move(elements);
    return x;
}

bool operator==(const Value& a, const Value& b) {
    if (a.kind != b.kind) return false;
    switch (a.kind) {
        case Value::Kind::Int: return a.i == b.i;
        case Value::Kind::Real: return a.r == b.r;
        case Value::Kind::Tuple:
        case Value::Kind::Array: return a.items == b.items;
    }
    return false;
}

static const char* kindName(Value::Kind k) {
    switch (k) {
        case Value::Kind::Int: return "int";
        case Value::Kind::Real: return "real";
        case Value::Kind::Tuple: return "tuple";
        case Value::Kind::Array: return "array";
    }
    return "?";
}

static double numeric(const Value& v) {
    return v.kind == Value::Kind::Int ? static_cast<double>(v.i) : v.r;
}

double largestMagnitude(const Value& v) {
    if (v.kind == Value::Kind::Real) return std::fabs(v.r);
    if (v.kind == Value::Kind::Int) return std::fabs(static_cast<double>(v.i));
    double m = 0;
    for (const auto& e : v.items) m = std::max(m, largestMagnitude(e));
    return m;
}

double deviceResultTolerance(const Value& expected, ScalarKind precision) {
    const double eps = precision == ScalarKind::Double ? 1e-12 : 1e-5;
    return eps * std::max(1.0, largestMagnitude(expected)) * 64;
}

double maxAbsDifference(const Value& a, const Value& b) {
    const bool aScalar = a.kind == Value::Kind::Int || a.kind == Value::Kind::Real;
    const bool bScalar = b.kind == Value::Kind::Int || b.kind == Value::Kind::Real;
    if (aScalar && bScalar) {
        const double x = numeric(a), y = numeric(b);
        if (std::isnan(x) || std::isnan(y)) return std::isnan(x) && std::isnan(y) ? 0.0 : INFINITY;
        if (x == y) return 0.0;  // equal infinities
        return std::fabs(x - y);
    }
    if (a.kind != b.kind)
        throw Error(std::string("maxAbsDifference: shapes differ (") + kindName(a.kind) + " vs " +
                    kindName(b.kind) + ")");
    if (a.items.size() != b.items.size())
        throw Error(std::string("maxAbsDifference: shapes differ (") + kindName(a.kind) +
                    " of " + std::to_string(a.items.size()) + " vs " +
                    std::to_string(b.items.size()) + " elements)");
    double worst = 0.0;
    for (std::size_t k = 0; k < a.items.size(); ++k) {
        double d = maxAbsDifference(a.items[k], b.items[k]);
        if (std::isnan(d) || d > worst) worst = d;
    }
    return worst;
}

static void appendJson(std::string& out, const Value& v) {
    switch (v.kind) {
        case Value::Kind::Int: out += std::to_string(v.i); return;
        case Value::Kind::Real: {
            if (!std::isfinite(v.r)) {  // JSON has no inf/nan: write them as strings
                out += std::isnan(v.r) ? "\"nan\"" : (v.r > 0 ? "\"inf\"" : "\"-inf\"");
                return;
            }
            char buf[40];
            std::snprintf(buf, sizeof buf, "%.17g", v.r);
            std::string s = buf;
            // Keep reals recognisable as reals.
            if (s.find_first_of(".eE") == std::string::npos) s += ".0";
            out += s;
            return;
        }
        case Value::Kind::Tuple:
        case Value::Kind::Array:
            out += '[';
            for (std::size_t k = 0; k < v.items.size(); ++k) {
                if (k) out += ", ";
                appendJson(out, v.items[k]);
            }
            out += ']';
            return;
    }
}

std::string valueToJson(const Value& v) {
    std::string out;
    appendJson(out, v);
    return out;
}

}  // namespace liftcl::ir
