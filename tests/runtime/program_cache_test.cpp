#include <doctest/doctest.h>

#include <fstream>
#include <string>
#include <vector>

#include "cl_fixture.hpp"

using namespace liftcl::rt;
using liftcl::rt::test::ScopedEnv;
using liftcl::rt::test::TempDir;

namespace {

const char* kSource = R"(
kernel void triple(global int* x, int n) {
    for (int i = get_global_id(0); i < n; i += get_global_size(0)) x[i] = 3 * x[i] + 1;
}
)";

// Runs the program's kernel and checks its result, so a program from the cache is proven to work.
void checkTriple(const Program& program, const test::ClEnv& env) {
    Kernel kernel(program, "triple");
    std::vector<cl_int> host(300);
    for (int i = 0; i < 300; ++i) host[i] = i * 5 - 700;
    Buffer x = Buffer::fromHost<cl_int>(env.context, env.queue, host);
    kernel.setArg(0, x);
    kernel.setArg(1, cl_int{300});
    kernel.enqueue(env.queue, {64});
    auto out = x.read<cl_int>(env.queue);
    for (int i = 0; i < 300; ++i) REQUIRE(out[i] == 3 * host[i] + 1);
}

std::vector<std::filesystem::path> entries(const std::filesystem::path& dir) {
    std::vector<std::filesystem::path> files;
    if (!std::filesystem::exists(dir)) return files;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) files.push_back(entry.path());
    return files;
}

}  // namespace

TEST_CASE("the memory cache returns the same program for the same source, options and device") {
    LIFTCL_REQUIRE_CL_DEVICE(env);
    ProgramCache cache(std::nullopt);
    Program a = cache.get(env.context, kSource);
    Program b = cache.get(env.context, kSource);
    Program c = cache.get(env.context, kSource, "-cl-fast-relaxed-math");
    CHECK(a.get() == b.get());
    CHECK(a.get() != c.get());
    CHECK(cache.stats().memoryHits == 1);
    CHECK(cache.stats().builds == 2);
    checkTriple(b, env);
}

TEST_CASE("the disk cache round trip: a second cache loads the binary; corrupt entries are rebuilt") {
    LIFTCL_REQUIRE_CL_DEVICE(env);
    TempDir dir;
    {
        ProgramCache first(dir.path());
        checkTriple(first.get(env.context, kSource), env);
        CHECK(first.stats().builds == 1);
        CHECK(first.stats().diskHits == 0);
        CHECK(first.stats().diskStoreFailures == 0);
    }
    auto files = entries(dir.path() / "programs");
    REQUIRE(files.size() == 1);
    {
        ProgramCache second(dir.path());
        checkTriple(second.get(env.context, kSource), env);
        CHECK(second.stats().diskHits == 1);
        CHECK(second.stats().builds == 0);
    }
    SUBCASE("a corrupted file is ignored and rewritten") {
        auto size = std::filesystem::file_size(files[0]);
        {
            std::fstream file(files[0], std::ios::in | std::ios::out | std::ios::binary);
            file.seekp(static_cast<std::streamoff>(size - size / 3));
            std::string garbage(16, '\x5a');
            file.write(garbage.data(), static_cast<std::streamsize>(garbage.size()));
        }
        ProgramCache third(dir.path());
        checkTriple(third.get(env.context, kSource), env);
        CHECK(third.stats().diskRejected == 1);
        CHECK(third.stats().builds == 1);
        ProgramCache fourth(dir.path());  // the rebuilt entry is good again
        checkTriple(fourth.get(env.context, kSource), env);
        CHECK(fourth.stats().diskHits == 1);
    }
    SUBCASE("a truncated file is ignored") {
        std::filesystem::resize_file(files[0], 20);
        ProgramCache third(dir.path());
        checkTriple(third.get(env.context, kSource), env);
        CHECK(third.stats().diskRejected == 1);
        CHECK(third.stats().builds == 1);
    }
    SUBCASE("a well-formed entry holding a binary the driver rejects is rebuilt") {
        std::string key = ProgramCache::diskKey(env.device, kSource, "");
        std::vector<unsigned char> junk(4096);
        for (std::size_t i = 0; i < junk.size(); ++i) junk[i] = static_cast<unsigned char>(i * 31 + 7);
        REQUIRE(DiskCache(dir.path() / "programs").store(key, junk));
        ProgramCache third(dir.path());
        checkTriple(third.get(env.context, kSource), env);
        CHECK(third.stats().diskRejected == 1);
        CHECK(third.stats().builds == 1);
    }
    SUBCASE("an unreadable, unwritable entry is never fatal") {
        std::filesystem::remove(files[0]);
        std::filesystem::create_directories(files[0] / "blocker");  // a directory where the file should be
        ProgramCache third(dir.path());
        checkTriple(third.get(env.context, kSource), env);
        CHECK(third.stats().builds == 1);
        CHECK(third.stats().diskStoreFailures == 1);
    }
}

TEST_CASE("the disk cache key changes with source, options and device identity") {
    LIFTCL_REQUIRE_CL_DEVICE(env);
    std::string key = ProgramCache::diskKey(env.device, kSource, "");
    CHECK(key.find(env.device.name()) != std::string::npos);
    CHECK(key.find(env.device.driverVersion()) != std::string::npos);
    CHECK(key.find(env.device.platformName()) != std::string::npos);
    CHECK(contentHash(key) != contentHash(ProgramCache::diskKey(env.device, kSource, "-DX=1")));
    CHECK(contentHash(key) != contentHash(ProgramCache::diskKey(env.device, std::string(kSource) + " ", "")));
    CHECK(contentHash("abc") == contentHash("abc"));
    CHECK(contentHash("abc").size() == 16);
}

TEST_CASE("the default cache directory follows LIFTCL_CACHE_DIR, XDG_CACHE_HOME and HOME") {
    {
        ScopedEnv dir("LIFTCL_CACHE_DIR", "/tmp/liftcl-x");
        CHECK(DiskCache::defaultDirectory() == std::filesystem::path("/tmp/liftcl-x"));
    }
    {
        ScopedEnv dir("LIFTCL_CACHE_DIR", "off");
        CHECK_FALSE(DiskCache::defaultDirectory());
        CHECK_FALSE(ProgramCache().diskDirectory());
    }
    ScopedEnv noDir("LIFTCL_CACHE_DIR", nullptr);
    {
        ScopedEnv xdg("XDG_CACHE_HOME", "/tmp/xdg");
        CHECK(DiskCache::defaultDirectory() == std::filesystem::path("/tmp/xdg/liftcl"));
    }
    ScopedEnv noXdg("XDG_CACHE_HOME", nullptr);
    ScopedEnv home("HOME", "/tmp/home");
    CHECK(DiskCache::defaultDirectory() == std::filesystem::path("/tmp/home/.cache/liftcl"));
}

TEST_CASE("LIFTCL_BUILD_OPTIONS adds build options to every program (and to its cache key)") {
    {
        ScopedEnv none("LIFTCL_BUILD_OPTIONS", nullptr);
        CHECK(withExtraBuildOptions("-DX=1") == "-DX=1");
    }
    ScopedEnv extra("LIFTCL_BUILD_OPTIONS", "-DTRIPLE_OFFSET=7");
    CHECK(withExtraBuildOptions("") == "-DTRIPLE_OFFSET=7");
    CHECK(withExtraBuildOptions("-DX=1") == "-DX=1 -DTRIPLE_OFFSET=7");
    LIFTCL_REQUIRE_CL_DEVICE(env);
    // The option reaches the compiler: a source that needs the macro builds and computes with it.
    ProgramCache cache(std::nullopt);
    Kernel kernel(cache.get(env.context, "kernel void f(global int* x) { x[get_global_id(0)] += TRIPLE_OFFSET; }"), "f");
    std::vector<cl_int> host{1, -2, 30, 4};
    Buffer x = Buffer::fromHost<cl_int>(env.context, env.queue, host);
    kernel.setArg(0, x);
    kernel.enqueue(env.queue, {4});
    auto out = x.read<cl_int>(env.queue);
    for (std::size_t i = 0; i < host.size(); ++i) CHECK(out[i] == host[i] + 7);
}
