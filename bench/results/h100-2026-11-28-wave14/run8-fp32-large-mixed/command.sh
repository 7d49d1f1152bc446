#!/usr/bin/env bash
# wave 14 run 8: fp32 mixed sizes above one array's 48 KiB (7000, 10080: hierarchical today, 0.34
# and 0.52 of cuFFT in run7) in ONE local kernel by components (LIFTCL_EXP_SPLIT=1) or in two
# rounds (=2), share tests on or off. liftcl-exp: run4's binary (115307e plus the knobs).
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w14r8
P=$R/variants.txt
var() { echo "== $E $*" >> $P; env $E timeout 40 $B/liftcl-exp fft "$@" --run --no-wisdom 2>&1 | grep -E "^fft|time_per|rror" >> $P; }
for n in 7000 10080 4200; do
  b=$(( (1<<26) / n ))
  E="X=0"; var --n $n --batch $b --precision f32
  for E in "LIFTCL_EXP_SPLIT=1 LIFTCL_EXP_TESTS=0" "LIFTCL_EXP_SPLIT=1 LIFTCL_EXP_TESTS=1" "LIFTCL_EXP_SPLIT=2 LIFTCL_EXP_TESTS=0"; do
    var --n $n --batch $b --precision f32 --method local
  done
done
tar -czf $OUT/run.tgz -C $R .
