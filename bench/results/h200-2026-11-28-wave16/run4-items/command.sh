#!/usr/bin/env bash
# wave 16 run 4 (issue 16): work-items per transform of the one-kernel mixed sizes (run 3: fp64 5040
# and 6000 faster at 128 than at 256, 1200 at 64 than at 75), and radix orders of fp32 8192, timed
# by liftcl fft --run (median of 20; bench's batches, 512 MiB), run 1's liftcl.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w16r4
P=$R/variants.txt
var() { echo "== $*" >> $P; timeout 30 $B/liftcl fft "$@" --run --no-wisdom 2>&1 | grep -E "^fft|time_per|rror" >> $P; }
for nb in 720:46603 1008:33288 1200:27962 1680:19972 2016:16644 2520:13315 3000:11184 5040:6657 6000:5592; do
    n=${nb%:*}; b=${nb#*:}
    var --n $n --batch $b --precision f64
    for i in 32 64 96 128; do var --n $n --batch $b --precision f64 --items $i; done
done
for nb in 1500:44739 2520:26630 3000:22369 4000:16777 5040:13315; do
    n=${nb%:*}; b=${nb#*:}
    var --n $n --batch $b --precision f32
    for i in 64 128; do var --n $n --batch $b --precision f32 --items $i; done
done
for r in 8,16,16,4 4,16,16,8 2,16,16,16 8,8,8,16 16,16,32; do var --n 8192 --batch 8192 --precision f32 --radices $r; done
tar -czf $OUT/run.tgz -C $R .
