#!/usr/bin/env bash
# wave 13 run 5 (issue 12): the committed tree (tiles 4 columns wide; a radix 2048 fp32 by
# components, 4 columns, no share tests, one tile per work-group; fp64 2^20 as 1024 x 1024 by
# components; the mod simplification that keeps small negative coefficients, which fixed C2R rows
# of 2^17 and more) beside liftcl-before (wave 12's binary) and cuFFT/VkFFT: the 1D sweep 2^14 ..
# 2^24 and 1000003 (Bluestein padded to 2^21), then the accuracy of the sizes whose plans changed.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/r
S="16384,65536,131072,262144,524288,1048576,2097152,4194304,8388608,16777216,1000003"
gpu_job_baselines 120
gpu_job_bench 150 liftcl liftcl-before
SKIP_SETUP=1 BIN=$B ACC_SIZES=131072,262144,524288,1048576,2097152 ACC_OUT=$R/acc ACC_BUDGET_S=150 \
    bash bench/run_gpu_accuracy.sh > $R/acc_run.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
