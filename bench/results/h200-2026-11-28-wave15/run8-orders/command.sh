#!/usr/bin/env bash
# wave 15 run 8 (issue 16): the radix orders of the fp32 mixed sizes left furthest behind, now that
# their kernels are unpadded and in place (liftcl = run 7's tree); bench's batches, variants.txt.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w15r8
P=$R/variants.txt
var() { echo "== $*" >> $P; timeout 40 $B/liftcl fft "$@" --run --no-wisdom 2>&1 | grep -E "^fft|time_per|rror" >> $P; }
for r in 8,3,5,5,5 5,5,5,3,8 3,5,5,5,8 8,5,5,5,3 5,5,5,8,3 5,3,5,5,8; do var --n 3000 --batch 22369 --precision f32 --radices $r; done
var --n 3000 --batch 22369 --precision f32 --items 200
var --n 3000 --batch 22369 --precision f32 --items 250
for r in 8,3,3,5,7 7,5,3,3,8 3,3,5,7,8 8,7,5,3,3 7,3,3,5,8 4,2,3,3,5,7; do var --n 2520 --batch 26630 --precision f32 --radices $r; done
var --n 2520 --batch 26630 --precision f32 --items 210
for r in 8,4,3,3,7 7,3,3,4,8 7,3,3,2,16 16,2,3,3,7 4,8,3,3,7; do var --n 2016 --batch 33288 --precision f32 --radices $r; done
for r in 7,3,3,16 16,3,3,7 3,3,7,16 7,3,3,4,4; do var --n 1008 --batch 66576 --precision f32 --radices $r; done
for r in 7,5,3,16 16,3,5,7 5,7,3,16; do var --n 1680 --batch 39945 --precision f32 --radices $r; done
tar -czf $OUT/run.tgz -C $R .
