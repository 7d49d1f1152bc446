#include "bench/gpu/accuracy_driver.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "ir/precision.hpp"

namespace liftcl::bench::gpu {

namespace {

struct ProgramOptions {
    std::string csv;
    int maxLog2 = 22;
    bool fp32 = true, fp64 = true, mixed = true;
    std::vector<std::int64_t> sizes;  // --sizes: exactly these instead of the sweep
};

// Throws std::invalid_argument (or liftcl::Error for --precision) naming the option.
ProgramOptions parseOptions(int argc, char** argv) {
    ProgramOptions o;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) throw std::invalid_argument(arg + " needs a value");
            return argv[++i];
        };
        if (arg == "--csv") {
            o.csv = value();
        } else if (arg == "--max-log2") {
            const std::string text = value();
            char* end = nullptr;
            const long k = std::strtol(text.c_str(), &end, 10);
            if (text.empty() || *end != '\0' || k < 1 || k > 26)
                throw std::invalid_argument("--max-log2 '" + text + "' is not an integer in 1..26");
            o.maxLog2 = static_cast<int>(k);
        } else if (arg == "--precision") {
            const std::optional<ir::ScalarKind> only = ir::parsePrecisionOrBoth(value(), "--precision");
            o.fp32 = !only || *only == ir::ScalarKind::Float;
            o.fp64 = !only || *only == ir::ScalarKind::Double;
        } else if (arg == "--no-mixed") {
            o.mixed = false;
        } else if (arg == "--sizes") {  // exactly these sizes, "1009,4099"
            std::stringstream list(value());
            for (std::string item; std::getline(list, item, ',');) {
                char* end = nullptr;
                const long long n = std::strtoll(item.c_str(), &end, 10);
                if (item.empty() || *end != '\0' || n < 2)
                    throw std::invalid_argument("--sizes: '" + item + "' is not an integer >= 2");
                o.sizes.push_back(n);
            }
        } else {
            throw std::invalid_argument("unknown option '" + arg + "'");
        }
    }
    if (o.csv.empty()) throw std::invalid_argument("--csv PATH is required");
    return o;
}

template <typename Real>
TransformErrors measureWith(const PlanFactory<Real>& factory, std::int64_t n) {
    return measureTransformErrors(n, 1, factory(n));
}

}  // namespace

int runAccuracyProgram(int argc, char** argv, const AccuracyLibrary& library) {
    const std::string tag = library.name + "_accuracy";
    ProgramOptions options;
    try {
        options = parseOptions(argc, argv);
    } catch (const std::exception& e) {
        std::cerr << tag << ": " << e.what()
                  << "\nusage: " << tag << " --csv PATH [--max-log2 K | --sizes N,N,...] [--precision f32|f64|both] [--no-mixed]\n";
        return 2;
    }
    std::ofstream csv(options.csv, std::ios::binary);
    if (!csv) {
        std::cerr << tag << ": cannot write " << options.csv << "\n";
        return 1;
    }
    csv << kAccuracyCsvHeader << "\n";
    std::cout << tag << ": " << library.description << std::endl;

    const auto start = std::chrono::steady_clock::now();
    int failures = 0;
    for (bool isDouble : {false, true}) {
        if (!(isDouble ? options.fp64 : options.fp32)) continue;
        if (isDouble && !library.fp64) {
            std::cout << tag << ": no fp64 on this device; fp64 rows left out" << std::endl;
            continue;
        }
        const std::vector<std::int64_t> sizes =
            options.sizes.empty() ? accuracySizes(options.maxLog2, options.mixed) : options.sizes;
        for (std::int64_t n : sizes) {
            std::cout << (isDouble ? "fp64 " : "fp32 ") << "N=" << n << ": " << std::flush;
            try {
                const TransformErrors e =
                    isDouble ? measureWith(library.fp64, n) : measureWith(library.fp32, n);
                csv << accuracyCsvLines(library.name, isDouble, n, e) << std::flush;
                char line[160];
                std::snprintf(line, sizeof line, "fwd %.2e inv %.2e round trip %.2e (rel L2)", e.forward.relL2,
                              e.inverse.relL2, e.roundTrip.relL2);
                std::cout << line << std::endl;
            } catch (const std::exception& e) {
                ++failures;
                std::cout << "failed: " << e.what() << std::endl;
            }
        }
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cout << tag << ": wrote " << options.csv << " in " << static_cast<int>(seconds + 0.5) << " s"
              << (failures ? ", " + std::to_string(failures) + " size(s) failed" : std::string()) << std::endl;
    return failures ? 1 : 0;
}

}  // namespace liftcl::bench::gpu
