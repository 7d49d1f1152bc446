#!/usr/bin/env bash
# wave 22 exp2: hierarchical passes of mixed radices with fewer work-items per column, each taking
# K points or more (LIFTCL_EXP_POINTS=K; exp1: passes whose smallest inner radix is 2 or 3 ran
# 420-560 us, or 800-1800 with 400-1000 work-items), with the staged first store
# (LIFTCL_EXP_STAGE_MIXED); knobs, not committed. Each plan's kernels timed alone.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w22e2
build_liftcl_in_background /tmp/build $R/build.txt
wait $builder || { tail -30 $R/build.txt; exit 1; }
cp $LIFTCL $B/liftcl-new
L=$B/liftcl-new
P() { local tag=$1; shift; echo "== $tag | $*" >> $R/profile.txt; env $tag timeout 40 $L fft "$@" --run --profile --repeat 20 2>&1 | grep -E "^fft|step|time_per" >> $R/profile.txt; }
H="--method hierarchical --radices"
for a in "30000 2236 f32 60,25,20 50,30,20" "50000 1342 f32 40,25,50 50,50,20" "20000 3355 f32 40,25,20" "15120 4438 f32 36,20,21 30,28,18" \
         "100000 671 f32 100,50,20" "117649 570 f32 49,49,49" "16807 3992 f32 7,49,49" "83521 803 f32" \
         "30000 1118 f64" "50000 671 f64" "15120 2219 f64 30,28,18" "20000 1677 f64" "100000 335 f64" "24000 1398 f64" "10080 3328 f64" "24000 2796 f32"; do
  set -- $a; n=$1; b=$2; p=$3; shift 3
  for tag in X=0 LIFTCL_EXP_POINTS=4 "LIFTCL_EXP_POINTS=4 LIFTCL_EXP_STAGE_MIXED=1" LIFTCL_EXP_POINTS=6; do
    P "$tag" --n $n --batch $b --precision $p
    for r in "$@"; do P "$tag" --n $n --batch $b --precision $p $H $r; done
  done
done
tar -czf $OUT/run.tgz -C $R .
