// liftcl: the command-line driver. It only wires the libraries together; each subcommand is in
// compiler/cmd_<name>.cpp.
#include <exception>
#include <iostream>

#include "compiler/commands.hpp"
#include "fft/fft_strategies.hpp"
#include "ir/error.hpp"

int main(int argc, char** argv) {
    liftcl::fft::registerFftStrategies();
    CLI::App app{"liftcl: a Lift-style functional array compiler for OpenCL FFTs"};
    app.require_subcommand(1);
    app.set_help_all_flag("--help-all", "Show the help of every subcommand");
    liftcl::cli::addTypecheckCommand(app);
    liftcl::cli::addPrintCommand(app);
    liftcl::cli::addEvalCommand(app);
    liftcl::cli::addRewriteCommand(app);
    liftcl::cli::addExploreCommand(app);
    liftcl::cli::addCompileCommand(app);
    liftcl::cli::addRunCommand(app);
    liftcl::cli::addCheckCommand(app);
    liftcl::cli::addDevicesCommand(app);
    liftcl::cli::addFftCommand(app);
    liftcl::cli::addBenchCommand(app);
    liftcl::cli::addRandomProgramCommand(app);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return app.exit(e) == 0 ? 0 : 1;
    } catch (const liftcl::Error& e) {
        std::cerr << e.what() << "\n";
        return 1;
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
