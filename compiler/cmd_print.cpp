// liftcl print FILE: the program as the printer writes it (parses back to the same tree).
#include <iostream>
#include <memory>
#include <string>

#include "compiler/commands.hpp"
#include "ir/program_loader.hpp"
#include "ir/syntax_printer.hpp"

namespace liftcl::cli {

void addPrintCommand(CLI::App& app) {
    auto* cmd = app.add_subcommand("print", "Parse a .lift file and pretty-print its definitions");
    auto file = std::make_shared<std::string>();
    cmd->add_option("FILE", *file, "The .lift file")->required();
    cmd->callback([file] { std::cout << ir::printModule(ir::loadModule(*file)); });
}

}  // namespace liftcl::cli
