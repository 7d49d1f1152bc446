// Quick mode: LIFTCL_TEST_QUICK=1 (scripts/sanitize.sh sets it) makes the slowest randomized and
// sweeping tests use fewer seeds and sizes, so that the sanitizer pass, which runs 3-10x slower,
// fits CI's time budget. The normal pass runs them in full. Quick mode keeps every suite and every
// kind of check; it only repeats them less.
#pragma once

#include <cstdlib>
#include <string>

namespace liftcl::testing {

inline bool quickMode() {
    const char* value = std::getenv("LIFTCL_TEST_QUICK");
    return value != nullptr && *value != '\0' && std::string(value) != "0";
}

// `full` normally, `quick` in quick mode.
template <class T>
T fullOrQuick(T full, T quick) {
    return quickMode() ? quick : full;
}

}  // namespace liftcl::testing
