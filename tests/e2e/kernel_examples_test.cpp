// Every hand-lowered example kernel (examples/kernels) runs on the OpenCL device and equals the
// interpreter of its high-level definition on random non-zero data (output buffers poisoned).
#include <doctest/doctest.h>

#include "support/kernel_harness.hpp"

using namespace liftcl;
using liftcl::testing::runAndCompare;

namespace {

constexpr double kTol64 = 1e-12;

void check(const std::string& file, const std::string& def, const std::string& set,
           const std::string& refFile, const std::string& refDef,
           codegen::TwiddleMode twiddles = codegen::TwiddleMode::Table) {
    for (auto precision : {ir::ScalarKind::Double, ir::ScalarKind::Float}) {
        codegen::CodegenOptions o;
        o.precision = precision;
        o.twiddles = twiddles;
        const auto r = runAndCompare(file, def, set, o, refFile, refDef);
        INFO(def << " " << set << " " << codegen::twiddleModeName(twiddles)
                 << (precision == ir::ScalarKind::Float ? " f32" : " f64") << "\n" << r.kernel.source);
        CHECK(r.maxAbsError <= (precision == ir::ScalarKind::Double ? kTol64 : 2e-5));
    }
}

}  // namespace

TEST_CASE("simple mapGlb kernels") {
    check("examples/kernels/simple.lift", "copy", "n=100", "", "");
    check("examples/kernels/simple.lift", "square", "n=77", "", "");
    check("examples/kernels/simple.lift", "scaleTransposed", "n=96,m=8", "", "");
    check("examples/kernels/simple.lift", "readTransposed", "n=96,m=12", "", "");
}

TEST_CASE("Stockham passes (Listings 4.2, 4.4, 4.5) equal the high-level passes") {
    for (const char* set : {"n=64,L=16,p=4", "n=1024,L=16,p=4", "n=512,L=512,p=8", "n=32,L=2,p=2"}) {
        check("examples/kernels/stockham.lift", "stockhamPass2D", set, "fft/lift/stockham.lift", "stockhamPass");
        check("examples/kernels/stockham.lift", "stockhamPass44", set, "fft/lift/stockham.lift", "stockhamPass");
        check("examples/kernels/stockham.lift", "stockhamPass44", set, "fft/lift/stockham.lift", "stockhamPass",
              codegen::TwiddleMode::Sincos);
        check("examples/kernels/stockham.lift", "stockhamPass45", set, "fft/lift/stockham.lift",
              "stockhamPassAdjusted");
    }
}

TEST_CASE("Stockham pass with carray twiddles, all three variants") {
    for (auto mode : {codegen::TwiddleMode::Table, codegen::TwiddleMode::Digits, codegen::TwiddleMode::Sincos})
        check("examples/kernels/stockham.lift", "stockhamTwPassC", "n=256,L=64,p=4,bound=3,base=4",
              "fft/lift/stockham.lift", "stockhamPass", mode);
}

TEST_CASE("Cooley-Tukey pass and bit-reversal step") {
    check("examples/kernels/local.lift", "cooleytukeyPassLowered", "n=256,L=16,p=4",
          "fft/lift/cooley_tukey.lift", "cooleytukeyPass");
    check("examples/kernels/local.lift", "cooleypermLowered", "n=256,L=64,p=4", "", "cooleypermRef");
}

TEST_CASE("local memory: tiled transpose, four-step twiddle passes, work-group butterflies") {
    check("examples/kernels/local.lift", "transposeLocal", "m=64,n=32,t=8", "", "transposeRef");
    check("examples/kernels/local.lift", "transpWithTwTiled", "n=1024,n1=32,th=8,tw=4", "", "transpWithTwRef");
    check("examples/kernels/local.lift", "transpWithTwGlb", "n=1024,n1=32", "", "transpWithTwRef");
    check("examples/kernels/local.lift", "butterflyLocal", "n=512,p=4", "", "butterflyRef");
}

TEST_CASE("dot product and matrix multiply") {
    check("examples/dot_product.lift", "dotPartial", "n=1024,c=16", "", "");
    check("examples/dot_product.lift", "dotSeq", "n=100", "", "dot");
    check("examples/matrix_multiply.lift", "matrixMultiplyGlb", "m=16,k=24,n=8", "", "matrixMultiply");
}
