#!/usr/bin/env bash
# Builds everything with AddressSanitizer + UndefinedBehaviorSanitizer (scripts/sanitized-build.sh:
# clang 14, no clang libTooling; the build scripts/fuzz.sh runs its fuzzers from) and runs the whole
# test suite there. Any sanitizer report aborts the test process, so ctest fails.
# The Oclgrind ctests are not registered in this build (Oclgrind is preloaded; ASan must load first).
# Usage: bash scripts/sanitize.sh [extra ctest arguments, e.g. -R ir]
#   LIFTCL_SANITIZE_BUILD_DIR  build directory (default build-asan)
#   LIFTCL_TEST_QUICK          1 by default here: the slowest sweeps use fewer sizes and seeds
#                              (tests/support/quick_mode.hpp); 0 runs them in full
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build="${LIFTCL_SANITIZE_BUILD_DIR:-build-asan}"
bash scripts/sanitized-build.sh "$build"

# halt_on_error/abort_on_error: a report ends the test run with a failure, never just a message.
# Leaks inside the OpenCL implementations (PoCL's and the ICD loader's own allocations) are not
# ours: scripts/lsan.supp names them.
# Stack-use-after-return detection and 30-frame allocation stacks double the run time of this
# allocation-heavy compiler (measured: 7.8 s -> 4.1 s for one Bluestein planning test), which CI's
# budget does not allow; heap, stack and global overflows, use after free, leaks and UB stay checked.
# ASAN_OPTIONS=...:detect_stack_use_after_return=1 runs the full check by hand.
export ASAN_OPTIONS="${ASAN_OPTIONS:-halt_on_error=1:abort_on_error=1:detect_leaks=1:detect_stack_use_after_return=0:malloc_context_size=6}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:abort_on_error=1:print_stacktrace=1}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$PWD/scripts/lsan.supp:print_suppressions=0}"
export LIFTCL_TEST_QUICK="${LIFTCL_TEST_QUICK:-1}"
# The end-to-end FFT sweeps up to 2^8 (every pass and kernel kind still runs; tests/e2e/size_limit.hpp).
export LIFTCL_E2E_MAX_LOG2N="${LIFTCL_E2E_MAX_LOG2N:-8}"
# Two suites at a time: the sanitized suites are CPU-bound and CI has two cores.
ctest --test-dir "$build" --output-on-failure -j2 "$@"
