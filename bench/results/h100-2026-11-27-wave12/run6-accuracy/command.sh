#!/usr/bin/env bash
# wave 12 run 6: accuracy (liftcl bench --accuracy beside cuFFT and VkFFT, bench/run_gpu_accuracy.sh)
# of the fp32 mixed sizes whose passes run in the new order (odd radices largest first), and a
# control size whose kernel did not change.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/r
SKIP_SETUP=1 BIN=$B ACC_SIZES=720,1200,1680,5040,6000,4096 ACC_OUT=$R/acc ACC_BUDGET_S=120 bash bench/run_gpu_accuracy.sh > $R/acc_run.txt 2>&1
tail -30 $R/acc_run.txt
tar -czf $OUT/run.tgz -C $R .
