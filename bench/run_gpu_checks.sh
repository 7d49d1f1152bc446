#!/usr/bin/env bash
# One GPU job, most important first, each step's results packed as soon as it ends (so a job cut
# short still returns what it measured): builds liftcl, cufft_compare and vkfft_compare once, then
#   1. sweep:   cuFFT, VkFFT and liftcl over 2^4..2^MAX_LOG2 and the mixed sizes, fp32 and fp64
#               (`liftcl bench --compare`: the ratio table), -> $OUT/sweep.tar.gz
#   2. ab:      liftcl with persistent work-groups off (the default) and capped at the estimated
#               resident groups (LIFTCL_PERSISTENT_GROUPS=auto) over 2^4..2^13 and the mixed
#               sizes: the before/after of that setting, -> $OUT/ab.tar.gz
#   3. primes:  cuFFT, VkFFT and liftcl on prime sizes (PRIMES), -> $OUT/primes.tar.gz
#   4. tiles:   liftcl's hierarchical passes with 32 KiB tiles written in place (`--tile-bytes
#               32768`: 2^17, 2^18 fp32 and 2^15, 2^16 fp64 in two passes instead of three) beside
#               the default 16 KiB ping-pong tiles, 2^13..2^MAX_LOG2, -> $OUT/tiles.tar.gz
#   5. accuracy: bench/run_gpu_accuracy.sh with this liftcl (errors beside cuFFT's and VkFFT's,
#               powers of two to 2^22 and the mixed sizes), -> $OUT/accuracy.tar.gz
#   6. blas:    bench/run_gpu_blas.sh with this liftcl (cuBLAS gemv/asum/dot beside liftcl's best
#               explored variants, BLAS_BUDGET_S seconds of explore each), -> $OUT/blas.tar.gz
#   before: the sweep's liftcl rows again with another liftcl (BEFORE=its path, e.g. the previous
#               commit's build): the before/after of a change in the same job, -> $OUT/before.tar.gz
# Usage (repository root): OUT=dir [MAX_LOG2=22] [STEPS="sweep ab primes tiles accuracy blas before"] bash bench/run_gpu_checks.sh
# Needs the .deb files of run_gpu.sh in .gpu/debs (or DEBS=dir); BUILD_DIR default /tmp/liftcl-checks;
# BIN=dir takes liftcl, cufft_compare and vkfft_compare built beforehand (bench/build_gpu_binaries.sh).
set -u
OUT=${OUT:-$PWD/out}
BUILD=${BIN:-${BUILD_DIR:-/tmp/liftcl-checks}}
MAX=${MAX_LOG2:-22}
STEPS=${STEPS:-sweep ab primes tiles accuracy}
PRIMES=${PRIMES:-17,31,61,127,257,509,1009,2053,4099,8191,16381,65537}
DEBS=${DEBS:-.gpu/debs}
mkdir -p "$OUT" /tmp/checks
log="$OUT/log.txt"
: > "$log"
say() { echo "[checks +${SECONDS}s] $*" | tee -a "$log"; }

[ -d "$DEBS" ] && { for f in "$DEBS"/*.deb; do dpkg -x "$f" /; done; ldconfig; }
mkdir -p /etc/OpenCL/vendors
[ -e /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> "$log" 2>&1
[ -z "${CUDACXX:-}" ] && [ -x /usr/local/cuda/bin/nvcc ] && export CUDACXX=/usr/local/cuda/bin/nvcc
if [ -z "${BIN:-}" ] && ! { cmake -S . -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DLIFTCL_WITH_CLANG=OFF -DLIFTCL_BUILD_TESTS=OFF \
         -DLIFTCL_BENCH_COMPARE=ON -DLIFTCL_CUDA_ARCHITECTURES="${LIFTCL_CUDA_ARCHITECTURES:-90}" &&
       cmake --build "$BUILD" -j "$(nproc)" --target liftcl cufft_compare vkfft_compare; } > "$BUILD.log" 2>&1; then
    say "build FAILED"; grep -i -E "cuda|nvcc|error" "$BUILD.log" | head -30 >> "$log"
fi
say "built: $(cd "$BUILD" 2>/dev/null && ls liftcl cufft_compare vkfft_compare 2>/dev/null | tr '\n' ' ')"
git rev-parse HEAD >> "$log" 2>/dev/null

# compare DIR [sweep options...]: cuFFT and VkFFT, then liftcl beside them.
compare() {
    local dir=$1; shift
    mkdir -p "$dir"
    local csvs=()
    for library in cufft vkfft; do
        [ -x "$BUILD/${library}_compare" ] || continue
        timeout -k 5 120 "$BUILD/${library}_compare" --csv "$dir/$library.csv" "$@" > "$dir/$library.txt" 2>&1
        say "$library $*: rc=$?"
        [ -s "$dir/$library.csv" ] && csvs+=("$dir/$library.csv")
    done
    local list
    list=$(IFS=,; echo "${csvs[*]}")
    "$BUILD/liftcl" bench "$@" --csv "$dir/liftcl.csv" ${list:+--compare "$list"} > "$dir/bench.txt" 2>&1
    say "liftcl bench $*: rc=$?"
}

for step in $STEPS; do
    case $step in
        sweep) compare /tmp/checks/sweep --precision both --max-log2 "$MAX" --single-log2 0 --mixed ;;
        ab)
            mkdir -p /tmp/checks/ab
            for setting in 0 auto; do
                export LIFTCL_PERSISTENT_GROUPS=$setting
                "$BUILD/liftcl" bench --precision both --max-log2 13 --single-log2 0 --mixed \
                    --csv "/tmp/checks/ab/liftcl_persistent_$setting.csv" > "/tmp/checks/ab/bench_persistent_$setting.txt" 2>&1
                say "liftcl bench, persistent groups $setting: rc=$?"
            done
            unset LIFTCL_PERSISTENT_GROUPS ;;
        before)
            mkdir -p /tmp/checks/before
            "$BEFORE" bench --precision both --max-log2 "$MAX" --single-log2 0 --mixed \
                --csv /tmp/checks/before/liftcl_before.csv > /tmp/checks/before/bench_before.txt 2>&1
            say "liftcl bench with $BEFORE: rc=$?" ;;
        primes) compare /tmp/checks/primes --precision both --sizes "$PRIMES" ;;
        tiles)
            mkdir -p /tmp/checks/tiles
            for bytes in 0 32768; do
                "$BUILD/liftcl" bench --precision both --min-log2 13 --max-log2 "$MAX" --single-log2 0 \
                    --method hierarchical --tile-bytes "$bytes" --csv "/tmp/checks/tiles/liftcl_tile_$bytes.csv" \
                    > "/tmp/checks/tiles/bench_tile_$bytes.txt" 2>&1
                say "liftcl bench, hierarchical tile bytes $bytes (0: default): rc=$?"
            done ;;
        accuracy)
            LIFTCL="$BUILD/liftcl" SKIP_SETUP=1 ACC_OUT=/tmp/checks/accuracy bash bench/run_gpu_accuracy.sh \
                > /tmp/checks/accuracy_run.txt 2>&1
            say "accuracy: rc=$?" ;;
        blas)
            LIFTCL="$BUILD/liftcl" SKIP_DEBS=1 BUDGET_S=${BLAS_BUDGET_S:-30} OUT=/tmp/checks/blas \
                bash bench/run_gpu_blas.sh > /tmp/checks/blas_run.txt 2>&1
            say "blas: rc=$?" ;;
        *) say "unknown step $step" ;;
    esac
    tar -czf "$OUT/$step.tar.gz" -C /tmp/checks "$step" && say "packed $step"
done
say "done"
