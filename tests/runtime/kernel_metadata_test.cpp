#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "runtime/error.hpp"
#include "runtime/kernel_build_options.hpp"
#include "runtime/kernel_metadata.hpp"

using namespace liftcl::rt;

namespace {

// The example of docs/kernel-metadata.md, comments included.
const char* kDocExample = R"({
  "format": "liftcl-kernel-1",
  "kernel": "stockhamPass",              // OpenCL kernel function name in the .cl file
  "source": "stockhamPass.cl",
  "precision": "double",
  "nat_params": ["n", "L", "p"],
  "args": [
    {"name": "vs", "kind": "input",  "type": "[complex]n", "bytes": "16*n"},
    {"name": "out", "kind": "output", "type": "[complex]n", "bytes": "16*n"},
    {"name": "tmp0", "kind": "temporary", "bytes": "16*n"},
    {"name": "n", "kind": "nat"},
    {"name": "L", "kind": "nat"},
    {"name": "p", "kind": "nat"}
  ],
  "ndrange": {"dims": 1, "global": ["n/4"], "local": ["64"], "local_fixed": false},
  "local_bytes": "1024"
})";

// The example with one substring replaced.
std::string variant(const std::string& from, const std::string& to) {
    std::string text = kDocExample;
    auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("the documented metadata example parses") {
    KernelMetadata meta = parseKernelMetadata(kDocExample);
    CHECK(meta.kernel == "stockhamPass");
    CHECK(meta.source == "stockhamPass.cl");
    CHECK(meta.precision == Precision::Double);
    CHECK(meta.natParams == std::vector<std::string>{"n", "L", "p"});
    REQUIRE(meta.args.size() == 6);
    CHECK(meta.args[0].kind == ArgKind::Input);
    CHECK(meta.args[0].type == "[complex]n");
    CHECK(meta.args[1].kind == ArgKind::Output);
    CHECK(meta.args[2].kind == ArgKind::Temporary);
    CHECK(meta.args[3].kind == ArgKind::Nat);
    NatValues nats{{"n", 256}, {"L", 4}, {"p", 4}};
    CHECK(meta.args[2].bytes.evaluate(nats) == 4096);
    CHECK(meta.ndrange.dims == 1);
    CHECK(meta.ndrange.global[0].evaluate(nats) == 64);
    REQUIRE(meta.ndrange.local);
    CHECK((*meta.ndrange.local)[0].evaluate(nats) == 64);
    CHECK_FALSE(meta.ndrange.localFixed);
    CHECK(meta.localBytes.evaluate(nats) == 1024);
    CHECK(meta.findArg("out") == &meta.args[1]);
    CHECK(meta.findArg("nothing") == nullptr);
}

TEST_CASE("metadata with a null local size and no local_bytes") {
    KernelMetadata meta = parseKernelMetadata(variant(R"("local": ["64"], "local_fixed": false)", R"("local": null)"));
    CHECK_FALSE(meta.ndrange.local);
    CHECK_FALSE(meta.ndrange.localFixed);
}

TEST_CASE("metadata errors name the field") {
    auto fails = [](const std::string& json, const std::string& expected) {
        CAPTURE(json);
        CHECK_THROWS_WITH_AS(parseKernelMetadata(json, "k.json"), doctest::Contains(expected.c_str()), Error);
    };
    fails(variant(R"("kernel": "stockhamPass",)", ""), "'kernel' is missing");
    fails(variant(R"(, "bytes": "16*n"})", "}"), "'args[0].bytes' is missing");
    fails(variant(R"("kind": "output")", R"("kind": "inout")"), "'args[1].kind' is 'inout'");
    fails(variant(R"("bytes": "16*n"},
    {"name": "tmp0")", R"("bytes": "16*m"},
    {"name": "tmp0")"), "uses 'm', which is not in nat_params");
    fails(variant(R"("global": ["n/4"])", R"("global": ["n/4", "1"])"), "'ndrange.global' has 2 entries but dims is 1");
    fails(variant(R"("global": ["n/4"])", R"("global": ["n/"])"), "'ndrange.global[0]' is not a valid size");
    fails(variant("liftcl-kernel-1", "liftcl-kernel-9"), "'format' is 'liftcl-kernel-9'");
    fails(variant(R"("precision": "double")", R"("precision": "half")"), "'precision' is 'half'");
    fails(variant(R"({"name": "p", "kind": "nat"})", R"({"name": "L", "kind": "nat"})"), "repeats the argument name 'L'");
    fails(variant(R"(["n", "L", "p"])", R"(["n", "L"])"), "'args[5]' is the nat argument 'p'");
    fails(variant(R"("local_fixed": false)", R"("local_fixed": "no")"), "'ndrange.local_fixed' must be true or false");
    fails(variant(R"("local_fixed": false)", R"("local_fixed": false, "global_required": 1)"),
          "'ndrange.global_required' must be true or false");
    fails(variant(R"("local_fixed": false)", R"("local_fixed": false, "persistent_groups": true, "global_required": true)"),
          "'ndrange.global_required' is true but so is 'ndrange.persistent_groups'");
    CHECK(parseKernelMetadata(variant(R"("local_fixed": false)", R"("local_fixed": false, "global_required": true)"), "k.json")
              .ndrange.globalRequired);
    CHECK(!parseKernelMetadata(kDocExample, "k.json").ndrange.globalRequired);
    fails(variant(R"("ndrange": {)", R"("ndrange_": {)"), "'ndrange' is missing");
    // A table carries its bytes in hexadecimal, as many as its constant size.
    const std::string table = R"({"name": "tmp0", "kind": "temporary", "bytes": "16*n"})";
    fails(variant(table, R"({"name": "tw", "kind": "table", "bytes": "4"})"), "'args[2].data' is missing");
    fails(variant(table, R"({"name": "tw", "kind": "table", "bytes": "4", "data": "00ff1"})"), "odd number of hexadecimal digits");
    fails(variant(table, R"({"name": "tw", "kind": "table", "bytes": "4", "data": "00ff10zz"})"), "has 'z', not a hexadecimal digit");
    fails(variant(table, R"({"name": "tw", "kind": "table", "bytes": "8", "data": "00ff10aa"})"),
          "'args[2].bytes' is '8' but a table's bytes are the constant size of its data (4)");
    fails(variant(table, R"({"name": "tw", "kind": "table", "bytes": "n", "data": "00ff10aa"})"), "constant size of its data");
    const auto withTable = parseKernelMetadata(variant(table, R"({"name": "tw", "kind": "table", "bytes": "4", "data": "00fF10aa"})"));
    CHECK(withTable.args[2].kind == ArgKind::Table);
    CHECK(withTable.args[2].data == std::vector<unsigned char>{0x00, 0xff, 0x10, 0xaa});
    // A register limit is an integer NVIDIA's compiler takes (16 to 255).
    fails(variant(R"("local_bytes": "1024")", R"("local_bytes": "1024", "max_registers": "64")"), "'max_registers' must be an integer");
    fails(variant(R"("local_bytes": "1024")", R"("local_bytes": "1024", "max_registers": 8)"),
          "'max_registers' is 8 but must be from 16 to 255");
    fails(variant(R"("local_bytes": "1024")", R"("local_bytes": "1024", "max_registers": 256)"), "is 256 but must be");
    fails("{ not json", "invalid JSON");
    fails("[1, 2]", "must be a JSON object");
    fails(kDocExample + std::string("}"), "k.json");  // the origin is named
}

TEST_CASE("a kernel's register limit becomes NVIDIA's build option, and nothing elsewhere") {
    const KernelMetadata plain = parseKernelMetadata(kDocExample);
    CHECK(plain.maxRegisters == 0);
    CHECK(kernelBuildOptions(plain, true).empty());
    const KernelMetadata limited =
        parseKernelMetadata(variant(R"("local_bytes": "1024")", R"("local_bytes": "1024", "max_registers": 96)"));
    CHECK(limited.maxRegisters == 96);
    CHECK(kernelBuildOptions(limited, true) == "-cl-nv-maxrregcount=96");
    CHECK(kernelBuildOptions(limited, false).empty());
    CHECK(joinBuildOptions("-cl-fast-relaxed-math", kernelBuildOptions(limited, true)) ==
          "-cl-fast-relaxed-math -cl-nv-maxrregcount=96");
    CHECK(joinBuildOptions("", "-x") == "-x");
    CHECK(joinBuildOptions("-x", "") == "-x");
}
