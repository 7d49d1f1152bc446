#include "compiler/common_options.hpp"

namespace liftcl::cli {

void addDefinitionArgs(CLI::App& cmd, DefinitionArgs& args, const std::string& verb) {
    cmd.add_option("file", args.file, ".lift file")->required();
    cmd.add_option("--def", args.def, "definition to " + verb)->required();
    cmd.add_option("--set", args.set, "nat values, e.g. n=1024,L=16,p=4");
}

void addPrecisionOption(CLI::App& cmd, std::string& precision) {
    cmd.add_option("--precision", precision, "f32 or f64 (default f64)");
}

void addTwiddlesOption(CLI::App& cmd, std::string& twiddles) {
    cmd.add_option("--twiddles", twiddles, "table (default), digits or sincos");
}

void addHierarchicalTileOptions(CLI::App& cmd, std::int64_t& tileBytes, std::int64_t& tileWidth, bool& powerOfTwoTiles) {
    cmd.add_option("--tile-bytes", tileBytes, "method hierarchical: bytes of one local-memory tile (0: the method's default)")
        ->check(CLI::NonNegativeNumber);
    cmd.add_option("--tile-width", tileWidth,
                   "method hierarchical: widest tile, columns per work-group (0: the method's default)")
        ->check(CLI::NonNegativeNumber);
    cmd.add_flag("--tile-widths-pow2", powerOfTwoTiles,
                 "method hierarchical: tile widths powers of two only (rows of whole 32-byte sectors), not any divisor of the columns");
}

void addRegistersOption(CLI::App& cmd, std::int64_t& registers) {
    cmd.add_option("--registers", registers,
                   "registers per work-item the kernels are compiled with where the driver takes a limit (NVIDIA): "
                   "0 the driver's choice, else 16 to 255 (default: the method's rule, hierarchical passes 64 fp32, 128 fp64)")
        ->check(CLI::Range(0, 255));
}

}  // namespace liftcl::cli
