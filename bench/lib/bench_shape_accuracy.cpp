#include "bench/lib/bench_shape_accuracy.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include "fft/fft_planner.hpp"
#include "ir/error.hpp"
#include "ir/number_format.hpp"
#include "runtime/context.hpp"
#include "runtime/fft/fft_plan.hpp"
#include "runtime/program_cache.hpp"
#include "runtime/queue.hpp"

namespace liftcl::bench {

namespace {

template <typename Real>
ShapeAccuracyRow measureOne(const rt::Device& device, const rt::Context& context, const rt::Queue& queue,
                            rt::ProgramCache& cache, const AccuracyShape& s) {
    ShapeAccuracyRow row;
    row.isDouble = sizeof(Real) == 8;
    row.shape = s;
    fft::FftRequest r;
    r.n = 1;
    for (auto e : s.shape) r.n *= e;
    if (s.shape.size() >= 2) r.shape = s.shape;
    r.real = s.real;
    r.precision = row.isDouble ? ir::ScalarKind::Double : ir::ScalarKind::Float;
    r.localMemoryBytes = static_cast<std::int64_t>(device.localMemBytes());
    try {
        rt::FftPlan plan(cache, context, fft::planFft(r));
        row.method = plan.description().method;
        const TransformFunction<Real> transform = [&](const std::vector<std::complex<Real>>& x, TransformDirection) {
            if (!s.real) return plan.execute(queue, x);
            std::vector<Real> re(x.size());
            for (std::size_t i = 0; i < x.size(); ++i) re[i] = x[i].real();
            return plan.executeReal(queue, re);
        };
        row.errors = measureShapeErrors(s, transform);
    } catch (const std::exception& e) {
        row.error = e.what();
    }
    return row;
}

std::string sci(double v) { return std::isfinite(v) ? ir::formatNumber(v, "%.2e") : "inf"; }

}  // namespace

std::vector<ShapeAccuracyRow> measureShapeAccuracy(const rt::Device& device, const std::vector<AccuracyShape>& shapes,
                                                   bool fp32, bool fp64) {
    rt::Context context(device);
    rt::Queue queue(context);
    rt::ProgramCache cache;
    std::vector<ShapeAccuracyRow> rows;
    for (bool isDouble : {false, true}) {
        if (isDouble ? !fp64 : !fp32) continue;
        for (const AccuracyShape& s : shapes)
            rows.push_back(isDouble ? measureOne<double>(device, context, queue, cache, s)
                                    : measureOne<float>(device, context, queue, cache, s));
    }
    return rows;
}

void readShapeAccuracyCsv(const std::filesystem::path& path, ShapeAccuracyComparison& into) {
    std::ifstream in(path);
    if (!in) throw Error("cannot read the accuracy CSV file " + path.string());
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        const std::string where = path.string() + ":" + std::to_string(number);
        if (number == 1) {
            if (line != kShapeAccuracyCsvHeader)
                throw Error(where + ": expected the header '" + std::string(kShapeAccuracyCsvHeader) + "'");
            continue;
        }
        if (line.empty()) continue;
        std::vector<std::string> f;
        std::stringstream fields(line);
        for (std::string item; std::getline(fields, item, ',');) f.push_back(item);
        if (f.size() != 5) throw Error(where + ": expected 5 columns (" + std::string(kShapeAccuracyCsvHeader) + ")");
        char* end1 = nullptr;
        char* end2 = nullptr;
        const double l2 = std::strtod(f[3].c_str(), &end1), max = std::strtod(f[4].c_str(), &end2);
        if (*end1 != '\0' || *end2 != '\0') throw Error(where + ": rel_l2 and rel_max must be numbers");
        into[{f[0], f[1], f[2]}] = {l2, max};
    }
    if (number == 0) throw Error(path.string() + ": empty file, expected the header '" + kShapeAccuracyCsvHeader + "'");
}

std::string shapeAccuracyCsv(const std::vector<ShapeAccuracyRow>& rows) {
    std::string csv = std::string(kShapeAccuracyCsvHeader) + "\n";
    for (const auto& r : rows)
        if (r.error.empty()) csv += shapeAccuracyCsvLine("liftcl", r.isDouble, r.shape, r.errors);
    return csv;
}

std::string shapeAccuracyMarkdown(const std::vector<ShapeAccuracyRow>& rows, const ShapeAccuracyComparison& comparison,
                                  const std::string& ratioLibrary, const std::string& header) {
    std::vector<std::string> libraries;
    for (const auto& [key, e] : comparison)
        if (std::find(libraries.begin(), libraries.end(), std::get<0>(key)) == libraries.end())
            libraries.push_back(std::get<0>(key));
    std::string md = header + "\n| shape | precision | liftcl plan | liftcl rel L2 | liftcl rel max |";
    for (const auto& l : libraries) md += " " + l + " rel L2 |";
    md += " liftcl / " + ratioLibrary + " |\n| --- | --- | --- | --- | --- |";
    for (std::size_t i = 0; i <= libraries.size(); ++i) md += " --- |";
    md += "\n";
    std::vector<std::string> above;
    for (const auto& r : rows) {
        const std::string precision = r.isDouble ? "fp64" : "fp32", shape = accuracyShapeText(r.shape);
        md += "| " + shape + " | " + precision + " | " + (r.error.empty() ? r.method : "failed: " + r.error) + " | " +
              (r.error.empty() ? sci(r.errors.relL2) : "-") + " | " + (r.error.empty() ? sci(r.errors.relMax) : "-") + " |";
        for (const auto& l : libraries) {
            const auto it = comparison.find({l, precision, shape});
            md += " " + (it == comparison.end() ? std::string("-") : sci(it->second.relL2)) + " |";
        }
        const auto it = comparison.find({ratioLibrary, precision, shape});
        if (it == comparison.end() || !r.error.empty()) {
            md += " - |\n";
            continue;
        }
        const double ratio = it->second.relL2 > 0 ? r.errors.relL2 / it->second.relL2 : 1.0;
        md += " " + ir::formatNumber(ratio, "%.2f") + (ratio > 2.0 ? " **above 2x**" : "") + " |\n";
        if (ratio > 2.0) above.push_back(precision + " " + shape);
    }
    md += "\n";
    if (!comparison.empty()) {
        md += above.empty() ? "Every shape measured is within 2x of " + ratioLibrary + "'s error.\n"
                            : "Above 2x " + ratioLibrary + "'s error:";
        for (const auto& a : above) md += " " + a + ";";
        if (!above.empty()) md += "\n";
    }
    return md;
}

}  // namespace liftcl::bench
