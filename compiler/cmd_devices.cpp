// liftcl devices (placeholder until its owner lands it: refuses to run)
#include "compiler/commands.hpp"
#include "ir/error.hpp"

namespace liftcl::cli {

void addDevicesCommand(CLI::App& app) {
    auto* cmd = app.add_subcommand("devices", "(not available yet)");
    cmd->callback([] { throw Error("liftcl devices is not available in this build yet"); });
}

}  // namespace liftcl::cli
