// Progress of a long command on standard error: a bar redrawn in place on a terminal, one plain
// line per step otherwise (logs, CI, tests).
#pragma once

#include <cstddef>
#include <string>

namespace liftcl::cli {

class ProgressReporter {
public:
    // `total` steps; `label` names what is counted ("variants").
    ProgressReporter(std::size_t total, std::string label);
    ~ProgressReporter();
    ProgressReporter(const ProgressReporter&) = delete;
    ProgressReporter& operator=(const ProgressReporter&) = delete;

    // Step `done` of total finished; `what` says what it was and how it went.
    void step(std::size_t done, const std::string& what);
    // Ends the bar's line (a no-op for plain lines); called by the destructor too.
    void finish();

private:
    std::size_t total_;
    std::string label_;
    bool terminal_;
    bool open_ = false;
};

}  // namespace liftcl::cli
