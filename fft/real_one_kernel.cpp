#include "fft/real_one_kernel.hpp"

#include "fft/embedded_sources.hpp"
#include "fft/fft_syntax.hpp"
#include "fft/local_fft_slots.hpp"
#include "fft/nd_tile_program.hpp"
#include "fft/nd_tile_shape.hpp"
#include "ir/precision.hpp"
#include "ir/syntax_builders.hpp"

namespace liftcl::fft {

namespace {

// def name(b) = \(xs: [[complex]inLength]b) => map(\x => rowFunction $ x) $ xs
ir::Definition rowKernel(const std::string& name, std::int64_t inLength, const ir::SyntaxP& rowFunction) {
    using namespace syntax;
    return definition(name, {"b"},
                      lambda("xs", batchOf("complex", nat(inLength)),
                             apply(map(lambda("x", apply(rowFunction, ir::syn::name("x")))), ir::syn::name("xs"))));
}

// The split's roots of a row of W: from digit tables in fp64 where the table of all W/2+1 values
// would not stay in the L1 cache beside the work-groups' local memory (H200, us, 1D R2C, whole table
// -> digits: fp64 4096 (32 KiB) 131 -> 109, C2R 143 -> 134). In fp32 the digits' two reads and
// product cost what they save or more (fp32 1024 (4 KiB) 88 -> 104, 4096 (16 KiB) 105 -> 109, 8192
// (32 KiB) 97 -> 100, 8192^2's rows 184 -> 188): the table stays (bench/results/h200-2026-12-02-wave25
// runs 2 and 5).
SplitRoots splitRootsFor(std::int64_t W, ir::ScalarKind precision) {
    constexpr std::int64_t kLargestL1Table = 24 * 1024;  // between the 16 and 32 KiB measured
    const bool large = nd::halfLength(W) * ir::complexBytes(precision) > kLargestL1Table;
    return large && precision == ir::ScalarKind::Double ? SplitRoots::Digits : SplitRoots::Table;
}

}  // namespace

std::optional<LocalFftShape> realOneKernelShape(std::int64_t W, ir::ScalarKind precision,
                                                std::int64_t deviceLocalMemoryBytes, std::int64_t minWorkItems) {
    if (W < 4 || W % 2 != 0) return std::nullopt;
    const std::int64_t h = W / 2;
    // The FFT written in place in one array first, the split reading its result there: more
    // work-groups per SM than with two arrays (H200, us: fp32 1024 88 -> 78, 4096 101 -> 85, 2048^2's
    // rows 93 -> 81, fp64 1024 88 -> 80; bench/results/h200-2026-12-02-wave25 run 6).
    auto shape = localFftShapeWithArrays(h, precision, {}, 1, true, std::nullopt, true, deviceLocalMemoryBytes);
    if (!shape) shape = localFftShapeWithArrays(h, precision, {}, 2, true, std::nullopt, false, deviceLocalMemoryBytes);
    if (!shape || shape->workGroupSize < minWorkItems) return std::nullopt;
    return shape;
}

std::optional<PassProgram> realOneKernelPass(std::int64_t W, std::int64_t rows, ir::ScalarKind precision,
                                             bool inverse, std::int64_t scalePoints, codegen::TwiddleMode twiddles,
                                             std::int64_t deviceLocalMemoryBytes) {
    const auto shape = realOneKernelShape(W, precision, deviceLocalMemoryBytes);
    if (!shape) return std::nullopt;
    using namespace syntax;
    const std::int64_t h = W / 2;
    const ir::SyntaxP slot = map(name("realFftSlot"));
    const std::string defName = inverse ? "realInverseKernel" : "realForwardKernel";
    const SplitRoots roots = splitRootsFor(W, precision);
    ir::SyntaxP row;
    if (!inverse) {
        row = compose({ndPackedRealRowTwist(W, roots), slot});
    } else {
        // DFT^-1 Z = conj(DFT conj(Z)) (/ points)
        const ir::SyntaxP pairs = map(lambda("e", cconj(ndHermitianZ(e(0), e(1), e(2)))));
        // (The pairs read X_k and X_{W/2-k} from global memory; a copy of the row to local memory
        // first was slower: H200 us, fp32 4096 134 -> 175, fp64 1024 107 -> 137; wave 21 run 4.)
        row = compose({map(inverseOutput("e", scalePoints > 0, scalePoints)), slot, pairs, ndHermitianPairs(W, roots)});
    }
    ir::Module module = embeddedModule({"prelude.lift", "real.lift"});
    module.definitions.push_back(rowKernel(defName, inverse ? nd::halfLength(W) : h, row));
    const FftSlotDefinition def{&module, defName, "realFftSlot", 1, {{"b", ir::Arith(rows)}}};
    ir::Program program = composeWithFftSlots(def, h, precision, shape->radices);
    program.name = defName + std::to_string(W);

    PassProgram pass;
    pass.name = inverse ? "c2r_local" : "r2c_local";
    pass.program = lowerLikeLocalFft(std::move(program));
    pass.options = localFftCodegenOptions(*shape, precision, localKernelTwiddles(twiddles, *shape));
    // The split's omega(k, W) read in global memory, from its table beside the FFT's or from digit
    // tables (splitRootsFor): computed per point with cospi/sinpi it made the fp32 kernel 1.4-1.7x
    // slower than the FFT of W/2 (H200, wave 21 run 2).
    if (roots == SplitRoots::Table && shape->tablesInGlobal && pass.options.twiddles == codegen::TwiddleMode::Local)
        pass.options.localGeneratorTableBytes += (inverse ? h : nd::halfLength(W)) * ir::complexBytes(precision);
    pass.options.carrayTablesInGlobal = roots == SplitRoots::Digits;
    pass.options.kernelName = pass.name;
    pass.options.sourceFile = pass.name + ".cl";
    pass.radix = shape->radices.front();
    pass.radices = shape->radices;
    return pass;
}

}  // namespace liftcl::fft
