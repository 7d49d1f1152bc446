#include "bench/lib/bench_accuracy_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <sstream>

#include "ir/error.hpp"
#include "ir/number_format.hpp"

namespace liftcl::bench {

double accuracyThreshold(bool isDouble) { return isDouble ? 1e-14 : 1e-6; }

namespace {

std::string sci(double value) {
    if (std::isinf(value)) return "inf";
    if (std::isnan(value)) return "nan";
    return ir::formatNumber(value, "%.2e");
}

std::vector<std::string> split(const std::string& line) {
    std::vector<std::string> fields;
    std::string field;
    std::istringstream in(line);
    while (std::getline(in, field, ',')) fields.push_back(field);
    return fields;
}

double parseError(const std::string& text, const std::string& where) {
    if (text.empty()) return std::nan("");
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (*end != '\0') throw Error(where + ": '" + text + "' is not a number");
    return value;
}

const char* precisionName(bool isDouble) { return isDouble ? "fp64" : "fp32"; }

std::string sizeText(std::int64_t n) {
    if ((n & (n - 1)) == 0) {
        int k = 0;
        while ((std::int64_t{1} << k) < n) ++k;
        return "2^" + std::to_string(k) + " (" + std::to_string(n) + ")";
    }
    return std::to_string(n);
}

std::string tableSafe(std::string text) {
    for (char& ch : text)
        if (ch == '|') ch = '/';
        else if (ch == '\n' || ch == '\r') ch = ' ';
    return text;
}

bool missesThreshold(const AccuracyRow& row) {
    const double limit = accuracyThreshold(row.isDouble);
    return !row.error.empty() || !(row.forward.relL2 < limit) || !(row.inverse.relL2 < limit) ||
           !(row.roundTrip.relL2 < limit);
}

// A measured error, bold when above the threshold.
std::string cell(double value, double limit) {
    const std::string text = sci(value);
    return value < limit ? text : "**" + text + "**";
}

std::string ratioText(double ratio) {
    if (std::isinf(ratio)) return "inf";
    if (std::isnan(ratio)) return "";
    return ir::formatNumber(ratio, "%.2f");
}

// The ratio column: bold above kMaxErrorRatio, empty when not measured by the library.
std::string ratioCell(double ratio) {
    if (std::isnan(ratio)) return "";
    return ratio <= kMaxErrorRatio ? ratioText(ratio) : "**" + ratioText(ratio) + "**";
}

}  // namespace

AccuracyComparison readAccuracyCsv(const std::filesystem::path& path) {
    std::ifstream in(path);
    if (!in) throw Error("cannot read the accuracy CSV file " + path.string());
    AccuracyComparison result;
    std::string line;
    int number = 0;
    bool sawHeader = false;
    while (std::getline(in, line)) {
        ++number;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) continue;
        const std::string where = path.string() + ":" + std::to_string(number);
        if (!sawHeader) {
            if (line.rfind(kAccuracyCsvHeader, 0) != 0)
                throw Error(where + ": expected the header '" + std::string(kAccuracyCsvHeader) + "'");
            sawHeader = true;
            continue;
        }
        const auto f = split(line);
        if (f.size() < 6) throw Error(where + ": expected 6 columns (" + std::string(kAccuracyCsvHeader) + ")");
        if (f[3] != "forward" && f[3] != "inverse" && f[3] != "roundtrip")
            throw Error(where + ": direction '" + f[3] + "' is not forward, inverse or roundtrip");
        char* end = nullptr;
        const long long n = std::strtoll(f[2].c_str(), &end, 10);
        if (*end != '\0' || n < 1) throw Error(where + ": N '" + f[2] + "' is not a size");
        result.errors[{f[0], f[1], n, f[3]}] = {parseError(f[4], where), parseError(f[5], where)};
        if (std::find(result.libraries.begin(), result.libraries.end(), f[0]) == result.libraries.end())
            result.libraries.push_back(f[0]);
    }
    if (!sawHeader) throw Error(path.string() + ": empty file, expected the header '" + kAccuracyCsvHeader + "'");
    return result;
}

void mergeAccuracy(AccuracyComparison& into, const AccuracyComparison& more) {
    for (const auto& [key, value] : more.errors) into.errors[key] = value;
    for (const std::string& library : more.libraries)
        if (std::find(into.libraries.begin(), into.libraries.end(), library) == into.libraries.end())
            into.libraries.push_back(library);
}

std::string accuracyCsv(const std::vector<AccuracyRow>& rows) {
    std::string text = std::string(kAccuracyCsvHeader) + "\n";
    for (const AccuracyRow& r : rows)
        if (r.error.empty()) text += accuracyCsvLines("liftcl", r.isDouble, r.n, {r.forward, r.inverse, r.roundTrip});
    return text;
}

double accuracyErrorRatio(const AccuracyRow& row, const AccuracyComparison& comparison, const std::string& library) {
    if (!row.error.empty()) return std::nan("");
    auto ratioOf = [&](const char* direction, double ours) {
        const auto it = comparison.errors.find({library, precisionName(row.isDouble), row.n, direction});
        if (it == comparison.errors.end()) return std::nan("");
        const double theirs = it->second.relL2;
        if (theirs == 0) return ours == 0 ? 1.0 : std::numeric_limits<double>::infinity();
        return ours / theirs;
    };
    const double forward = ratioOf("forward", row.forward.relL2), inverse = ratioOf("inverse", row.inverse.relL2);
    if (std::isnan(forward) || std::isnan(inverse)) return std::isnan(forward) ? inverse : forward;
    return std::max(forward, inverse);
}

std::string accuracyMarkdown(const std::vector<AccuracyRow>& rows, const AccuracyReportInfo& info,
                             const AccuracyComparison& comparison) {
    std::ostringstream md;
    md << "# FFT accuracy\n\n"
       << "Generated by `" << info.command << "`; do not edit by hand.\n\n"
       << "- Device: " << info.device << "\n"
       << "- Date: " << info.date << "\n"
       << "- Method: " << info.method << "; radices per size in the tables\n";
    md << "- Run time: " << ir::formatNumber(info.seconds, "%.0f") << " s\n";
    if (!info.complete)
        md << "- **Incomplete**: written during the run, after " << rows.size()
           << " size(s); the run did not finish (stopped or still running).\n";
    md << "\n"
       << "Input: the benchmark's deterministic hash of the element index, uniform in [-1, 1) "
          "(fp32: the fp64 values rounded to float). Reference: FFTW in long double (`fftwl`) of the "
          "same (rounded) input, so the errors are liftcl's own.\n\n"
       << "- **fwd**: forward transform, **inv**: inverse transform (unnormalised), both against FFTW.\n"
       << "- **round trip**: liftcl's inverse of liftcl's forward output, divided by N (on the host, "
          "in long double), against the input.\n"
       << "- rel L2 = ||y - ref||_2 / ||ref||_2; rel max = max_k |y_k - ref_k| / max_k |ref_k|.\n"
       << "- Required: rel L2 < 1e-6 (fp32) and < 1e-14 (fp64) at every size; values above are in "
          "**bold**.\n"
       << "- Multidimensional and real transforms (2D/3D, R2C): [accuracy_nd.md](accuracy_nd.md) "
          "(`liftcl bench --accuracy --family all`); sizes of any prime factor (primes, 11..23, Bluestein): "
          "[accuracy_any_size.md](accuracy_any_size.md) (`--sizes`).\n\n";

    const bool haveRatio = std::find(comparison.libraries.begin(), comparison.libraries.end(), info.ratioLibrary) !=
                           comparison.libraries.end();
    const std::string ratioHeader = "liftcl/" + info.ratioLibrary;
    for (bool isDouble : {false, true}) {
        const double limit = accuracyThreshold(isDouble);
        const char* precision = precisionName(isDouble);
        md << "## " << precision << " (threshold rel L2 < " << sci(limit) << ")\n\n"
           << "| N | radices | fwd rel L2 | fwd rel max | inv rel L2 | inv rel max | round trip rel L2 | "
              "round trip rel max |";
        std::size_t extraColumns = 0;
        for (const std::string& library : comparison.libraries) {
            md << " " << library << " fwd rel L2 | " << library << " inv rel L2 |";
            extraColumns += 2;
        }
        if (haveRatio) md << " " << ratioHeader << " |", ++extraColumns;
        md << "\n|---|---|---|---|---|---|---|---|";
        for (std::size_t i = 0; i < extraColumns; ++i) md << "---|";
        md << "\n";
        for (const AccuracyRow& r : rows) {
            if (r.isDouble != isDouble) continue;
            md << "| " << sizeText(r.n) << " | ";
            if (!r.error.empty()) {
                md << "- | failed: " << tableSafe(r.error) << " | | | | | |";
            } else {
                md << r.radices << " | " << cell(r.forward.relL2, limit) << " | " << sci(r.forward.relMax) << " | "
                   << cell(r.inverse.relL2, limit) << " | " << sci(r.inverse.relMax) << " | "
                   << cell(r.roundTrip.relL2, limit) << " | " << sci(r.roundTrip.relMax) << " |";
            }
            for (const std::string& library : comparison.libraries)
                for (const char* direction : {"forward", "inverse"}) {
                    const auto it = comparison.errors.find({library, precision, r.n, direction});
                    md << " " << (it == comparison.errors.end() ? std::string() : sci(it->second.relL2)) << " |";
                }
            if (haveRatio) md << " " << ratioCell(accuracyErrorRatio(r, comparison, info.ratioLibrary)) << " |";
            md << "\n";
        }
        md << "\n";
    }

    if (comparison.libraries.empty())
        md << "Other libraries (cuFFT, VkFFT): not measured in this run; pass `--compare-accuracy FILE.csv` "
              "(header `"
           << kAccuracyCsvHeader << "`) with errors measured on the GPU machine to add their columns.\n\n";
    else
        md << "Comparison columns: rel L2 of each library against the same FFTW long-double reference, from "
              "`--compare-accuracy` (measured by bench/gpu on the GPU machine, same input); an empty cell was not "
              "measured."
           << (haveRatio ? " " + ratioHeader +
                               ": liftcl's rel L2 over " + info.ratioLibrary +
                               "'s, the larger of forward and inverse; above " + ratioText(kMaxErrorRatio) +
                               " in **bold**."
                         : "")
           << "\n\n";

    std::vector<std::string> misses;
    for (const AccuracyRow& r : rows)
        if (missesThreshold(r))
            misses.push_back(std::string(precisionName(r.isDouble)) + " N=" + std::to_string(r.n) +
                             (r.error.empty() ? "" : " (" + tableSafe(r.error) + ")"));
    md << "## Sizes above the thresholds\n\n";
    if (misses.empty()) md << "None: every size meets the threshold in both precisions.\n";
    for (const std::string& m : misses) md << "- " << m << "\n";

    if (haveRatio) {
        std::vector<std::string> above;
        std::size_t compared = 0;
        for (const AccuracyRow& r : rows) {
            const double ratio = accuracyErrorRatio(r, comparison, info.ratioLibrary);
            if (std::isnan(ratio)) continue;
            ++compared;
            if (!(ratio <= kMaxErrorRatio))
                above.push_back(std::string(precisionName(r.isDouble)) + " N=" + std::to_string(r.n) + ": " +
                                ratioHeader + " = " + ratioText(ratio));
        }
        md << "\n## Sizes where liftcl's error is above " << ratioText(kMaxErrorRatio) << "x " << info.ratioLibrary
           << "'s\n\n";
        if (above.empty())
            md << "None of the " << compared << " sizes measured by both.\n";
        for (const std::string& a : above) md << "- " << a << "\n";
    }
    return md.str();
}

}  // namespace liftcl::bench
