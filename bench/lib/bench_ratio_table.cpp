#include "bench/lib/bench_ratio_table.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "ir/number_format.hpp"

namespace liftcl::bench {

namespace {

std::vector<std::string> otherLibraries(const std::vector<BenchRow>& rows, const std::string& library) {
    std::vector<std::string> others;
    for (const BenchRow& r : rows)
        if (r.library != library && std::find(others.begin(), others.end(), r.library) == others.end())
            others.push_back(r.library);
    return others;
}

const BenchRow* match(const std::vector<BenchRow>& rows, const std::string& library, const BenchRow& point) {
    for (const BenchRow& r : rows)
        if (r.library == library && r.precision == point.precision && r.n == point.n && r.batch == point.batch &&
            r.shape == point.shape && r.family() == point.family())
            return &r;
    return nullptr;
}

}  // namespace

std::vector<RatioSummary> ratioSummaries(const std::vector<BenchRow>& rows, const std::string& library) {
    std::vector<std::string> families;
    for (const BenchRow& r : rows)
        if (r.library == library && std::find(families.begin(), families.end(), r.family()) == families.end())
            families.push_back(r.family());
    std::vector<RatioSummary> summaries;
    for (const std::string& other : otherLibraries(rows, library)) {
        for (const std::string& family : families) {
            for (const char* precision : {"fp32", "fp64"}) {
                RatioSummary s{other, precision, 0, 0, family};
                double logSum = 0;
                for (const BenchRow& ours : rows) {
                    if (ours.library != library || ours.precision != precision || !ours.measured() ||
                        ours.family() != family)
                        continue;
                    const BenchRow* theirs = match(rows, other, ours);
                    if (!theirs || !theirs->measured()) continue;
                    logSum += std::log(theirs->medianMs / ours.medianMs);
                    ++s.points;
                }
                if (s.points == 0) continue;
                s.geometricMean = std::exp(logSum / s.points);
                summaries.push_back(s);
            }
        }
    }
    return summaries;
}

std::string ratioTable(const std::vector<BenchRow>& rows, const std::string& library) {
    const std::vector<std::string> others = otherLibraries(rows, library);
    std::ostringstream out;
    out << "throughput ratio " << library << "/library = library's time / " << library
        << "'s time (> 1: " << library << " faster); '!' = correctness check failed\n";
    out << "prec          N      batch | " << library << " ms";
    for (const std::string& o : others) out << " | " << o << " ms, ratio";
    out << "\n";
    for (const BenchRow& ours : rows) {
        if (ours.library != library) continue;
        if (ours.precision == "copy") {
            out << "copy " << ours.n << " bytes: " << library
                << " " << ir::formatNumber(ours.gbps, "%.1f") << " GB/s";
            for (const std::string& o : others) {
                for (const BenchRow& r : rows)
                    if (r.library == o && r.precision == "copy" && r.measured())
                        out << ", " << o << " " << ir::formatNumber(r.gbps, "%.1f") << " GB/s";
            }
            out << "\n";
            continue;
        }
        char head[96];
        const std::string size = ours.shape.empty() ? std::to_string(ours.n) : ours.shape;
        std::snprintf(head, sizeof head, "%-4s %10s %10lld | ", ours.precision.c_str(),
                      (ours.family().empty() ? size : ours.family() + " " + size).c_str(),
                      static_cast<long long>(ours.batch));
        out << head << (ours.measured() ? ir::formatNumber(ours.medianMs, "%9.4f") : std::string("        -"))
            << (ours.checkFailed() ? "!" : " ");
        for (const std::string& o : others) {
            const BenchRow* theirs = match(rows, o, ours);
            if (!theirs || !theirs->measured()) {
                out << " |         -       -";
                continue;
            }
            out << " | " << ir::formatNumber(theirs->medianMs, "%9.4f") << (theirs->checkFailed() ? "!" : " ")
                << (ours.measured() ? ir::formatNumber(theirs->medianMs / ours.medianMs, "%6.2f") : std::string("     -"));
        }
        if (ours.single()) out << "  (batch 1)";
        out << "\n";
    }
    for (const RatioSummary& s : ratioSummaries(rows, library))
        out << "geometric mean " << library << "/" << s.library << " " << (s.family.empty() ? "" : s.family + " ")
            << s.precision << ": " << ir::formatNumber(s.geometricMean, "%.3f") << " over " << s.points << " points\n";
    return out.str();
}

}  // namespace liftcl::bench
