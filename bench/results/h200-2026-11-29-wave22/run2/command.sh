#!/usr/bin/env bash
# wave 22 run 2: the rule as committed -- run 1's, with 4 points an item only where the smallest inner
# radix is 2 (run 1 gave every item 4+: 59049 = 243 x 243 lost, 1.21 -> 1.65 ms fp32) -- beside cuFFT
# and VkFFT on run 1's sizes (its liftcl-before, 9563ab6, is the tree before).
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w22r2
build_liftcl_in_background /tmp/build $R/build.txt
S=16807,117649,100000,30000,50000,78125,24000,20000,83521,15120,12155,59049,45045,10080
gpu_job_baselines 60
wait $builder || { tail -30 $R/build.txt; exit 1; }
cp $LIFTCL $B/liftcl-new
gpu_job_bench 70 liftcl-new
tar -czf $OUT/run.tgz -C $R .
