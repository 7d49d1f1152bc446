#!/usr/bin/env bash
# The main job on a fresh Debian 12 machine: installs what is missing, builds liftcl, then plans,
# generates, compiles and runs a batched 4096-point fp64 FFT on the default OpenCL device (the
# first GPU; PoCL on the CPU when there is none) and verifies it against FFTW.
# Usage: bash scripts/main-job.sh [extra liftcl fft options, e.g. --device pocl --method stockham]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/install-and-build.sh
./build/liftcl fft --n 4096 --batch 64 --precision f64 --run --verify "$@"
