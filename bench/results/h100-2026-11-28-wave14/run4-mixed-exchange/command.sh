#!/usr/bin/env bash
# wave 14 run 4 (issue 16): do the mixed sizes gain from keeping their points in registers? The
# local kernel of 1680, 3000, 5040, 6000 by components (LIFTCL_EXP_SPLIT=1) or by components in two
# rounds of ranges (=2), share tests on or off (LIFTCL_EXP_TESTS), against the default plan
# (fp32: local, one array in place; fp64: hierarchical). liftcl-exp = 115307e plus those knobs.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w14r4
P=$R/variants.txt
var() { echo "== $E $*" >> $P; env $E timeout 40 $B/liftcl-exp fft "$@" --run --no-wisdom 2>&1 | grep -E "^fft|time_per|rror" >> $P; }
for n in 1680 3000 5040 6000; do
  for p in f32 f64; do
    if [ $p = f32 ]; then b=$(( (1<<26) / n )); else b=$(( (1<<25) / n )); fi
    E="X=0"; var --n $n --batch $b --precision $p
    for E in "LIFTCL_EXP_SPLIT=1 LIFTCL_EXP_TESTS=0" "LIFTCL_EXP_SPLIT=1 LIFTCL_EXP_TESTS=1" "LIFTCL_EXP_SPLIT=2 LIFTCL_EXP_TESTS=0"; do
      var --n $n --batch $b --precision $p --method local
    done
  done
done
tar -czf $OUT/run.tgz -C $R .
