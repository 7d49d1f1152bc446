// What an FFT plan is, as data: the transform it computes (size, batch, precision, direction,
// scaling), its generated kernels (OpenCL C + metadata JSON, docs/kernel-metadata.md) and its
// steps (one kernel launch per pass, in order, each reading the previous step's result). The
// compiler (`liftcl fft`, fft/) produces it; rt::FftPlan executes it. On disk it is a
// directory with plan.json and KERNEL.cl + KERNEL.json per kernel:
//   {"format": "liftcl-fft-plan-1", "n": 4096, "batch": 64, "precision": "double",
//    "direction": "forward", "scaled": false, "in_place": false, "method": "stockham",
//    "radices": [16, 16, 16],
//    "kernels": [{"name": "stockham_pass0", "source": "stockham_pass0.cl", "metadata": "stockham_pass0.json"}, ...],
//    "steps": [{"kernel": "stockham_pass0", "nats": {}, "input": "xs", "output": "out"}, ...]}
// A plan of a size without a radix factorization (Bluestein, Rader) also has "work_n" (the
// elements per transform of its temporaries, the padded size) and "tables" (constant inputs the
// runtime computes on the host when it loads the plan, runtime/fft/fft_tables.hpp), which steps bind to
// kernel arguments: "tables": [{"name": "chirp", "kind": "bluestein-chirp", "length": 2048}],
// step "tables": {"ws": "chirp"}.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "runtime/kernel_metadata.hpp"
#include "runtime/size_expr.hpp"

namespace liftcl::rt {

inline constexpr std::string_view kFftPlanFormat = "liftcl-fft-plan-1";

enum class FftDirection { Forward, Inverse };

struct FftPlanKernel {
    std::string name;      // unique within the plan; also the file stem on disk (NAME.cl, NAME.json)
    std::string source;    // OpenCL C
    std::string metadata;  // JSON text
};

// One launch: the kernel, its nat values, and which of its buffer arguments reads the step's
// input (the plan's input for the first step, else the previous step's output) and which writes
// the step's output (the plan's output after the last step).
struct FftPlanStep {
    std::string kernel;
    NatValues nats;
    std::string inputArg;
    std::string outputArg;
    std::map<std::string, std::string> tables;  // kernel input argument -> the plan's table bound to it
    // The kernel may be launched with its input buffer as its output ("in_place" in plan.json): an
    // in-place plan of this one step runs it so, without a temporary buffer and a copy.
    bool inPlace = false;
};

// The transform a table belongs to where it is not the plan's own: the 1D plan over the rows of a
// multidimensional or real plan (a Bluestein or Rader row of length n, batch rows, scaled or not).
struct FftTableTransform {
    std::int64_t n = 0;
    std::int64_t batch = 1;
    bool scaled = false;
    bool operator==(const FftTableTransform&) const = default;
};

// A constant input of a plan's kernels, computed by the runtime from its kind, its length and the
// plan's transform, or its own `transform` (runtime/fft/fft_tables.hpp lists the kinds).
struct FftPlanTable {
    std::string name;
    std::string kind;
    std::int64_t length = 0;  // elements
    std::optional<FftTableTransform> transform;  // "transform" in plan.json; none: the plan's
};

struct FftPlanDescription {
    std::int64_t n = 0;
    std::int64_t batch = 1;
    Precision precision = Precision::Double;
    FftDirection direction = FftDirection::Forward;
    bool scaled = false;   // an inverse transform multiplied by 1/n
    bool inPlace = false;  // the placement asked for (execute() supports both)
    std::string method;    // informative: "stockham", "cooley-tukey", ...
    std::vector<std::int64_t> radices;  // informative: one per pass, first pass first
    std::vector<FftPlanKernel> kernels;
    std::vector<FftPlanStep> steps;
    std::int64_t workN = 0;             // elements per transform of the temporaries; 0: n
    std::vector<FftPlanTable> tables;  // bound by steps' `tables`
    // Multidimensional and real transforms: the transformed axes,
    // last fastest, with n their product (empty: {n}); `real`: a forward transform reads n real
    // values per transform and writes the half spectrum (n / W * (W/2+1) complex for a last axis
    // of W), an inverse reads the half spectrum and writes n real values (numpy's rfftn/irfftn).
    std::vector<std::int64_t> shape;
    bool real = false;

    std::size_t complexBytes() const { return precision == Precision::Double ? 16 : 8; }
    // Bytes of a whole batch of complex transforms: the input and output of a complex plan.
    std::size_t bufferBytes() const;
    // Bytes of one temporary (bufferBytes() unless workN is larger than n).
    std::size_t temporaryBytes() const;
    // Bytes of the plan's input and output (bufferBytes() unless real).
    std::size_t inputBytes() const;
    std::size_t outputBytes() const;
    std::vector<std::int64_t> transformShape() const;  // shape, or {n}
    std::size_t realBytes() const;          // n * batch real values
    std::size_t halfSpectrumBytes() const;  // n / W * (W/2+1) * batch complex values
    const FftPlanTable& table(const std::string& name) const;  // throws rt::Error when unknown
    const FftPlanKernel& kernel(const std::string& name) const;  // throws rt::Error when unknown
    // Throws rt::Error naming the first inconsistency: sizes, kernels named twice or not at all,
    // steps naming unknown kernels or arguments, no steps.
    void validate() const;
};

std::string_view fftDirectionName(FftDirection direction);  // "forward" | "inverse"

// plan.json text (kernels referenced by file name: NAME.cl, NAME.json).
std::string fftPlanToJson(const FftPlanDescription& plan);
// Parses plan.json and reads its kernels' files from kernelDirectory; `origin` prefixes errors.
FftPlanDescription fftPlanFromJson(std::string_view json, const std::string& origin,
                                   const std::filesystem::path& kernelDirectory);

// Writes DIR/plan.json and DIR/NAME.cl + DIR/NAME.json per kernel (DIR is created).
void writeFftPlanDirectory(const FftPlanDescription& plan, const std::filesystem::path& directory);
// Reads a directory written by writeFftPlanDirectory (or `liftcl fft --emit DIR`).
FftPlanDescription loadFftPlanDirectory(const std::filesystem::path& directory);

}  // namespace liftcl::rt
