#!/usr/bin/env bash
# One job on the GPU machine (<= 10 minutes; LIMIT_S, default 560, caps it): cuFFT (bench/cufft_nd_bench.cu),
# VkFFT (bench/compare/vkfft_compare.cpp --family; VKFFT=0 leaves it out) and liftcl
# (`liftcl bench --family`; FAMILIES=c2r,c2r2d,c2r3d: the C2R ones, cuFFT's beside liftcl's, VkFFT's
# rows marked unsupported) on the multidimensional and real FFT families of issue 15 (c2c, r2c,
# 2d, r2c2d, 3d, r2c3d; fp32, fp64; forward, out of place; batched to 2^TOTAL_LOG2 complex fp32
# values on the complex side, 2^27 bytes by default), side by side, timed the same way as the 1D
# sweep (stamp kernels around each execution, median of 20 after 3 warm-ups).
# Writes $OUT/cufft_nd.csv, $OUT/liftcl_nd.csv (the harness's columns; N as 64x64, note
# family=...), $OUT/ratios_nd.txt (liftcl bench --compare: per point and geometric means per
# family) and $OUT/log_nd.txt.
# Usage (repository root, with the harness's .gpu folder beside it as for bench/run_gpu.sh):
#   [FAMILIES=2d,3d] [PRECISION=both] [BIN=.gpu/bin] bash bench/run_gpu_nd.sh
# BIN: a folder holding liftcl, vkfft_compare and cufft_nd_bench built beforehand (on a machine
# with nvcc, as bench/build_gpu_binaries.sh does), so the job spends its device time measuring.
set -u
OUT=${OUT:-$PWD/out}
TOTAL_LOG2=${TOTAL_LOG2:-24}
FAMILIES=${FAMILIES:-c2c,r2c,2d,r2c2d,3d,r2c3d}
PRECISION=${PRECISION:-both}
mkdir -p "$OUT"
log="$OUT/log_nd.txt"
start=$(date +%s)
if [ -d .gpu/debs ]; then
    for f in .gpu/debs/*.deb; do dpkg -x "$f" /; done
    ldconfig
    mkdir -p /etc/OpenCL/vendors
    [ -e /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
fi
# (The comparison programs' CMake looks for CUDA too: configured as bench/run_gpu_checks.sh does.)
[ -z "${CUDACXX:-}" ] && [ -x /usr/local/cuda/bin/nvcc ] && export CUDACXX=/usr/local/cuda/bin/nvcc
BUILD=${BIN:-/tmp/liftcl-nd}
# liftcl must build; vkfft_compare may fail (its row set is then absent), so it builds second.
builder=""
if [ -z "${BIN:-}" ]; then
 (configure() { cmake -S . -B /tmp/liftcl-nd -DCMAKE_BUILD_TYPE=Release -DLIFTCL_WITH_CLANG=OFF -DLIFTCL_BUILD_TESTS=OFF "$@"; }
 { configure -DLIFTCL_BENCH_COMPARE=ON -DLIFTCL_CUDA_ARCHITECTURES="${LIFTCL_CUDA_ARCHITECTURES:-90}" ||
   { rm -rf /tmp/liftcl-nd; configure -DLIFTCL_BENCH_COMPARE=OFF; }; } &&
 cmake --build /tmp/liftcl-nd -j14 --target liftcl &&
 { [ "${VKFFT:-1}" != 1 ] || cmake --build /tmp/liftcl-nd -j14 --target vkfft_compare || echo "vkfft_compare did not build"; }) \
    > /tmp/liftcl-nd-build.log 2>&1 &
    builder=$!
fi
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
cufft_nd_bench=$BUILD/cufft_nd_bench
[ -x "$cufft_nd_bench" ] || "$nvcc" -O2 -std=c++17 -o "$cufft_nd_bench" bench/cufft_nd_bench.cu -lcufft >> "$log" 2>&1
if [ -x "$cufft_nd_bench" ]; then
    "$cufft_nd_bench" "$OUT/cufft_nd.csv" $(( (1 << TOTAL_LOG2) * 8 )) "$FAMILIES" >> "$log" 2>&1
else
    echo "== cufft_nd_bench did not build" >> "$log"
fi
if [ -n "$builder" ] && ! wait "$builder"; then
    { echo "== liftcl build FAILED"; tail -40 /tmp/liftcl-nd-build.log; } >> "$log"; exit 1
fi
# VkFFT over OpenCL on the same families (bench/compare/vkfft_compare.cpp --family), when built.
if [ -x "$BUILD/vkfft_compare" ]; then
    timeout "${VKFFT_LIMIT_S:-240}" "$BUILD/vkfft_compare" --family "$FAMILIES" --precision "$PRECISION" --total-log2 "$TOTAL_LOG2" \
        --no-copy --csv "$OUT/vkfft_nd.csv" > "$OUT/vkfft_nd.txt" 2>&1
    echo "vkfft_compare exited $?" >> "$log"
fi
csvs=""
for f in "$OUT/cufft_nd.csv" "$OUT/vkfft_nd.csv"; do [ -s "$f" ] && csvs="$csvs${csvs:+,}$f"; done
compare=(); [ -n "$csvs" ] && compare=(--compare "$csvs")
timeout $(( ${LIMIT_S:-560} - ($(date +%s) - start) )) "$BUILD/liftcl" bench --family "$FAMILIES" --precision "$PRECISION" \
    --total-log2 "$TOTAL_LOG2" --csv "$OUT/liftcl_nd.csv" "${compare[@]}" > "$OUT/ratios_nd.txt" 2>&1
echo "liftcl bench exited $?" >> "$log"
echo "done in $(( $(date +%s) - start )) s" >> "$log"
