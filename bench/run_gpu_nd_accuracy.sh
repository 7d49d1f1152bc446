#!/usr/bin/env bash
# The accuracy of the multidimensional and real shapes on the GPU machine (issue 15: at most 2x
# cuFFT's relative L2 error): cuFFT's errors (bench/gpu/cufft_nd_accuracy.cu) and liftcl's
# (`liftcl bench --accuracy --family all`), both against FFTW in long double on the same input,
# merged into one markdown table. Writes $OUT/accuracy_nd.md (docs-ready), cufft_nd_acc.csv,
# liftcl_nd_acc.csv and log_nd_acc.txt. Usage (repository root, .gpu/debs present):
#   OUT=dir [ND_ACC_MAX_LOG2=21] [LIFTCL=built liftcl] [BIN=.gpu/bin] bash bench/run_gpu_nd_accuracy.sh
# BIN: a folder holding liftcl and cufft_nd_accuracy built beforehand (bench/build_gpu_binaries.sh).
set -u
OUT=${OUT:-$PWD/out}
MAX=${ND_ACC_MAX_LOG2:-21}
mkdir -p "$OUT"
log="$OUT/log_nd_acc.txt"
: > "$log"
source bench/gpu_machine.sh
gpu_machine_setup
builder=""
[ -z "${LIFTCL:-}" ] && [ -n "${BIN:-}" ] && LIFTCL=$BIN/liftcl
[ -z "${LIFTCL:-}" ] && build_liftcl_in_background /tmp/acc-nd-liftcl /tmp/acc-nd-liftcl.log
accuracy_build=${BIN:-/tmp/accuracy-build}
[ -x "$accuracy_build/cufft_nd_accuracy" ] || BUILD_DIR=$accuracy_build bash bench/gpu/build.sh cufft_nd >> "$log" 2>&1
timeout 300 "$accuracy_build/cufft_nd_accuracy" --csv "$OUT/cufft_nd_acc.csv" --max-log2 "$MAX" >> "$log" 2>&1
echo "cufft_nd_accuracy exited $?" >> "$log"
if [ -n "$builder" ] && ! wait "$builder"; then
    { echo "== liftcl build FAILED"; tail -40 /tmp/acc-nd-liftcl.log; } >> "$log"; exit 1
fi
compare=(); [ -s "$OUT/cufft_nd_acc.csv" ] && compare=(--compare-accuracy "$OUT/cufft_nd_acc.csv")
timeout 300 "$LIFTCL" bench --accuracy --family all --max-log2 "$MAX" "${compare[@]}" --out "$OUT/accuracy_nd.md" \
    --accuracy-csv "$OUT/liftcl_nd_acc.csv" >> "$log" 2>&1
echo "liftcl bench --accuracy --family exited $?" >> "$log"
