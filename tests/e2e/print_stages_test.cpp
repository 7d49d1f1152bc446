// `--print-stages` of `liftcl compile` and `liftcl fft`: the stages appear in pipeline order, one
// header per rewrite step of the strategy, the last step's program is the lowered program (the
// derivation replayed step by step ends where the strategy ended), and the OpenCL C printed last
// is exactly the kernel `compile -o` writes and `liftcl rewrite` lowers to.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "support/cli_run.hpp"

namespace {

using namespace liftcl::testing;  // runCli, shellQuote, sourcePath, TempFile, readText

struct Stage {
    std::string title;  // the header without "// ==== n. " and " ===="
    std::string body;
};

// Splits the output at the stage headers, checking that they are numbered 1, 2, 3, ...
std::vector<Stage> stagesOf(const std::string& out) {
    std::vector<Stage> stages;
    std::istringstream in(out);
    std::string line;
    while (std::getline(in, line)) {
        const std::string prefix = "// ==== " + std::to_string(stages.size() + 1) + ". ";
        if (line.rfind(prefix, 0) == 0 && line.size() > prefix.size() + 5 &&
            line.compare(line.size() - 5, 5, " ====") == 0) {
            stages.push_back({line.substr(prefix.size(), line.size() - prefix.size() - 5), ""});
        } else if (!stages.empty()) {
            stages.back().body += line + "\n";
        } else {
            REQUIRE_MESSAGE(line.rfind("// ====", 0) != 0, "misnumbered stage header: " << line);
        }
    }
    return stages;
}

std::string trimmed(std::string s) {
    while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
    return s;
}

}  // namespace

TEST_CASE("liftcl compile --print-stages: parsed, every rewrite step, lowered, OpenCL C last") {
    const std::string args = shellQuote(sourcePath("fft/lift/stockham.lift")) +
                             " --def stockhamPass --set n=64,L=16,p=4 --strategy lower-stockham";
    const CliResult r = runCli("compile " + args + " --print-stages");
    REQUIRE(r.status == 0);
    const std::vector<Stage> stages = stagesOf(r.out);
    REQUIRE(stages.size() >= 5);
    CHECK(stages.front().title == "parsed (stockhamPass, f64)");
    // parsed, the steps, lowered, the kernel as codegen emitted it and after each codegen pass
    // that changed it, OpenCL C
    std::size_t loweredAt = 0;
    for (std::size_t k = 0; k < stages.size(); ++k)
        if (stages[k].title.rfind("lowered", 0) == 0) loweredAt = k;
    REQUIRE(loweredAt >= 2);
    const std::size_t steps = loweredAt - 1;
    for (std::size_t k = 1; k <= steps; ++k) {
        CAPTURE(stages[k].title);
        CHECK(stages[k].title.rfind("strategy 'lower-stockham', step " + std::to_string(k) + " of " +
                                        std::to_string(steps) + ": ",
                                    0) == 0);
    }
    const Stage& lowered = stages[loweredAt];
    CHECK(lowered.title == "lowered (strategy 'lower-stockham')");
    CHECK(trimmed(stages[steps].body) == trimmed(lowered.body));
    CHECK(trimmed(stages[1].body) != trimmed(stages[0].body));  // a step changes the program
    CHECK(lowered.body.find("mapGlb") != std::string::npos);

    // The OpenCL C stage is the kernel that compile writes, its body the one codegen emitted.
    const Stage& kernel = stages.back();
    CHECK(kernel.title == "OpenCL C (kernel stockhamPass)");
    // The views each loop reads and writes: the pass reads its input through split and zip
    // layouts of the kernel's argument, and writes through layouts of `out`.
    const Stage& views = stages[loweredAt + 1];
    CHECK(views.title == "codegen views (kernel stockhamPass body)");
    CHECK(views.body.find("mapGlb(0) reads  ") != std::string::npos);
    CHECK(views.body.find("global vs[0..] : [complex]64") != std::string::npos);
    CHECK(views.body.find("writes ") != std::string::npos);
    CHECK(views.body.find("global out[") != std::string::npos);
    const Stage& emitted = stages[loweredAt + 2];
    CHECK(emitted.title == "codegen emitted (kernel stockhamPass body)");
    CHECK(emitted.body.find("for (") != std::string::npos);
    for (std::size_t k = loweredAt + 3; k + 1 < stages.size(); ++k) CHECK(stages[k].title.rfind("codegen ", 0) == 0);
    CHECK(kernel.body.find(trimmed(stages[stages.size() - 2].body)) != std::string::npos);
    TempFile cl("k.cl", "");
    const CliResult written = runCli("compile " + args + " -o " + shellQuote(cl.path()));
    REQUIRE(written.status == 0);
    CHECK(trimmed(kernel.body) == trimmed(readText(cl.path())));

    // Without -o and without --print-stages there is nothing to do.
    const CliResult neither = runCli("compile " + args);
    CHECK(neither.status != 0);
    CHECK(neither.err.find("--print-stages") != std::string::npos);
}

TEST_CASE("liftcl compile --print-stages on a lowered definition: parsed, then OpenCL C") {
    const CliResult r = runCli("compile " + shellQuote(sourcePath("examples/matrix_multiply.lift")) +
                               " --def matrixMultiplyGlb --set m=4,k=4,n=4 --print-stages");
    REQUIRE(r.status == 0);
    const std::vector<Stage> stages = stagesOf(r.out);
    REQUIRE(stages.size() == 4);
    CHECK(stages[0].title == "parsed (matrixMultiplyGlb, f64)");
    CHECK(stages[0].body.find("mapGlb") != std::string::npos);
    // The views: the inner map reads B transposed, the reduction a row of A zipped with a column
    // of B, and the result is written through a split of a row of out.
    CHECK(stages[1].title == "codegen views (kernel matrixMultiplyGlb body)");
    CHECK(stages[1].body.find("mapGlb(0) reads  transpose(global Bm[0..] : [[double]4]4)") != std::string::npos);
    CHECK(stages[1].body.find("reduceSeq reads  zip(global A[4*gl1_0..] : [double]4, column(gl0_0, global Bm[0..] : "
                              "[[double]4]4))") != std::string::npos);
    CHECK(stages[1].body.find("writes split(1, global out[4*gl1_0..] : [double]4)") != std::string::npos);
    CHECK(stages[2].title == "codegen emitted (kernel matrixMultiplyGlb body)");
    CHECK(stages[3].title == "OpenCL C (kernel matrixMultiplyGlb)");
    CHECK(stages[3].body.find("kernel void matrixMultiplyGlb(") != std::string::npos);
    CHECK(stages[3].body.find(trimmed(stages[2].body)) != std::string::npos);
}

TEST_CASE("liftcl fft --print-stages: the kernel body after each pass over the OpenCL C tree") {
    // 8192 fp32 points fill local memory only as components: the local kernel's mapLcl nests hand
    // their values on through one __local array of reals (local-split-exchange).
    const CliResult r = runCli("fft --n 8192 --batch 2 --precision f32 --print-stages");
    REQUIRE(r.status == 0);
    const std::vector<Stage> stages = stagesOf(r.out);
    std::vector<std::string> codegen;
    for (const Stage& s : stages)
        if (s.title.rfind("codegen ", 0) == 0) codegen.push_back(s.title);
    // (No barrier-elimination stage: the work-group loop's closing barrier follows the last nest,
    // which writes global memory and ends with no barrier of its own.)
    CHECK(codegen == std::vector<std::string>{"codegen views (kernel local_fft body)",
                                              "codegen emitted (kernel local_fft body)",
                                              "codegen constant-folding (kernel local_fft body)",
                                              "codegen local-split-exchange (kernel local_fft body)"});
    REQUIRE(stages.size() >= 4);
    const Stage& emitted = stages[stages.size() - 4];
    const Stage& folded = stages[stages.size() - 3];
    const Stage& exchanged = stages[stages.size() - 2];
    auto count = [](const std::string& text, const std::string& what) {
        std::size_t n = 0;
        for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
        return n;
    };
    CHECK(count(emitted.body, "local complex ") >= 2);  // a __local array per pass, before the pass
    CHECK(count(exchanged.body, "local complex ") == 0);
    CHECK(count(exchanged.body, "local real ") == 1);
    CHECK(count(exchanged.body, "barrier(") > count(emitted.body, "barrier("));
    // Constant folding: products by twiddles 1, -1, i, -i of the emitted body are gone.
    CHECK(count(emitted.body, "cmul(") > count(folded.body, "cmul("));
    // The last pass's body is the generated kernel's.
    CHECK(stages.back().title == "OpenCL C (kernel local_fft)");
    CHECK(stages.back().body.find(trimmed(exchanged.body)) != std::string::npos);
}

TEST_CASE("liftcl fft --print-stages: every pass composed, rewritten step by step, lowered, generated") {
    const CliResult r = runCli("fft --n 256 --batch 2 --precision f32 --method stockham --radices 16,16 --print-stages");
    REQUIRE(r.status == 0);
    const std::vector<Stage> stages = stagesOf(r.out);
    std::vector<std::string> composed, kernels;
    for (const Stage& s : stages) {
        if (s.title.find(": composed") != std::string::npos) composed.push_back(s.title);
        if (s.title.rfind("OpenCL C (kernel ", 0) == 0) kernels.push_back(s.title);
    }
    CHECK(composed == std::vector<std::string>{"pass stockham_pass0: composed", "pass stockham_pass1: composed"});
    CHECK(kernels == std::vector<std::string>{"OpenCL C (kernel stockham_pass0)", "OpenCL C (kernel stockham_pass1)"});
    REQUIRE(!stages.empty());
    CHECK(stages.back().title == "OpenCL C (kernel stockham_pass1)");
    // The printed kernels are the plan's: --emit writes the same sources.
    TempFile marker("unused", "");
    const std::string dir = (std::filesystem::path(marker.path()).parent_path() / "plan").string();
    const CliResult emitted = runCli("fft --n 256 --batch 2 --precision f32 --method stockham --radices 16,16 --emit " +
                                     shellQuote(dir));
    REQUIRE(emitted.status == 0);
    for (const Stage& s : stages)
        if (s.title == "OpenCL C (kernel stockham_pass0)")
            CHECK(trimmed(s.body) == trimmed(readText(dir + "/stockham_pass0.cl")));
}

TEST_CASE("liftcl fft --print-stages: multidimensional, real and nested plans show every pass") {
    // A real 2D transform: its one kernel composed, lowered by its strategy, viewed, generated.
    const CliResult real = runCli("fft --n 8x8 --real --precision f32 --print-stages");
    REQUIRE(real.status == 0);
    const std::vector<Stage> stages = stagesOf(real.out);
    REQUIRE(stages.size() >= 4);
    CHECK(stages.front().title == "pass nd_fft: composed");
    CHECK(stages.front().body.find("genRootOfUnity") != std::string::npos);  // the packed real twist
    bool views = false;
    for (const Stage& s : stages) views = views || s.title == "codegen views (kernel nd_fft body)";
    CHECK(views);
    CHECK(stages.back().title == "OpenCL C (kernel nd_fft)");
    // Bluestein's five steps: its own passes and those of the FFTs nested in its plan.
    const CliResult bluestein = runCli("fft --n 97 --method bluestein-steps --precision f32 --print-stages");
    REQUIRE(bluestein.status == 0);
    std::vector<std::string> composed;
    for (const Stage& s : stagesOf(bluestein.out))
        if (s.title.find(": composed") != std::string::npos) composed.push_back(s.title);
    REQUIRE(composed.size() >= 5);
    CHECK(composed.front() == "pass bluestein_chirp_pad: composed");
    CHECK(composed.back() == "pass bluestein_chirp_truncate: composed");
    bool nested = false;
    for (const auto& title : composed) nested = nested || title.find("bluestein_fwd_") != std::string::npos;
    CHECK(nested);
}
