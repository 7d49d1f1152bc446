// Misuse of the liftcl CLI: unknown commands and flags, unreadable or odd input files, bad --set
// and --def values, unsupported sizes, malformed JSON, OpenCL C that does not compile. Each case
// must end within a time limit with exit status 1 and a message on stderr that names the problem;
// never a crash, an abort or a hang.
#include <doctest/doctest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "support/cli_run.hpp"

using namespace liftcl::testing;

namespace {

constexpr int kTimeLimitSeconds = 60;

const std::string kSimple = shellQuote(sourcePath("examples/kernels/simple.lift"));
const std::string kStockham = shellQuote(sourcePath("fft/lift/stockham.lift"));

// Runs `args`; the run must fail cleanly and its stderr contain `expected` (when not empty).
void expectError(const std::string& args, const std::string& expected, const std::string& launcher = "") {
    const CliResult r = runCli(args, kTimeLimitSeconds, launcher);
    INFO("liftcl " << args << "\nstatus " << r.status << "\nstderr: " << r.err << "\nstdout: " << r.out);
    CHECK_FALSE(r.timedOut);
    CHECK(r.status == 1);
    CHECK_FALSE(r.err.empty());
    for (const char* crash : {"terminate called", "Segmentation", "Assertion", "Aborted", "AddressSanitizer",
                              "runtime error:"})
        CHECK(r.err.find(crash) == std::string::npos);
    if (!expected.empty()) CHECK(r.err.find(expected) != std::string::npos);
}

}  // namespace

TEST_CASE("CLI misuse: unknown subcommands, flags and option values") {
    expectError("frobnicate", "subcommand");
    expectError("", "");  // a subcommand is required
    expectError("typecheck " + kSimple + " --bogus", "--bogus");
    expectError("compile " + kSimple + " --def copy --set n=8 --frobnicate -o /tmp/x.cl", "--frobnicate");
    expectError("run " + kSimple + " --set n=8 --random 1", "--def");  // a required option missing
    expectError("run " + kSimple + " --def copy --set n=8 --random notanumber", "--random");
    expectError("run " + kSimple + " --def copy --set n=8 --random 1 --precision f16", "f16");
    expectError("compile " + kSimple + " --def copy --set n=8 --twiddles magic -o /tmp/x.cl", "magic");
    expectError("compile " + kSimple + " --def copy --set n=8 --strategy no-such-strategy -o /tmp/x.cl",
                "no-such-strategy");
    expectError("random-program --seed 1 --count 0", "--count");
    expectError("random-program --seed 1 --precision f16", "f16");
    expectError("random-program --seed -3", "--seed");
}

TEST_CASE("CLI misuse: missing, unreadable, directory and binary input files") {
    expectError("typecheck /nonexistent/dir/x.lift", "/nonexistent/dir/x.lift");
    expectError("compile /nonexistent/x.lift --def f -o /tmp/x.cl", "/nonexistent/x.lift");
    const std::string dir = std::filesystem::temp_directory_path().string();
    expectError("typecheck " + shellQuote(dir), dir);
    expectError("eval " + shellQuote(dir) + " --def f --random 1", dir);
    expectError("compile " + shellQuote(dir) + " --def f -o /tmp/x.cl", dir);
    expectError("run " + shellQuote(dir) + " --def f --random 1", dir);
    TempFile unreadable("secret.lift", "def f = \\(xs: [real]4) => map(\\x => mul(x, x)) $ xs\n");
    chmod(unreadable.path().c_str(), 0);
    if (geteuid() != 0)  // root reads any file
        expectError("typecheck " + shellQuote(unreadable.path()), unreadable.path());
    TempFile garbage("garbage.lift", std::string("\0\0\0\x01\xff\xfe binary \x80", 14));
    expectError("compile " + shellQuote(garbage.path()) + " --def f -o /tmp/x.cl", garbage.path());
}

TEST_CASE("CLI misuse: --set with zero, negative, huge or malformed sizes; unknown --def") {
    for (const char* set : {"n=0", "n=-4", "n=abc", "n=", "=4", "n=99999999999999999999999"}) {
        CAPTURE(set);
        expectError("compile " + kSimple + " --def copy --set " + set + " -o /tmp/liftcl-misuse.cl", "");
        expectError("eval " + kSimple + " --def copy --set " + set + " --random 1", "");
    }
    // Sizes the definition does not support: p must divide n, L/p ...
    expectError("eval " + kStockham + " --def stockhamPass --set n=64,L=16,p=3 --random 1", "");
    expectError("compile " + kStockham + " --def stockhamPass --set n=64,L=16,p=3 --strategy lower-stockham -o "
                "/tmp/liftcl-misuse.cl", "");
    // Sizes too large to compute must be refused by name, not exhaust memory or time.
    expectError("eval " + kSimple + " --def copy --set n=4000000000000 --random 1", "too large");
    expectError("run " + kSimple + " --def copy --set n=4000000000000 --random 1 --check", "too large");
    // A name the definition does not have is refused, naming it and the definition's parameters.
    expectError("compile " + kSimple + " --def copy --set n=8,zz=3 -o /tmp/liftcl-misuse.cl",
                "--set: zz is not a parameter of 'copy' (its parameters: n)");
    expectError("eval " + kSimple + " --def scaleTransposed --set zz=3 --random 1",
                "--set: zz is not a parameter of 'scaleTransposed' (its parameters: n, m)");
    expectError("typecheck " + kSimple + " --set zz=3", "--set: zz is not a parameter of any definition in");
    for (const char* command : {"eval", "run", "compile", "rewrite", "explore"}) {
        CAPTURE(command);
        std::string args = std::string(command) + " " + kSimple + " --def noSuchDefinition --set n=8";
        if (std::string(command) == "eval" || std::string(command) == "run") args += " --random 1";
        if (std::string(command) == "compile") args += " -o /tmp/liftcl-misuse.cl";
        if (std::string(command) == "rewrite") args += " --strategy lower-global";
        if (std::string(command) == "explore") args += " --dry-run";
        expectError(args, "noSuchDefinition");
    }
}

TEST_CASE("CLI misuse: unwritable outputs, malformed wisdom JSON, OpenCL C that does not compile") {
    expectError("compile " + kSimple + " --def copy --set n=8 -o /nonexistent/dir/out.cl", "/nonexistent/dir");
    const std::string dir = std::filesystem::temp_directory_path().string();
    expectError("compile " + kSimple + " --def copy --set n=8 -o " + shellQuote(dir), "");
    // A malformed wisdom file is refused naming the file and the problem (not read as empty).
    TempFile wisdom("wisdom.json", "{\"entries\": [1, 2");
    expectError("compile " + kSimple + " --def copy --set n=8 --from-wisdom --wisdom " + shellQuote(wisdom.path()) +
                    " -o /tmp/liftcl-misuse.cl",
                "the wisdom file " + wisdom.path() + " is not valid JSON");
    TempFile notWisdom("wisdom.json", "{\"entries\": {}}");
    expectError("compile " + kSimple + " --def copy --set n=8 --from-wisdom --wisdom " + shellQuote(notWisdom.path()) +
                    " -o /tmp/liftcl-misuse.cl",
                "the wisdom file " + notWisdom.path() + " is not a liftcl wisdom file");
    TempFile bad("bad.cl", "kernel void k(global float* x) { x[0] = undeclared_thing + ; }\n");
    // `liftcl check` runs no kernel. Under the e2e_oclgrind ctest, Oclgrind's runtime is preloaded
    // into every child process, and its LLVM and the clang plugin's register the same LLVM
    // command-line options (an abort at start-up), so check runs without the preload.
    expectError("check " + shellQuote(bad.path()), "", "env -u LD_PRELOAD");
    expectError("check /nonexistent/x.cl", "", "env -u LD_PRELOAD");
}

TEST_CASE("CLI misuse: liftcl fft options given but empty, and a corrupt wisdom file") {
    expectError("fft --n 64 --radices ''", "--radices: expected a comma-separated list of radices");
    expectError("fft --n -8", "n=-8 is not supported");
    expectError("fft --n 64 --batch -2", "batch=-2 is not supported");
    TempFile wisdom("wisdom.json", "{\"format\": \"liftcl-wisdom-1\", \"entries\": {");
    // Named by --wisdom: refused. The default file, consulted by every plan: a warning naming it,
    // and the plan made without it (refusing would block every liftcl fft until it is deleted).
    expectError("fft --n 64 --wisdom " + shellQuote(wisdom.path()), "the wisdom file " + wisdom.path() + " is not valid JSON");
    const char* saved = std::getenv("LIFTCL_WISDOM");
    const std::string savedValue = saved ? saved : "";
    setenv("LIFTCL_WISDOM", wisdom.path().c_str(), 1);
    const CliResult r = runCli("fft --n 64", kTimeLimitSeconds);
    if (saved) setenv("LIFTCL_WISDOM", savedValue.c_str(), 1); else unsetenv("LIFTCL_WISDOM");
    INFO(r.out << r.err);
    CHECK(r.status == 0);
    CHECK(r.err.find("warning: the wisdom file " + wisdom.path() + " is not valid JSON") != std::string::npos);
    CHECK(r.out.find("fft n=64 batch=1") != std::string::npos);
}
