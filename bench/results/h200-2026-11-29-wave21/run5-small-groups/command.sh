#!/usr/bin/env bash
# wave 21 run 5 (issues 14, 16): work-groups that were nearly empty. Hierarchical passes of a small
# radix over few columns now take wider tiles (up to 128 work-items): 16807, 117649, 100000, 30000,
# 50000; local kernels of an odd batch group its largest divisor (n = 8, 32, 64 with batches 1864135,
# 524287 (prime), 131071 (prime)). liftcl-new (this tree) against liftcl (the tree before, fa65768's
# plans for these), beside cuFFT and VkFFT in the same job. Run 5a (out-5a/) ran the profiles only.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w21r5
build_liftcl_in_background /tmp/build $R/build.txt
wait $builder || { tail -30 $R/build.txt; exit 1; }
cp $LIFTCL $B/liftcl-new
S="16807,117649,100000,30000,50000,78125,24000,20000,83521"  # (run 5a passed them space-separated: refused)
gpu_job_baselines 120
gpu_job_bench 150 liftcl-new liftcl
P() { echo "== $*" >> $R/profile.txt; timeout 40 "$@" --run --profile --repeat 30 2>&1 | grep -E "step|time_per" >> $R/profile.txt; }
for v in liftcl-new liftcl; do
  P $B/$v fft --n 8 --batch 1864135 --precision f32
  P $B/$v fft --n 32 --batch 524287 --precision f32
  P $B/$v fft --n 64 --batch 131071 --precision f64
  P $B/$v fft --n 16807 --batch 1024 --precision f64
done
tar -czf $OUT/run.tgz -C $R .
