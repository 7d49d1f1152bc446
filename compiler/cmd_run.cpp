// liftcl run (placeholder until its owner lands it: refuses to run)
#include "compiler/commands.hpp"
#include "ir/error.hpp"

namespace liftcl::cli {

void addRunCommand(CLI::App& app) {
    auto* cmd = app.add_subcommand("run", "(not available yet)");
    cmd->callback([] { throw Error("liftcl run is not available in this build yet"); });
}

}  // namespace liftcl::cli
