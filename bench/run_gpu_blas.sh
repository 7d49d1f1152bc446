#!/usr/bin/env bash
# One job on the GPU machine (<= 8 minutes): cuBLAS (bench/blas/bench_cublas.cu: cublas{S,D}gemv,
# asum, dot) beside liftcl's best explored variants of examples/gemv.lift, asum.lift and
# dot_product.lift on the same GPU (OpenCL), so ratios are measured side by side; and the
# compute-bound Lift programs (examples/nbody.lift, black_scholes.lift) in GFLOP/s (explore counts the
# interpreter's real operations). Writes to $OUT: cublas.csv, liftcl_<program>_<precision>.txt
# (explore's ranked tables: GB/s of input + output bytes, GFLOP/s), log.txt.
# Usage (repository root): bash bench/run_gpu_blas.sh
#   LIFTCL (a built liftcl; default: build one), CUBLAS (a built bench_cublas; default: nvcc here),
#   PROGRAMS (default "gemv asum dot"; also nbody, blackscholes), GEMV_N (default 8192: an N x N matrix),
#   VEC_N (default 16777216), NBODY_N (4096), OPTIONS_N (1048576), PRECISIONS (f32), BUDGET_S (60 per program)
set -u
OUT=${OUT:-$PWD/out}
mkdir -p "$OUT"
log="$OUT/log.txt"
GEMV_N=${GEMV_N:-8192}
VEC_N=${VEC_N:-16777216}
PRECISIONS=${PRECISIONS:-${PRECISION:-f32}}
NBODY_N=${NBODY_N:-4096}
OPTIONS_N=${OPTIONS_N:-1048576}
BUDGET_S=${BUDGET_S:-60}
if [ -z "${SKIP_DEBS:-}" ]; then
    for f in .gpu/debs/*.deb ../../.gpu/debs/*.deb; do [ -e "$f" ] && dpkg -x "$f" /; done
    ldconfig
    mkdir -p /etc/OpenCL/vendors
    [ -e /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
fi

# liftcl builds on the CPUs while cuBLAS measures on the GPU (LIFTCL=path: use that build instead).
liftcl=${LIFTCL:-/tmp/liftcl-build/liftcl}
builder=
if [ -z "${LIFTCL:-}" ]; then
    (cmake -S . -B /tmp/liftcl-build -DCMAKE_BUILD_TYPE=Release -DLIFTCL_WITH_CLANG=OFF -DLIFTCL_BUILD_TESTS=OFF &&
     cmake --build /tmp/liftcl-build -j12 --target liftcl) > /tmp/liftcl-build.log 2>&1 &
    builder=$!
fi
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
cublas=${CUBLAS:-/tmp/bench_cublas}
if [ -n "${CUBLAS:-}" ] || "$nvcc" -O2 -std=c++17 -o /tmp/bench_cublas bench/blas/bench_cublas.cu -lcublas > /tmp/nvcc.log 2>&1; then
    "$cublas" --gemv-sizes "$GEMV_N" --vector-sizes "$VEC_N" > "$OUT/cublas.csv" 2>> "$log"
    echo "cublas rc=$?" >> "$log"
else
    { echo "== nvcc FAILED"; cat /tmp/nvcc.log; } >> "$log"
fi
if [ -n "$builder" ] && ! wait "$builder"; then
    { echo "== liftcl build FAILED"; tail -40 /tmp/liftcl-build.log; } >> "$log"; cat "$log"; exit 1
fi
"$liftcl" devices >> "$log" 2>&1
explore() {  # name file def set
    # Beyond the budget: the interpreter's reference result before any variant runs (GEMV 8192^2:
    # 75 s on a 2-core machine, which cut the sixth session's job; REFERENCE_S, default 180).
    timeout $((BUDGET_S + ${REFERENCE_S:-180})) "$liftcl" explore "examples/$2" --def "$3" --set "$4" --precision "$PRECISION" \
        --budget-s "$BUDGET_S" --repetitions 10 --top 5 --no-wisdom > "$OUT/liftcl_$1_$PRECISION.txt" 2>&1
    echo "explore $1 $PRECISION rc=$?" >> "$log"
}
for PRECISION in $PRECISIONS; do
    for program in ${PROGRAMS:-gemv asum dot}; do
        case $program in
            gemv) explore gemv gemv.lift gemv "m=$GEMV_N,n=$GEMV_N" ;;
            asum) explore asum asum.lift asum "n=$VEC_N" ;;
            dot) explore dot dot_product.lift dot "n=$VEC_N" ;;
            nbody) explore nbody nbody.lift nbody "n=$NBODY_N" ;;
            blackscholes) explore blackscholes black_scholes.lift blackScholes "n=$OPTIONS_N" ;;
        esac
    done
done
cat "$OUT/cublas.csv" 2>/dev/null
for f in "$OUT"/liftcl_*.txt; do echo "== $f"; grep -A6 '^rank' "$f"; done
cat "$log"
