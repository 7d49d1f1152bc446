// Replays every input under tests/ir/fuzz_regressions/ (crashes found by the fuzzers, and
// hand-written hostile inputs) through the front end as the fuzzers drive it: each must either
// pass or be rejected with a liftcl::Error, with no other exception, crash or sanitizer report.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "support/fuzz_inputs.hpp"
#include "fuzz/frontend_pipeline.hpp"

TEST_CASE("fuzz regression inputs pass or are rejected with a liftcl::Error") {
    const auto inputs = liftcl::testing::fuzzInputs("tests/ir/fuzz_regressions", ".lift");
    REQUIRE_FALSE(inputs.empty());
    liftcl::testing::checkEachReplaysWithoutThrowing(inputs, liftcl::fuzz::runFrontEnd);
}

TEST_CASE("the front end pipeline accepts a valid program and rejects garbage with liftcl::Error") {
    // A valid program runs through parse, print, elaborate and type inference without throwing.
    CHECK_NOTHROW(liftcl::fuzz::runFrontEnd("def twice = \\(xs: [float]n) => map(\\x => mul(x, 2.0f))(xs)\n"));
    // Syntax errors are swallowed as rejected inputs, not reported as bugs.
    CHECK_NOTHROW(liftcl::fuzz::runFrontEnd("def = = ="));
    CHECK_NOTHROW(liftcl::fuzz::runFrontEnd(std::string("\0\xff\xfe", 3)));
}

TEST_CASE("exponentially expanding definitions are refused at the elaboration limit, naming the use") {
    // def a_k = a_{k-1} o a_{k-1}: a64 would expand to 2^64 nodes. It was a hang.
    const std::filesystem::path input =
        std::filesystem::path(LIFTCL_SOURCE_DIR) / "tests/ir/fuzz_regressions/exponential_expansion.lift";
    const liftcl::ir::Module module = liftcl::ir::parseModule(liftcl::testing::readFuzzInput(input), "exponential_expansion.lift");
    std::string message = "no error";
    try {
        liftcl::ir::elaborateDefinition(module, "a64");
    } catch (const liftcl::Error& e) {
        message = e.what();
    }
    // The first a63 of `def a64 = a63 o a63` (line 65) fits in the limit; the second grows past it.
    CHECK(message ==
          "exponential_expansion.lift:65:17: error: definition 'a64' grows past 100000 nodes (the "
          "elaboration limit) while expanding 'a63' here; a definition that uses another "
          "definition or a parameter more than once doubles in size with each level of nesting");
    // A smaller limit refuses smaller definitions; a definition under it elaborates.
    liftcl::ir::ElaborateOptions small;
    small.maxNodes = 1000;
    CHECK_THROWS_WITH_AS(liftcl::ir::elaborateDefinition(module, "a10", small),
                         doctest::Contains("grows past 1000 nodes"), liftcl::Error);
    CHECK_NOTHROW(liftcl::ir::elaborateDefinition(module, "a6", small));
}
