// A Python interpreter with numpy for the tests that compare with NumPy: $LIFTCL_PYTHON, else
// /usr/bin/python3 (Debian's python3-numpy), else python3 on PATH (which may be another Python
// without numpy). Without one the tests skip, unless LIFTCL_REQUIRE_NUMPY=1 (set in CI), where they fail.
#pragma once

#include <cstdlib>
#include <cstdio>
#include <optional>
#include <utility>

#include <sys/wait.h>
#include <string>
#include <vector>

#include "support/cli_run.hpp"

namespace liftcl::testing {

inline std::optional<std::string> pythonWithNumpy() {
    static const std::optional<std::string> found = [] () -> std::optional<std::string> {
        std::vector<std::string> candidates;
        if (const char* env = std::getenv("LIFTCL_PYTHON"); env && *env) candidates.push_back(env);
        candidates.push_back("/usr/bin/python3");
        candidates.push_back("python3");
        for (const auto& python : candidates)
            if (std::system((shellQuote(python) + " -c 'import numpy' >/dev/null 2>&1").c_str()) == 0) return python;
        return std::nullopt;
    }();
    return found;
}

inline bool numpyRequired() {
    const char* env = std::getenv("LIFTCL_REQUIRE_NUMPY");
    return env && std::string(env) == "1";
}

// Runs a tests/fft/*.py check as `python SCRIPT LIFTCL WORKDIR` and returns its exit status
// (-1 when it did not exit normally) and output.
inline std::pair<int, std::string> runNumpyCheck(const std::string& python, const std::string& script,
                                                 const std::string& workdir) {
    const std::string command = shellQuote(python) + " " + shellQuote(sourcePath(script)) + " " +
                                shellQuote(LIFTCL_BINARY) + " " + shellQuote(workdir) + " 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return {-1, "cannot run " + command};
    std::string out;
    char buffer[4096];
    std::size_t got = 0;
    while ((got = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) out.append(buffer, got);
    const int raw = pclose(pipe);
    return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, out};
}

// Lines of `out` starting with "ok ".
inline int okLines(const std::string& out) {
    int passed = 0;
    std::size_t start = 0;
    while (start < out.size()) {
        passed += out.compare(start, 3, "ok ") == 0;
        const std::size_t end = out.find('\n', start);
        if (end == std::string::npos) break;
        start = end + 1;
    }
    return passed;
}

}  // namespace liftcl::testing
