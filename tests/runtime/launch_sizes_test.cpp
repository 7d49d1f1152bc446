#include <doctest/doctest.h>

#include "runtime/error.hpp"
#include "runtime/kernel_metadata.hpp"
#include "runtime/launch_sizes.hpp"
#include "runtime/resident_groups.hpp"
#include "support/scoped_env.hpp"

using namespace liftcl::rt;

namespace {

NDRangeRule rule(std::vector<std::string> global, std::optional<std::vector<std::string>> local, bool fixed) {
    NDRangeRule r;
    r.dims = static_cast<int>(global.size());
    for (const auto& g : global) r.global.push_back(SizeExpr::parse(g));
    if (local) {
        r.local.emplace();
        for (const auto& l : *local) r.local->push_back(SizeExpr::parse(l));
    }
    r.localFixed = fixed;
    return r;
}

using Sizes = std::vector<std::size_t>;

}  // namespace

TEST_CASE("global sizes are rounded up to a multiple of the local size") {
    WorkGroupLimits limits{1024, {1024, 1024, 64}};
    auto sizes = chooseLaunchSizes(rule({"n/4"}, {{"64"}}, false), {{"n", 1000}}, limits, "k");
    CHECK(sizes.global == Sizes{256});
    CHECK(sizes.local == Sizes{64});
    // n/4 = 0 still launches a work-group.
    sizes = chooseLaunchSizes(rule({"n/4"}, {{"64"}}, false), {{"n", 2}}, limits, "k");
    CHECK(sizes.global == Sizes{64});
    // No local size: global as evaluated, OpenCL chooses the local size.
    sizes = chooseLaunchSizes(rule({"n", "m"}, std::nullopt, false), {{"n", 7}, {"m", 3}}, limits, "k");
    CHECK(sizes.global == Sizes{7, 3});
    CHECK(sizes.local.empty());
    // A long 1D range of no local size gets groups of 256 (left to the driver, 2^23 + 1 = 3 x
    // 2796203 would run in groups of 3), within the device's limits.
    sizes = chooseLaunchSizes(rule({"n"}, std::nullopt, false), {{"n", 8388609}}, limits, "k");
    CHECK(sizes.local == Sizes{256});
    CHECK(sizes.global == Sizes{8388864});
    sizes = chooseLaunchSizes(rule({"n"}, std::nullopt, false), {{"n", 1000}}, WorkGroupLimits{128, {128, 128, 64}}, "k");
    CHECK(sizes.local == Sizes{128});
    CHECK(sizes.global == Sizes{1024});
    sizes = chooseLaunchSizes(rule({"n"}, std::nullopt, false), {{"n", 200}}, limits, "k");
    CHECK(sizes.local.empty());
}

TEST_CASE("a local size too large for the device shrinks unless it is fixed") {
    WorkGroupLimits limits{256, {256, 256, 256}};
    auto sizes = chooseLaunchSizes(rule({"n"}, {{"1024"}}, false), {{"n", 5000}}, limits, "k");
    CHECK(sizes.local == Sizes{256});
    CHECK(sizes.global == Sizes{5120});
    // 2D: the product must fit, and each dimension its own limit.
    WorkGroupLimits narrow{128, {128, 4, 1}};
    sizes = chooseLaunchSizes(rule({"64", "64"}, {{"32", "32"}}, false), {}, narrow, "k");
    CHECK(sizes.local[1] <= 4);
    CHECK(sizes.local[0] * sizes.local[1] <= 128);
    CHECK(sizes.global[0] % sizes.local[0] == 0);
    CHECK(sizes.global[1] % sizes.local[1] == 0);
    CHECK_THROWS_WITH_AS(chooseLaunchSizes(rule({"n"}, {{"1024"}}, true), {{"n", 4096}}, limits, "pass"),
                         doctest::Contains("kernel 'pass' needs the local size (1024)"), Error);
}

TEST_CASE("bad launch sizes are errors") {
    WorkGroupLimits limits{256, {256}};
    CHECK_THROWS_WITH_AS(chooseLaunchSizes(rule({"n-10"}, std::nullopt, false), {{"n", 4}}, limits, "k"),
                         doctest::Contains("evaluates to -6"), Error);
    CHECK_THROWS_WITH_AS(chooseLaunchSizes(rule({"n"}, {{"n-4"}}, false), {{"n", 4}}, limits, "k"),
                         doctest::Contains("local size 'n-4' evaluates to 0"), Error);
    CHECK_THROWS_WITH_AS(chooseLaunchSizes(rule({"q"}, std::nullopt, false), {}, limits, "k"),
                         doctest::Contains("unknown name 'q'"), Error);
    CHECK(normalizedLaunchSizes({100}, {32}).global == Sizes{128});
    CHECK_THROWS_AS(normalizedLaunchSizes({100, 2}, {32}), Error);
}

TEST_CASE("capWorkGroups: at most the given groups, the last dimensions first, never below one") {
    LaunchSizes sizes{{6720, 1}, {105, 1}};  // 64 groups of 105
    capWorkGroups(sizes, 10);
    CHECK(sizes.global == Sizes{1050, 1});
    LaunchSizes twoDims{{64 * 8, 4 * 2}, {8, 2}};  // 64 x 4 groups
    capWorkGroups(twoDims, 128);
    CHECK(twoDims.global == Sizes{64 * 8, 2 * 2});  // 64 x 2
    capWorkGroups(twoDims, 16);
    CHECK(twoDims.global == Sizes{16 * 8, 1 * 2});  // the last dimension at 1, then the first
    LaunchSizes few{{210}, {105}};
    capWorkGroups(few, 1000);  // already fewer: unchanged
    CHECK(few.global == Sizes{210});
    capWorkGroups(few, 0);     // 0: no cap
    CHECK(few.global == Sizes{210});
}

TEST_CASE("LIFTCL_PERSISTENT_GROUPS: auto, a number of work-groups, or a clear error") {
    {
        liftcl::testing::ScopedEnv automatic("LIFTCL_PERSISTENT_GROUPS", "auto");
        CHECK(persistentGroupsSetting().automatic);
    }
    {
        liftcl::testing::ScopedEnv three("LIFTCL_PERSISTENT_GROUPS", "3");
        CHECK(!persistentGroupsSetting().automatic);
        CHECK(persistentGroupsSetting().groups == 3);
    }
    liftcl::testing::ScopedEnv bad("LIFTCL_PERSISTENT_GROUPS", "many");
    CHECK_THROWS_WITH_AS(persistentGroupsSetting(), doctest::Contains("LIFTCL_PERSISTENT_GROUPS='many'"), Error);
}
