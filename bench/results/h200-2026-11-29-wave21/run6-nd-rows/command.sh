#!/usr/bin/env bash
# wave 21 run 6 (issue 15): 2D/3D complex transforms with their last axis by the 1D plan of the rows
# (the variant nd-rows) against the planner's default (tile programs), each plan's kernels timed
# alone, the family sweep's shapes and batches (2^24 elements per point).
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w21r6
build_liftcl_in_background /tmp/build $R/build.txt
wait $builder || { tail -30 $R/build.txt; exit 1; }
cp $LIFTCL $B/liftcl-new
P() { echo "== $*" >> $R/profile.txt; timeout 40 "$@" --run --profile --repeat 30 2>&1 | grep -E "step|time_per" >> $R/profile.txt; }
for pr in f32 f64; do
  if [ $pr = f32 ]; then s=1; else s=2; fi
  for a in "128x128 1024" "512x512 64" "2048x2048 4" "8192x8192 1" "1000x1000 16" "128x128x128 8" "256x256x256 1" "100x100x100 16"; do
    set -- $a; b=$(( $2 / s )); [ $b -lt 1 ] && b=1
    P $B/liftcl-new fft --n $1 --batch $b --precision $pr --method nd-rows
    P $B/liftcl-new fft --n $1 --batch $b --precision $pr
  done
done
tar -czf $OUT/run.tgz -C $R .
