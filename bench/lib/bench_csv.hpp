// Benchmark results as CSV rows, one format for liftcl and the comparison programs of bench/compare
// (cuFFT, clFFT, VkFFT), so one reader, plot and ratio table serve every library's results alike:
//
//   library,precision,N,batch,median_ms,gflops,gbps,note
//
// precision is fp32, fp64 or copy (a copy-bandwidth row: N = bytes per buffer, batch = 1); failed
// or skipped points have nan times and say why in the note; the note is ';'-separated key=value
// items and flags (single, CHECK_FAILED, relerr=..., skipped: ...).
#pragma once

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <string>
#include <vector>

namespace liftcl::bench {

struct BenchRow {
    std::string library;    // liftcl, cufft, clfft, vkfft
    std::string precision;  // fp32 | fp64 | copy
    std::int64_t n = 0;  // points of one transform
    std::int64_t batch = 1;
    double medianMs = std::nan("");
    double gflops = std::nan("");
    double gbps = std::nan("");
    std::string note;
    std::string shape;  // rank >= 2 (--family): the N column as "64x64" (n the product); "" for 1D

    bool measured() const { return std::isfinite(medianMs); }
    bool single() const;       // the note has the flag `single` (the batch = 1 point)
    bool checkFailed() const;  // the note has CHECK_FAILED
    std::string family() const;  // the note's family=... ("" for the 1D complex sweep)
};

inline constexpr const char* kCsvHeader = "library,precision,N,batch,median_ms,gflops,gbps,note";

void writeCsvHeader(std::ostream& out);
void writeCsvRow(std::ostream& out, const BenchRow& row);  // commas and newlines in the note become ';' and ' '

// Reads a CSV with the header above (commas inside the note are kept in it); throws liftcl::Error
// naming the file and line of a malformed row.
std::vector<BenchRow> readCsv(const std::filesystem::path& path);
std::vector<BenchRow> parseCsv(const std::string& text, const std::string& origin);

}  // namespace liftcl::bench
