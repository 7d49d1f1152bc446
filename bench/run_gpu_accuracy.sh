#!/usr/bin/env bash
# The accuracy table on the GPU machine: liftcl's errors measured ON THE GPU (`liftcl bench
# --accuracy`) beside cuFFT's and VkFFT's (bench/gpu), all against FFTW in long double on the same
# input, merged into one markdown table with the liftcl/cuFFT ratio column. Writes to $ACC_OUT
# (default $OUT): accuracy.md (docs-ready), liftcl_acc.csv, cufft_acc.csv, vkfft_acc.csv,
# accuracy_log.txt. Exit status 1 when a program failed or left sizes out.
#
# Usage (repository root, on the GPU machine): bash bench/run_gpu_accuracy.sh [extra liftcl bench options]
# Environment:
#   ACC_MAX_LOG2   largest power of two (default 22; the mixed sizes up to 2^K come too)
#   ACC_LIBS_MAX_LOG2  the same for cuFFT and VkFFT only (default ACC_MAX_LOG2; larger sizes than
#                  liftcl's are in their CSVs, not in the table)
#   LIFTCL         a built liftcl (bench/run_gpu.sh passes its own); unset: BIN's, else built here into /tmp/acc-liftcl
#   BIN            a folder with liftcl, cufft_accuracy and vkfft_accuracy built beforehand (bench/build_gpu_binaries.sh)
#   SKIP_SETUP=1   the .gpu debs are unpacked and the NVIDIA OpenCL driver registered already
#   ACC_SIZES      a list such as 1009,2431: exactly these sizes (all three libraries) instead of the sweep
#   ACC_TIMEOUT_S  limit of the cuFFT and VkFFT runs (default 120)
#   ACC_BUDGET_S   the whole script's limit (default 240): liftcl's run gets what is left, at least 60 s
# Measured on an H200 (16 cores): build of both programs 20 s; cuFFT to 2^22 + mixed 14 s and
# VkFFT 42 s (side by side; fftwl references threaded, ~2 s per 2^22 transform on one core);
# liftcl to 2^14 + 1680, 3000: 30 s. The table is written only when liftcl's run ends.
set -u
SECONDS=0
OUT=${OUT:-$PWD/out}
ACC_OUT=${ACC_OUT:-$OUT}
MAX_LOG2=${ACC_MAX_LOG2:-22}
LIBS_MAX_LOG2=${ACC_LIBS_MAX_LOG2:-$MAX_LOG2}
LIMIT=${ACC_TIMEOUT_S:-120}
BUDGET=${ACC_BUDGET_S:-240}
mkdir -p "$ACC_OUT"
log="$ACC_OUT/accuracy_log.txt"
: > "$log"
say() { echo "[accuracy +${SECONDS}s] $*" | tee -a "$log"; }

source bench/gpu_machine.sh
[ "${SKIP_SETUP:-0}" != 1 ] && gpu_machine_setup

builder=""
[ -z "${LIFTCL:-}" ] && [ -n "${BIN:-}" ] && LIFTCL=$BIN/liftcl
[ -z "${LIFTCL:-}" ] && build_liftcl_in_background /tmp/acc-liftcl /tmp/acc-liftcl.log
accuracy_build=${BIN:-/tmp/accuracy-build}
if [ ! -x "$accuracy_build/cufft_accuracy" ] || [ ! -x "$accuracy_build/vkfft_accuracy" ]; then
    BUILD_DIR=$accuracy_build bash bench/gpu/build.sh >> "$log" 2>&1
    say "comparison programs built"
fi

# cuFFT and VkFFT side by side (the GPU work is small; the CPU references use the cores).
status=0
for lib in cufft vkfft; do
    timeout -k 5 "$LIMIT" "$accuracy_build/${lib}_accuracy" --max-log2 "$LIBS_MAX_LOG2" ${ACC_SIZES:+--sizes "$ACC_SIZES"} \
        --csv "$ACC_OUT/${lib}_acc.csv" > "/tmp/${lib}_acc.log" 2>&1 &
    eval "pid_$lib=$!"
done
for lib in cufft vkfft; do
    eval "wait \$pid_$lib"; rc=$?
    { echo "== $lib (rc=$rc)"; cat "/tmp/${lib}_acc.log"; } >> "$log"
    [ "$rc" = 0 ] || status=1
    say "$lib done rc=$rc"
done
if [ -n "$builder" ] && ! wait "$builder"; then
    { echo "== liftcl build FAILED"; tail -40 /tmp/acc-liftcl.log; } >> "$log"; cat "$log"; exit 1
fi

compare=""
for lib in cufft vkfft; do
    [ -s "$ACC_OUT/${lib}_acc.csv" ] && compare="$compare${compare:+,}${lib}_acc.csv"
done
# Run in $ACC_OUT with relative names, so the table's header names no machine-specific paths.
liftcl_path=$(readlink -f "$LIFTCL")
liftcl_limit=$((BUDGET - SECONDS))
[ "$liftcl_limit" -ge 60 ] || liftcl_limit=60
say "liftcl bench --accuracy on the GPU (limit ${liftcl_limit}s)"
(cd "$ACC_OUT" && timeout -k 5 "$liftcl_limit" "$liftcl_path" bench --accuracy --max-log2 "$MAX_LOG2" --out accuracy.md \
    --accuracy-csv liftcl_acc.csv ${compare:+--compare-accuracy "$compare"} ${ACC_SIZES:+--sizes "$ACC_SIZES"} "$@") > /tmp/liftcl_acc.log 2>&1
rc=$?
{ echo "== liftcl (rc=$rc)"; cat /tmp/liftcl_acc.log; } >> "$log"
[ "$rc" = 0 ] || status=1
say "liftcl done rc=$rc"
grep -q "ABOVE THRESHOLD\|failed" /tmp/liftcl_acc.log && say "liftcl: some sizes failed or are above the thresholds"
sed -n '/## Sizes above the thresholds/,$p' "$ACC_OUT/accuracy.md" 2>/dev/null | tee -a "$log"
say "finished (status $status); outputs in $ACC_OUT"
exit $status
