#!/usr/bin/env bash
# wave 20 run 6 (issue 15): a strided nd axis in one pass of narrow tiles or in passes of wide ones,
# chosen by columnTileCost (liftcl) against always passes below 8 columns (liftcl-before, de0e303),
# the fp32 2D plans that changes, out of place, forward, batched as the family sweep (2^24 elements).
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w20r6
for a in "2048x2048 4" "1000x1000 16" "2048x2048 7 --real" "1000x1000 16 --real"; do
  set -- $a
  for v in liftcl-before liftcl liftcl-before liftcl; do
    echo "== $v $*" >> $R/nd-axis.txt
    timeout 30 $B/$v fft --n $1 --batch $2 ${3:-} --precision f32 --run --profile --repeat 50 >> $R/nd-axis.txt 2>&1
  done
done
tar -czf $OUT/run.tgz -C $R .
