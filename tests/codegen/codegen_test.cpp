// What the generated OpenCL C looks like: simplified indices, permuted writes instead of copies,
// __constant tables, barriers only where work-items exchange data, clear errors.
#include <doctest/doctest.h>

#include <algorithm>
#include <regex>
#include <sstream>
#include <string>

#include "codegen/codegen.hpp"
#include "codegen/kernel_builder.hpp"
#include "ir/program_loader.hpp"
#include "support/kernel_harness.hpp"

using namespace liftcl;

namespace {

codegen::GeneratedKernel generate(const std::string& file, const std::string& def, const std::string& set,
                                  codegen::CodegenOptions options = {}) {
    return codegen::generateKernel(ir::loadProgram(testing::sourcePath(file), def, set, options.precision),
                                   options);
}

// The kernel function without its comment lines.
std::string kernelBody(const std::string& source) {
    std::string out, line;
    std::istringstream in(source.substr(source.find("kernel void")));
    while (std::getline(in, line))
        if (line.find("//") == std::string::npos) out += line + "\n";
    return out;
}

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto pos = text.find(what); pos != std::string::npos; pos = text.find(what, pos + 1)) ++n;
    return n;
}

}  // namespace

TEST_CASE("a mapGlb copy indexes with the loop variable only") {
    const auto k = generate("examples/kernels/simple.lift", "copy", "n=64");
    const std::string body = kernelBody(k.source);
    CHECK(body.find('/') == std::string::npos);
    CHECK(body.find('%') == std::string::npos);
    CHECK(body.find("get_global_size(0)") != std::string::npos);  // strided: any NDRange works
    CHECK(k.source.find("typedef double2 complex;") != std::string::npos);
    CHECK(k.source.find("cl_khr_fp64") != std::string::npos);
    CHECK(k.metadata.find("\"global\": [\n      \"64\"") != std::string::npos);
}

TEST_CASE("symbolic sizes become int arguments and metadata expressions") {
    const auto k = generate("examples/kernels/simple.lift", "copy", "");
    CHECK(k.source.find(", int n)") != std::string::npos);
    CHECK(k.metadata.find("\"nat_params\": [\n    \"n\"") != std::string::npos);
}

TEST_CASE("fp32 kernels use float typedefs") {
    codegen::CodegenOptions o;
    o.precision = ir::ScalarKind::Float;
    const auto k = generate("examples/kernels/simple.lift", "copy", "n=64", o);
    CHECK(k.source.find("typedef float2 complex;") != std::string::npos);
    CHECK(k.source.find("cl_khr_fp64") == std::string::npos);
}

TEST_CASE("a layout change after the computation is a permuted write, not a copy") {
    const auto k = generate("examples/kernels/simple.lift", "scaleTransposed", "n=64,m=8");
    CHECK(count(k.source, "for (") == 1);
    CHECK(k.metadata.find("temporary") == std::string::npos);
    CHECK(k.source.find("out[(gl0_0 >> 3) + 8 * (gl0_0 & 7)]") != std::string::npos);
}

TEST_CASE("take after a computation: the first m results written, each behind its guard, the rest not") {
    const testing::KernelRun first = testing::runAndCompare("examples/kernels/simple.lift", "takeAfterMap", "n=64,m=37");
    CHECK(first.maxAbsError == 0);
    REQUIRE(first.result.items.size() == 37);
    for (std::size_t i = 0; i < 37; ++i) CHECK(first.result.items[i].r == 2 * first.inputs[0].items[i].r);
    CHECK(first.kernel.source.find("if (gl0_0 < 37)") != std::string::npos);
    // Rows of 8 cut to 5, transposed: row j's element i at i * 8 + j (the output holds 5 x 8).
    const testing::KernelRun rows =
        testing::runAndCompare("examples/kernels/simple.lift", "takeRowsTransposed", "n=64,r=8,m=5");
    CHECK(rows.maxAbsError == 0);
    REQUIRE(rows.result.items.size() == 40);
    for (std::size_t i = 0; i < 5; ++i)
        for (std::size_t j = 0; j < 8; ++j)
            CHECK(rows.result.items[i * 8 + j].items.at(0).r == -rows.inputs[0].items[j * 8 + i].items.at(0).r);
}

TEST_CASE("a scatter inside a map of layouts after a computation: each row's results written through it") {
    // Rows of 8 reversed by the scatter, then transposed: row j's element i at (7 - i) * 8 + j.
    const testing::KernelRun run =
        testing::runAndCompare("examples/kernels/simple.lift", "scatterRowsTransposed", "n=64,r=8");
    CHECK(run.maxAbsError == 0);
    REQUIRE(run.result.items.size() == 64);
    for (std::size_t j = 0; j < 8; ++j)
        for (std::size_t i = 0; i < 8; ++i)
            CHECK(run.result.items[(7 - i) * 8 + j].items.at(0).r == -run.inputs[0].items[j * 8 + i].items.at(0).r);
    CHECK(count(run.kernel.source, "for (") == 1);  // written in place: no copy loop
    CHECK(run.kernel.source.find("reversedIndex(") != std::string::npos);
}

TEST_CASE("at: a gather by data reads the element at the clamped index, as the interpreter does") {
    // Random int inputs are 0..99, all in range of n = 128.
    const testing::KernelRun run = testing::runAndCompare("examples/kernels/simple.lift", "gather", "n=128,m=64");
    CHECK(run.maxAbsError == 0);
    CHECK(run.kernel.source.find("xs[clamp(idx[gl0_0], 0, 127)]") != std::string::npos);
    for (std::size_t i = 0; i < 64; ++i)
        CHECK(run.expected.items[i].r == 2 * run.inputs[0].items[static_cast<std::size_t>(run.inputs[1].items[i].i)].r);
}

TEST_CASE("pad mirror: an index expression that reflects as the interpreter does (numpy's 'symmetric')") {
    auto reflect = [](std::int64_t x, std::int64_t n) {
        while (x < 0 || x >= n) x = x < 0 ? -1 - x : 2 * n - 1 - x;
        return static_cast<std::size_t>(x);
    };
    // Padding by at most n on each side: one reflection per side (min/max), no modulo.
    const testing::KernelRun narrow = testing::runAndCompare("examples/kernels/simple.lift", "padMirror", "n=64");
    CHECK(narrow.maxAbsError == 0);
    CHECK(kernelBody(narrow.kernel.source).find('%') == std::string::npos);
    REQUIRE(narrow.result.items.size() == 69);
    for (std::int64_t i = 0; i < 69; ++i)
        CHECK(narrow.result.items[static_cast<std::size_t>(i)].r ==
              2 * narrow.inputs[0].items[reflect(i - 2, 64)].r);
    // Padding by more than n: folded modulo 2n, still the same values.
    const testing::KernelRun wide = testing::runAndCompare("examples/kernels/simple.lift", "padMirrorWide", "n=4");
    CHECK(wide.maxAbsError == 0);
    REQUIRE(wide.result.items.size() == 20);
    for (std::int64_t i = 0; i < 20; ++i)
        CHECK(wide.result.items[static_cast<std::size_t>(i)].r == 2 * wide.inputs[0].items[reflect(i - 9, 4)].r);
    // The 5-point stencil of examples/stencil.lift, one work item per output, and with n symbolic.
    CHECK(testing::runAndCompare("examples/stencil.lift", "sum5MirrorGlb", "n=32").maxAbsError < 1e-12);
    const auto symbolic = generate("examples/kernels/simple.lift", "padMirror", "");
    CHECK(symbolic.source.find(", int n)") != std::string::npos);
}

TEST_CASE("array literals: a __constant table read at loop indices, folded at constant ones") {
    const testing::KernelRun run = testing::runAndCompare("examples/kernels/simple.lift", "weighted3", "n=64");
    CHECK(run.maxAbsError < 1e-12);
    CHECK(run.kernel.source.find("__constant real lit_0[3]") != std::string::npos);
    // Against a plain host reference: weights 1/4, 1/2, 1/4, the border mirrored (by one: repeated).
    const auto& x = run.inputs[0].items;
    for (std::int64_t i = 0; i < 64; ++i) {
        auto at = [&](std::int64_t j) { return x[static_cast<std::size_t>(std::clamp<std::int64_t>(j, 0, 63))].r; };
        CHECK(run.result.items[static_cast<std::size_t>(i)].r ==
              doctest::Approx(0.25 * at(i - 1) + 0.5 * at(i) + 0.25 * at(i + 1)));
    }
    const testing::KernelRun unrolled = testing::runAndCompare("examples/kernels/simple.lift", "weighted3Unrolled", "n=64");
    CHECK(unrolled.maxAbsError < 1e-12);
    CHECK(kernelBody(unrolled.kernel.source).find("lit_0[") == std::string::npos);  // every read folded
}

TEST_CASE("Stockham pass: butterfly table in __constant memory, private intermediates") {
    const auto k = generate("examples/kernels/stockham.lift", "stockhamPass44", "n=1024,L=16,p=4");
    CHECK(k.source.find("__constant complex tw_0[64]") != std::string::npos);
    CHECK(k.source.find("complex ptmp_0[4];") != std::string::npos);
    CHECK(k.source.find("barrier") == std::string::npos);
    CHECK(k.metadata.find("temporary") == std::string::npos);

    codegen::CodegenOptions sincos;
    sincos.twiddles = codegen::TwiddleMode::Sincos;
    const auto s = generate("examples/kernels/stockham.lift", "stockhamPass44", "n=1024,L=16,p=4", sincos);
    CHECK(s.source.find("__constant") == std::string::npos);
    CHECK(s.source.find("genB(") != std::string::npos);
}

TEST_CASE("carray twiddles: full table, digit table, or on the fly") {
    const std::string set = "n=256,L=64,p=4,bound=3,base=4";
    codegen::CodegenOptions o;
    o.twiddles = codegen::TwiddleMode::Digits;
    const auto d = generate("examples/kernels/stockham.lift", "stockhamTwPassC", set, o);
    CHECK(d.source.find("__constant complex tw_0[12]") != std::string::npos);  // bound*base
    CHECK(d.source.find("gentwfrarr(4, 3, tw_0,") != std::string::npos);
    o.twiddles = codegen::TwiddleMode::Table;
    const auto t = generate("examples/kernels/stockham.lift", "stockhamTwPassC", set, o);
    CHECK(t.source.find("gentwfrarr(") == std::string::npos);
    o.twiddles = codegen::TwiddleMode::Sincos;
    const auto s = generate("examples/kernels/stockham.lift", "stockhamTwPassC", set, o);
    CHECK(s.source.find("omega(") != std::string::npos);
    CHECK(s.source.find("gentwfrarr(") == std::string::npos);
}

TEST_CASE("carray tables in global memory: the host's digit table is an argument, and the kernel equals the interpreter") {
    codegen::CodegenOptions o;
    o.twiddles = codegen::TwiddleMode::Digits;
    o.carrayTablesInGlobal = true;
    for (const auto precision : {ir::ScalarKind::Double, ir::ScalarKind::Float}) {
        o.precision = precision;
        const auto run = testing::runAndCompare("examples/kernels/stockham.lift", "stockhamTwPassC",
                                                "n=256,L=64,p=4,bound=3,base=4", o);
        CHECK(run.maxAbsError < (precision == ir::ScalarKind::Double ? 1e-12 : 1e-5));
        const std::string& src = run.kernel.source;
        CHECK(src.find("__constant complex tw_") == std::string::npos);
        CHECK(src.find("const global complex* restrict gtab_0") != std::string::npos);
        CHECK(src.find("gentwfrarr(int base, int bound, const global complex* arr,") != std::string::npos);
        CHECK(src.find("gentwfrarr(4, 3, gtab_0,") != std::string::npos);
        // The table's 12 elements (bound x base, row-major as gentwfrarr reads them) in the metadata.
        CHECK(run.kernel.metadata.find("\"kind\": \"table\"") != std::string::npos);
        CHECK(run.kernel.metadata.find("[complex]12") != std::string::npos);
    }
}

TEST_CASE("local-memory transpose: one barrier between the tile load and the transposed store") {
    const auto k = generate("examples/kernels/local.lift", "transposeLocal", "m=64,n=32,t=8");
    CHECK(k.source.find("local complex") != std::string::npos);
    CHECK(count(k.source, "barrier(CLK_LOCAL_MEM_FENCE)") == 2);  // after the load, end of the tile
    CHECK(k.metadata.find("\"local\": [\n      \"8\",\n      \"8\"") != std::string::npos);
    CHECK(k.metadata.find("\"local_bytes\": \"1024\"") != std::string::npos);
}

TEST_CASE("a register limit goes into the metadata only when one is asked for") {
    CHECK(generate("examples/kernels/local.lift", "transposeLocal", "m=64,n=32,t=8").metadata.find("max_registers") ==
          std::string::npos);
    codegen::CodegenOptions options;
    options.maxRegistersPerItem = 72;
    const auto k = generate("examples/kernels/local.lift", "transposeLocal", "m=64,n=32,t=8", options);
    CHECK(k.metadata.find("\"max_registers\": 72") != std::string::npos);
}

TEST_CASE("errors name the node") {
    CHECK_THROWS_WITH_AS(generate("examples/kernels/local.lift", "transposeRef", "m=4,n=4,t=2"),
                         doctest::Contains("mapGlb(id)"), Error);
    CHECK_THROWS_WITH_AS(generate("examples/kernels/local.lift", "transposeLocal", "m=64,n=32"),
                         doctest::Contains("local array of symbolic size"), Error);
    CHECK_THROWS_WITH_AS(generate("examples/kernels/local.lift", "butterflyRef", "n=128,p=4"),
                         doctest::Contains("must be lowered"), Error);
}

TEST_CASE("64-bit indices: loops are long where a buffer passes 2^31 - 1 elements, and long loops compute the same") {
    // Automatic: an argument of 2^31 + 2^20 elements (planning only; no device holds it here).
    const auto big = ir::loadProgram(testing::sourcePath("examples/kernels/simple.lift"), "copy", "n=2148532224",
                                     ir::ScalarKind::Float);
    const std::string wide = codegen::generateKernel(big, {}).source;
    CHECK(wide.find("for (long ") != std::string::npos);
    CHECK(wide.find("for (int ") == std::string::npos);
    const auto small = ir::loadProgram(testing::sourcePath("examples/kernels/simple.lift"), "copy", "n=4096",
                                       ir::ScalarKind::Float);
    CHECK(codegen::generateKernel(small, {}).source.find("for (long ") == std::string::npos);
    // Forced at small sizes, the long loops of a global kernel (with a sequential reduction) and of
    // a work-group kernel (mapWrg, mapLcl, __local tiles) equal the interpreter.
    codegen::CodegenOptions options;
    options.wideIndices = true;
    const testing::KernelRun gemv = testing::runAndCompare("examples/gemv.lift", "gemvGlb", "m=24,n=40", options);
    CHECK(gemv.kernel.source.find("for (long ") != std::string::npos);
    CHECK(gemv.maxAbsError < 1e-12);
    const testing::KernelRun tiled = testing::runAndCompare("examples/transpose.lift", "transposeTiled", "m=64,n=32,t=8", options);
    CHECK(tiled.kernel.source.find("for (long ") != std::string::npos);
    CHECK(tiled.maxAbsError == 0);
}

TEST_CASE("an index term that may leave 32 bits makes the kernel's indices long") {
    using ir::Arith;
    const Arith k = Arith::var("k", Arith(0), Arith(65536));
    // (W/2)(k+1) mod (W/2+1), the form a mirrored index once took: the product reaches 2^32.
    CHECK(codegen::indexMayOverflow32(ir::mod(Arith(65536) * k + Arith(65536), Arith(65537))));
    CHECK(codegen::indexMayOverflow32(Arith(65536) * k * Arith(2)));
    // W/2 - k, and products that stay below 2^31, fit.
    CHECK_FALSE(codegen::indexMayOverflow32(Arith(65536) - k));
    CHECK_FALSE(codegen::indexMayOverflow32(Arith(32767) * k + Arith(100)));
    // Unknown bounds (a symbolic size) are taken as fitting, as the arrays' sizes decide then.
    CHECK_FALSE(codegen::indexMayOverflow32(Arith(65536) * Arith::var("n", Arith(1))));
}

// maxLocalSizes caps the local size per NDRange dimension (maxLocalSize the others): the tiled
// transpose's 8 x 8 tile on 8 x 2 work-items, each taking 4 rows of the tile in its mapLcl(1) loop,
// equals the interpreter.
TEST_CASE("maxLocalSizes caps each dimension's local size; the mapLcl loops take the rest") {
    codegen::CodegenOptions options;
    options.maxLocalSizes = {0, 2};
    const testing::KernelRun tiled = testing::runAndCompare("examples/transpose.lift", "transposeTiled", "m=64,n=32,t=8", options);
    CHECK(tiled.kernel.metadata.find(R"("local": [
      "8",
      "2"
    ])") != std::string::npos);
    CHECK(tiled.maxAbsError == 0);
    CHECK(options.maxLocalSizeOf(0) == options.maxLocalSize);
    CHECK(options.maxLocalSizeOf(1) == 2);
    CHECK(options.maxLocalSizeOf(2) == options.maxLocalSize);
}
