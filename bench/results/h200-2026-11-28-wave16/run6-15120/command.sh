#!/usr/bin/env bash
# wave 16 run 6 (issue 16): fp32 15120 (0.47 of cuFFT in two hierarchical passes, run 1) as the one
# local kernel in two rounds of ranges, in radix orders; fp64 4096 (0.88) at other work-item counts
# and radices. liftcl fft --run, median of 20, bench's batches; run 5's liftcl.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w16r6
P=$R/variants.txt
var() { echo "== $*" >> $P; timeout 40 $B/liftcl fft "$@" --run --no-wisdom 2>&1 | grep -E "^fft|time_per|rror" >> $P; }
var --n 15120 --batch 4438 --precision f32
var --n 15120 --batch 4438 --precision f32 --method local
for r in 16,7,5,3,3,3 3,3,3,5,7,16 7,5,3,3,3,4,4 8,2,3,3,3,5,7; do var --n 15120 --batch 4438 --precision f32 --method local --radices $r; done
var --n 15120 --batch 4438 --precision f32 --method local --items 128
var --n 4096 --batch 8192 --precision f64
for i in 64 256; do var --n 4096 --batch 8192 --precision f64 --items $i; done
for r in 8,8,8,8 4,16,16,4 16,16,4,4; do var --n 4096 --batch 8192 --precision f64 --radices $r; done
var --n 4096 --batch 8192 --precision f64 --padding off
tar -czf $OUT/run.tgz -C $R .
