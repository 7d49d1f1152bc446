#!/usr/bin/env bash
# Builds, on this machine (it needs nvcc and the .gpu/debs unpacked: VkFFT's header and FFTW's long
# double library), the programs a GPU job runs, stripped, into BIN (default .gpu/bin), so the job
# carries them (`carry: [".gpu"]`) and spends its device time measuring rather than compiling:
# liftcl, cufft_compare and vkfft_compare (a Release build with the comparison programs, in BUILD_DIR),
# cufft_nd_bench, the accuracy programs of bench/gpu (cufft_accuracy, vkfft_accuracy,
# cufft_nd_accuracy) and bench/gpu/kernel_info. bench/run_gpu_nd.sh and bench/run_gpu_nd_accuracy.sh take
# them with BIN=.gpu/bin.
# Usage (repository root): [BIN=.gpu/bin] [BUILD_DIR=/tmp/build-gpu] [VKFFT_INCLUDE=dir of vkFFT.h] bash bench/build_gpu_binaries.sh
set -eu
BIN=${BIN:-.gpu/bin}
BUILD=${BUILD_DIR:-/tmp/build-gpu}
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
VKFFT_INCLUDE=${VKFFT_INCLUDE:-}
if [ -z "$VKFFT_INCLUDE" ]; then
    # VkFFT's header from the carried Debian package, unpacked aside.
    deb=$(ls .gpu/debs/libvkfft-dev_*.deb | head -1)
    dpkg -x "$deb" /tmp/vkfft-header
    VKFFT_INCLUDE=/tmp/vkfft-header/usr/include
fi
mkdir -p "$BIN"
cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DLIFTCL_WITH_CLANG=OFF -DLIFTCL_BUILD_TESTS=OFF \
    -DLIFTCL_BENCH_COMPARE=ON -DLIFTCL_CUDA_ARCHITECTURES=90 -DLIFTCL_VKFFT_INCLUDE_DIR="$VKFFT_INCLUDE" \
    -DCMAKE_CUDA_COMPILER="$NVCC" > /dev/null
cmake --build "$BUILD" --target liftcl cufft_compare vkfft_compare
"$NVCC" -O2 -std=c++17 -arch=sm_90 -o "$BIN/cufft_nd_bench" bench/cufft_nd_bench.cu -lcufft
CPATH="$VKFFT_INCLUDE${CPATH:+:$CPATH}" BUILD_DIR="$BIN" bash bench/gpu/build.sh cufft vkfft cufft_nd
cp "$BUILD/liftcl" "$BUILD/cufft_compare" "$BUILD/vkfft_compare" "$BIN/"
g++ -O2 -std=c++17 -o "$BIN/kernel_info" bench/gpu/kernel_info.cpp -lOpenCL
strip "$BIN/liftcl" "$BIN/cufft_compare" "$BIN/vkfft_compare" "$BIN/cufft_nd_bench" "$BIN/cufft_nd_accuracy" "$BIN/cufft_accuracy" "$BIN/vkfft_accuracy"
rm -f "$BIN"/*.o "$BIN"/*.log
ls -la "$BIN"
