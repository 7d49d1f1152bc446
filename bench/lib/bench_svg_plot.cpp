#include "bench/lib/bench_svg_plot.hpp"
#include "ir/number_format.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>

namespace liftcl::bench {

namespace {

constexpr double kWidth = 1200, kHeight = 900;
constexpr double kPanelWidth = 540, kPanelHeight = 330;
constexpr double kLeft[2] = {80, 680}, kTop[2] = {110, 530};

std::string escaped(const std::string& text) {
    std::string out;
    for (char ch : text) {
        switch (ch) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        default: out += ch;
        }
    }
    return out;
}

std::string num(double value) { return ir::formatNumber(value, "%.1f"); }

std::string tickLabel(double value) { return ir::formatNumber(value, value >= 100 || value == 0 ? "%.0f" : "%.3g"); }

// Fixed colours for the libraries the harness measures; others cycle through a palette.
std::string colourOf(const std::string& library, std::map<std::string, std::string>& assigned) {
    static const std::map<std::string, std::string> known = {
        {"liftcl", "#d62728"}, {"cufft", "#2ca02c"}, {"clfft", "#1f77b4"}, {"vkfft", "#9467bd"}};
    static const char* palette[] = {"#ff7f0e", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};
    if (auto it = known.find(library); it != known.end()) return it->second;
    if (auto it = assigned.find(library); it != assigned.end()) return it->second;
    const std::string colour = palette[assigned.size() % 6];
    assigned[library] = colour;
    return colour;
}

bool isPowerOfTwo(std::int64_t n) { return n > 0 && (n & (n - 1)) == 0; }

// A step of 1, 2 or 5 times a power of ten giving about five ticks up to `top`.
double tickStep(double top) {
    const double raw = top / 5;
    const double decade = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0})
        if (m * decade >= raw) return m * decade;
    return 10 * decade;
}

struct Panel {
    std::string precision;  // fp32 | fp64
    bool gbps = true;       // else GFLOP/s
    double left = 0, top = 0;
};

class Plot {
public:
    Plot(const std::vector<BenchRow>& rows, double xMin, double xMax) : rows_(rows), xMin_(xMin), xMax_(xMax) {}

    void panel(std::ostringstream& svg, const Panel& p, std::map<std::string, std::string>& colours) const {
        double yMax = 0;
        for (const BenchRow& r : rows_) {
            if (r.precision == p.precision && r.measured()) yMax = std::max(yMax, value(r, p));
            if (p.gbps && r.precision == "copy" && r.measured()) yMax = std::max(yMax, r.gbps);
        }
        if (!(yMax > 0)) yMax = 1;
        const double step = tickStep(yMax * 1.05);
        const double yTop = std::ceil(yMax * 1.05 / step) * step;
        auto x = [&](double log2n) { return p.left + (log2n - xMin_) / (xMax_ - xMin_) * kPanelWidth; };
        auto y = [&](double v) { return p.top + kPanelHeight - v / yTop * kPanelHeight; };

        svg << "<g>\n<rect x=\"" << num(p.left) << "\" y=\"" << num(p.top) << "\" width=\"" << num(kPanelWidth)
            << "\" height=\"" << num(kPanelHeight) << "\" fill=\"none\" stroke=\"#444\"/>\n";
        svg << "<text x=\"" << num(p.left + kPanelWidth / 2) << "\" y=\"" << num(p.top - 10)
            << "\" text-anchor=\"middle\" font-size=\"15\">" << p.precision << ": "
            << (p.gbps ? "GB/s (2 N batch bytes / t)" : "GFLOP/s (5 N log2 N batch / t)") << "</text>\n";
        for (double v = 0; v <= yTop + step / 2; v += step) {
            svg << "<line x1=\"" << num(p.left) << "\" y1=\"" << num(y(v)) << "\" x2=\"" << num(p.left + kPanelWidth)
                << "\" y2=\"" << num(y(v)) << "\" stroke=\"#ddd\"/>\n";
            svg << "<text x=\"" << num(p.left - 6) << "\" y=\"" << num(y(v) + 4)
                << "\" text-anchor=\"end\" font-size=\"11\">" << tickLabel(v) << "</text>\n";
        }
        for (int k = static_cast<int>(std::ceil(xMin_)); k <= static_cast<int>(std::floor(xMax_)); ++k) {
            svg << "<line x1=\"" << num(x(k)) << "\" y1=\"" << num(p.top + kPanelHeight) << "\" x2=\"" << num(x(k))
                << "\" y2=\"" << num(p.top + kPanelHeight + 4) << "\" stroke=\"#444\"/>\n";
            svg << "<text x=\"" << num(x(k)) << "\" y=\"" << num(p.top + kPanelHeight + 17)
                << "\" text-anchor=\"middle\" font-size=\"11\">" << k << "</text>\n";
        }
        svg << "<text x=\"" << num(p.left + kPanelWidth / 2) << "\" y=\"" << num(p.top + kPanelHeight + 34)
            << "\" text-anchor=\"middle\" font-size=\"12\">log2 N</text>\n";

        // A k-pass FFT reads and writes its data k times: the copy bandwidth over k bounds its GB/s
        // (as counted here, one read and one write). The fastest copy of the job sets the bounds.
        double copy = 0;
        for (const BenchRow& r : rows_)
            if (r.precision == "copy" && r.measured()) copy = std::max(copy, r.gbps);
        for (int passes = 2; p.gbps && copy > 0 && passes <= 3; ++passes) {
            const double bound = copy / passes;
            const std::string label = std::to_string(passes) + " passes";
            svg << "<line x1=\"" << num(p.left) << "\" y1=\"" << num(y(bound)) << "\" x2=\""
                << num(p.left + kPanelWidth) << "\" y2=\"" << num(y(bound)) << "\" stroke=\"#999\" stroke-dasharray=\"2 3\"><title>"
                << label << ": copy / " << passes << " = " << tickLabel(bound) << " GB/s</title></line>\n";
            svg << "<text x=\"" << num(p.left + kPanelWidth - 4) << "\" y=\"" << num(y(bound) - 3)
                << "\" text-anchor=\"end\" font-size=\"10\" fill=\"#777\">" << label << "</text>\n";
        }

        std::map<std::string, std::vector<const BenchRow*>> byLibrary;
        for (const BenchRow& r : rows_)
            if ((r.precision == p.precision || (p.gbps && r.precision == "copy")) && r.measured())
                byLibrary[r.library].push_back(&r);
        for (const auto& [library, libraryRows] : byLibrary) {
            const std::string colour = colourOf(library, colours);
            std::vector<std::pair<double, double>> line;
            for (const BenchRow* r : libraryRows) {
                if (r->precision == "copy") {
                    svg << "<line x1=\"" << num(p.left) << "\" y1=\"" << num(y(r->gbps)) << "\" x2=\""
                        << num(p.left + kPanelWidth) << "\" y2=\"" << num(y(r->gbps)) << "\" stroke=\"" << colour
                        << "\" stroke-dasharray=\"6 4\"><title>" << escaped(library) << " copy "
                        << tickLabel(r->gbps) << " GB/s</title></line>\n";
                    continue;
                }
                const double lx = std::log2(static_cast<double>(r->n)), v = value(*r, p);
                const std::string tip = escaped(library) + " N=" + std::to_string(r->n) +
                                        " batch=" + std::to_string(r->batch) + ": " + tickLabel(v);
                if (r->single()) {
                    const double cx = x(lx), cy = y(v);
                    svg << "<path d=\"M" << num(cx) << " " << num(cy - 6) << " L" << num(cx + 6) << " " << num(cy)
                        << " L" << num(cx) << " " << num(cy + 6) << " L" << num(cx - 6) << " " << num(cy)
                        << " Z\" fill=\"none\" stroke=\"" << colour << "\"><title>" << tip
                        << " (batch 1)</title></path>\n";
                } else if (!isPowerOfTwo(r->n)) {
                    svg << "<rect x=\"" << num(x(lx) - 4) << "\" y=\"" << num(y(v) - 4)
                        << "\" width=\"8\" height=\"8\" fill=\"" << colour << "\" fill-opacity=\"0.6\"><title>"
                        << tip << " (mixed radix)</title></rect>\n";
                } else {
                    line.emplace_back(lx, v);
                    svg << "<circle cx=\"" << num(x(lx)) << "\" cy=\"" << num(y(v)) << "\" r=\"3\" fill=\"" << colour
                        << "\"" << (r->checkFailed() ? " stroke=\"black\" stroke-width=\"2\"" : "") << "><title>"
                        << tip << (r->checkFailed() ? " CHECK FAILED" : "") << "</title></circle>\n";
                }
            }
            std::sort(line.begin(), line.end());
            if (line.size() > 1) {
                svg << "<polyline fill=\"none\" stroke=\"" << colour << "\" stroke-width=\"2\" points=\"";
                for (const auto& [lx, v] : line) svg << num(x(lx)) << "," << num(y(v)) << " ";
                svg << "\"/>\n";
            }
        }
        svg << "</g>\n";
    }

private:
    static double value(const BenchRow& r, const Panel& p) { return p.gbps ? r.gbps : r.gflops; }

    const std::vector<BenchRow>& rows_;
    double xMin_, xMax_;
};

}  // namespace

std::string renderSvgPlot(const std::vector<BenchRow>& rows, const std::string& title) {
    double xMin = 1e9, xMax = -1e9;
    std::vector<std::string> libraries;
    for (const BenchRow& r : rows) {
        if (std::find(libraries.begin(), libraries.end(), r.library) == libraries.end())
            libraries.push_back(r.library);
        if (r.precision == "copy" || r.n < 1) continue;
        const double lx = std::log2(static_cast<double>(r.n));
        xMin = std::min(xMin, std::floor(lx));
        xMax = std::max(xMax, std::ceil(lx));
    }
    if (xMin > xMax) xMin = 0, xMax = 1;
    if (xMin == xMax) xMin -= 1, xMax += 1;

    std::ostringstream svg;
    svg << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        << "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" << num(kWidth) << "\" height=\""
        << num(kHeight) << "\" viewBox=\"0 0 " << num(kWidth) << " " << num(kHeight)
        << "\" font-family=\"sans-serif\">\n"
        << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        << "<text x=\"" << num(kWidth / 2) << "\" y=\"28\" text-anchor=\"middle\" font-size=\"18\">" << escaped(title)
        << "</text>\n";

    std::map<std::string, std::string> colours;
    double legendX = 80;
    for (const std::string& library : libraries) {
        const std::string colour = colourOf(library, colours);
        svg << "<line x1=\"" << num(legendX) << "\" y1=\"55\" x2=\"" << num(legendX + 24) << "\" y2=\"55\" stroke=\""
            << colour << "\" stroke-width=\"3\"/>\n<text x=\"" << num(legendX + 30) << "\" y=\"59\" font-size=\"13\">"
            << escaped(library) << "</text>\n";
        legendX += 40 + 8 * static_cast<double>(library.size());
    }
    svg << "<text x=\"80\" y=\"80\" font-size=\"11\" fill=\"#555\">lines: batch = max(1, 2^T/N); diamond: batch 1; "
           "square: mixed radix; dashed: copy bandwidth (the one-pass bound); dotted: copy / 2 and copy / 3 (two- "
           "and three-pass bounds); ringed dot: correctness check failed</text>\n";

    const Plot plot(rows, xMin, xMax);
    const char* precisions[2] = {"fp32", "fp64"};
    for (int row = 0; row < 2; ++row)
        for (int column = 0; column < 2; ++column)
            plot.panel(svg, {precisions[row], column == 0, kLeft[column], kTop[row]}, colours);
    svg << "</svg>\n";
    return svg.str();
}

}  // namespace liftcl::bench
