#!/usr/bin/env bash
# wave 24 run 3 (issue 15): where the real 2D/3D plans lose, kernel by kernel; padded tiles of 16
# wherever 16 does not divide the columns (LIFTCL_EXP_PAD_ALWAYS=1 of an experiment binary, not
# committed: 1025 and 4097 columns, which take tiles of 25 and 17) against the committed rule.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w24r3
cp .gpu/new/liftcl $B/liftcl-new; cp .gpu/new/liftcl-exp $B/liftcl-exp
P() { echo "== $*" >> $R/profile.txt; timeout 40 "$@" --run --profile --repeat 30 2>&1 | grep -E "step|time_per|kernels=" >> $R/profile.txt; }
for a in "2048x2048 --batch 7 --precision f32" "2048x2048 --batch 3 --precision f64" \
         "8192x8192 --batch 1 --precision f32" "8192x8192 --batch 1 --precision f64" \
         "128x128 --batch 2016 --precision f32" "2048x2048 --inverse --scale --batch 7 --precision f32"; do
  P $B/liftcl-new fft --n $a --real
  LIFTCL_EXP_PAD_ALWAYS=1 P $B/liftcl-exp fft --n $a --real
done
P $B/liftcl-new fft --n 128x128x128 --real --batch 15 --precision f32
P $B/liftcl-new fft --n 16384 --real --batch 2047 --precision f32
P $B/liftcl-new fft --n 65536 --real --batch 511 --precision f32
P $B/liftcl-new fft --n 4096 --real --batch 8188 --precision f32
P $B/liftcl-new fft --n 4096 --real --batch 4094 --precision f64
P $B/liftcl-new fft --n 2048 --batch 8188 --precision f32
P $B/liftcl-new fft --n 1000x1000 --batch 16 --precision f32
P $B/liftcl-new fft --n 100x100x100 --batch 16 --precision f32
tar -czf $OUT/run.tgz -C $R .
