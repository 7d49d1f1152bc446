#!/usr/bin/env bash
# wave 14 run 7: the committed rule (every fp64 mixed size from 720 by components, 7000 in two
# rounds) beside liftcl-before (4f800c7), cuFFT and VkFFT; fp32 are controls; then accuracy.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w14r7
S="720,1200,2100,4200,7000,10080"
gpu_job_baselines 80
gpu_job_bench 90 liftcl liftcl-before
SKIP_SETUP=1 BIN=$B ACC_SIZES=720,1200,2100,4200,7000 ACC_OUT=$R/acc ACC_BUDGET_S=80 \
    bash bench/run_gpu_accuracy.sh > $R/acc_run.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
