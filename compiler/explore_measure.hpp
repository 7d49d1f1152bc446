// Measuring explored variants on a device: each variant is generated, built, run on random input,
// checked against the interpreter's result for the original program, and timed with profiling
// events (median of several launches) under a few local sizes within the device's limits.
// `liftcl explore` (without --dry-run) ranks the measurements and records the best in the wisdom
// file (runtime/wisdom.hpp) under wisdomProgramHash().
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "codegen/codegen.hpp"
#include "ir/expr.hpp"
#include "ir/value.hpp"
#include "rewrite/explore.hpp"
#include "runtime/runtime.hpp"

namespace liftcl::cli {

// The wisdom key's program part: a hash of the specialised high-level program and the code
// generation options that change its kernels (precision, twiddles). `liftcl compile --from-wisdom`
// and plans compute the same hash to find what `liftcl explore` recorded.
std::string wisdomProgramHash(const ir::Program& program, const codegen::CodegenOptions& options);

// The kernel metadata JSON with ndrange.local replaced by `local` (unchanged when empty or when
// the kernel's local size is fixed) and "source" set to `sourceFile` when not empty.
std::string metadataWithLaunch(const std::string& metadataJson, const std::vector<std::size_t>& local,
                               const std::string& sourceFile = "");

// The inputs and the expected output of one (high-level, fully specialised) program.
struct Reference {
    std::vector<ir::TypeP> paramTypes;
    std::vector<std::vector<unsigned char>> packedInputs;
    ir::TypeP resultType;
    ir::Value expected;
    double tolerance = 0;  // max abs error accepted
    // Real operations (+ - * /, math calls) the interpreter performed for `expected`: the work
    // every variant does, so operations / time is its GFLOP/s (ir::RealOperationCounter).
    std::uint64_t realOperations = 0;

    static Reference of(const ir::Program& program, ir::ScalarKind precision, std::uint64_t seed);
};

struct LaunchTiming {
    std::vector<std::size_t> local;  // empty: the implementation chose
    std::vector<std::size_t> global;
    double medianNs = 0;
};

struct VariantMeasurement {
    std::size_t id = 0;  // explore's variant number
    std::string definition;
    std::string choices;
    std::string derivation;
    bool ok = false;
    bool wrong = false;   // it ran but its result differs from the interpreter's (a compiler bug)
    std::string failure;  // why not ok: codegen, build or launch error, or the wrong result
    double maxAbsError = 0;
    std::vector<LaunchTiming> timings;  // one per launch configuration, in the order tried
    LaunchTiming best;
    double bytesMoved = 0;  // input + output bytes
    double gbPerSecond() const { return best.medianNs > 0 ? bytesMoved / best.medianNs : 0; }
    double realOperations = 0;  // the reference's (Reference::realOperations)
    double gflopPerSecond() const { return best.medianNs > 0 ? realOperations / best.medianNs : 0; }
    std::string source, metadata;  // the generated kernel (metadata as generated); the first of several
    std::size_t kernelCount = 1;   // kernels the variant runs (a two-stage reduction: 2)
};

class VariantMeasurer {
public:
    VariantMeasurer(const rt::Device& device, codegen::CodegenOptions options, int repetitions);

    const rt::Device& device() const { return context_.device(); }

    // Never throws for a variant that fails: the failure is in the measurement.
    VariantMeasurement measure(const Reference& reference, const rewrite::Variant& variant);

private:
    std::vector<std::vector<std::size_t>> localSizeCandidates(const rt::LaunchableKernel& kernel) const;
    void measureInto(VariantMeasurement& m, const Reference& reference, const rewrite::Variant& variant);

    rt::Context context_;
    rt::Queue queue_;
    rt::ProgramCache cache_;
    codegen::CodegenOptions options_;
    int repetitions_;
};

}  // namespace liftcl::cli
