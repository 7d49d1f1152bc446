// The extension point of FFT plans: a method turns a request and its radices into pass programs
// (one kernel each). Methods are looked up by name; a new one (four-step with local-memory
// kernels, say) implements Method in its own file, exposes it by a function (`const Method&
// stockhamMethod()`) and adds itself to the table in fft_method.cpp. The default
// method, auto, resolves to another one by the request (fft/auto_method.hpp).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "codegen/codegen.hpp"
#include "fft/fft_request.hpp"
#include "ir/expr.hpp"
#include "ir/syntax.hpp"

namespace liftcl::fft {

// One pass of a plan before code generation.
struct PassProgram {
    std::string name;                 // kernel name, unique in the plan (also its file stem)
    ir::Program program;              // as composed (high level) or already lowered
    std::string strategy;             // applied before codegen (rewrite/lowering.hpp); "" for none
    codegen::CodegenOptions options;  // precision, twiddles, kernel name and source file set
    std::int64_t radix = 0;           // informative, listed in the plan
    // Informative: every radix the kernel computes, when it does several passes (a local-memory
    // kernel); empty for a kernel of one pass (`radix`).
    std::vector<std::int64_t> radices;
    // Kernel input arguments bound to the plan's constant tables (PlanResources), beside the
    // pass's data input: argument name -> table name.
    std::map<std::string, std::string> tables;
    // (options.inputsMayAliasOutput: the kernel was generated to run with its data input as its
    // output; an in-place plan of that one kernel runs it so, with no temporary and no copy.)
};

// What a plan holds beside its passes (Bluestein): the elements per transform of its temporaries
// (0: n) and the constant tables its passes read (computed by the runtime, runtime/fft/fft_tables.hpp).
struct PlanResources {
    std::int64_t workN = 0;
    std::vector<rt::FftPlanTable> tables;
};

class Method {
public:
    Method(std::string name, std::string description) : name_(std::move(name)), description_(std::move(description)) {}
    virtual ~Method() = default;
    const std::string& name() const { return name_; }                // as given to --method
    const std::string& description() const { return description_; }  // one line for --help and errors
    // The method that plans `request`: itself, or for a choosing method (auto) the one it picks.
    virtual const Method& resolve(const FftRequest& request) const;
    // The radices of the request's passes: --radices when given, else the method's choice
    // (chooseRadices in radix_factorization.hpp by default).
    virtual std::vector<std::int64_t> radices(const FftRequest& request) const;
    // Throws liftcl::Error when the request's --radices cannot be the method's (default:
    // checkRadices of radix_factorization.hpp, the radices 2..16 of one-pass kernels).
    virtual void validateRadices(const FftRequest& request) const;
    // The passes computing the request's transform, first pass first; `radices` multiply to n.
    virtual std::vector<PassProgram> passes(const FftRequest& request,
                                            const std::vector<std::int64_t>& radices) const = 0;
    // How many kernels passes() makes, without composing and lowering them (a planner weighing
    // plans by their passes over global memory; default: passes(...).size()).
    virtual std::size_t passCount(const FftRequest& request, const std::vector<std::int64_t>& radices) const;
    // The temporaries' size and tables of the plan (default: none).
    virtual PlanResources resources(const FftRequest& request) const;

private:
    std::string name_;
    std::string description_;
};

// The known methods, in the order --help lists them.
const std::vector<const Method*>& methods();
// Throws liftcl::Error naming the known methods when `name` is none of them.
const Method& findMethod(const std::string& name);

// An FFT of size n over `batch` rows inside another method's plan (Bluestein's FFTs of the padded
// size, Rader's of p - 1): the outer request's precision, out of place (its passes run between the
// plan's buffers and temporaries), unscaled, method auto.
FftRequest nestedFftRequest(const FftRequest& outer, std::int64_t n, std::int64_t batch, rt::FftDirection direction);
// One element-wise step of a method's .lift library (`definition` elaborated with `nats`): a
// single kernel by `fuse ; lower-global`, named `name`; the caller binds its tables.
PassProgram globalStepPass(const FftRequest& request, const ir::Module& library, const std::string& definition,
                           const std::string& name, const std::map<std::string, ir::Arith>& nats);
// Appends the nested FFT's passes, their names prefixed so that the plan's kernels are unique.
void appendNestedFftPasses(const FftRequest& nested, const std::string& prefix, std::vector<PassProgram>& out);

}  // namespace liftcl::fft
