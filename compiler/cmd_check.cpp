// liftcl check (placeholder until its owner lands it: refuses to run)
#include "compiler/commands.hpp"
#include "ir/error.hpp"

namespace liftcl::cli {

void addCheckCommand(CLI::App& app) {
    auto* cmd = app.add_subcommand("check", "(not available yet)");
    cmd->callback([] { throw Error("liftcl check is not available in this build yet"); });
}

}  // namespace liftcl::cli
