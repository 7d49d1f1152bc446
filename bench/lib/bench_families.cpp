#include "bench/lib/bench_families.hpp"

#include <algorithm>

#include "ir/error.hpp"

namespace liftcl::bench {

const std::vector<BenchFamily>& benchFamilies() {
    static const std::vector<BenchFamily> families = {
        {"c2c", false, {{16}, {1024}, {4096}, {16384}, {65536}, {1048576}, {16777216}}},
        {"r2c", true, {{16}, {1024}, {4096}, {16384}, {65536}, {1048576}, {16777216}}},
        {"2d", false, {{32, 32}, {64, 64}, {128, 128}, {512, 512}, {2048, 2048}, {8192, 8192}, {1000, 1000}}},
        {"r2c2d", true, {{32, 32}, {128, 128}, {512, 512}, {2048, 2048}, {8192, 8192}}},
        {"3d",
         false,
         {{16, 16, 16},
          {32, 32, 32},
          {64, 64, 64},
          {128, 128, 128},
          {256, 256, 256},
          {512, 512, 512},
          {100, 100, 100}}},
        {"r2c3d", true, {{16, 16, 16}, {32, 32, 32}, {64, 64, 64}, {128, 128, 128}, {512, 512, 512}}},
        {"c2r", true, {{16}, {1024}, {4096}, {16384}, {65536}, {1048576}, {16777216}}, true},
        {"c2r2d", true, {{32, 32}, {128, 128}, {512, 512}, {2048, 2048}, {8192, 8192}}, true},
        {"c2r3d", true, {{16, 16, 16}, {32, 32, 32}, {64, 64, 64}, {128, 128, 128}, {512, 512, 512}}, true},
    };
    return families;
}

const BenchFamily& findBenchFamily(const std::string& name) {
    std::string known;
    for (const BenchFamily& f : benchFamilies()) {
        if (f.name == name) return f;
        known += (known.empty() ? "" : ", ") + f.name;
    }
    throw Error("bench: --family '" + name + "' is not one of " + known);
}

std::string benchShapeText(const std::vector<std::int64_t>& shape) {
    if (shape.size() < 2) return "";
    std::string text;
    for (std::int64_t e : shape) text += (text.empty() ? "" : "x") + std::to_string(e);
    return text;
}

std::vector<BenchCase> makeFamilySweep(const std::vector<std::string>& families, const SweepOptions& o,
                                       int maxLog2) {
    if (!o.fp32 && !o.fp64) throw Error("bench: no precision selected");
    std::vector<const BenchFamily*> chosen;
    for (const std::string& name : families) chosen.push_back(&findBenchFamily(name));
    std::vector<BenchCase> cases;
    for (bool isDouble : {false, true}) {
        if (isDouble ? !o.fp64 : !o.fp32) continue;
        const std::int64_t elements = std::int64_t{1} << (isDouble ? o.totalLog2 - 1 : o.totalLog2);
        for (const BenchFamily* family : chosen) {
            for (const auto& shape : family->shapes) {
                BenchCase c;
                c.isDouble = isDouble;
                c.n = 1;
                for (std::int64_t e : shape) c.n *= e;
                if (maxLog2 > 0 && c.n > (std::int64_t{1} << maxLog2)) continue;
                c.shape = shape;
                c.real = family->real;
                c.inverse = family->inverse;
                c.family = family->name;
                c.batch = std::max<std::int64_t>(1, elements / c.complexPoints());
                cases.push_back(c);
            }
        }
    }
    return cases;
}

}  // namespace liftcl::bench
