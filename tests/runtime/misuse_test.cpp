// Misuse of the runtime API: every case ends in an rt::Error (ClError for OpenCL failures) with a
// message that says what was wrong, never a crash, a hang or a silent wrong answer.
#include <doctest/doctest.h>

#include <climits>
#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "cl_fixture.hpp"

using namespace liftcl::rt;

namespace {

// out[i] = 2*x[i], strided so any global size is correct.
const char* kTwiceSource = R"(
kernel void twice(global const float* x, global float* out, int n) {
    for (int i = get_global_id(0); i < n; i += get_global_size(0)) out[i] = 2.0f * x[i];
}
)";

const char* kTwiceMetadata = R"({
  "format": "liftcl-kernel-1", "kernel": "twice", "source": "twice.cl", "precision": "float",
  "nat_params": ["n"],
  "args": [
    {"name": "x", "kind": "input", "type": "[float]n", "bytes": "4*n"},
    {"name": "out", "kind": "output", "type": "[float]n", "bytes": "4*n"},
    {"name": "n", "kind": "nat"}
  ],
  "ndrange": {"dims": 1, "global": ["n"], "local": ["16"], "local_fixed": false},
  "local_bytes": "0"
})";

void writeFile(const std::filesystem::path& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

std::vector<float> ramp(int n) {
    std::vector<float> v(n);
    for (int i = 0; i < n; ++i) v[i] = 0.5f + static_cast<float>((i * 37) % 101);
    return v;
}

}  // namespace

TEST_CASE("misuse: buffers of another context are refused before the launch") {
    LIFTCL_REQUIRE_CL_DEVICE(env);
    ProgramCache cache(std::nullopt);
    LaunchableKernel twice(cache, env.context, parseKernelMetadata(kTwiceMetadata), kTwiceSource);
    const int n = 64;
    Context other(env.device);
    Queue otherQueue(other);
    Buffer x = Buffer::fromHost<float>(env.context, env.queue, ramp(n));
    Buffer foreignOut(other, n * sizeof(float));
    CHECK_THROWS_WITH_AS(twice.launch(env.queue, {{"n", n}}, {{"x", x}, {"out", foreignOut}}),
                         doctest::Contains("argument 'out'"), Error);
    // A transfer through a queue of another context.
    std::vector<float> host(n, 1.0f);
    CHECK_THROWS_AS(x.writeBytes(otherQueue, host.data(), host.size() * sizeof(float)), Error);
    // The same kernel still runs correctly afterwards with its own buffers.
    Buffer out(env.context, n * sizeof(float));
    out.fill(env.queue, -1.0f);
    twice.launch(env.queue, {{"n", n}}, {{"x", x}, {"out", out}}).wait();
    const auto got = out.read<float>(env.queue);
    const auto in = ramp(n);
    int wrong = 0;
    for (int i = 0; i < n; ++i) wrong += got[i] != 2.0f * in[i];
    CHECK(wrong == 0);
}

TEST_CASE("misuse: empty, oversized and null buffers, transfers out of range") {
    LIFTCL_REQUIRE_CL_DEVICE(env);
    CHECK_THROWS_AS(Buffer(env.context, 0), Error);
    CHECK_THROWS_AS(Buffer(env.context, std::size_t{1} << 62), Error);
    Buffer b(env.context, 16);
    std::vector<unsigned char> host(64, 7);
    CHECK_THROWS_WITH_AS(b.writeBytes(env.queue, host.data(), 17), doctest::Contains("exceeds the buffer"), Error);
    // An offset near SIZE_MAX must not wrap around the range check.
    CHECK_THROWS_WITH_AS(b.readBytes(env.queue, host.data(), 8, SIZE_MAX - 4), doctest::Contains("exceeds"), Error);
    CHECK_THROWS_AS(b.fillBytes(env.queue, host.data(), 3, 16), Error);  // 16 is no multiple of 3
    Buffer null;
    CHECK_THROWS_AS(null.writeBytes(env.queue, host.data(), 0), Error);
    ProgramCache cache(std::nullopt);
    LaunchableKernel twice(cache, env.context, parseKernelMetadata(kTwiceMetadata), kTwiceSource);
    CHECK_THROWS_WITH_AS(twice.launch(env.queue, {{"n", 4}}, {{"x", b}, {"out", null}}),
                         doctest::Contains("no buffer given for the output argument 'out'"), Error);
}

TEST_CASE("misuse: unsupported sizes and launch overrides") {
    LIFTCL_REQUIRE_CL_DEVICE(env);
    ProgramCache cache(std::nullopt);
    LaunchableKernel twice(cache, env.context, parseKernelMetadata(kTwiceMetadata), kTwiceSource);
    Buffer b(env.context, 4 * 64);
    // A nat too large for an int argument; the buffer sizes would overflow 32 bits.
    CHECK_THROWS_WITH_AS(twice.launch(env.queue, {{"n", std::int64_t{INT_MAX} + 1}}, {{"x", b}, {"out", b}}),
                         doctest::Contains("does not fit"), Error);
    // A zero global size still launches one work-item by design (launch_sizes.hpp); a zero local
    // size is an error.
    LaunchOverrides zeroLocal;
    zeroLocal.global = std::vector<std::size_t>{64};
    zeroLocal.local = std::vector<std::size_t>{0};
    CHECK_THROWS_WITH_AS(twice.launch(env.queue, {{"n", 64}}, {{"x", b}, {"out", b}}, zeroLocal),
                         doctest::Contains("zero dimension"), Error);
    LaunchOverrides tooLarge;
    tooLarge.local = std::vector<std::size_t>{env.device.maxWorkGroupSize() * 2};
    tooLarge.global = std::vector<std::size_t>{env.device.maxWorkGroupSize() * 2};
    CHECK_THROWS_AS(twice.launch(env.queue, {{"n", 64}}, {{"x", b}, {"out", b}}, tooLarge), Error);
    LaunchOverrides wrongDims;
    wrongDims.global = std::vector<std::size_t>{64, 2};
    wrongDims.local = std::vector<std::size_t>{16};
    CHECK_THROWS_AS(twice.launch(env.queue, {{"n", 64}}, {{"x", b}, {"out", b}}, wrongDims), Error);
}

TEST_CASE("misuse: malformed or missing metadata and kernel files") {
    LIFTCL_REQUIRE_CL_DEVICE(env);
    ProgramCache cache(std::nullopt);
    test::TempDir dir;
    const auto json = dir.path() / "twice.json";
    auto load = [&] { return LaunchableKernel::load(cache, env.context, json); };

    CHECK_THROWS_WITH_AS(load(), doctest::Contains("twice.json"), Error);  // no such file
    writeFile(json, "");
    CHECK_THROWS_AS(load(), Error);
    writeFile(json, std::string(kTwiceMetadata).substr(0, 120));  // truncated
    CHECK_THROWS_WITH_AS(load(), doctest::Contains("twice.json"), Error);
    writeFile(json, "[1, 2, 3]");
    CHECK_THROWS_AS(load(), Error);
    writeFile(json, std::string("\x89PNG\r\n\x1a\n\0\0garbage", 17));
    CHECK_THROWS_AS(load(), Error);
    std::filesystem::remove(json);
    std::filesystem::create_directory(json);  // a directory where the file should be
    CHECK_THROWS_AS(load(), Error);
    std::filesystem::remove(json);

    writeFile(json, kTwiceMetadata);
    CHECK_THROWS_WITH_AS(load(), doctest::Contains("twice.cl"), Error);  // the source is missing
    std::filesystem::create_directory(dir.path() / "twice.cl");
    CHECK_THROWS_AS(load(), Error);  // the source is a directory
    std::filesystem::remove(dir.path() / "twice.cl");
    writeFile(dir.path() / "twice.cl", "kernel void twice(global float* x { oops");
    CHECK_THROWS_WITH_AS(load(), doctest::Contains("clBuildProgram"), ClError);  // does not compile
    writeFile(dir.path() / "twice.cl", "kernel void thrice(global float* x) { x[0] = 3.0f; }");
    CHECK_THROWS_WITH_AS(load(), doctest::Contains("twice"), Error);  // no kernel of that name
    writeFile(dir.path() / "twice.cl", kTwiceSource);
    LaunchableKernel ok = load();
    CHECK(ok.metadata().kernel == "twice");
}

TEST_CASE("misuse: a double-precision kernel needs a device with fp64") {
    LIFTCL_REQUIRE_CL_DEVICE(env);
    ProgramCache cache(std::nullopt);
    std::string metadata = kTwiceMetadata;
    metadata.replace(metadata.find("\"float\""), 7, "\"double\"");
    const std::string source =
        "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
        "kernel void twice(global const double* x, global double* out, int n) {\n"
        "    for (int i = get_global_id(0); i < n; i += get_global_size(0)) out[i] = 2.0 * x[i];\n}\n";
    const KernelMetadata meta = parseKernelMetadata(metadata, "twice.json");
    if (env.device.supportsFp64()) {
        // The error path cannot be reached on this device; the kernel must load and run.
        MESSAGE("the device has fp64: only the supported path is checked");
        LaunchableKernel k(cache, env.context, meta, source);
        CHECK(k.metadata().precision == Precision::Double);
    } else {
        CHECK_THROWS_WITH_AS(LaunchableKernel(cache, env.context, meta, source),
                             doctest::Contains("has no cl_khr_fp64"), Error);
    }
}
