#!/usr/bin/env bash
# Builds the GPU accuracy programs (cufft_accuracy, vkfft_accuracy, and cufft_nd_accuracy for the
# multidimensional and real shapes: bench/lib/bench_shape_errors.hpp) into BUILD_DIR (default
# /tmp/accuracy-build). Needs nvcc + cuFFT, the OpenCL loader and headers, vkFFT.h and FFTW's long
# double library (libfftw3-dev, libfftw3-long3: the .gpu/debs). Run from the repository root;
# both programs link liftcl's measurement sources (bench/lib/bench_transform_errors.cpp and the
# input generator), so they measure exactly as `liftcl bench --accuracy` does.
# Usage: bash bench/gpu/build.sh [cufft] [vkfft] [cufft_nd]   (default: cufft vkfft; builds them in parallel)
set -u
BUILD=${BUILD_DIR:-/tmp/accuracy-build}
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
NVCC_ARCH=${NVCC_ARCH:-sm_90}
CUDA_LIB=$(dirname "$(dirname "$(readlink -f "$NVCC")")")/lib64
PROGRAMS=("$@")
[ ${#PROGRAMS[@]} -gt 0 ] || PROGRAMS=(cufft vkfft)
mkdir -p "$BUILD"
shared=(bench/lib/bench_input.cpp bench/lib/bench_transform_errors.cpp bench/lib/bench_shape_errors.cpp
        bench/lib/bench_sweep.cpp ir/error.cpp
        ir/number_format.cpp ir/precision.cpp
        bench/gpu/accuracy_driver.cpp)
objects=()
for source in "${shared[@]}"; do
    object=$BUILD/$(basename "${source%.cpp}").o
    objects+=("$object")
    g++ -O2 -std=c++20 -I. -c "$source" -o "$object" &
done
wait
for object in "${objects[@]}"; do [ -s "$object" ] || { echo "build.sh: compiling $object failed"; exit 1; }; done
fftw=(-lfftw3l_threads -lfftw3l -lpthread)
status=0
for program in "${PROGRAMS[@]}"; do
    rm -f "$BUILD/${program}_accuracy"
    case $program in
        cufft) "$NVCC" -O2 -std=c++17 -arch="$NVCC_ARCH" -I. -o "$BUILD/cufft_accuracy" bench/gpu/cufft_accuracy.cu \
                   "${objects[@]}" -lcufft "${fftw[@]}" -Xlinker -rpath="$CUDA_LIB" > "$BUILD/cufft.log" 2>&1 & ;;
        cufft_nd) "$NVCC" -O2 -std=c++17 -arch="$NVCC_ARCH" -I. -o "$BUILD/cufft_nd_accuracy" bench/gpu/cufft_nd_accuracy.cu \
                   "${objects[@]}" -lcufft "${fftw[@]}" -Xlinker -rpath="$CUDA_LIB" > "$BUILD/cufft_nd.log" 2>&1 & ;;
        vkfft) g++ -O2 -std=c++20 -I. -w -o "$BUILD/vkfft_accuracy" bench/gpu/vkfft_accuracy.cpp "${objects[@]}" \
                   -lOpenCL "${fftw[@]}" > "$BUILD/vkfft.log" 2>&1 & ;;
        *) echo "build.sh: unknown program '$program' (cufft, vkfft, cufft_nd)"; exit 2 ;;
    esac
done
wait
for program in "${PROGRAMS[@]}"; do
    if [ -x "$BUILD/${program}_accuracy" ]; then echo "build.sh: built $BUILD/${program}_accuracy"
    else echo "build.sh: building ${program}_accuracy FAILED:"; tail -20 "$BUILD/$program.log"; status=1; fi
done
exit $status
