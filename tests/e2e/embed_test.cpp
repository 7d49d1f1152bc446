// `liftcl compile --emit header`: the header embeds exactly the kernel `--emit cl` writes (source and
// metadata) and a launcher typed by the metadata (buffers by name, nat values as std::int64_t).
// Bad names and emit kinds are errors. (CI builds and runs examples/embed against an installed
// liftcl, which compiles such headers and checks their results on the host.)
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "support/cli_run.hpp"

namespace {

using namespace liftcl::testing;  // CliResult, runCli, shellQuote, sourcePath, TempFile, readText

// The texts of the raw literals R"liftcl(...)liftcl" of one pieces array, concatenated.
std::string embedded(const std::string& header, const std::string& array) {
    const auto start = header.find("std::string_view " + array + "[]");
    const auto end = header.find("};", start);
    std::string text;
    for (auto pos = header.find("R\"liftcl(", start); pos < end; pos = header.find("R\"liftcl(", pos)) {
        pos += 9;
        const auto close = header.find(")liftcl\"", pos);
        text += header.substr(pos, close - pos);
        pos = close;
    }
    return text;
}

}  // namespace

TEST_CASE("compile --emit header embeds the kernel with a typed launcher") {
    const std::string file = shellQuote(sourcePath("examples/matrix_vector.lift"));
    TempFile header("matrixVector.hpp", "");
    TempFile cl("mv.cl", "");
    const std::string common = "compile " + file + " --def matrixVector --strategy lower-global --precision f32 ";
    const CliResult h = runCli(common + "--emit header -o " + shellQuote(header.path()));
    CAPTURE(h.err);
    REQUIRE(h.status == 0);
    const CliResult c = runCli(common + "-o " + shellQuote(cl.path()));
    REQUIRE(c.status == 0);

    const std::string text = readText(header.path());
    CHECK(text.find("#pragma once") != std::string::npos);
    CHECK(text.find("#include \"runtime/runtime.hpp\"") != std::string::npos);
    CHECK(text.find("namespace liftcl_kernels {") != std::string::npos);
    CHECK(text.find("class matrixVector {") != std::string::npos);
    CHECK(text.find("using real = float;") != std::string::npos);
    // Buffers in argument order (the temporary is the runtime's), then the nats, typed.
    CHECK(text.find("operator()(const liftcl::rt::Queue& queue, const liftcl::rt::Buffer& M, "
                    "const liftcl::rt::Buffer& x, const liftcl::rt::Buffer& out, std::int64_t m, std::int64_t n, "
                    "const liftcl::rt::LaunchOverrides& overrides = {})") != std::string::npos);
    CHECK(text.find("std::size_t outBytes(std::int64_t m, std::int64_t n) const") != std::string::npos);
    CHECK(text.find("gtmp_0\", ") == std::string::npos);  // no parameter for the temporary
    // The same kernel as --emit cl; the metadata differs only in the source file name.
    CHECK(embedded(text, "sourcePieces") == readText(cl.path()));
    std::string metadata = embedded(text, "metadataPieces");
    const std::string cjson = readText(std::filesystem::path(cl.path()).replace_extension(".json").string());
    const auto at = metadata.find("\"matrixVector.cl\"");
    REQUIRE(at != std::string::npos);
    metadata.replace(at, std::string("\"matrixVector.cl\"").size(), "\"mv.cl\"");
    CHECK(metadata == cjson);

    // --name and --namespace.
    const CliResult named = runCli(common + "--emit header --name MatVec --namespace app -o " + shellQuote(header.path()));
    REQUIRE(named.status == 0);
    const std::string renamed = readText(header.path());
    CHECK(renamed.find("namespace app {") != std::string::npos);
    CHECK(renamed.find("class MatVec {") != std::string::npos);
    CHECK(renamed.find("MatVec(liftcl::rt::ProgramCache& cache, const liftcl::rt::Context& context)") !=
          std::string::npos);
}

TEST_CASE("compile --emit header: a specialised kernel has no nat parameters") {
    TempFile header("dotPartial.hpp", "");
    const CliResult h = runCli("compile " + shellQuote(sourcePath("examples/dot_product.lift")) +
                               " --def dotPartial --set n=4096,c=64 --emit header -o " + shellQuote(header.path()));
    REQUIRE(h.status == 0);
    const std::string text = readText(header.path());
    CHECK(text.find("using real = double;") != std::string::npos);
    CHECK(text.find("const liftcl::rt::Buffer& out, const liftcl::rt::LaunchOverrides& overrides = {})") !=
          std::string::npos);
    CHECK(text.find("std::size_t outBytes() const") != std::string::npos);
    CHECK(text.find("std::int64_t") == std::string::npos);  // no nat values to give
    CHECK(text.find("nat parameters:") == std::string::npos);
}

TEST_CASE("compile --emit: bad kinds and names are errors") {
    TempFile out("x.hpp", "");
    const std::string common = "compile " + shellQuote(sourcePath("examples/matrix_vector.lift")) +
                               " --def matrixVector --strategy lower-global -o " + shellQuote(out.path()) + " ";
    CliResult r = runCli(common + "--emit hpp");
    CHECK(r.status == 1);
    CHECK(r.err.find("--emit: expected cl or header") != std::string::npos);
    r = runCli(common + "--emit header --name 3d-kernel");
    CHECK(r.status == 1);
    CHECK(r.err.find("is not a C++ identifier") != std::string::npos);
    r = runCli(common + "--emit header --namespace a::b");
    CHECK(r.status == 1);
    CHECK(r.err.find("is not a C++ identifier") != std::string::npos);
}
