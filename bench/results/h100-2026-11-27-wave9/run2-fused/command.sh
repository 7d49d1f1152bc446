#!/usr/bin/env bash
# wave 9 run 2: run1's padding (2n-2; odd-size passes weighted 1.25 rather than 2) and the chirp and
# spectrum product fused into the first passes of the hierarchical FFTs; before (liftcl-before,
# 5c52d1d) / after in the same job beside cuFFT and VkFFT; profiles; accuracy of these sizes.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/r
S="257,1009,4097,4099,4201,10007,65537,100003,1000003"
gpu_job_baselines 120
gpu_job_bench 200 liftcl liftcl-before
gpu_job_profiles "65537 1024 f32" "1000003 64 f32" "10007 8192 f64"
SKIP_SETUP=1 BIN=$B ACC_SIZES=$S ACC_OUT=$R/acc ACC_BUDGET_S=150 bash bench/run_gpu_accuracy.sh > $R/acc_run.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
