#!/usr/bin/env bash
# wave 8 run 8: the size run7's accuracy job left out (6859 = 19^3)  beside cuFFT and VkFFT.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/r
SKIP_SETUP=1 BIN=$B ACC_SIZES=6859 ACC_OUT=$R/acc ACC_BUDGET_S=100 bash bench/run_gpu_accuracy.sh > $R/acc_run.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
