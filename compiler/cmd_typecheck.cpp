// liftcl typecheck (placeholder until its owner lands it: refuses to run)
#include "compiler/commands.hpp"
#include "ir/error.hpp"

namespace liftcl::cli {

void addTypecheckCommand(CLI::App& app) {
    auto* cmd = app.add_subcommand("typecheck", "(not available yet)");
    cmd->callback([] { throw Error("liftcl typecheck is not available in this build yet"); });
}

}  // namespace liftcl::cli
