// Twiddle variant `local` (codegen.hpp TwiddleMode::Local): a generator array read at
// work-item-dependent indices inside a work-group is computed once per work-group into a __local
// table (filled before a barrier, first index fastest); constant indices stay literals; a table
// over the byte budget is computed on the fly. The kernels equal the interpreter.
#include <doctest/doctest.h>

#include "support/kernel_harness.hpp"

using namespace liftcl;

TEST_CASE("local generator tables: filled once per work-group, read at work-item indices, equal the interpreter") {
    const std::string set = "n=1024,n1=32,th=8,tw=4";
    codegen::CodegenOptions o;
    o.twiddles = codegen::TwiddleMode::Local;
    o.localGeneratorTableBytes = 1024 * 16;  // the whole array_2(32, 32) of fp64 complex
    auto run = testing::runAndCompare("examples/kernels/local.lift", "transpWithTwTiled", set, o, "",
                                      "transpWithTwRef");
    CHECK(run.maxAbsError < 1e-12);
    const std::string& src = run.kernel.source;
    CHECK(src.find("local complex ltab_0[1024];") != std::string::npos);
    // Filled (first index fastest), then a barrier, then the work-group's loop reads it.
    const auto fill = src.find("ltab_0[i] = genDFTSlice(i % 32, (i / 32), 32, 32);");
    REQUIRE(fill != std::string::npos);
    const auto barrier = src.find("barrier(CLK_LOCAL_MEM_FENCE)", fill);
    const auto loop = src.find("// mapWrg", fill);
    CHECK(barrier < loop);
    CHECK(src.find("ltab_0[", loop) != std::string::npos);
    CHECK(run.kernel.metadata.find("\"local_bytes\": \"" + std::to_string(1024 * 16 + 32 * 16) + "\"") !=
          std::string::npos);

    // Over the budget: computed on the fly, as without tables.
    o.localGeneratorTableBytes = 1024;
    auto small = testing::runAndCompare("examples/kernels/local.lift", "transpWithTwTiled", set, o, "",
                                        "transpWithTwRef");
    CHECK(small.maxAbsError < 1e-12);
    CHECK(small.kernel.source.find("ltab_") == std::string::npos);
    CHECK(small.kernel.source.find("genDFTSlice(") != std::string::npos);

    // fp32: the table holds float2.
    o.precision = ir::ScalarKind::Float;
    o.localGeneratorTableBytes = 1024 * 8;
    auto f32 = testing::runAndCompare("examples/kernels/local.lift", "transpWithTwTiled", set, o, "",
                                      "transpWithTwRef");
    CHECK(f32.maxAbsError < 1e-4);
    CHECK(f32.kernel.source.find("local complex ltab_0[1024];") != std::string::npos);
}

TEST_CASE("generator tables from the host read in global memory: no __local copy, equal the interpreter") {
    codegen::CodegenOptions o;
    o.twiddles = codegen::TwiddleMode::Local;
    o.localGeneratorTableBytes = 1024 * 16;
    o.localTablesFromHost = true;
    o.generatorTablesInGlobal = true;
    auto run = testing::runAndCompare("examples/kernels/local.lift", "transpWithTwTiled", "n=1024,n1=32,th=8,tw=4", o,
                                      "", "transpWithTwRef");
    CHECK(run.maxAbsError < 1e-12);
    const std::string& src = run.kernel.source;
    CHECK(src.find("ltab_") == std::string::npos);
    CHECK(src.find("genDFTSlice(") == std::string::npos);  // neither computed nor copied: read
    CHECK(src.find("const global complex* restrict gtab_0") != std::string::npos);
    CHECK(src.find("gtab_0[", src.find("// mapWrg")) != std::string::npos);
    CHECK(run.kernel.metadata.find("\"local_bytes\": \"" + std::to_string(32 * 16) + "\"") != std::string::npos);
}

TEST_CASE("local generator tables: not used outside work-groups (global kernels compute on the fly)") {
    codegen::CodegenOptions o;
    o.twiddles = codegen::TwiddleMode::Local;
    o.localGeneratorTableBytes = 1 << 20;
    auto run = testing::runAndCompare("examples/kernels/local.lift", "transpWithTwGlb", "n=1024,n1=32", o, "",
                                      "transpWithTwRef");
    CHECK(run.maxAbsError < 1e-12);
    CHECK(run.kernel.source.find("ltab_") == std::string::npos);
    CHECK(run.kernel.source.find("barrier") == std::string::npos);
}
