#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <string>
#include <vector>

#include "cl_fixture.hpp"

using namespace liftcl::rt;

namespace {

// out[i] = a*x[i] + y[i] with a strided loop, as generated kernels are: correct for any global size.
const char* kSaxpySource = R"(
kernel void saxpy(global const float* x, global const float* y, global float* out, int n, int a) {
    for (int i = get_global_id(0); i < n; i += get_global_size(0))
        out[i] = a * x[i] + y[i];
}
)";

const char* kSaxpyMetadata = R"({
  "format": "liftcl-kernel-1", "kernel": "saxpy", "source": "saxpy.cl", "precision": "float",
  "nat_params": ["n", "a"],
  "args": [
    {"name": "x", "kind": "input", "type": "[float]n", "bytes": "4*n"},
    {"name": "y", "kind": "input", "type": "[float]n", "bytes": "4*n"},
    {"name": "out", "kind": "output", "type": "[float]n", "bytes": "4*n"},
    {"name": "n", "kind": "nat"},
    {"name": "a", "kind": "nat"}
  ],
  "ndrange": {"dims": 1, "global": ["n/4"], "local": ["64"], "local_fixed": false},
  "local_bytes": "0"
})";

std::vector<float> ramp(int n, float scale, float offset) {
    std::vector<float> v(n);
    for (int i = 0; i < n; ++i) v[i] = scale * static_cast<float>((i * 7919) % 1000) + offset;
    return v;
}

constexpr float kPoison = -123456.0f;

// Launches a kernel of an input x = ramp(n) and an output (poisoned first) with the nat n, and
// counts the output elements other than expected(i, x[i]).
template <class Expected>
int wrongElements(test::ClEnv& env, LaunchableKernel& kernel, int n, Expected expected) {
    auto x = ramp(n, 0.01f, -3.0f);
    Buffer bx = Buffer::fromHost<float>(env.context, env.queue, x);
    Buffer out(env.context, n * sizeof(float));
    out.fill(env.queue, kPoison);
    kernel.launch(env.queue, {{"n", n}}, {{"x", bx}, {"out", out}});
    auto result = out.read<float>(env.queue);
    int wrong = 0;
    for (int i = 0; i < n; ++i)
        if (result[i] != expected(i, x[i])) ++wrong;
    return wrong;
}

}  // namespace

TEST_CASE("saxpy runs through launch-from-metadata and matches the host") {
    LIFTCL_REQUIRE_CL_DEVICE(env);
    ProgramCache cache(std::nullopt);
    KernelMetadata meta = parseKernelMetadata(kSaxpyMetadata, "saxpy.json");
    LaunchableKernel saxpy(cache, env.context, meta, kSaxpySource);
    for (int n : {1, 3, 100, 1000, 4099}) {
        CAPTURE(n);
        const int a = 3;
        auto x = ramp(n, 0.25f, 1.0f), y = ramp(n, -0.5f, 2.0f);
        Buffer bx = Buffer::fromHost<float>(env.context, env.queue, x);
        Buffer by = Buffer::fromHost<float>(env.context, env.queue, y);
        Buffer out(env.context, n * sizeof(float));
        out.fill(env.queue, kPoison);
        NatValues nats{{"n", n}, {"a", a}};
        LaunchSizes sizes = saxpy.launchSizes(nats);
        CHECK(sizes.global[0] % sizes.local[0] == 0);
        CHECK(sizes.global[0] >= 64);
        Event event = saxpy.launch(env.queue, nats, {{"x", bx}, {"y", by}, {"out", out}});
        event.wait();
        CHECK(event.endNs() >= event.startNs());
        auto result = out.read<float>(env.queue);
        int wrong = 0;
        for (int i = 0; i < n; ++i)
            if (result[i] != a * x[i] + y[i]) ++wrong;
        CHECK(wrong == 0);
    }
}

TEST_CASE("the one-shot launchFromMetadata runs a kernel") {
    LIFTCL_REQUIRE_CL_DEVICE(env);
    ProgramCache cache(std::nullopt);
    const int n = 777;
    auto x = ramp(n, 1.0f, 0.5f), y = ramp(n, 2.0f, -1.0f);
    Buffer bx = Buffer::fromHost<float>(env.context, env.queue, x);
    Buffer by = Buffer::fromHost<float>(env.context, env.queue, y);
    Buffer out(env.context, n * sizeof(float));
    out.fill(env.queue, kPoison);
    launchFromMetadata(env.queue, cache, parseKernelMetadata(kSaxpyMetadata), kSaxpySource, {{"n", n}, {"a", 5}},
                       {{"x", bx}, {"y", by}, {"out", out}});
    auto result = out.read<float>(env.queue);
    for (int i = 0; i < n; i += 97) CHECK(result[i] == 5 * x[i] + y[i]);
    CHECK(result[n - 1] == 5 * x[n - 1] + y[n - 1]);
}

TEST_CASE("launch errors: buffer too small, missing, unknown; nat missing") {
    LIFTCL_REQUIRE_CL_DEVICE(env);
    ProgramCache cache(std::nullopt);
    LaunchableKernel saxpy(cache, env.context, parseKernelMetadata(kSaxpyMetadata), kSaxpySource);
    Buffer big(env.context, 4 * 100), small(env.context, 4 * 99);
    NatValues nats{{"n", 100}, {"a", 2}};
    CHECK_THROWS_WITH_AS(saxpy.launch(env.queue, nats, {{"x", big}, {"y", small}, {"out", big}}),
                         doctest::Contains("the buffer for argument 'y' has 396 bytes but needs 400 bytes "
                                           "('4*n' with n=100)"),
                         Error);
    CHECK_THROWS_WITH_AS(saxpy.launch(env.queue, nats, {{"x", big}, {"y", big}}),
                         doctest::Contains("no buffer given for the output argument 'out'"), Error);
    CHECK_THROWS_WITH_AS(saxpy.launch(env.queue, nats, {{"x", big}, {"y", big}, {"out", big}, {"z", big}}),
                         doctest::Contains("no input or output argument 'z'"), Error);
    CHECK_THROWS_WITH_AS(saxpy.launch(env.queue, {{"n", 100}}, {{"x", big}, {"y", big}, {"out", big}}),
                         doctest::Contains("no value given for the nat parameter 'a'"), Error);
    CHECK_THROWS_WITH_AS(saxpy.launch(env.queue, {{"n", -1}, {"a", 1}}, {{"x", big}, {"y", big}, {"out", big}}),
                         doctest::Contains("'n' = -1 does not fit"), Error);
    // A queue of another context (its buffers could not be used by this kernel).
    Context other(env.device);
    Queue otherQueue(other);
    CHECK_THROWS_WITH_AS(saxpy.launch(otherQueue, nats, {{"x", big}, {"y", big}, {"out", big}}),
                         doctest::Contains("built in another context"), Error);
    // Metadata that disagrees with the kernel's signature.
    auto replaced = [](std::string text, const std::string& from, const std::string& to) {
        REQUIRE(text.find(from) != std::string::npos);
        return text.replace(text.find(from), from.size(), to);
    };
    std::string wrongArity = replaced(kSaxpyMetadata, R"(,
    {"name": "a", "kind": "nat"})", "");
    wrongArity = replaced(wrongArity, R"(["n", "a"])", R"(["n"])");
    CHECK_THROWS_WITH_AS(LaunchableKernel(cache, env.context, parseKernelMetadata(wrongArity), kSaxpySource),
                         doctest::Contains("takes 5 arguments but its metadata lists 4"), Error);
}

TEST_CASE("temporaries are allocated by the runtime and kept between launches") {
    LIFTCL_REQUIRE_CL_DEVICE(env);
    const char* source = R"(
kernel void square_plus_one(global const float* x, global float* out, global float* tmp, int n) {
    for (int i = get_global_id(0); i < n; i += get_global_size(0)) {
        tmp[i] = x[i] * x[i];
        out[i] = tmp[i] + 1.0f;
    }
})";
    const char* metadata = R"({
  "format": "liftcl-kernel-1", "kernel": "square_plus_one", "precision": "float", "nat_params": ["n"],
  "args": [
    {"name": "x", "kind": "input", "bytes": "4*n"},
    {"name": "out", "kind": "output", "bytes": "4*n"},
    {"name": "tmp", "kind": "temporary", "bytes": "4*n"},
    {"name": "n", "kind": "nat"}
  ],
  "ndrange": {"dims": 1, "global": ["n"], "local": null}
})";
    ProgramCache cache(std::nullopt);
    LaunchableKernel kernel(cache, env.context, parseKernelMetadata(metadata), source);
    for (int n : {500, 2000, 100}) {  // grows, then reuses the temporary
        CAPTURE(n);
        CHECK(wrongElements(env, kernel, n, [](int, float x) { return x * x + 1.0f; }) == 0);
    }
}

// A table argument: the metadata's bytes, uploaded and bound by the launcher (never passed by the
// caller), kept between launches.
TEST_CASE("table arguments are created from the metadata's data and bound by the runtime") {
    LIFTCL_REQUIRE_CL_DEVICE(env);
    const char* source = R"(
kernel void add_table(global const float* x, global float* out, const global float* restrict coef, int n) {
    for (int i = get_global_id(0); i < n; i += get_global_size(0)) out[i] = x[i] + coef[i % 4];
})";
    // coef = {1.5, -2, 0.25, 1000} as little-endian IEEE floats.
    const char* metadata = R"({
  "format": "liftcl-kernel-1", "kernel": "add_table", "precision": "float", "nat_params": ["n"],
  "args": [
    {"name": "x", "kind": "input", "bytes": "4*n"},
    {"name": "out", "kind": "output", "bytes": "4*n"},
    {"name": "coef", "kind": "table", "type": "[float]4", "bytes": "16", "data": "0000c03f000000c00000803e00007a44"},
    {"name": "n", "kind": "nat"}
  ],
  "ndrange": {"dims": 1, "global": ["n"], "local": null}
})";
    const KernelMetadata meta = parseKernelMetadata(metadata);
    REQUIRE(meta.args[2].kind == ArgKind::Table);
    CHECK(meta.args[2].data.size() == 16);
    ProgramCache cache(std::nullopt);
    LaunchableKernel kernel(cache, env.context, meta, source);
    const float coef[4] = {1.5f, -2.0f, 0.25f, 1000.0f};
    for (int n : {37, 300}) {
        CAPTURE(n);
        CHECK(wrongElements(env, kernel, n, [&](int i, float x) { return x + coef[i % 4]; }) == 0);
    }
    // The caller cannot pass it: it is not an input or output.
    Buffer bx(env.context, 16), out(env.context, 16), coefBuffer(env.context, 16);
    CHECK_THROWS_WITH_AS(kernel.launch(env.queue, {{"n", 4}}, {{"x", bx}, {"out", out}, {"coef", coefBuffer}}),
                         doctest::Contains("has no input or output argument 'coef'"), Error);
}

TEST_CASE("2D NDRange with a fixed local size, and a local size shrunk to the device") {
    LIFTCL_REQUIRE_CL_DEVICE(env);
    const char* source = R"(
kernel void record(global int* out, int w, int h) {
    int x = get_global_id(0), y = get_global_id(1);
    if (x < w && y < h) out[y * w + x] = (int)(get_local_size(0) * 1000 + get_local_size(1));
})";
    std::string metadata = R"({
  "format": "liftcl-kernel-1", "kernel": "record", "precision": "float", "nat_params": ["w", "h"],
  "args": [{"name": "out", "kind": "output", "bytes": "4*w*h"}, {"name": "w", "kind": "nat"}, {"name": "h", "kind": "nat"}],
  "ndrange": {"dims": 2, "global": ["w", "h"], "local": ["LX", "LY"], "local_fixed": FIXED}
})";
    auto with = [&](const std::string& lx, const std::string& ly, const std::string& fixed) {
        std::string text = metadata;
        text.replace(text.find("LX"), 2, lx);
        text.replace(text.find("LY"), 2, ly);
        text.replace(text.find("FIXED"), 5, fixed);
        return parseKernelMetadata(text);
    };
    ProgramCache cache(std::nullopt);
    const int w = 37, h = 10;
    Buffer out(env.context, 4 * w * h);

    LaunchableKernel fixed(cache, env.context, with("8", "2", "true"), source);
    out.fill(env.queue, cl_int{-1});
    fixed.launch(env.queue, {{"w", w}, {"h", h}}, {{"out", out}});
    auto result = out.read<cl_int>(env.queue);
    for (int i = 0; i < w * h; ++i) REQUIRE(result[i] == 8002);

    // Far beyond any device: halved until it fits; every element is still written.
    LaunchableKernel shrunk(cache, env.context, with("65536", "65536", "false"), source);
    LaunchSizes sizes = shrunk.launchSizes({{"w", w}, {"h", h}});
    CHECK(sizes.local[0] * sizes.local[1] <= env.device.maxWorkGroupSize());
    out.fill(env.queue, cl_int{-1});
    shrunk.launch(env.queue, {{"w", w}, {"h", h}}, {{"out", out}});
    result = out.read<cl_int>(env.queue);
    int expected = static_cast<int>(sizes.local[0] * 1000 + sizes.local[1]);
    for (int i = 0; i < w * h; ++i) REQUIRE(result[i] == expected);

    // Overrides (an autotuner's choice) are used, but never against a fixed local size.
    out.fill(env.queue, cl_int{-1});
    shrunk.launch(env.queue, {{"w", w}, {"h", h}}, {{"out", out}}, {std::nullopt, std::vector<std::size_t>{4, 1}});
    CHECK(out.read<cl_int>(env.queue)[w * h - 1] == 4001);
    CHECK_THROWS_WITH_AS(
        fixed.launch(env.queue, {{"w", w}, {"h", h}}, {{"out", out}}, {std::nullopt, std::vector<std::size_t>{4, 1}}),
        doctest::Contains("only runs with the local size (8, 2)"), Error);
    LaunchableKernel tooBig(cache, env.context, with("65536", "65536", "true"), source);
    CHECK_THROWS_WITH_AS(tooBig.launch(env.queue, {{"w", w}, {"h", h}}, {{"out", out}}),
                         doctest::Contains("needs the local size (65536, 65536)"), Error);
}

TEST_CASE("a kernel is loaded from KERNEL.json and the source file beside it") {
    LIFTCL_REQUIRE_CL_DEVICE(env);
    liftcl::rt::test::TempDir dir;
    {
        std::ofstream(dir.path() / "saxpy.json") << kSaxpyMetadata;
        std::ofstream(dir.path() / "saxpy.cl") << kSaxpySource;
    }
    ProgramCache cache(std::nullopt);
    LaunchableKernel saxpy = LaunchableKernel::load(cache, env.context, dir.path() / "saxpy.json");
    CHECK(saxpy.metadata().kernel == "saxpy");
    CHECK(saxpy.argBytes("out", {{"n", 10}, {"a", 1}}) == 40);
    std::filesystem::remove(dir.path() / "saxpy.cl");
    CHECK_THROWS_WITH_AS(LaunchableKernel::load(cache, env.context, dir.path() / "saxpy.json"),
                         doctest::Contains("cannot read kernel source"), Error);
    CHECK_THROWS_WITH_AS(LaunchableKernel::load(cache, env.context, dir.path() / "absent.json"),
                         doctest::Contains("cannot read kernel metadata"), Error);
}
