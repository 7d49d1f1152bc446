// Options several commands take, declared once so that every command names, words and checks them
// alike: the .lift file with --def and --set of the commands over one definition, --precision,
// --twiddles.
#pragma once

#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

namespace liftcl::cli {

// The definition a command works on (compile, run, eval, rewrite, explore); a command's options
// derive from it.
struct DefinitionArgs {
    std::string file;  // the .lift file
    std::string def;   // --def
    std::string set;   // --set n=1024,p=4
};

// FILE (required), --def (required; "definition to <verb>"), --set.
void addDefinitionArgs(CLI::App& cmd, DefinitionArgs& args, const std::string& verb);
// --precision f32|f64 (parsed later by ir::parsePrecision, which names the accepted spellings).
void addPrecisionOption(CLI::App& cmd, std::string& precision);
// --twiddles table|digits|sincos of a single kernel.
void addTwiddlesOption(CLI::App& cmd, std::string& twiddles);
// --tile-bytes and --tile-width of the hierarchical method's tiles (FftRequest's
// hierarchicalTileBytes, hierarchicalMaxTileWidth; 0: the method's default), at least 0.
// --tile-widths pow2: tile widths powers of two only (hierarchicalPowerOfTwoTiles).
void addHierarchicalTileOptions(CLI::App& cmd, std::int64_t& tileBytes, std::int64_t& tileWidth, bool& powerOfTwoTiles);
// --registers N: registers per work-item of the plan's kernels where the driver takes a limit
// (FftRequest::registersPerItem; 0: the driver's choice; left at -1 when not given: the method's rule).
void addRegistersOption(CLI::App& cmd, std::int64_t& registers);

}  // namespace liftcl::cli
