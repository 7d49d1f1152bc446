#!/usr/bin/env bash
# One GPU job measuring variants of the hierarchical FFT method (bench/results/hierarchical_notes.md):
# builds liftcl, then runs `liftcl bench --method hierarchical` once per (variant, size), each with a
# time limit, and stops starting new points when the job's own budget (BUDGET_S, default 150 s from
# the start, build included) runs out. Writes $OUT/hierarchical.csv (the bench CSV rows, a column
# `variant` in front) and $OUT/log.txt.
# Usage (repository root, on the GPU machine): bash bench/run_gpu_hierarchical.sh
set -u
OUT=${OUT:-$PWD/out}
BUDGET_S=${BUDGET_S:-150}
mkdir -p "$OUT" /tmp/hier
log="$OUT/log.txt"
for f in .gpu/debs/*.deb; do dpkg -x "$f" /; done
ldconfig
mkdir -p /etc/OpenCL/vendors
[ -e /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
if ! { cmake -S . -B /tmp/b -DCMAKE_BUILD_TYPE=Release -DLIFTCL_WITH_CLANG=OFF -DLIFTCL_BUILD_TESTS=OFF &&
       cmake --build /tmp/b -j16 --target liftcl; } > /tmp/build.log 2>&1; then
    { echo "build FAILED"; tail -40 /tmp/build.log; } >> "$log"; cat "$log"; exit 1
fi
echo "build done at ${SECONDS}s" >> "$log"
liftcl=/tmp/b/liftcl

# point VARIANT PRECISION LOG2 [bench options]: one size of one variant.
point() {
    local variant=$1 precision=$2 k=$3
    shift 3
    if [ "$SECONDS" -ge "$BUDGET_S" ]; then echo "skipped $variant $precision 2^$k (budget)" >> "$log"; return; fi
    local csv=/tmp/hier/$variant-$precision-$k.csv
    timeout 20 "$liftcl" bench --method hierarchical --precision "$precision" --min-log2 "$k" --max-log2 "$k" \
        --single-log2 0 --reps 10 --warmup 2 --no-copy --csv "$csv" "$@" >> "$log" 2>&1
    echo "$variant $precision 2^$k rc=$? at ${SECONDS}s" >> "$log"
    [ -f "$csv" ] || return
    [ -f "$OUT/hierarchical.csv" ] || { printf 'variant,'; head -1 "$csv"; } > "$OUT/hierarchical.csv"
    tail -n +2 "$csv" | sed "s/^/$variant,/" >> "$OUT/hierarchical.csv"
}

# Most important first: the default plans in fp64 and fp32, then the tile variants.
for k in 12 14 16 18 20 22; do point default f64 "$k"; done
for k in 12 16 20 23; do point default f32 "$k"; done
for k in 12 16 20; do point tile8 f32 "$k" --tile-width 8; done
for k in 12 16; do point tile8 f64 "$k" --tile-width 8; done
for k in 16 20; do point tilebytes8k f32 "$k" --tile-bytes 8192; done
for k in 13 15 17 19 21 24; do point default f64 "$k"; done
for k in 13 14 15 17 18 19 21 22 24; do point default f32 "$k"; done
cat "$log"
