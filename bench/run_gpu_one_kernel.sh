#!/usr/bin/env bash
# One job on the GPU machine for the one-kernel FFT work (Performance I): cuFFT from the reference
# harness (.gpu, restricted to 2^4..2^MAX and the mixed sizes) and `liftcl bench` of this tree, and
# optionally of a second tree (BASE_TREE: the "before"), all on the same GPU. Writes to $OUT:
# cufft.csv, liftcl.csv (+ liftcl_base.csv), bench.txt (+ bench_base.txt), log.txt.
# Usage (repository root): [BASE_TREE=dir] [MAX_LOG2=13] bash bench/run_gpu_one_kernel.sh [extra liftcl bench options]
# Every tree is built on the GPU machine; .gpu (the harness and its .deb files) is looked up here
# or two levels up (a worktree copied under .wt/NAME of the main checkout).
set -u
OUT=${OUT:-$PWD/out}
MAX=${MAX_LOG2:-13}
MIXED=1680,3000,5040,6000,10080,15120
mkdir -p "$OUT"
log="$OUT/log.txt"
gpu=.gpu; [ -d "$gpu" ] || gpu=../../.gpu
for f in "$gpu"/debs/*.deb; do dpkg -x "$f" /; done
ldconfig
mkdir -p /etc/OpenCL/vendors
[ -e /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
build() {  # source-dir build-dir
    cmake -S "$1" -B "$2" -DCMAKE_BUILD_TYPE=Release -DLIFTCL_WITH_CLANG=OFF -DLIFTCL_BUILD_TESTS=OFF >/dev/null &&
        cmake --build "$2" -j8 --target liftcl
}
(build . /tmp/liftcl-new) > /tmp/build-new.log 2>&1 &
b1=$!
b2=
if [ -n "${BASE_TREE:-}" ]; then (build "$BASE_TREE" /tmp/liftcl-base) > /tmp/build-base.log 2>&1 & b2=$!; fi
SKIP_DEBS=1 OUT=/tmp/harness ONLY=cufft bash "$gpu/run_device.sh" --min-log2 4 --max-log2 "$MAX" --single-log2 0 \
    --sizes "$MIXED" > /tmp/harness.log 2>&1
cp /tmp/harness/cufft.csv "$OUT"/
{ echo "== harness"; tail -40 /tmp/harness.log; } >> "$log"
wait $b1 || { echo "== build FAILED"; tail -40 /tmp/build-new.log; } >> "$log"
[ -n "$b2" ] && { wait $b2 || { echo "== base build FAILED"; tail -40 /tmp/build-base.log; } >> "$log"; }
/tmp/liftcl-new/liftcl devices >> "$log" 2>&1
run_bench() {  # liftcl csv txt
    "$1" bench --min-log2 4 --max-log2 "$MAX" --single-log2 0 --mixed --csv "$2" --compare "$OUT/cufft.csv" "${@:4}" 2>&1 | tee "$3"
}
[ -n "$b2" ] && run_bench /tmp/liftcl-base/liftcl "$OUT/liftcl_base.csv" "$OUT/bench_base.txt" "$@"
run_bench /tmp/liftcl-new/liftcl "$OUT/liftcl.csv" "$OUT/bench.txt" "$@"
echo "done in ${SECONDS}s" >> "$log"
cat "$log"
