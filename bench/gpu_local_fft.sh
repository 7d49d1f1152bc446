#!/bin/sh
# Builds liftcl's libraries in BUILD (default /tmp/b) and times the local-memory FFT kernels on the
# default OpenCL device (bench/local_fft_bench.cpp). Usage: bench/gpu_local_fft.sh [BUILD] [f32|f64]
set -e
B=${1:-/tmp/b}
cmake -S . -B "$B" -DLIFTCL_WITH_CLANG=OFF -DLIFTCL_BUILD_TESTS=OFF >/dev/null
cmake --build "$B" -j16 --target liftcl >/dev/null
g++ -O2 -std=c++20 -DFMT_SHARED -DCL_TARGET_OPENCL_VERSION=300 -I. bench/local_fft_bench.cpp -o "$B/local_fft_bench" \
    "$B/libliftcl_frontend.a" "$B/libliftcl_rewrite.a" "$B/libliftcl_codegen.a" "$B/libliftcl_ir.a" \
    "$B/libliftcl_runtime.a" -lfmt -lOpenCL -lfftw3 -lfftw3f
"$B/local_fft_bench" "${2:-f32}"
