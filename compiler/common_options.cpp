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

void addHierarchicalTileOptions(CLI::App& cmd, std::int64_t& tileBytes, std::int64_t& tileWidth) {
    cmd.add_option("--tile-bytes", tileBytes, "method hierarchical: bytes of one local-memory tile (0: the method's default)")
        ->check(CLI::NonNegativeNumber);
    cmd.add_option("--tile-width", tileWidth,
                   "method hierarchical: widest tile, columns per work-group (0: the method's default)")
        ->check(CLI::NonNegativeNumber);
}

}  // namespace liftcl::cli
