#include "bench/lib/bench_csv.hpp"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <ostream>
#include <sstream>

#include "ir/error.hpp"
#include "ir/number_format.hpp"

namespace liftcl::bench {

namespace {

bool hasFlag(const std::string& note, const std::string& flag) {
    std::size_t start = 0;
    while (start <= note.size()) {
        const std::size_t end = std::min(note.find(';', start), note.size());
        if (note.compare(start, end - start, flag) == 0) return true;
        start = end + 1;
    }
    return false;
}

std::string number(double value, const char* format) {
    return std::isfinite(value) ? ir::formatNumber(value, format) : "nan";
}

std::string sanitized(std::string text) {
    for (char& ch : text) {
        if (ch == ',') ch = ';';
        else if (ch == '\n' || ch == '\r' || ch == '"') ch = ' ';
    }
    return text;
}

std::vector<std::string> splitFields(const std::string& line, std::size_t count) {
    // The note is the last column; with `count` columns, commas after the (count-1)th belong to it.
    std::vector<std::string> fields;
    std::size_t start = 0;
    while (fields.size() + 1 < count) {
        const std::size_t comma = line.find(',', start);
        if (comma == std::string::npos) break;
        fields.push_back(line.substr(start, comma - start));
        start = comma + 1;
    }
    fields.push_back(line.substr(start));
    return fields;
}

double parseDouble(const std::string& text, const std::string& where) {
    if (text == "nan" || text == "NaN" || text.empty()) return std::nan("");
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (end == text.c_str() || *end != '\0') throw Error(where + ": '" + text + "' is not a number");
    return value;
}

std::int64_t parseInteger(const std::string& text, const std::string& where) {
    char* end = nullptr;
    const long long value = std::strtoll(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || value < 0) throw Error(where + ": '" + text + "' is not a count");
    return value;
}

}  // namespace

bool BenchRow::single() const { return hasFlag(note, "single"); }
bool BenchRow::checkFailed() const { return hasFlag(note, "CHECK_FAILED"); }

std::string BenchRow::family() const {
    const std::string key = "family=";
    std::size_t at = note.rfind(key, 0) == 0 ? 0 : note.find(";" + key);
    if (at == std::string::npos) return "";
    at += note.compare(at, 1, ";") == 0 ? key.size() + 1 : key.size();
    return note.substr(at, note.find(';', at) - at);
}

void writeCsvHeader(std::ostream& out) { out << kCsvHeader << "\n"; }

void writeCsvRow(std::ostream& out, const BenchRow& row) {
    out << sanitized(row.library) << ',' << row.precision << ',' << (row.shape.empty() ? std::to_string(row.n) : row.shape) << ',' << row.batch << ','
        << number(row.medianMs, "%.6f") << ',' << number(row.gflops, "%.3f") << ',' << number(row.gbps, "%.3f")
        << ',' << sanitized(row.note) << "\n";
    out.flush();
}

std::vector<BenchRow> parseCsv(const std::string& text, const std::string& origin) {
    std::istringstream in(text);
    std::string line;
    int lineNumber = 0;
    std::vector<BenchRow> rows;
    bool sawHeader = false;
    while (std::getline(in, line)) {
        ++lineNumber;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) continue;
        const std::string where = origin + ":" + std::to_string(lineNumber);
        if (!sawHeader) {
            if (line.rfind("library,precision,N,batch,median_ms,gflops,gbps", 0) != 0)
                throw Error(where + ": expected the header '" + std::string(kCsvHeader) + "'");
            sawHeader = true;
            continue;
        }
        const auto f = splitFields(line, 8);
        if (f.size() < 7) throw Error(where + ": expected 8 columns (" + std::string(kCsvHeader) + ")");
        BenchRow row;
        row.library = f[0];
        row.precision = f[1];
        if (f[2].find('x') == std::string::npos) {
            row.n = parseInteger(f[2], where + " (N)");
        } else {  // a shape, 64x64
            row.shape = f[2];
            row.n = 1;
            std::size_t start = 0;
            while (start <= f[2].size()) {
                const std::size_t x = std::min(f[2].find('x', start), f[2].size());
                row.n *= parseInteger(f[2].substr(start, x - start), where + " (N)");
                start = x + 1;
            }
        }
        row.batch = parseInteger(f[3], where + " (batch)");
        row.medianMs = parseDouble(f[4], where + " (median_ms)");
        row.gflops = parseDouble(f[5], where + " (gflops)");
        row.gbps = parseDouble(f[6], where + " (gbps)");
        if (f.size() > 7) row.note = f[7];
        rows.push_back(std::move(row));
    }
    if (!sawHeader) throw Error(origin + ": empty file, expected the header '" + std::string(kCsvHeader) + "'");
    return rows;
}

std::vector<BenchRow> readCsv(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error("cannot read the CSV file " + path.string());
    std::ostringstream text;
    text << in.rdbuf();
    return parseCsv(text.str(), path.string());
}

}  // namespace liftcl::bench
