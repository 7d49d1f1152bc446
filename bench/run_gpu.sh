#!/usr/bin/env bash
# Reproduces bench/results/ on a machine with an NVIDIA GPU: builds liftcl and the comparison
# programs (bench/compare: cuFFT, clFFT, VkFFT), runs each over the same sweep, then
# `liftcl bench --compare` for the side-by-side table and plot. Ratios are only fair between
# libraries measured in one run on one GPU, which is what this does. About 6-8 minutes on an H200
# with the default sweep.
#
# Usage (repository root): bash bench/run_gpu.sh [--debs DIR] [--with-accuracy] [sweep options]
#   --debs DIR       unpack the .deb files in DIR first (OpenCL loader and headers, clFFT, VkFFT,
#                    FFTW, fmt, CLI11, nlohmann-json: what a bare machine lacks; needs root).
#                    Default: .gpu/debs when it exists (an ignored folder), else nothing.
#   --with-accuracy  afterwards bench/run_gpu_accuracy.sh (accuracy table beside cuFFT and VkFFT)
#   sweep options    passed to every program: --precision f32|f64|both --min-log2 K --max-log2 K
#                    --total-log2 T --single-log2 K --reps R (bench/README.md); default: the sweep
#                    of bench/results plus --mixed. Quick check: --max-log2 12 --total-log2 16 --single-log2 0
# Environment: OUT (outputs, default ./out), BUILD_DIR (default /tmp/liftcl-gpu-build),
#   LIFTCL_CUDA_ARCHITECTURES (default 90), LIMIT_S (limit of each comparison program, default 110),
#   LIFTCL_COMPARE (the comparison programs to run, default "cufft clfft vkfft").
# Writes to $OUT: cufft.csv clfft.csv vkfft.csv liftcl.csv fft.svg bench.txt log.txt.
set -u
SECONDS=0
OUT=${OUT:-$PWD/out}
BUILD=${BUILD_DIR:-/tmp/liftcl-gpu-build}
LIMIT=${LIMIT_S:-110}
debs=""
[ -d .gpu/debs ] && debs=.gpu/debs
with_accuracy=0
sweep=(--mixed)
while [ $# -gt 0 ]; do
    case $1 in
        --debs) debs=$2; shift 2 ;;
        --with-accuracy) with_accuracy=1; shift ;;
        *) sweep+=("$1"); shift ;;
    esac
done
mkdir -p "$OUT"
log="$OUT/log.txt"
: > "$log"
say() { echo "[run_gpu +${SECONDS}s] $*" | tee -a "$log"; }

if [ -n "$debs" ]; then
    for f in "$debs"/*.deb; do dpkg -x "$f" / || say "WARNING: dpkg -x $f failed"; done
    ldconfig
    say "unpacked $(ls "$debs"/*.deb | wc -l) packages from $debs"
fi
# The ICD loader finds NVIDIA's OpenCL driver only when it is registered.
if [ ! -e /etc/OpenCL/vendors/nvidia.icd ] && ldconfig -p | grep -q libnvidia-opencl.so.1; then
    mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
fi
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >> "$log" 2>&1

# CMake finds nvcc through CUDACXX when it is not on PATH.
[ -z "${CUDACXX:-}" ] && [ -x /usr/local/cuda/bin/nvcc ] && ! command -v nvcc >/dev/null && export CUDACXX=/usr/local/cuda/bin/nvcc
say "building liftcl and the comparison programs in $BUILD"
mkdir -p "$BUILD"
if ! { cmake -S . -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DLIFTCL_WITH_CLANG=OFF -DLIFTCL_BUILD_TESTS=OFF \
          -DLIFTCL_BENCH_COMPARE=ON -DLIFTCL_CUDA_ARCHITECTURES="${LIFTCL_CUDA_ARCHITECTURES:-90}" &&
       cmake --build "$BUILD" -j "$(nproc)" --target liftcl &&
       cmake --build "$BUILD" -j "$(nproc)" --target cufft_compare clfft_compare vkfft_compare; } \
        > "$BUILD/build.log" 2>&1; then
    say "build FAILED"; grep -i -E "cuda|nvcc|compare" "$BUILD/build.log" | head -20 | tee -a "$log"
    tail -40 "$BUILD/build.log" | tee -a "$log"
    [ -x "$BUILD/liftcl" ] || exit 1
fi
say "built"

csvs=()
for library in ${LIFTCL_COMPARE:-cufft clfft vkfft}; do
    program="$BUILD/${library}_compare"
    if [ ! -x "$program" ]; then say "$library: not built, skipped"; continue; fi
    timeout -k 5 "$LIMIT" "$program" --csv "$OUT/$library.csv" "${sweep[@]}" > "$BUILD/$library.txt" 2>&1
    rc=$?
    say "$library: rc=$rc ($( [ "$rc" = 124 ] && echo "time limit, partial CSV kept" || echo done))"
    head -1 "$BUILD/$library.txt" >> "$log"
    grep -E 'CHECK_FAILED|error:|unsupported:' "$BUILD/$library.txt" | head -5 >> "$log"
    [ -s "$OUT/$library.csv" ] && csvs+=("$OUT/$library.csv")
done

compare=$(IFS=,; echo "${csvs[*]}")
"$BUILD/liftcl" devices >> "$log" 2>&1
"$BUILD/liftcl" bench "${sweep[@]}" --csv "$OUT/liftcl.csv" --svg "$OUT/fft.svg" \
    ${compare:+--compare "$compare"} 2>&1 | tee "$OUT/bench.txt"
say "liftcl bench rc=${PIPESTATUS[0]}"

if [ "$with_accuracy" = 1 ]; then
    LIFTCL="$BUILD/liftcl" SKIP_SETUP=1 ACC_OUT=/tmp/accuracy bash bench/run_gpu_accuracy.sh > /tmp/accuracy.log 2>&1
    say "accuracy rc=$?"
    tail -30 /tmp/accuracy.log
    tar -czf "$OUT/accuracy.tar.gz" -C /tmp accuracy
fi
say "done: $(cd "$OUT" && ls | tr '\n' ' ')"
