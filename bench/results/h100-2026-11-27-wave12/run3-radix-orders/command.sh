#!/usr/bin/env bash
# wave 12 run 3: the local kernel of issue 16's fp32 mixed sizes with its radices in other orders
# and groupings (the tuner's 90 s budget of run2 did not reach them), bench's batches; each line
# `liftcl fft --run` (median of 20, profiling events) with its radices.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/r
run() { # n batch radices
  echo "== n=$1 radices=$3" >> $R/orders.txt
  timeout 30 $B/liftcl fft --n $1 --batch $2 --precision f32 --method local --radices $3 --run --no-wisdom \
      2>&1 | grep -E "time_per_batch|error" >> $R/orders.txt
}
for r in 3,5,7,16 16,3,5,7 16,7,5,3 7,5,3,16 4,4,3,5,7 3,5,7,4,4 8,2,3,5,7 2,8,3,5,7 3,7,5,16; do run 1680 39945 $r; done
for r in 8,3,5,5,5 5,5,5,3,8 3,5,5,5,8 8,5,5,5,3 5,3,5,5,8 4,2,3,5,5,5 2,4,3,5,5,5 5,5,5,8,3; do run 3000 22369 $r; done
for r in 3,3,5,7,16 16,3,3,5,7 3,3,5,7,4,4 7,5,3,3,16 16,7,5,3,3 4,4,3,3,5,7 3,5,3,7,16; do run 5040 13315 $r; done
tar -czf $OUT/run.tgz -C $R .
