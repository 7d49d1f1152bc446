// liftcl fft end to end: --run --verify against FFTW, --emit, .npy input/output against NumPy's
// FFT (when python3 with numpy is there; FFTW otherwise), and refusals with exit status 1.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>

#include "support/cli_run.hpp"
#include "support/quick_mode.hpp"
#include "fft/fftw_reference.hpp"
#include "python_numpy.hpp"
#include "runtime/npy.hpp"

using namespace liftcl;
using testing::runCli;
using testing::shellQuote;

namespace {

double printedError(const std::string& out) {
    std::smatch m;
    if (!std::regex_search(out, m, std::regex("rel_l2_error=([0-9.eE+-]+|inf|nan)"))) return INFINITY;
    return std::strtod(m[1].str().c_str(), nullptr);
}

bool havePythonNumpy() { return testing::pythonWithNumpy().has_value(); }
std::string pythonCommand() { return shellQuote(testing::pythonWithNumpy().value_or("python3")) + " -c "; }

std::vector<std::complex<double>> randomValues(std::size_t count) {
    std::vector<std::complex<double>> x(count);
    for (std::size_t i = 0; i < count; ++i)
        x[i] = {std::sin(0.37 * static_cast<double>(i) + 1.0), std::cos(1.91 * static_cast<double>(i)) * 0.5};
    return x;
}

}  // namespace

TEST_CASE("liftcl fft --n 4096 --batch 64 --precision f64 --run --verify: error below 1e-13, timing printed") {
    const auto r = runCli("fft --n 4096 --batch 64 --precision f64 --run --verify --repeat 3");
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    CHECK(printedError(r.out) < 1e-13);
    // auto: one kernel exchanging real, then imaginary parts through 32 KiB of local memory
    CHECK(r.out.find("method=local radices=16,16,16 passes=1") != std::string::npos);
    CHECK(r.out.find("gflops=") != std::string::npos);
    CHECK(r.out.find("gbps=") != std::string::npos);
    CHECK(r.out.find("time_per_transform_us=") != std::string::npos);
}

TEST_CASE("liftcl fft --n 1024 --batch 64 --precision f32 --run --verify: one local-memory kernel (auto)") {
    const auto r = runCli("fft --n 1024 --batch 64 --precision f32 --run --verify --repeat 3");
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    CHECK(printedError(r.out) < 2e-6);
    CHECK(r.out.find("method=local radices=16,8,8 passes=1") != std::string::npos);
    const auto stockham = runCli("fft --n 1024 --batch 64 --precision f32 --method stockham --run --verify --repeat 2 --profile");
    INFO(stockham.out << stockham.err);
    CHECK(stockham.status == 0);
    CHECK(stockham.out.find("method=stockham radices=") != std::string::npos);
    // --profile: one line per pass kernel, in order, each with a positive time.
    std::smatch passes;
    REQUIRE(std::regex_search(stockham.out, passes, std::regex("passes=([0-9]+)")));
    const int count = std::stoi(passes[1].str());
    for (int i = 0; i < count; ++i) {
        std::smatch line;
        const std::string pattern = "step " + std::to_string(i) + " stockham_pass" + std::to_string(i) + ": ([0-9.]+) us";
        REQUIRE(std::regex_search(stockham.out, line, std::regex(pattern)));
        CHECK(std::stod(line[1].str()) > 0);
    }
    CHECK(stockham.out.find("step " + std::to_string(count) + " ") == std::string::npos);
}

TEST_CASE("liftcl fft: mixed radix 1680, inverse scaled, in place, Cooley-Tukey, user radices, fp32") {
    std::vector<std::string> runs = {"--n 1680 --batch 3 --inverse --scale --in-place", "--n 960 --radices 2,3,4,5,8",
                                     "--n 1680 --batch 4", "--n 1024 --batch 5 --method cooley-tukey",
                                     "--n 4096 --batch 16 --inverse"};
    if (testing::quickMode()) runs.resize(2);  // the sanitizer pass: the CLI's paths, fewer plans
    for (const std::string& args : runs) {
        const auto r = runCli("fft " + args + " --run --verify --repeat 1");
        INFO(args << "\n" << r.out << r.err);
        CHECK(r.status == 0);
        CHECK(printedError(r.out) < 1e-13);
    }
    const auto f = runCli("fft --n 4096 --batch 8 --precision f32 --run --verify --repeat 1");
    INFO(f.out << f.err);
    CHECK(f.status == 0);
    CHECK(printedError(f.out) < 2e-6);
}

TEST_CASE("liftcl fft refuses what no plan can do, naming the value and what is supported") {
    struct Case {
        std::string args, message;
    };
    for (const Case& c : std::vector<Case>{
             {"--n 1009 --method stockham", "n=1009 has the prime factor 1009: radix passes need sizes"},
             {"--n 2520 --precision f64 --items 32", "cannot do n=2520 on 32 work-items per transform (items=)"},
             {"--n 1009 --batch 1073741824 --method bluestein", "n=1009 with batch=1073741824 is too large for Bluestein: its padded size m=2016"},
             {"--n 0", "n=0"},
             {"--n 1", "n=1"},
             {"--n 64 --batch 0", "batch=0"},
             {"--n 64 --scale", "--scale applies to inverse transforms only"},
             {"--n 64 --radices 8,4", "multiply to 32, not the FFT size n=64"},
             {"--n 64 --radices 64", "radix 64 is not supported"},
             {"--n 64 --method stockham --padding off", "padding (padding=off) applies to method local"},
             {"--n 64 --padding sideways", "--padding"},
             {"--n 64 --method magic", "unknown FFT method 'magic'"},
             {"--n 64 --precision f16", "unknown precision 'f16'"},
             {"--n 64 --verify", "--verify needs --run or --input"},
             {"--n 64 --profile", "--profile needs --run"},
             {"--n 64 --input /nonexistent/x.npy", "cannot read /nonexistent/x.npy"},
         }) {
        const auto r = runCli("fft " + c.args);
        INFO(c.args << "\n" << r.out << r.err);
        CHECK(r.status == 1);
        CHECK(r.err.find(c.message) != std::string::npos);
    }
}

TEST_CASE("liftcl fft --exchange: the local method's points by components or in arrays; bad values refused") {
    testing::TempFile holder("unused", "");
    for (const bool components : {false, true}) {
        const auto dir = std::filesystem::path(holder.path()).parent_path() / (components ? "components" : "arrays");
        // 3000 fp64 goes by components by default (its one array fits only unpadded); 3000 fp32 in one array.
        const std::string size = components ? "--n 3000 --precision f32" : "--n 3000 --precision f64";
        const auto r = runCli("fft " + size + " --batch 2 --exchange " + (components ? "components" : "arrays") +
                              " --run --verify --emit " + shellQuote(dir.string()));
        INFO(r.out << r.err);
        REQUIRE(r.status == 0);
        CHECK(r.out.find("method=local") != std::string::npos);
        CHECK(r.out.find("rel_l2_error=") != std::string::npos);
        std::ifstream in(dir / "local_fft.cl");
        const std::string source((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        CHECK(source.find(components ? "local real ltmp_0[" : "local complex ltmp_0[") != std::string::npos);
    }
    const auto bad = runCli("fft --n 1680 --exchange sideways");
    CHECK(bad.status != 0);
    CHECK(bad.err.find("--exchange") != std::string::npos);
    const auto other = runCli("fft --n 1680 --method stockham --exchange arrays --batch 2");
    CHECK(other.status == 1);
    CHECK(other.err.find("applies to method local") != std::string::npos);
}

TEST_CASE("liftcl fft --emit writes every pass kernel and plan.json") {
    testing::TempFile holder("unused", "");
    const auto dir = std::filesystem::path(holder.path()).parent_path() / "plan";
    const auto r = runCli("fft --n 16384 --batch 2 --emit " + shellQuote(dir.string()));
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    CHECK(std::filesystem::exists(dir / "plan.json"));
    CHECK(r.out.find("radices=128,128") != std::string::npos);  // auto (fp64): hierarchical, 2 passes
    for (int q = 0; q < 2; ++q) {
        CHECK(std::filesystem::exists(dir / ("hierarchical_pass" + std::to_string(q) + ".cl")));
        CHECK(std::filesystem::exists(dir / ("hierarchical_pass" + std::to_string(q) + ".json")));
    }
}

TEST_CASE("liftcl fft --input X.npy --output Y.npy matches NumPy's FFT (FFTW without numpy)") {
    testing::TempFile holder("x.npy", "");
    const std::filesystem::path dir = std::filesystem::path(holder.path()).parent_path();
    const std::string x = (dir / "x.npy").string(), y = (dir / "y.npy").string();
    const auto values = randomValues(8 * 1024);
    std::vector<std::complex<float>> x32(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) x32[i] = {static_cast<float>(values[i].real()), static_cast<float>(values[i].imag())};
    if (havePythonNumpy()) {
        // NumPy writes the input itself, so its header is the one parsed.
        const std::string script = "import numpy as np; i = np.arange(8 * 1024); "
                                   "x = (np.sin(0.37 * i + 1.0) + 0.5j * np.cos(1.91 * i)).astype(np.complex64); "
                                   "np.save('" + x + "', x.reshape(8, 1024))";
        REQUIRE(std::system((pythonCommand() + shellQuote(script)).c_str()) == 0);
    } else {
        rt::writeNpy(x, {8, 1024}, x32);
    }
    const auto r = runCli("fft --n 1024 --batch 8 --precision f32 --input " + shellQuote(x) + " --output " + shellQuote(y));
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    const rt::NpyComplexArray out = rt::readNpyComplex(y);
    CHECK(out.type == rt::NpyComplexType::Complex64);
    CHECK(out.shape == std::vector<std::int64_t>{8, 1024});
    std::vector<std::complex<double>> exact(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) exact[i] = {x32[i].real(), x32[i].imag()};
    CHECK(fft::relativeL2Error(out.complex64, fft::fftwReference(exact, 1024, 8, rt::FftDirection::Forward, false)) < 2e-6);
    if (havePythonNumpy()) {
        const std::string script = "import numpy as np, sys; x = np.load('" + x + "').astype(np.complex128); y = np.load('" +
                                   y + "'); ref = np.fft.fft(x, axis=1); "
                                   "e = np.linalg.norm(y - ref) / np.linalg.norm(ref); sys.exit(0 if e < 2e-6 else 1)";
        CHECK(std::system((pythonCommand() + shellQuote(script)).c_str()) == 0);
    } else {
        MESSAGE("python3 with numpy not found: compared with FFTW only");
    }

    // dtype and shape that do not fit the request name the file and what was expected.
    auto wrong = runCli("fft --n 1024 --batch 8 --precision f64 --input " + shellQuote(x));
    CHECK(wrong.status == 1);
    CHECK(wrong.err.find(x + ": dtype '<c8' but --precision f64 expects complex128 ('<c16')") != std::string::npos);
    wrong = runCli("fft --n 512 --batch 8 --precision f32 --input " + shellQuote(x));
    CHECK(wrong.status == 1);
    CHECK(wrong.err.find(x + ": shape (8, 1024) but --n 512 --batch 8 expects (8, 512)") != std::string::npos);
    // (n,) with a batch of one, complex128
    rt::writeNpy(x, {1024}, std::vector<std::complex<double>>(values.begin(), values.begin() + 1024));
    const auto single = runCli("fft --n 1024 --input " + shellQuote(x) + " --output " + shellQuote(y) + " --verify");
    INFO(single.out << single.err);
    CHECK(single.status == 0);
    CHECK(printedError(single.out) < 1e-13);
    CHECK(rt::readNpyComplex(y).shape == std::vector<std::int64_t>{1024});
}
