#!/usr/bin/env bash
# wave 15 run 1 (issues 14, 16): a kernel's tables shared by its FFTs (Rader's second FFT read its
# twiddles from the first one's tables instead of computing them), liftcl = working tree,
# liftcl-before = 17e366f; Rader's radices for 1009 fp32; the SASS of the weakest one-kernel plans.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w15r1
S=257,1008,1009,1680,3000,5040
gpu_job_baselines 60
gpu_job_bench 100 liftcl liftcl-before
P=$R/variants.txt
var() { echo "== $*" >> $P; timeout 30 $B/liftcl fft "$@" --run --no-wisdom 2>&1 | grep -E "^fft|time_per|rror" >> $P; }
for r in 4,4,3,3,7 7,3,3,16 16,3,3,7 8,2,3,3,7 2,8,3,3,7 3,3,7,16 4,4,7,3,3 16,7,3,3; do
    var --n 1009 --batch 66511 --precision f32 --radices $r
done
for a in "1009 f32" "1008 f32" "3000 f32" "1680 f32" "5040 f32" "1680 f64"; do
    set -- $a
    XDG_CACHE_HOME=$R/cache/$2-$1 timeout 30 $B/liftcl fft --n $1 --batch 64 --precision $2 --run --no-wisdom > /dev/null 2>&1
done
SASS_DIR=$R/sass bash bench/gpu/ptx_registers.sh $R/cache > $R/registers.txt 2>&1
rm -rf $R/cache
tar -czf $OUT/run.tgz -C $R .
