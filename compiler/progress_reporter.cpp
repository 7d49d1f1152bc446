#include "compiler/progress_reporter.hpp"

#include <unistd.h>

#include <algorithm>
#include <iostream>

namespace liftcl::cli {

namespace {
constexpr std::size_t kBarWidth = 30;
constexpr std::size_t kTextWidth = 60;
}  // namespace

ProgressReporter::ProgressReporter(std::size_t total, std::string label)
    : total_(std::max<std::size_t>(total, 1)), label_(std::move(label)), terminal_(isatty(STDERR_FILENO) != 0) {}

ProgressReporter::~ProgressReporter() { finish(); }

void ProgressReporter::step(std::size_t done, const std::string& what) {
    if (!terminal_) {
        std::cerr << "[" << done << "/" << total_ << "] " << what << "\n";
        return;
    }
    const std::size_t filled = kBarWidth * std::min(done, total_) / total_;
    std::string text = what.size() > kTextWidth ? what.substr(0, kTextWidth - 3) + "..." : what;
    text.resize(kTextWidth, ' ');
    std::cerr << "\r[" << std::string(filled, '#') << std::string(kBarWidth - filled, ' ') << "] " << done << "/"
              << total_ << " " << label_ << "  " << text << std::flush;
    open_ = true;
}

void ProgressReporter::finish() {
    if (open_) std::cerr << "\n";
    open_ = false;
}

}  // namespace liftcl::cli
