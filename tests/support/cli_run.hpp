// Runs the built `liftcl` binary (LIFTCL_BINARY) with arguments and captures its standard output,
// standard error and exit status, for the end-to-end CLI tests.
#pragma once

#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

#include "support/source_path.hpp"

namespace liftcl::testing {

struct CliResult {
    int status = -1;  // exit status; -1 when the process did not exit normally
    bool timedOut = false;  // killed by the time limit of runCli
    std::string out;
    std::string err;
};

// The whole content of a file ("" when it cannot be read).
inline std::string readText(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// A file in a fresh temporary directory, removed with the object.
class TempFile {
public:
    TempFile(const std::string& name, const std::string& content) {
        std::string pattern = (std::filesystem::temp_directory_path() / "liftcl-test-XXXXXX").string();
        if (!mkdtemp(pattern.data())) throw std::runtime_error("cannot create a temporary directory");
        dir_ = pattern;
        path_ = (dir_ / name).string();
        std::ofstream(path_, std::ios::binary) << content;
    }
    ~TempFile() {
        std::error_code ignored;
        std::filesystem::remove_all(dir_, ignored);
    }
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;
    const std::string& path() const { return path_; }

private:
    std::filesystem::path dir_;
    std::string path_;
};

inline std::string shellQuote(const std::string& s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

// `args` is appended to the binary's path as written (quote paths with shellQuote). A run longer
// than `timeoutSeconds` is killed (coreutils timeout) and reported as timedOut: no input may hang.
// `launcher` goes before the binary (e.g. "env -u LD_PRELOAD").
inline CliResult runCli(const std::string& args, int timeoutSeconds = 600, const std::string& launcher = "") {
    TempFile errFile("stderr.txt", "");
    const std::string command = "timeout -k 5 " + std::to_string(timeoutSeconds) + " " + launcher + " " +
                                shellQuote(LIFTCL_BINARY) + " " + args + " 2>" + shellQuote(errFile.path());
    CliResult result;
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) throw std::runtime_error("cannot run " + command);
    char buffer[4096];
    std::size_t got = 0;
    while ((got = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) result.out.append(buffer, got);
    const int raw = pclose(pipe);
    result.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    result.timedOut = result.status == 124 || result.status == 137;
    std::ifstream errStream(errFile.path(), std::ios::binary);
    std::ostringstream err;
    err << errStream.rdbuf();
    result.err = err.str();
    return result;
}

}  // namespace liftcl::testing
