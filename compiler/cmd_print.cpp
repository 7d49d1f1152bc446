// liftcl print (placeholder until its owner lands it: refuses to run)
#include "compiler/commands.hpp"
#include "ir/error.hpp"

namespace liftcl::cli {

void addPrintCommand(CLI::App& app) {
    auto* cmd = app.add_subcommand("print", "(not available yet)");
    cmd->callback([] { throw Error("liftcl print is not available in this build yet"); });
}

}  // namespace liftcl::cli
