#!/usr/bin/env bash
# wave 15 run 6 (issue 16): one __local array written in place instead of two ping-pong arrays where
# both fit? liftcl-exp = the tree of run 5 with the knob LIFTCL_EXP_INPLACE_ABOVE=B (in place
# wherever the two arrays take more than B bytes; not committed), 0 = in place wherever it can,
# unset = the default (ping-pong where two arrays fit 48 KiB). Bench's batches, variants.txt. And
# 4099 fp32 with Bluestein's FFTs padded again (liftcl = the working tree).
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w15r6
P=$R/variants.txt
var() { echo "== $*" >> $P; timeout 40 $B/liftcl-exp fft "$@" --run --no-wisdom 2>&1 | grep -E "^fft|time_per|rror" >> $P; }
for a in "720 f32" "1008 f32" "1200 f32" "1680 f32" "2016 f32" "2520 f32" "3000 f32" "256 f32" "1024 f32" "2048 f32" "256 f64" "512 f64" "1024 f64" "720 f64"; do
    set -- $a
    if [ $2 = f32 ]; then b=$(( (1 << 26) / $1 )); else b=$(( (1 << 25) / $1 )); fi
    var --n $1 --batch $b --precision $2
    export LIFTCL_EXP_INPLACE_ABOVE=0; echo "(in place)" >> $P; var --n $1 --batch $b --precision $2; unset LIFTCL_EXP_INPLACE_ABOVE
done
echo "== liftcl 4099 f32" >> $P
timeout 40 $B/liftcl fft --n 4099 --batch 16372 --precision f32 --run --no-wisdom 2>&1 | grep -E "^fft|time_per|rror" >> $P
tar -czf $OUT/run.tgz -C $R .
