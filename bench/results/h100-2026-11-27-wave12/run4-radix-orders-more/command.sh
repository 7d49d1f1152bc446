#!/usr/bin/env bash
# wave 12 run 4: run3's question over more fp32 mixed sizes of the local kernel: the default order
# of the radices (first), the odd radices largest first then the power of two (A), the power of two
# first then the odd radices largest first (B), and where it differs the order led by the radix
# leaving the most butterflies within 256 (R); batches of 2^29 bytes, `liftcl fft --run`.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/r
run() { # n radices
  local batch=$(( (1 << 26) / $1 ))
  echo "== n=$1 radices=$2" >> $R/orders.txt
  timeout 30 $B/liftcl fft --n $1 --batch $batch --precision f32 --method local --radices $2 --run --no-wisdom \
      2>&1 | grep -E "time_per_batch|error" >> $R/orders.txt
}
for r in 3,3,5,16 5,3,3,16 16,5,3,3 3,5,3,16; do run 720 $r; done
for r in 3,5,5,16 5,5,3,16 16,5,5,3; do run 1200 $r; done
for r in 4,3,5,5,7 7,5,5,3,4 4,7,5,5,3; do run 2100 $r; done
for r in 8,3,3,5,7 7,5,3,3,8 8,7,5,3,3; do run 2520 $r; done
for r in 8,4,3,5,7 7,5,3,8,4 8,4,7,5,3 8,7,5,3,4; do run 3360 $r; done
for r in 8,3,5,5,7 7,5,5,3,8 8,7,5,5,3; do run 4200 $r; done
for r in 3,5,5,5,16 5,5,5,3,16 16,5,5,5,3; do run 6000 $r; done
tar -czf $OUT/run.tgz -C $R .
