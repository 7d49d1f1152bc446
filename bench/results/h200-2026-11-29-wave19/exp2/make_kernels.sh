#!/usr/bin/env bash
# Writes exp2's generated kernels (run before command.sh, on this machine, with the tree's liftcl in
# build/): the pass kernels of hierarchical plans and a few one-kernel local plans, batched to 512 MiB.
set -eu
E=bench/results/h200-2026-11-29-wave19/exp2
em() { rm -rf $E/$4; ./build/liftcl fft --n $1 --batch $2 --precision $3 --emit $E/$4 > /dev/null; }
em 65536 1024 f32 k16f; em 16777216 4 f32 k24f; em 1048576 64 f32 k20f; em 2097152 32 f32 k21f
em 65536 512 f64 k16d; em 262144 128 f64 k18d; em 4194304 8 f64 k22d
em 8192 8192 f32 k13f; em 8192 4096 f64 k13d; em 1008 65536 f32 k1008f; em 5040 8192 f64 k5040d
