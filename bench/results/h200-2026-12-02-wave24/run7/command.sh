#!/usr/bin/env bash
# wave 24 run 7 (issue 15): R2C planes in one kernel (nd-local) against one kernel per axis
# (nd-axes), run 6 having found 128^2 fp32 faster in two: 64^2 .. 256^2 and 16^3, 32^3, both
# precisions, batches of 2^24 real points (the family sweep's rule).
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w24r7
cp .gpu/new/liftcl $B/liftcl-new
P() { echo "== $*" >> $R/profile.txt; timeout 40 "$@" --run --profile --repeat 30 2>&1 | grep -E "time_per|kernels=" >> $R/profile.txt; }
for pr in f32 f64; do
  if [ $pr = f32 ]; then s=0; else s=1; fi
  for sh in 64x64:12 128x128:14 256x256:16 16x16x16:12 32x32x32:15 64x64x64:18; do
    n=${sh%%:*}; l=${sh##*:}; b=$(( 1 << (24 - l - s) ))
    for m in auto nd-axes; do P $B/liftcl-new fft --n $n --real --batch $b --precision $pr --method $m; done
  done
done
tar -czf $OUT/run.tgz -C $R .
