#!/usr/bin/env bash
# One GPU job for the end of a session: the 1D sweep and the primes beside cuFFT and VkFFT
# (bench/run_gpu_checks.sh steps sweep and primes), then the R2C and 2D families beside cuFFT
# (bench/cufft_nd_bench.cu, `liftcl bench --family`) with the liftcl built by the first part.
# Usage (repository root, .gpu/debs present): OUT=dir [MAX_LOG2=20] [FAMILIES=r2c,2d] bash bench/run_gpu_final_wave4.sh
set -u
OUT=${OUT:-$PWD/out}
FAMILIES=${FAMILIES:-r2c,2d}
OUT=$OUT MAX_LOG2=${MAX_LOG2:-20} STEPS="sweep primes" bash bench/run_gpu_checks.sh
mkdir -p "$OUT/nd"
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
if "$nvcc" -O2 -std=c++17 -o /tmp/cufft_nd_bench bench/cufft_nd_bench.cu -lcufft > "$OUT/nd/nvcc.log" 2>&1; then
    /tmp/cufft_nd_bench "$OUT/nd/cufft_nd.csv" $(( (1 << 24) * 8 )) > "$OUT/nd/cufft_log.txt" 2>&1
fi
compare=(); [ -s "$OUT/nd/cufft_nd.csv" ] && compare=(--compare "$OUT/nd/cufft_nd.csv")
/tmp/liftcl-checks/liftcl bench --family "$FAMILIES" --precision both --total-log2 24 \
    --csv "$OUT/nd/liftcl_nd.csv" "${compare[@]}" > "$OUT/nd/ratios_nd.txt" 2>&1
echo "liftcl bench --family exited $?" >> "$OUT/nd/ratios_nd.txt"
