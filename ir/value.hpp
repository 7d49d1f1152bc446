// Host values for the reference interpreter: integers, reals, tuples and arrays.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ir/type.hpp"

namespace liftcl::ir {

struct Value {
    enum class Kind { Int, Real, Tuple, Array };
    Kind kind = Kind::Real;
    std::int64_t i = 0;
    double r = 0.0;
    std::vector<Value> items;  // Tuple components or Array elements

    static Value ofInt(std::int64_t v);
    static Value ofReal(double v);
    static Value tuple(std::vector<Value> components);
    static Value array(std::vector<Value> elements);
    static Value complex(double re, double im) { return tuple({ofReal(re), ofReal(im)}); }

    std::size_t size() const { return items.size(); }
    const Value& operator[](std::size_t k) const { return items[k]; }
};

bool operator==(const Value& a, const Value& b);
// Largest absolute difference of corresponding reals (shapes must agree; throws otherwise).
double maxAbsDifference(const Value& a, const Value& b);
// The largest absolute value of its reals and ints (0 for an empty array).
double largestMagnitude(const Value& v);
// How far a device's result may lie from the interpreter's `expected` value computed in
// `precision` (float or double): 64 units of the precision's tolerance, relative to the largest
// magnitude of `expected` where that exceeds 1 (`liftcl run --check`, explore, random programs).
double deviceResultTolerance(const Value& expected, ScalarKind precision);
// JSON text: numbers, arrays; complex numbers as [re, im]; tuples as arrays.
std::string valueToJson(const Value& v);

}  // namespace liftcl::ir
