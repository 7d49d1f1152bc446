#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/) in the sanitizer build (scripts/sanitized-build.sh: clang 14,
# ASan+UBSan, the libraries instrumented for coverage; the build scripts/sanitize.sh tests) and runs
# each for SECONDS (default 120; CI runs `bash scripts/fuzz.sh 60`, 2.5 min in all):
#   fuzz_parse_typecheck  .lift text: parse, print round trip, elaborate, type inference
#   fuzz_fft_descriptor   `liftcl fft` descriptors: plan, lower, generate OpenCL C (no device)
#   fuzz_fft_plan_json    the plan.json loader of the runtime (SECONDS/2: it is small and fast)
# The corpus grows in BUILD_DIR/fuzz/corpus/<fuzzer> across runs;
# a crash stops the script with exit status 1 and the input saved in BUILD_DIR/fuzz/artifacts/.
# Usage: bash scripts/fuzz.sh [SECONDS]
#   LIFTCL_FUZZ_BUILD_DIR  build directory (default build-asan, scripts/sanitize.sh's)
#   LIFTCL_FUZZ_ARGS       extra libFuzzer options, e.g. "-fork=4" to fuzz with 4 processes
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

seconds="${1:-120}"
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -eq 0 ]; then
  echo "usage: scripts/fuzz.sh [SECONDS]  (a positive number of seconds per fuzzer)" >&2
  exit 2
fi
build="${LIFTCL_FUZZ_BUILD_DIR:-build-asan}"
read -r -a extra_args <<<"${LIFTCL_FUZZ_ARGS:-}"
fuzzers=(fuzz_parse_typecheck fuzz_fft_descriptor fuzz_fft_plan_json)
# Per fuzzer: its seed folder and dictionary; its regression folder (where a fixed crash goes).
declare -A seeds=([fuzz_parse_typecheck]="$build/fuzz/seeds" [fuzz_fft_descriptor]=tests/fft/fuzz_regressions
                  [fuzz_fft_plan_json]=fuzz/fft_plan_json/seeds)
declare -A dicts=([fuzz_parse_typecheck]=fuzz/lift.dict [fuzz_fft_descriptor]=fuzz/fft_descriptor.dict
                  [fuzz_fft_plan_json]=fuzz/fft_plan_json.dict)
declare -A share=([fuzz_parse_typecheck]=1 [fuzz_fft_descriptor]=1 [fuzz_fft_plan_json]=2)  # SECONDS / share
# Seconds after which one input counts as a hang: a plan of n=2^16 takes seconds under ASan.
declare -A timeouts=([fuzz_parse_typecheck]=10 [fuzz_fft_descriptor]=60 [fuzz_fft_plan_json]=10)
declare -A regressions=(
  [fuzz_parse_typecheck]="tests/ir/fuzz_regressions/<name>.lift (run by tests/ir/fuzz_regression_test.cpp)"
  [fuzz_fft_descriptor]="tests/fft/fuzz_regressions/<name>.txt (run by tests/fft/fft_fuzz_regression_test.cpp)"
  [fuzz_fft_plan_json]="fuzz/fft_plan_json/seeds/ (and a test beside tests/fft/fft_plan_runtime_test.cpp)")

# Only what the fuzzers need when the tests were not built before.
bash scripts/sanitized-build.sh "$build" "${fuzzers[@]}"

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
status=0
for fuzzer in "${fuzzers[@]}"; do
  corpus="$build/fuzz/corpus/$fuzzer"
  artifacts="$build/fuzz/artifacts/$fuzzer"
  mkdir -p "$corpus" "$artifacts"
  fuzz_seconds=$(( seconds / ${share[$fuzzer]} > 0 ? seconds / ${share[$fuzzer]} : 1 ))
  echo "=== $fuzzer: ${fuzz_seconds}s, corpus $corpus, seeds ${seeds[$fuzzer]}"
  # -timeout: one input taking longer is a hang (reported like a crash); -rss_limit_mb: so is
  # runaway memory; -max_len: .lift programs of a few KiB exercise every construct (descriptors
  # need far less).
  if ! "$build/fuzz/$fuzzer" -max_total_time="$fuzz_seconds" -timeout="${timeouts[$fuzzer]}" -rss_limit_mb=2048 \
      -max_len=4096 -dict="${dicts[$fuzzer]}" -artifact_prefix="$artifacts/" -print_final_stats=1 \
      ${extra_args[@]+"${extra_args[@]}"} "$corpus" "${seeds[$fuzzer]}"; then
    status=1
    echo "=== $fuzzer FAILED. Inputs that crashed, hung or ran out of memory:" >&2
    for crash in "$artifacts"/*; do
      [ -e "$crash" ] || continue
      echo "--- $crash" >&2
      head -c 2000 "$crash" >&2 || true
      echo >&2
    done
    echo "Reproduce with: $build/fuzz/$fuzzer <input>; once fixed, copy the input to" \
         "${regressions[$fuzzer]}." >&2
  fi
done
exit "$status"
