#!/usr/bin/env bash
# Installs liftcl's dependencies from Debian 12's packages and builds everything into ./build.
# Usage: bash scripts/install-and-build.sh [extra cmake -D options]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# clang-14 + libclang-14-dev + llvm-14-dev: in-process OpenCL C checking and formatting;
# libclang-rt-14-dev: libFuzzer and the sanitizer runtimes for scripts/fuzz.sh; oclgrind: the
# e2e_oclgrind test; python3-numpy: the fft suite's comparison with numpy.fft.
packages=(build-essential cmake ninja-build pkg-config ocl-icd-opencl-dev opencl-headers
  pocl-opencl-icd clinfo clang-14 libclang-14-dev llvm-14-dev libclang-rt-14-dev libfmt-dev
  doctest-dev libboost-dev libfftw3-dev nlohmann-json3-dev libcli11-dev oclgrind python3-numpy)
missing=()
for p in "${packages[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  sudo_cmd=""; [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y --no-install-recommends "${missing[@]}"
fi

# Release at -O2 without debug information: a third quicker to compile than RelWithDebInfo's -O2 -g
# (gcc 12, compiler/cmd_eval.cpp 43 -> 30 s), the same code; pass -DCMAKE_BUILD_TYPE=RelWithDebInfo
# for a debugger (scripts/sanitize.sh's build has line tables).
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG" \
  -DCMAKE_C_FLAGS_RELEASE="-O2 -DNDEBUG" "$@"
cmake --build build --parallel "$(nproc)"
