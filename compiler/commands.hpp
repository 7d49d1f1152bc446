// The subcommands of the `liftcl` driver. Each lives in its own compiler/cmd_<name>.cpp and adds a
// subcommand (with --help) to the app; the callback runs the command and throws liftcl::Error on
// failure (main prints it and exits 1).
#pragma once

#include <CLI/CLI.hpp>

namespace liftcl::cli {

void addTypecheckCommand(CLI::App& app);  // liftcl typecheck FILE
void addPrintCommand(CLI::App& app);      // liftcl print FILE
void addEvalCommand(CLI::App& app);       // liftcl eval FILE --def NAME --set ... --random S --check-dft
void addRewriteCommand(CLI::App& app);    // liftcl rewrite FILE --def NAME --strategy S | --list | --rule R --at P
void addExploreCommand(CLI::App& app);    // liftcl explore FILE --def NAME --set ... --dry-run
void addCompileCommand(CLI::App& app);    // liftcl compile FILE --def NAME --set ... -o OUT.cl
void addRunCommand(CLI::App& app);        // liftcl run FILE --def NAME --set ... --random S --check
void addCheckCommand(CLI::App& app);      // liftcl check FILE.cl
void addDevicesCommand(CLI::App& app);    // liftcl devices
void addFftCommand(CLI::App& app);        // liftcl fft --n N --batch B --precision f32|f64 --run --verify --emit DIR
void addBenchCommand(CLI::App& app);      // liftcl bench [--precision] [--min/max-log2] [--csv] [--svg] [--compare] | --accuracy
void addRandomProgramCommand(CLI::App& app);  // liftcl random-program --seed S [--count N] [--print] [--run]

}  // namespace liftcl::cli
