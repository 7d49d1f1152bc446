// liftcl rewrite (placeholder until its owner lands it: refuses to run)
#include "compiler/commands.hpp"
#include "ir/error.hpp"

namespace liftcl::cli {

void addRewriteCommand(CLI::App& app) {
    auto* cmd = app.add_subcommand("rewrite", "(not available yet)");
    cmd->callback([] { throw Error("liftcl rewrite is not available in this build yet"); });
}

}  // namespace liftcl::cli
