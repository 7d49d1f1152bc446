#include "ir/math_library.hpp"

#include <cmath>

namespace liftcl::ir {

namespace {

using D = MathFunction::Domain;

const MathFunction kLibrary[] = {
    {"sqrt", 1, D::Real, [](const double* a) { return std::sqrt(a[0]); }},
    {"rsqrt", 1, D::Real, [](const double* a) { return 1.0 / std::sqrt(a[0]); }},
    {"cbrt", 1, D::Real, [](const double* a) { return std::cbrt(a[0]); }},
    {"exp", 1, D::Real, [](const double* a) { return std::exp(a[0]); }},
    {"exp2", 1, D::Real, [](const double* a) { return std::exp2(a[0]); }},
    {"exp10", 1, D::Real, [](const double* a) { return std::pow(10.0, a[0]); }},
    {"expm1", 1, D::Real, [](const double* a) { return std::expm1(a[0]); }},
    {"log", 1, D::Real, [](const double* a) { return std::log(a[0]); }},
    {"log2", 1, D::Real, [](const double* a) { return std::log2(a[0]); }},
    {"log10", 1, D::Real, [](const double* a) { return std::log10(a[0]); }},
    {"log1p", 1, D::Real, [](const double* a) { return std::log1p(a[0]); }},
    {"sin", 1, D::Real, [](const double* a) { return std::sin(a[0]); }},
    {"cos", 1, D::Real, [](const double* a) { return std::cos(a[0]); }},
    {"tan", 1, D::Real, [](const double* a) { return std::tan(a[0]); }},
    {"asin", 1, D::Real, [](const double* a) { return std::asin(a[0]); }},
    {"acos", 1, D::Real, [](const double* a) { return std::acos(a[0]); }},
    {"atan", 1, D::Real, [](const double* a) { return std::atan(a[0]); }},
    {"sinh", 1, D::Real, [](const double* a) { return std::sinh(a[0]); }},
    {"cosh", 1, D::Real, [](const double* a) { return std::cosh(a[0]); }},
    {"tanh", 1, D::Real, [](const double* a) { return std::tanh(a[0]); }},
    {"erf", 1, D::Real, [](const double* a) { return std::erf(a[0]); }},
    {"erfc", 1, D::Real, [](const double* a) { return std::erfc(a[0]); }},
    {"fabs", 1, D::Real, [](const double* a) { return std::fabs(a[0]); }},
    {"floor", 1, D::Real, [](const double* a) { return std::floor(a[0]); }},
    {"ceil", 1, D::Real, [](const double* a) { return std::ceil(a[0]); }},
    {"round", 1, D::Real, [](const double* a) { return std::round(a[0]); }},
    {"trunc", 1, D::Real, [](const double* a) { return std::trunc(a[0]); }},
    {"pow", 2, D::Real, [](const double* a) { return std::pow(a[0], a[1]); }},
    {"atan2", 2, D::Real, [](const double* a) { return std::atan2(a[0], a[1]); }},
    {"fmod", 2, D::Real, [](const double* a) { return std::fmod(a[0], a[1]); }},
    {"hypot", 2, D::Real, [](const double* a) { return std::hypot(a[0], a[1]); }},
    {"copysign", 2, D::Real, [](const double* a) { return std::copysign(a[0], a[1]); }},
    {"fmin", 2, D::Real, [](const double* a) { return std::fmin(a[0], a[1]); }},
    {"fmax", 2, D::Real, [](const double* a) { return std::fmax(a[0], a[1]); }},
    {"fdim", 2, D::Real, [](const double* a) { return std::fdim(a[0], a[1]); }},
    {"fma", 3, D::Real, [](const double* a) { return std::fma(a[0], a[1], a[2]); }},
    {"mad", 3, D::Real, [](const double* a) { return a[0] * a[1] + a[2]; }},
    {"mix", 3, D::Real, [](const double* a) { return a[0] + (a[1] - a[0]) * a[2]; }},
    {"min", 2, D::Generic, [](const double* a) { return a[1] < a[0] ? a[1] : a[0]; }},
    {"max", 2, D::Generic, [](const double* a) { return a[0] < a[1] ? a[1] : a[0]; }},
    {"clamp", 3, D::Generic,
     [](const double* a) { return a[0] < a[1] ? a[1] : (a[2] < a[0] ? a[2] : a[0]); }},
    {"abs", 1, D::Int, [](const double* a) { return std::fabs(a[0]); }},
};

}  // namespace

const MathFunction* findMathFunction(const std::string& name) {
    for (const auto& f : kLibrary)
        if (name == f.name) return &f;
    return nullptr;
}

std::vector<std::string> mathFunctionNames() {
    std::vector<std::string> names;
    for (const auto& f : kLibrary) names.emplace_back(f.name);
    return names;
}

}  // namespace liftcl::ir
