#!/usr/bin/env bash
# wave 10 run 2: Rader's one kernel in radix orders whose first pass has more butterflies (work-items)
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/r
run() { # n precision batch radices
  echo "== $1 $2 $4: $($B/liftcl fft --n $1 --precision $2 --batch $3 --method rader --radices $4 --no-wisdom --run 2>&1 | grep -o 'time_per_batch_us=[0-9.]*')"
}
{
for r in 8,4,4,5 4,8,4,5 5,8,4,4 5,4,4,4,2 4,4,4,5,2 4,4,5,4,2 2,4,4,4,5 4,5,8,4; do run 641 f32 65536 $r; done
for r in 8,8,4,3 3,8,8,4 4,4,4,4,3 3,4,4,4,4 4,8,8,3 3,4,4,16; do run 769 f64 32768 $r; done
for r in 8,8,4,3 3,8,8,4 4,4,4,4,3 3,4,4,4,4; do run 769 f32 65536 $r; done
for r in 3,3,7,16 3,3,16,7 7,3,3,16 3,3,7,4,4 3,7,3,4,4 3,3,4,4,7 4,4,3,3,7; do run 1009 f32 65536 $r; done
for r in 8,8,5,5 5,8,8,5 5,5,8,8 8,5,5,8 5,5,4,4,4 4,5,5,4,4; do run 1601 f32 32768 $r; done
for r in 16,8,9 9,16,8 8,16,9 3,3,8,16 3,8,8,3,2 4,4,8,9 9,8,4,4; do run 1153 f32 65536 $r; done
for r in 16,16 16,4,4 4,4,16 4,4,4,4 2,8,16; do run 257 f32 131072 $r; done
} > $R/orders.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
