#!/usr/bin/env bash
# wave 14 run 5: the committed tree (register boost: 8192 fp64 and 16384 fp32 in one kernel; fp64
# mixed sizes by components in one kernel) beside liftcl-before (4f800c7), cuFFT and VkFFT: the 1D
# sizes whose plans changed and their neighbours, the R2C family (2^14 fp64 and 2^15 fp32 rows now
# take the one-kernel transforms), then the accuracy of the changed sizes.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w14r5
S="720,1200,1680,2520,3000,5040,6000,4096,8192,16384"
gpu_job_baselines 100
gpu_job_bench 120 liftcl liftcl-before
timeout 100 $B/cufft_nd_bench $R/cufft_nd.csv $(( (1<<24)*8 )) > $R/cufft_nd.txt 2>&1
for v in liftcl liftcl-before; do
  timeout 100 $B/$v bench --family r2c --precision both --total-log2 24 --reps 10 --csv $R/$v-r2c.csv \
      --compare $R/cufft_nd.csv > $R/$v-r2c.txt 2>&1
done
SKIP_SETUP=1 BIN=$B ACC_SIZES=1680,3000,5040,6000,8192,16384 ACC_OUT=$R/acc ACC_BUDGET_S=100 \
    bash bench/run_gpu_accuracy.sh > $R/acc_run.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
