// liftcl eval (placeholder until its owner lands it: refuses to run)
#include "compiler/commands.hpp"
#include "ir/error.hpp"

namespace liftcl::cli {

void addEvalCommand(CLI::App& app) {
    auto* cmd = app.add_subcommand("eval", "(not available yet)");
    cmd->callback([] { throw Error("liftcl eval is not available in this build yet"); });
}

}  // namespace liftcl::cli
