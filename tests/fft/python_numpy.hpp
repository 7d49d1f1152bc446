// A Python interpreter with numpy for the tests that compare with NumPy: $LIFTCL_PYTHON, else
// /usr/bin/python3 (Debian's python3-numpy), else python3 on PATH (which may be another Python
// without numpy). Without one the tests skip, unless LIFTCL_REQUIRE_NUMPY=1 (set in CI), where they fail.
#pragma once

#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "../e2e/cli_run.hpp"

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

}  // namespace liftcl::testing
