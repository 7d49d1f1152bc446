// Code outside every parallel map runs in every work-item of the NDRange. Found under Oclgrind
// (random program seed 5, lowered by lower-workgroup): sequential maps before a mapWrg wrote their
// temporaries to global memory from every work-item at once (write-write and read-write races).
// Such unmarked temporaries are now private (each work-item computes its own copy); a global write
// there is refused.
#include <doctest/doctest.h>

#include <cmath>

#include "ir/elaborate.hpp"
#include "ir/parser.hpp"
#include "support/kernel_harness.hpp"

using namespace liftcl;

namespace {

ir::Program parse(const std::string& source) {
    const ir::Module module = ir::parseModule(source, "outside_parallel_maps.lift");
    return ir::elaborateDefinition(module, "k", {});
}

}  // namespace

TEST_CASE("sequential maps before a mapWrg keep their temporaries private and equal the interpreter") {
    const ir::Program program = parse(
        "def k = \\(x: [complex]2, y1: [complex]2) => join(mapWrg(mapLcl(toGlobal(\\t7 => cmul(t7, t7))), "
        "split(2, (\\row3 => mapSeq(\\q6 => csub(q6.0, q6.1), zip(row3, mapSeq(\\t5 => cadd(t5, cconj(t5)), row3))))"
        "(pad(1, 1, clamp, (\\row1 => mapSeq(\\q2 => csub(q2.0, q2.1), zip(y1, row1)))(mapSeq(cneg, x)))))))\n");
    const codegen::GeneratedKernel kernel = codegen::generateKernel(program);
    INFO(kernel.source);
    CHECK(kernel.source.find("gtmp") == std::string::npos);  // no global temporaries
    CHECK(kernel.source.find("complex ptmp_0[2];") != std::string::npos);
    const double err = testing::kernelErrorOnRandomInputs(kernel, program, 21);
    CHECK(!std::isnan(err));
    CHECK(err < 1e-12);
}

TEST_CASE("a global write outside every parallel map is refused by name") {
    const ir::Program program = parse(
        "def k = \\(x: [complex]8) => mapGlb(cneg) o mapSeq(toGlobal(cneg)) $ x\n");
    CHECK_THROWS_WITH_AS(codegen::generateKernel(program),
                         doctest::Contains("outside every parallel map, so every work-item of the kernel would write it"),
                         Error);
}
