#include "bench/lib/bench_sweep.hpp"

#include <algorithm>
#include <cmath>

#include "ir/error.hpp"

namespace liftcl::bench {

std::int64_t BenchCase::complexPoints() const {
    if (!real) return n;
    const std::int64_t last = shape.empty() ? n : shape.back();
    return n / last * (last / 2 + 1);
}

double BenchCase::flops() const {
    return (real ? 2.5 : 5.0) * static_cast<double>(n) * std::log2(static_cast<double>(n)) *
           static_cast<double>(batch);
}

double BenchCase::bytesMoved() const {
    const double in = static_cast<double>(n) * static_cast<double>(real ? complexBytes() / 2 : complexBytes());
    const double out = static_cast<double>(complexPoints()) * static_cast<double>(complexBytes());
    return (in + out) * static_cast<double>(batch);
}

std::string BenchCase::label() const {
    std::string size = std::to_string(n);
    if (shape.size() >= 2) {
        size.clear();
        for (std::int64_t e : shape) size += (size.empty() ? "" : "x") + std::to_string(e);
    }
    return std::string(precisionName()) + (family.empty() ? "" : " " + family) + " N=" + size +
           " batch=" + std::to_string(batch);
}

const std::vector<std::int64_t>& mixedRadixSizes() {
    static const std::vector<std::int64_t> sizes = {1680, 3000, 5040, 6000, 10080, 15120, 100000, 362880};
    return sizes;
}

namespace {

void checkLog2(const char* option, int value, int low, int high) {
    if (value < low || value > high)
        throw Error(std::string("bench: ") + option + " " + std::to_string(value) + " is out of range (" +
                    std::to_string(low) + ".." + std::to_string(high) + ")");
}

void addPrecision(std::vector<BenchCase>& cases, const SweepOptions& o, bool isDouble) {
    const int total = isDouble ? o.totalLog2 - 1 : o.totalLog2;
    const std::int64_t elements = std::int64_t{1} << total;
    if (!o.sizes.empty()) {
        for (std::int64_t n : o.sizes) {
            BenchCase c{isDouble, n, std::max<std::int64_t>(1, elements / n), false, false};
            c.listed = true;
            cases.push_back(c);
        }
        return;
    }
    const int top = std::min(o.maxLog2, total);
    for (int k = o.minLog2; k <= top; ++k) {
        const std::int64_t n = std::int64_t{1} << k;
        cases.push_back({isDouble, n, std::max<std::int64_t>(1, elements / n), false, false});
    }
    if (o.singleLog2 > 0 && o.singleLog2 <= total)
        cases.push_back({isDouble, std::int64_t{1} << o.singleLog2, 1, true, false});
    if (!o.mixed) return;
    for (std::int64_t n : mixedRadixSizes())
        if (n <= elements) cases.push_back({isDouble, n, std::max<std::int64_t>(1, elements / n), false, true});
}

}  // namespace

std::string sizeListItemError(const std::string& item) {
    const bool digits = !item.empty() && item.find_first_not_of("0123456789") == std::string::npos;
    if (digits) return "";
    return "'" + item + "' is not a size: --sizes takes whole numbers separated by commas, e.g. 1009,4099,65537";
}

std::vector<BenchCase> makeSweep(const SweepOptions& o) {
    checkLog2("--min-log2", o.minLog2, 1, 30);
    checkLog2("--max-log2", o.maxLog2, 1, 30);
    checkLog2("--total-log2", o.totalLog2, 2, 30);
    if (o.singleLog2 != 0) checkLog2("--single-log2", o.singleLog2, 1, 30);
    if (o.minLog2 > o.maxLog2)
        throw Error("bench: --min-log2 " + std::to_string(o.minLog2) + " is larger than --max-log2 " +
                    std::to_string(o.maxLog2));
    if (!o.fp32 && !o.fp64) throw Error("bench: no precision selected");
    for (std::int64_t n : o.sizes)
        if (n < 2 || n > (std::int64_t{1} << o.totalLog2))
            throw Error("bench: --sizes " + std::to_string(n) + " is out of range (2..2^" +
                        std::to_string(o.totalLog2) + ", the --total-log2 buffer)");
    std::vector<BenchCase> cases;
    if (o.fp32) addPrecision(cases, o, false);
    if (o.fp64) addPrecision(cases, o, true);
    return cases;
}

}  // namespace liftcl::bench
