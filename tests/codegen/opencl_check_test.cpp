// Offline OpenCL C validation and formatting (codegen/opencl_check.hpp).
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "codegen/opencl_check.hpp"
#include "support/cli_run.hpp"
#include "ir/error.hpp"

using liftcl::codegen::checkOpenCLSource;
using liftcl::codegen::ClDiagnostic;
using liftcl::codegen::formatOpenCLSource;
using liftcl::codegen::hasOpenCLErrors;
using liftcl::codegen::openCLCheckAvailable;

TEST_CASE("ClDiagnostic prints like a compiler") {
    CHECK(ClDiagnostic{3, 7, "error", "boom"}.toString("a.cl") == "a.cl:3:7: error: boom");
    CHECK(ClDiagnostic{0, 0, "warning", "w"}.toString("a.cl") == "a.cl: warning: w");
    CHECK(hasOpenCLErrors({{1, 1, "warning", "w"}, {2, 1, "error", "e"}}));
    CHECK_FALSE(hasOpenCLErrors({{1, 1, "warning", "w"}, {2, 1, "note", "n"}}));
}

#ifdef LIFTCL_WITH_CLANG

namespace {

const ClDiagnostic* firstError(const std::vector<ClDiagnostic>& ds) {
    auto it = std::find_if(ds.begin(), ds.end(), [](const ClDiagnostic& d) { return d.severity == "error"; });
    return it == ds.end() ? nullptr : &*it;
}

std::string joined(const std::vector<ClDiagnostic>& ds) {
    std::string s;
    for (const auto& d : ds) s += d.toString("k.cl") + "\n";
    return s;
}

// The kernel source must check with no error; the diagnostics are shown when it does not.
void checkPasses(const std::string& source) {
    const auto ds = checkOpenCLSource(source, "k.cl");
    INFO(joined(ds));
    CHECK_FALSE(hasOpenCLErrors(ds));
}

}  // namespace

TEST_CASE("a valid OpenCL C 1.2 kernel using builtins passes") {
    CHECK(openCLCheckAvailable());
    const std::string src =
        "float add2(float a, float b) { return a + b; }\n"
        "kernel void KERNEL(const global float* restrict x, global float* out, int n) {\n"
        "    local float tmp[64];\n"
        "    for (int i = get_global_id(0); i < n; i += get_global_size(0)) {\n"
        "        tmp[get_local_id(0)] = sin(x[i]);\n"
        "        barrier(CLK_LOCAL_MEM_FENCE);\n"
        "        out[i] = add2(tmp[get_local_id(0)], mad(x[i], 2.0f, 1.0f));\n"
        "    }\n"
        "}\n";
    checkPasses(src);
}

TEST_CASE("a double-precision kernel with the cl_khr_fp64 pragma passes") {
    const std::string src =
        "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
        "typedef struct { double _0; double _1; } Tuple_double_double;\n"
        "constant double twiddles[2] = {0.70710678118654752440, -1.0};\n"
        "kernel void KERNEL(global Tuple_double_double* v) {\n"
        "    size_t i = get_global_id(0);\n"
        "    double s, c = sincos(twiddles[i % 2] * M_PI, &s);\n"
        "    v[i]._0 = c * v[i]._0 - s * v[i]._1;\n"
        "}\n";
    checkPasses(src);
}

TEST_CASE("an undeclared identifier is an error at its line and column") {
    const std::string src =
        "kernel void KERNEL(global float* out) {\n"
        "    int i = get_global_id(0);\n"
        "    out[i] = undeclaredThing + 1.0f;\n"
        "}\n";
    const auto ds = checkOpenCLSource(src, "k.cl");
    const ClDiagnostic* e = firstError(ds);
    REQUIRE(e != nullptr);
    CHECK(e->line == 3);
    CHECK(e->column == 14);
    CHECK(e->message.find("undeclaredThing") != std::string::npos);
}

TEST_CASE("a type error is reported at the right line") {
    const std::string src =
        "typedef struct { float _0; float _1; } Tuple_float_float;\n"
        "kernel void KERNEL(global float* out, global Tuple_float_float* in) {\n"
        "    int i = get_global_id(0);\n"
        "\n"
        "    out[i] = in[i];\n"
        "}\n";
    const auto ds = checkOpenCLSource(src, "k.cl");
    const ClDiagnostic* e = firstError(ds);
    REQUIRE(e != nullptr);
    CHECK(e->line == 5);
    CHECK(e->toString("k.cl").rfind("k.cl:5:", 0) == 0);
}

TEST_CASE("OpenCL C 1.2 rules apply: private pointers to global memory are rejected") {
    const std::string src =
        "kernel void KERNEL(global float* out) {\n"
        "    private float* p = out;\n"
        "    *p = 1.0f;\n"
        "}\n";
    const auto ds = checkOpenCLSource(src, "k.cl");
    const ClDiagnostic* e = firstError(ds);
    REQUIRE(e != nullptr);
    CHECK(e->line == 2);
}

TEST_CASE("a syntax error is reported, not thrown, and the checker is reusable") {
    for (int round = 0; round < 2; ++round) {
        const auto ds = checkOpenCLSource("kernel void KERNEL(global float* out) {\n  out[0] = ;\n}\n", "k.cl");
        const ClDiagnostic* e = firstError(ds);
        REQUIRE(e != nullptr);
        CHECK(e->line == 2);
    }
    CHECK(checkOpenCLSource("", "empty.cl").empty());
}

TEST_CASE("a file name with directories does not change the reported lines") {
    const auto ds = checkOpenCLSource("\n\nkernel void k(global int* o) { o[0] = x; }\n", "some/dir/k.cl");
    const ClDiagnostic* e = firstError(ds);
    REQUIRE(e != nullptr);
    CHECK(e->line == 3);
}

TEST_CASE("formatting indents with 4 spaces and keeps the kernel valid") {
    const std::string src =
        "kernel void KERNEL(global float* out){int i=get_global_id(0);if(i<4){out[i]=1.0f;}}";
    const std::string formatted = formatOpenCLSource(src);
    CHECK(formatted != src);
    CHECK(formatted.find("\n    int i = get_global_id(0);\n") != std::string::npos);
    CHECK(formatted.find("\n        out[i] = 1.0f;\n") != std::string::npos);
    CHECK_FALSE(hasOpenCLErrors(checkOpenCLSource(formatted, "k.cl")));
    CHECK(formatOpenCLSource(formatted) == formatted);  // idempotent
}

TEST_CASE("liftcl check prints clang's diagnostics and exits 1 on an error, ok and 0 otherwise") {
    using liftcl::testing::runCli;
    using liftcl::testing::shellQuote;
    using liftcl::testing::TempFile;
    TempFile good("good.cl", "kernel void k(global float* o) { o[get_global_id(0)] = 2.0f; }\n");
    TempFile bad("bad.cl", "kernel void k(global float* o) {\n    o[0] = missingName;\n}\n");

    const auto ok = runCli("check " + shellQuote(good.path()));
    CHECK(ok.status == 0);
    CHECK(ok.out == good.path() + ": ok\n");

    const auto failed = runCli("check " + shellQuote(bad.path()) + " " + shellQuote(good.path()));
    CHECK(failed.status == 1);
    CHECK(failed.err.find(bad.path() + ":2:12: error: use of undeclared identifier 'missingName'") !=
          std::string::npos);
    CHECK(failed.out.find(good.path() + ": ok") != std::string::npos);

    const auto formatted = runCli("check --format " + shellQuote(good.path()));
    CHECK(formatted.status == 0);
    CHECK(formatted.out.find("\n    o[get_global_id(0)] = 2.0f;\n}") != std::string::npos);

    const auto missing = runCli("check /nonexistent/dir/k.cl");
    CHECK(missing.status == 1);
    CHECK(missing.err.find("cannot read /nonexistent/dir/k.cl") != std::string::npos);
}

#else

TEST_CASE("without clang the check refuses clearly and formatting is the identity") {
    CHECK_FALSE(openCLCheckAvailable());
    CHECK_THROWS_WITH_AS(checkOpenCLSource("kernel void k() {}", "k.cl"),
                         doctest::Contains("LIFTCL_WITH_CLANG=OFF"), liftcl::Error);
    CHECK(formatOpenCLSource("kernel void k(){}") == "kernel void k(){}");
}

#endif
