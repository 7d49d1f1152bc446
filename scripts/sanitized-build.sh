#!/usr/bin/env bash
# Configures and builds the one sanitizer build that scripts/sanitize.sh (the test suite) and
# scripts/fuzz.sh (the libFuzzer targets) share: clang 14 with AddressSanitizer and
# UndefinedBehaviorSanitizer everywhere (LIFTCL_SANITIZE), the libraries also instrumented for
# libFuzzer's coverage (LIFTCL_FUZZ), without the clang libTooling parts; -O1 -g1, assertions on.
# One build for both: CI compiled everything twice before (gcc for the sanitized tests, 10.7 min on
# two cores, and clang again for the fuzzers), and clang 14 compiles this code about twice as fast
# as gcc 12 with the sanitizers on.
# Usage: bash scripts/sanitized-build.sh BUILD_DIR [TARGET...]   (no TARGET: everything)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build="${1:?usage: scripts/sanitized-build.sh BUILD_DIR [TARGET...]}"
shift
for tool in clang-14 clang++-14 cmake ninja; do
  command -v "$tool" >/dev/null || { echo "scripts/sanitized-build.sh needs $tool (see scripts/install-and-build.sh)" >&2; exit 2; }
done
targets=()
[ $# -gt 0 ] && targets=(--target "$@")
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1" \
  -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 \
  -DLIFTCL_SANITIZE=ON -DLIFTCL_FUZZ=ON -DLIFTCL_WITH_CLANG=OFF
cmake --build "$build" --parallel "$(nproc)" ${targets[@]+"${targets[@]}"}
