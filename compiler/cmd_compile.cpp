// liftcl compile (placeholder until its owner lands it: refuses to run)
#include "compiler/commands.hpp"
#include "ir/error.hpp"

namespace liftcl::cli {

void addCompileCommand(CLI::App& app) {
    auto* cmd = app.add_subcommand("compile", "(not available yet)");
    cmd->callback([] { throw Error("liftcl compile is not available in this build yet"); });
}

}  // namespace liftcl::cli
