// liftcl fft --input/--output against numpy.fft (tests/fft/numpy_fft_check.py does the NumPy side):
// 1D complex64 and complex128, shapes (8, 1024) and (1024,), forward and scaled inverse; the last D
// axes by fftn, rfftn and irfftn, among them the issue's `liftcl fft --input x.npy --output y.npy
// --dims 2 --real` == numpy.fft.rfftn(x, axes=(-2, -1)).
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>

#include "support/cli_run.hpp"
#include "python_numpy.hpp"

using namespace liftcl::testing;

TEST_CASE("liftcl fft --input/--output matches numpy.fft (fft/ifft f32/f64, fftn, rfftn, irfftn)") {
    const auto python = pythonWithNumpy();
    if (!python) {
        if (numpyRequired()) FAIL("LIFTCL_REQUIRE_NUMPY=1 but no Python with numpy ($LIFTCL_PYTHON, /usr/bin/python3, python3)");
        MESSAGE("skipped: no Python with numpy (set LIFTCL_PYTHON, or install python3-numpy)");
        return;
    }
    TempFile holder("keep", "");
    const auto result = runNumpyCheck(*python, "tests/fft/numpy_fft_check.py",
                                      std::filesystem::path(holder.path()).parent_path().string());
    const auto& status = std::get<0>(result);
    const auto& out = std::get<1>(result);
    INFO(out);
    CHECK(status == 0);
    // All 15 cases ran and were compared (the script prints one line per case).
    CHECK(okLines(out) == 15);
}
