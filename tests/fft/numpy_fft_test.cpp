// liftcl fft --input/--output against numpy.fft, for complex64 and complex128, shapes (8, 1024) and
// (1024,), forward and scaled inverse (tests/fft/numpy_fft_check.py does the NumPy side).
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>

#include "../e2e/cli_run.hpp"
#include "python_numpy.hpp"

using namespace liftcl::testing;

TEST_CASE("liftcl fft --input/--output matches numpy.fft (f32/f64, (8,1024)/(1024,), forward/inverse)") {
    const auto python = pythonWithNumpy();
    if (!python) {
        if (numpyRequired()) FAIL("LIFTCL_REQUIRE_NUMPY=1 but no Python with numpy ($LIFTCL_PYTHON, /usr/bin/python3, python3)");
        MESSAGE("skipped: no Python with numpy (set LIFTCL_PYTHON, or install python3-numpy)");
        return;
    }
    TempFile holder("keep", "");
    const std::string workdir = std::filesystem::path(holder.path()).parent_path().string();
    const std::string command = shellQuote(*python) + " " + shellQuote(sourcePath("tests/fft/numpy_fft_check.py")) +
                                " " + shellQuote(LIFTCL_BINARY) + " " + shellQuote(workdir) + " 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    REQUIRE(pipe != nullptr);
    std::string out;
    char buffer[4096];
    std::size_t got = 0;
    while ((got = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) out.append(buffer, got);
    const int raw = pclose(pipe);
    INFO(out);
    CHECK(WIFEXITED(raw));
    CHECK(WEXITSTATUS(raw) == 0);
    // All eight cases ran and were compared (the script prints one line per case).
    std::istringstream lines(out);
    int passed = 0;
    for (std::string line; std::getline(lines, line);) passed += line.rfind("ok ", 0) == 0;
    CHECK(passed == 8);
}
