// liftcl explore (placeholder until its owner lands it: refuses to run)
#include "compiler/commands.hpp"
#include "ir/error.hpp"

namespace liftcl::cli {

void addExploreCommand(CLI::App& app) {
    auto* cmd = app.add_subcommand("explore", "(not available yet)");
    cmd->callback([] { throw Error("liftcl explore is not available in this build yet"); });
}

}  // namespace liftcl::cli
